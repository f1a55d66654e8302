/**
 * Start, find and stop the watch daemon (watch-daemon.ts) of a repository. Only `scout watch` starts one:
 * no other command leaves a process behind. While one runs, CLI queries answer their no-change check from
 * its state file instead of a stat sweep (index/watch-state.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScoutError } from '../core/errors.js';
import { indexLocation } from '../index/location.js';
import { liveWatchState, processAlive } from '../index/watch-state.js';

const DAEMON_SCRIPT = fileURLToPath(new URL('./watch-daemon.js', import.meta.url));
/** How long `scout watch` waits for a new daemon to report, and `--stop` for one to exit. */
const WAIT_MS = 10_000;

export interface RunningDaemon {
  pid: number;
  /** The index directory it watches for. */
  indexDir: string;
}

/** The index directory of the repository at `root` (where the daemon keeps its state). */
export function indexDirOf(root: string): string {
  return path.dirname(indexLocation(root).dbPath);
}

/** The live watch daemon of this repository, or null. */
export function runningWatchDaemon(root: string): RunningDaemon | null {
  const indexDir = indexDirOf(root);
  const state = liveWatchState(indexDir);
  return state && isWatchDaemon(state.pid) ? { pid: state.pid, indexDir } : null;
}

/**
 * Start a detached daemon for an indexed repository unless one runs, and wait until it reports
 * (its state file names it). Returns it and whether this call started it.
 */
export async function startWatchDaemon(root: string): Promise<RunningDaemon & { started: boolean }> {
  const running = runningWatchDaemon(root);
  if (running) return { ...running, started: false };
  const indexDir = indexDirOf(root);
  if (!existsSync(path.join(indexDir, 'index.db'))) throw new ScoutError('INDEX_MISSING', `no index at ${indexDir}: run \`scout index\` first`);
  if (!existsSync(DAEMON_SCRIPT)) throw new ScoutError('USAGE', `the watch daemon is not built (${DAEMON_SCRIPT}): run \`npm run build\``);
  const child = spawn(process.execPath, [DAEMON_SCRIPT, root, indexDir], { detached: true, stdio: 'ignore' });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new ScoutError('USAGE', `could not start the watch daemon (${process.execPath} ${DAEMON_SCRIPT})`);
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const state = liveWatchState(indexDir);
    if (state?.pid === pid) return { pid, indexDir, started: true };
    if (!processAlive(pid)) break;
    await sleep(25);
  }
  throw new ScoutError('USAGE', `the watch daemon did not start within ${WAIT_MS / 1000} s; queries keep checking freshness with a stat sweep`);
}

/** Stop the repository's daemon (SIGTERM, then SIGKILL after 10 s); returns the pid stopped, or null if none ran. */
export async function stopWatchDaemon(root: string): Promise<number | null> {
  const running = runningWatchDaemon(root);
  if (!running) return null;
  const { pid } = running;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + WAIT_MS;
  while (processAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await sleep(25);
  }
  return pid;
}

/**
 * Whether `pid` is a watch daemon: a pid in a state file may have been reused by another process since the
 * daemon died. Linux says through /proc; elsewhere the live pid is trusted.
 */
function isWatchDaemon(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('watch-daemon');
  } catch {
    return !existsSync('/proc/self');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
