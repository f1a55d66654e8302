/**
 * `scout watch [--stop]`: the one command that leaves a process running, because the user asked for it.
 * Without --stop it brings the index up to date and starts the repository's watch daemon (or finds the one
 * running); with --stop it ends it. Queries never start one: without a daemon their freshness check is a
 * stat sweep of the indexed files.
 */
import { ensureFresh } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';
import { startWatchDaemon, stopWatchDaemon } from './watch-daemon-control.js';

export async function runWatchCommand(root: string, options: { stop: boolean; json: boolean }): Promise<string> {
  if (options.stop) {
    const pid = await stopWatchDaemon(root);
    if (options.json) return JSON.stringify({ root, stopped: pid });
    return pid === null ? `no watch daemon running for ${root}` : `stopped the watch daemon of ${root} (pid ${pid})`;
  }
  // The daemon watches the directories the index lists: the index must exist and be current first.
  const store = SqliteStore.open(root);
  try {
    await ensureFresh(root, store);
  } finally {
    store.close();
  }
  const daemon = await startWatchDaemon(root);
  if (options.json) return JSON.stringify({ root, pid: daemon.pid, started: daemon.started });
  return `${daemon.started ? 'started the' : 'already running: the'} watch daemon of ${root} (pid ${daemon.pid}); \`scout watch --stop\` ends it`;
}
