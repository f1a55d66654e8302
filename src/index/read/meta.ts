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
 * Meta key of the chunks the last write changed: `{"generation": G, "chunkIds": [...]}`, the ids of the
 * chunks that write G removed or added (null when it touched too many files to list). With it, what was
 * derived from generation G - 1 (the chunk vectors) is brought to G by redoing these chunks only.
 */
export const CHUNK_CHANGES_KEY = 'chunk_changes';

/** The chunk ids write `generation` changed, or null when that write did not list them (or another write came since). */
export function chunkChangesOf(db: IndexDb, generation: number): number[] | null {
  const text = metaValue(db, CHUNK_CHANGES_KEY);
  if (text === null) return null;
  try {
    const changes = JSON.parse(text) as { generation?: unknown; chunkIds?: unknown };
    return changes.generation === generation && Array.isArray(changes.chunkIds) ? (changes.chunkIds as number[]) : null;
  } catch {
    return null;
  }
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

/**
 * Changes whenever files are re-indexed or removed or chunks change: file count, ids, sizes and mtimes;
 * chunk count and ids (a re-indexed file's chunks get new ids).
 */
export function contentSignature(db: IndexDb): { files: unknown[]; chunks: unknown[] } {
  const files = raw(db, 'SELECT count(*), total(id), total(size), total(mtime_ms) FROM files').get() as unknown[];
  const chunks = raw(db, 'SELECT count(*), max(id), total(id) FROM chunks').get() as unknown[];
  return { files, chunks };
}
