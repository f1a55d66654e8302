/**
 * The watch daemon: `node dist/cli/watch-daemon.js <root> <index dir>`, started detached by
 * `scout watch` (watch-daemon-control.ts) and by nothing else. It watches the directories the index covers and persists
 * every change to watch-state.json (see index/watch-state.ts), so that a CLI call's no-change
 * check costs two small file reads instead of a stat of every file.
 *
 * It re-reads the directory list from the index after every acknowledgement (a new directory
 * counts as a change until a check has swept it), and exits after two idle hours, on SIGTERM
 * (`scout watch --stop`), when another daemon took over, or when watching fails (after saying so
 * in its state, so that checks sweep).
 *
 * The index directory belongs to the user: when its database is gone (`rm -rf .scout`), the daemon
 * exits at once, and it checks before every write into that directory, so that it never recreates
 * it nor leaves a file behind that makes the user's `rm -rf` fail with ENOTEMPTY.
 */
import { existsSync } from 'node:fs';
import { watch } from 'node:fs';
import path from 'node:path';
import { openIndexReadOnly } from '../index/db.js';
import { indexedDirectories } from '../index/read/files.js';
import { metaValue } from '../index/read/meta.js';
import { ACK_FILE, MAX_PENDING_PATHS, readWatchAck, readWatchState, STATE_FILE, writeJsonAtomic, type WatchState } from '../index/watch-state.js';
import { ChangeWatcher } from '../index/watcher.js';

const IDLE_EXIT_MS = 2 * 60 * 60 * 1000;
const HOUSEKEEPING_MS = 2_000;

const [root, indexDir] = process.argv.slice(2);
if (!root || !indexDir) {
  process.stderr.write('usage: watch-daemon <repository root> <index directory>\n');
  process.exit(2);
}
const dbPath = path.join(indexDir, 'index.db');
const stateFile = path.join(indexDir, STATE_FILE);
const instance = `${process.pid}-${Date.now()}`;
let syncedIndexedAt: string | null = null;
let lastActivity = Date.now();

const watcher = new ChangeWatcher(root, () => persist());

/** Exit when the index is gone: never write into a directory the user is deleting. */
function exitIfIndexGone(): void {
  if (!existsSync(dbPath)) shutdown();
}

function persist(): void {
  exitIfIndexGone();
  const { generation, changes } = watcher.changes();
  const overflow = changes.length > MAX_PENDING_PATHS;
  const state: WatchState = {
    pid: process.pid,
    instance,
    generation,
    changes: overflow ? [] : changes,
    overflow,
    broken: watcher.brokenReason,
    syncedIndexedAt,
  };
  try {
    writeJsonAtomic(stateFile, state);
  } catch {
    shutdown();
  }
  if (state.broken !== null) shutdown();
}

/** Watch exactly the directories the index lists now; forget acknowledged changes. */
function resync(): void {
  let directories: string[];
  let indexedAt: string | null;
  exitIfIndexGone(); // opening a WAL database creates its -shm file: not in a directory being deleted
  try {
    const db = openIndexReadOnly(dbPath);
    try {
      directories = indexedDirectories(db);
      indexedAt = metaValue(db, 'indexed_at');
    } finally {
      db.close();
    }
  } catch {
    shutdown();
    return;
  }
  const ack = readWatchAck(indexDir as string);
  if (ack && ack.instance === instance) watcher.acknowledge(ack.generation, false);
  const added = directories.filter((d) => !watcher.isWatching(d));
  watcher.sync(directories);
  // Changes in a directory before it was watched were not seen: the next check must sweep.
  if (added.length > 0) watcher.markChanged(added[0] as string);
  syncedIndexedAt = indexedAt;
  persist();
}

function shutdown(): never {
  watcher.close();
  process.exit(0);
}

resync();
// Acknowledgements are written next to the index: re-read the directory list after each.
// Any event there may be the user deleting the index: look first.
const indexDirWatcher = watch(indexDir, { persistent: false }, (_event, filename) => {
  exitIfIndexGone();
  if (filename !== ACK_FILE || !existsSync(path.join(indexDir, ACK_FILE))) return;
  lastActivity = Date.now();
  resync();
});
indexDirWatcher.on('error', () => shutdown());
process.on('SIGTERM', () => shutdown());
process.on('SIGINT', () => shutdown());
setInterval(() => {
  const state = readWatchState(indexDir);
  if (!existsSync(dbPath) || !existsSync(root) || state?.instance !== instance || Date.now() - lastActivity > IDLE_EXIT_MS) shutdown();
}, HOUSEKEEPING_MS);
