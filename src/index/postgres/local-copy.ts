/**
 * A snapshot's local copy (a checkout's `.scout/index.db`, or a repository's in the per-user cache): which
 * snapshot a copy came from, and bringing a copy to a given snapshot, one puller at a time across processes.
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from '../../core/errors.js';
import { sharedOrigin, type SharedOrigin } from '../read/shared.js';
import { openSqlite } from '../sqlite.js';
import type { PgStore } from './pg-connection.js';
import { pullSnapshot, type SnapshotRef } from './pull-snapshot.js';

/** Where the copy at `dbPath` was pulled from (read-only); null for a local index, or none. */
export function localOrigin(dbPath: string): SharedOrigin | null {
  if (!existsSync(dbPath)) return null;
  try {
    const db = openSqlite(dbPath, { readOnly: true });
    try {
      return sharedOrigin(db);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** One pull per copy at a time, across processes (several MCP servers on one checkout). */
async function withPullLock<T>(dir: string, body: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, 'pull.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      try {
        // A lock older than 15 minutes is a killed puller's.
        if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { force: true });
      } catch {
        // gone meanwhile: retry at once
      }
      if (Date.now() > deadline) throw new ScoutError('INDEX_LOCKED', `another scout process has been pulling the shared index for 10 minutes (${lock}); delete that file if no scout process is running`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * The copy at `dbPath` made the snapshot `snapshot`, unless it is already: pulled under the lock, then `afterPull`
 * (still under it, so no other process reads a copy half made local). Returns the rows pulled, or null when none.
 */
export async function ensureLocalCopy(store: PgStore, snapshot: SnapshotRef, dbPath: string, afterPull?: () => Promise<void>): Promise<number | null> {
  if (localOrigin(dbPath)?.snapshot === snapshot.id) return null;
  mkdirSync(path.dirname(dbPath), { recursive: true });
  return withPullLock(path.dirname(dbPath), async () => {
    if (localOrigin(dbPath)?.snapshot === snapshot.id) return null;
    const { rows } = await pullSnapshot(store, snapshot, dbPath);
    await afterPull?.();
    return rows;
  });
}
