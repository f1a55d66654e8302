/**
 * Reads about the index as a whole: its `meta` values, and a version that changes with every write.
 */
import type { IndexDb } from '../db.js';
import { plucked, raw } from './prepared.js';

/** A value of the `meta` table (e.g. 'indexed_at'), or null. */
export function metaValue(db: IndexDb, key: string): string | null {
  return (plucked(db, 'SELECT value FROM meta WHERE key = ?').get(key) as string | undefined) ?? null;
}

/**
 * Meta key of a counter that every write of the index (one indexer run, one transaction) increments.
 * What is derived from the index and kept beside it (the chunk vectors, cached counts) records the
 * generation it was derived from: the same generation means nothing was written since.
 */
export const INDEX_GENERATION_KEY = 'index_generation';

/** The generation of the index's last write (0 for an index never written). */
export function indexGeneration(db: IndexDb): number {
  return Number(metaValue(db, INDEX_GENERATION_KEY) ?? '0') || 0;
}

/**
 * Changes whenever the index has changed: `PRAGMA data_version` moves with a commit through another
 * connection, `total_changes()` with a write through this one.
 */
export function changeVersion(db: IndexDb): { dataVersion: number; totalChanges: number } {
  const dataVersion = plucked(db, 'PRAGMA data_version').get() as number;
  const totalChanges = plucked(db, 'SELECT total_changes()').get() as number;
  return { dataVersion, totalChanges };
}
