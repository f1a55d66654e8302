/**
 * Persisted watcher state: what lets a short-lived process (the CLI) answer "is the index
 * fresh?" without a stat of every file. A watch daemon (cli/watch-daemon.ts) watches the
 * indexed directories and writes every change it sees, with a generation number, to
 * `watch-state.json` next to the index. Whoever brings the index up to date writes
 * `watch-ack.json`: "the index at `indexedAt` reflects every change up to `generation` of
 * daemon `instance`". A check then needs two small reads: no change after the acknowledged
 * generation means nothing changed.
 *
 * Correctness rules: the acknowledged generation is the one read BEFORE the sweep or update
 * that made the index current, so a change during it stays pending; an acknowledgement counts
 * only for the daemon instance it names and the index run it names; a daemon that is gone,
 * broken, or dropped events (overflow) is not trusted, and the caller sweeps.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STATE_FILE = 'watch-state.json';
export const ACK_FILE = 'watch-ack.json';
/** Beyond this many pending paths the daemon stops listing them and says `overflow`. */
export const MAX_PENDING_PATHS = 2000;

export interface WatchState {
  pid: number;
  /** Unique per daemon run: generations restart with each daemon. */
  instance: string;
  generation: number;
  /** [repo-relative path, generation of its latest change], changes not yet acknowledged. */
  changes: Array<[string, number]>;
  /** Set when the daemon dropped paths (too many changes); only a sweep can tell what changed. */
  overflow: boolean;
  /** Set when watching failed; the daemon exits after writing it. */
  broken: string | null;
  /**
   * `indexed_at` of the index whose directory list the daemon watches. Until it equals the
   * index's own (the daemon re-reads the list after each acknowledgement), a new directory may
   * be unwatched, so the state is not trusted.
   */
  syncedIndexedAt: string | null;
}

export interface WatchAck {
  instance: string;
  generation: number;
  indexedAt: string;
}

/** A daemon to acknowledge to, and (when its state can be trusted for this index) the paths changed since. */
export interface PersistedWatch {
  instance: string;
  generation: number;
  /** Paths changed after the acknowledged generation; null when the state cannot vouch for this index. */
  pending: string[] | null;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Write via a temporary file and a rename, so a reader never sees half a file. */
export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, file);
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readWatchState(indexDir: string): WatchState | null {
  const state = readJson<WatchState>(path.join(indexDir, STATE_FILE));
  if (!state || typeof state.pid !== 'number' || typeof state.generation !== 'number' || !Array.isArray(state.changes)) return null;
  return state;
}

/** A live daemon's state for this index directory, or null when there is none. */
export function liveWatchState(indexDir: string): WatchState | null {
  const state = readWatchState(indexDir);
  return state && state.broken === null && processAlive(state.pid) ? state : null;
}

/** What the persisted state says about the index last written at `indexedAt`; null when no live daemon. */
export function readPersistedWatch(indexDir: string, indexedAt: string): PersistedWatch | null {
  const state = liveWatchState(indexDir);
  if (!state) return null;
  const ack = readJson<WatchAck>(path.join(indexDir, ACK_FILE));
  const trusted = !state.overflow && state.syncedIndexedAt === indexedAt && ack !== null && ack.instance === state.instance && ack.indexedAt === indexedAt && ack.generation <= state.generation;
  return {
    instance: state.instance,
    generation: state.generation,
    pending: trusted ? state.changes.filter(([, g]) => g > ack.generation).map(([p]) => p) : null,
  };
}

export function writeWatchAck(indexDir: string, ack: WatchAck): void {
  try {
    writeJsonAtomic(path.join(indexDir, ACK_FILE), ack);
  } catch {
    // A read-only index directory: checks keep sweeping, nothing is wrong.
  }
}

export function readWatchAck(indexDir: string): WatchAck | null {
  return readJson<WatchAck>(path.join(indexDir, ACK_FILE));
}
