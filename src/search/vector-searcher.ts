/**
 * The vector side of search, when an embedding provider is configured: bring the
 * chunk vectors up to date (only new or changed chunk texts are embedded), then
 * answer queries by nearest neighbours. Any failure degrades to BM25 with a note.
 */
import type { ScoutConfig } from '../core/config.js';
import { LruCache } from '../embed/cache.js';
import { createProvider, type EmbeddingConfig } from '../embed/provider.js';
import type { IndexDb } from '../index/db.js';
import { contentSignature } from '../index/read/meta.js';
import { versionStamp } from '../index/read/version-cache.js';
import type { VectorSearcher } from './engine.js';
import { embedQuery, loadVectorExtension, storedVectorCount, syncChunkVectors, vectorSearch } from './vector-store.js';

const queryCache = new LruCache<string, Float32Array>(256);
/** Per connection: the index signature at the end of the last successful sync. */
const synced = new WeakMap<IndexDb, string>();
/**
 * Per connection: the provider and index version (index/read/version-cache) at which the signature last matched.
 * The signature counts every stored vector (about 25 ms at 100k chunks), so it is only taken after a write.
 */
const checked = new WeakMap<IndexDb, string>();

/**
 * Changes whenever files are re-indexed or removed or chunks change: file count, ids, sizes and mtimes;
 * chunk count and ids (a re-indexed file's chunks get new ids); the vector count and the provider.
 */
function indexSignature(db: IndexDb, providerId: string): string {
  const { files, chunks } = contentSignature(db);
  return JSON.stringify([providerId, files, chunks, storedVectorCount(db)]);
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
    // A long-lived process (the MCP server) prepares vectors for every search: skip the sync (which reads and
    // hashes every chunk) while the indexed files and chunks are the ones the last sync saw.
    if (checked.get(db) !== `${ready.id}\u0000${versionStamp(db)}`) {
      const before = indexSignature(db, ready.id);
      if (synced.get(db) !== before) {
        const sync = await syncChunkVectors(db, ready);
        if (sync.embedded > 0) notes.push(`embedded ${sync.embedded} new chunk(s) with ${ready.label ?? ready.id} in ${Math.round(sync.durationMs)} ms`);
        synced.set(db, indexSignature(db, ready.id));
      }
      checked.set(db, `${ready.id}\u0000${versionStamp(db)}`);
    }
  } catch (error) {
    notes.push(`embeddings unavailable (${(error as Error).message}); answered with BM25 only`);
    return null;
  }
  return {
    label: ready.label ?? ready.id,
    async search(query: string, k: number, among?: Set<number>) {
      const vector = await embedQuery(ready, query, queryCache);
      return vectorSearch(db, vector, k, among).map((hit) => ({ chunkId: hit.chunkId, score: hit.score }));
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
    const sync = await syncChunkVectors(db, provider);
    return sync.embedded > 0 || sync.removed > 0
      ? `vectors: ${sync.embedded} chunk(s) embedded, ${sync.removed} removed with ${provider.label ?? provider.id} in ${sync.durationMs} ms`
      : null;
  } catch (error) {
    return `vectors not updated (${(error as Error).message}); search will use BM25 only`;
  }
}
