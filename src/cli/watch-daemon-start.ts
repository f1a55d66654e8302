/** Start the watch daemon (watch-daemon.ts) for a repository unless one is running or it is turned off. */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config.js';
import { indexLocation } from '../index/location.js';
import { liveWatchState, readWatchState, STATE_FILE } from '../index/watch-state.js';

/** After a daemon gave up (e.g. out of inotify watches), wait this long before trying again. */
const RETRY_AFTER_BROKEN_MS = 60 * 60 * 1000;

/** Off with SCOUT_WATCH_DAEMON=0, `freshness.watchDaemon: false`, and under the test runner unless SCOUT_WATCH_DAEMON=1. */
export function watchDaemonEnabled(root: string): boolean {
  const env = process.env.SCOUT_WATCH_DAEMON;
  if (env === '0') return false;
  if (env !== '1' && process.env.VITEST) return false;
  try {
    return loadConfig(root).freshness.watchDaemon;
  } catch {
    return false;
  }
}

export function ensureWatchDaemon(root: string): void {
  if (!watchDaemonEnabled(root)) return;
  const indexDir = path.dirname(indexLocation(root).dbPath);
  if (!existsSync(path.join(indexDir, 'index.db')) || liveWatchState(indexDir)) return;
  if (readWatchState(indexDir)?.broken) {
    const writtenAt = statSync(path.join(indexDir, STATE_FILE), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (Date.now() - writtenAt < RETRY_AFTER_BROKEN_MS) return; // it would fail the same way: keep sweeping
  }
  const script = fileURLToPath(new URL('./watch-daemon.js', import.meta.url));
  if (!existsSync(script)) return; // running from TypeScript sources (tests): no compiled daemon
  try {
    spawn(process.execPath, [script, root, indexDir], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Cannot start it: checks keep sweeping.
  }
}
