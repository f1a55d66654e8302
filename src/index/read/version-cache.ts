/**
 * Values computed from the whole index and kept until the index changes: a long-lived process (the MCP server)
 * answers many queries between two writes, and at 100k chunks re-reading a whole table per query costs more
 * than the query itself. The version is `changeVersion` (meta.ts), which moves with every commit, ours or
 * another connection's, so a cached value is never read after a write.
 */
import type { IndexDb } from '../db.js';
import { changeVersion } from './meta.js';

const caches = new WeakMap<IndexDb, Map<string, { stamp: string; value: unknown }>>();

/** The index's current version, as one comparable string. */
export function versionStamp(db: IndexDb): string {
  const { dataVersion, totalChanges } = changeVersion(db);
  return `${dataVersion}:${totalChanges}`;
}

/** `compute()` once per version of the index and `key` (one key per kind of value). */
export function perIndexVersion<T>(db: IndexDb, key: string, compute: () => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const stamp = versionStamp(db);
  const hit = cache.get(key);
  if (hit?.stamp === stamp) return hit.value as T;
  const value = compute();
  cache.set(key, { stamp, value });
  return value;
}
