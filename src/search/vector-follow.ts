/**
 * Which index generation the chunk vectors follow (see INDEX_GENERATION_KEY in index/read/meta.ts), and
 * what they need to catch up. The vector store marks the generation of its last finished sync as
 * `<provider id>@<generation>`; the index lists the chunks its recent writes changed (index/chunk-changes.ts).
 * A sync then redoes those chunks only, and `scout index` can leave a small catch-up to the next search,
 * which loads the word tables anyway. Reads meta only: no extension, no table, no scan.
 */
import type { ScoutConfig } from '../core/config.js';
import { CHUNK_CHANGES_KEY, chunkChangesSince } from '../index/chunk-changes.js';
import type { IndexDb } from '../index/db.js';
import { indexGeneration, metaValue } from '../index/read/meta.js';

/**
 * Meta key of the mark: written when a sync finishes, removed when one starts (an interrupted sync leaves none),
 * so while the index is still at the marked generation, every chunk has its vector.
 */
export const META_VECTORS_SYNCED = 'vectors_synced';

export function parseSyncMark(value: string | null | undefined): { providerId: string; generation: number } | null {
  const at = value?.lastIndexOf('@') ?? -1;
  if (!value || at < 0) return null;
  const generation = Number(value.slice(at + 1));
  return Number.isInteger(generation) ? { providerId: value.slice(0, at), generation } : null;
}

export function formatSyncMark(providerId: string, generation: number): string {
  return `${providerId}@${generation}`;
}

/** The chunks changed after generation `from`, when the index listed them all; else null (read every chunk). */
export function chunksChangedSince(db: IndexDb, from: number): number[] | null {
  return chunkChangesSince(metaValue(db, CHUNK_CHANGES_KEY), from, indexGeneration(db));
}

/**
 * True when the next search can bring the embedded vectors up to date for little: they were synced by
 * the embedded provider, and the index lists every chunk changed since. (A table of another version
 * under the same provider is re-embedded by that search, as any provider change is.)
 */
export function vectorsCanFollow(db: IndexDb, config: ScoutConfig): boolean {
  if (config.embeddings.provider !== 'embedded') return false;
  const mark = parseSyncMark(metaValue(db, META_VECTORS_SYNCED));
  if (mark === null || !mark.providerId.startsWith('embedded:')) return false;
  return mark.generation === indexGeneration(db) || chunksChangedSince(db, mark.generation) !== null;
}
