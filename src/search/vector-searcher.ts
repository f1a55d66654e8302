/**
 * The vector side of search, when an embedding provider is configured: bring the
 * chunk vectors up to date (only new or changed chunk texts are embedded), then
 * answer queries by nearest neighbours. Any failure degrades to BM25 with a note.
 */
import type Database from 'better-sqlite3';
import type { ScoutConfig } from '../core/config.js';
import { LruCache } from '../embed/cache.js';
import { createProvider, type EmbeddingConfig } from '../embed/provider.js';
import type { VectorSearcher } from './engine.js';
import { embedQuery, loadVectorExtension, syncChunkVectors, vectorSearch } from './vector-store.js';

const queryCache = new LruCache<string, Float32Array>(256);

export async function prepareVectorSearcher(db: Database.Database, config: ScoutConfig, notes: string[]): Promise<VectorSearcher | null> {
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
    const sync = await syncChunkVectors(db, ready);
    if (sync.embedded > 0) notes.push(`embedded ${sync.embedded} new chunk(s) with ${ready.id} in ${Math.round(sync.durationMs)} ms`);
  } catch (error) {
    notes.push(`embeddings unavailable (${(error as Error).message}); answered with BM25 only`);
    return null;
  }
  return {
    async search(query: string, k: number) {
      const vector = await embedQuery(ready, query, queryCache);
      return vectorSearch(db, vector, k).map((hit) => ({ chunkId: hit.chunkId, score: hit.score }));
    },
  };
}
