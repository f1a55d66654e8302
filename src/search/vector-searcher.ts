/**
 * The vector side of search, when an embedding provider is configured: bring the
 * chunk vectors up to date (only new or changed chunk texts are embedded), then
 * answer queries by nearest neighbours. Any failure degrades to BM25 with a note.
 */
import type { ScoutConfig } from '../core/config.js';
import { LruCache } from '../embed/cache.js';
import { createProvider, type EmbeddingConfig, type EmbeddingProvider } from '../embed/provider.js';
import type { IndexDb } from '../index/db.js';
import { indexGeneration } from '../index/read/meta.js';
import { chunksChangedSince } from './vector-follow.js';
import type { VectorSearcher } from './engine.js';
import { vectorMemoryFor } from './vector-memory.js';
import { embedQuery, loadVectorExtension, syncChunkVectors, syncedGeneration, VECTOR_K_MAX, vectorSearch, type SyncResult } from './vector-store.js';

const queryCache = new LruCache<string, Float32Array>(256);

/**
 * Bring the chunk vectors to the index's generation, doing only what changed (vector-follow.ts): nothing
 * when the last finished sync was at this generation (the usual case: a search in a new process pays no
 * sync); the chunks the writes since changed when the index listed them; otherwise every chunk (which
 * reads and hashes them all: about 0.9 s at 1.5M lines). Returns null when nothing had to be done.
 */
async function syncVectors(db: IndexDb, provider: EmbeddingProvider): Promise<SyncResult | null> {
  const generation = indexGeneration(db);
  const synced = syncedGeneration(db, provider.id);
  if (synced === generation) return null;
  const changed = synced !== null ? chunksChangedSince(db, synced) : null;
  return syncChunkVectors(db, provider, changed ? { onlyChunkIds: changed } : {});
}

export async function prepareVectorSearcher(db: IndexDb, config: ScoutConfig, notes: string[]): Promise<VectorSearcher | null> {
  const settings = config.embeddings;
  if (settings.provider === 'none') return null;
  let provider;
  try {
    provider = createProvider(settings as EmbeddingConfig);
  } catch (error) {
    notes.push(`embeddings not used: ${(error as Error).message}`);
    return null;
  }
  if (!provider) return null;
  const ready = provider;
  try {
    loadVectorExtension(db);
    const sync = await syncVectors(db, ready);
    if (sync && sync.embedded > 0) notes.push(`embedded ${sync.embedded} new chunk(s) with ${ready.label ?? ready.id} in ${Math.round(sync.durationMs)} ms`);
  } catch (error) {
    notes.push(`embeddings unavailable (${(error as Error).message}); answered with BM25 only`);
    return null;
  }
  return {
    label: ready.label ?? ready.id,
    async search(query: string, k: number, among?: Set<number>) {
      const vector = await embedQuery(ready, query, queryCache);
      // From memory in a long-lived process (vector-memory.ts), else sqlite-vec (a scan, or point reads for a few candidates).
      const synced = syncedGeneration(db, ready.id);
      const memory = synced === null ? null : vectorMemoryFor(db, ready.id, synced, vector.length);
      const limit = Math.min(Math.floor(k), VECTOR_K_MAX);
      const hits = !memory ? vectorSearch(db, vector, k, among) : among ? memory.nearestAmong(vector, limit, among) : memory.nearest(vector, limit);
      return hits.map((hit) => ({ chunkId: hit.chunkId, score: hit.score }));
    },
  };
}

/**
 * At index time: bring the chunk vectors up to date when the provider is the embedded one (local,
 * cheap, deterministic), so that the first semantic search does not pay for it. Server providers
 * keep embedding on the first search that needs vectors. Returns a note, or null when nothing was done.
 */
export async function syncEmbeddedVectors(db: IndexDb, config: ScoutConfig): Promise<string | null> {
  if (config.embeddings.provider !== 'embedded') return null;
  try {
    const provider = createProvider(config.embeddings as EmbeddingConfig);
    if (!provider) return null;
    const sync = await syncVectors(db, provider);
    return sync && (sync.embedded > 0 || sync.removed > 0)
      ? `vectors: ${sync.embedded} chunk(s) embedded, ${sync.removed} removed with ${provider.label ?? provider.id} in ${sync.durationMs} ms`
      : null;
  } catch (error) {
    return `vectors not updated (${(error as Error).message}); search will use BM25 only`;
  }
}

/**
 * A long-lived process's warm-up: bring the vectors up to date and into memory (vector-memory.ts), so the
 * first search does not pay for loading them. Returns a note, or null when there is nothing to load.
 */
export async function warmVectorMemory(db: IndexDb, config: ScoutConfig): Promise<string | null> {
  const notes: string[] = [];
  const searcher = await prepareVectorSearcher(db, config, notes);
  if (!searcher) return null;
  const started = performance.now();
  await searcher.search('warm', 1);
  return `vectors in memory in ${Math.round(performance.now() - started)} ms`;
}
