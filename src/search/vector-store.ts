/**
 * Chunk vectors in the index database, with the sqlite-vec extension (shipped inside the
 * `sqlite-vec` npm package, loaded per connection). Optional: BM25 search never needs it.
 *
 * Tables (created on first use, never by the base schema, so an index without vectors does not
 * need the extension):
 * - `embedding_cache(hash, provider, vector)`: vectors by sha1 of the embedded text (see
 *   embed/cache). Chunk ids change on every reindex of a file; their text mostly does not, so
 *   a reindex costs no embedding calls for unchanged code.
 * - `chunk_vectors`: a vec0 virtual table of int8 vectors (vector-quantize.ts), rowid = chunks.id,
 *   cosine distance, with the hash of the embedded text as an auxiliary column. SQLite reuses the
 *   ids of deleted chunks, so a vector is only trusted while its hash matches its chunk's current text.
 * - meta keys `vector_provider` and `vector_dimensions`: when either changes, the vectors are
 *   dropped and rebuilt (vectors of different models are not comparable).
 *
 * Scores: `score` is the cosine similarity (1 − cosine distance), in [-1, 1], higher is better.
 */
import { ScoutError } from '../core/errors.js';
import { contentHash, type LruCache } from '../embed/cache.js';
import type { EmbeddingProvider } from '../embed/provider.js';
import { indexGeneration } from '../index/read/meta.js';
import { chunkVectorsSql, EMBEDDING_CACHE_SQL, isInt8VectorTable, loadVectorExtension } from '../index/vector-extension.js';
import { formatSyncMark, META_VECTORS_SYNCED, parseSyncMark } from './vector-follow.js';
import { firstValue, returningArrays, transaction, tuplesOf, type DatabaseSync } from '../index/sqlite.js';
import { int8Blob, quantize } from './vector-quantize.js';
import { countVectorsDirect } from '../index/vec0-direct.js';

type Db = DatabaseSync;

/** sqlite-vec's largest k for one KNN query. */
export const VECTOR_K_MAX = 4096;
/** sqlite-vec's largest vector. */
export const VECTOR_DIMENSIONS_MAX = 8192;
/** Chunk text beyond this many characters is not embedded (embedding models have short contexts). */
export const DEFAULT_EMBED_MAX_CHARS = 4000;
/** Texts per `provider.embed` call during a sync (the unit of progress and of commit). */
export const DEFAULT_SYNC_BATCH = 64;

/** Texts per embed call for a provider that computes in-process (cacheVectors false): one transaction each. */
export const LOCAL_SYNC_BATCH = 1024;

/** See pruneEmbeddingCache. */
export const CACHE_SLACK_FACTOR = 2;
export const CACHE_SLACK_ROWS = 1000;

export const META_VECTOR_PROVIDER = 'vector_provider';
export const META_VECTOR_DIMENSIONS = 'vector_dimensions';

export interface VectorHit {
  chunkId: number;
  /** Cosine distance, 0 (same direction) to 2 (opposite). */
  distance: number;
  /** Cosine similarity = 1 − distance: higher is better. */
  score: number;
}

export interface SyncProgress {
  /** Chunks that got their vector so far in this sync. */
  done: number;
  /** Chunks that were missing a vector at the start of this sync. */
  total: number;
  embedded: number;
  fromCache: number;
}

export interface SyncOptions {
  onProgress?: (progress: SyncProgress) => void;
  signal?: AbortSignal;
  /** Texts per embed call; default DEFAULT_SYNC_BATCH. The provider may split further. */
  batchSize?: number;
  /** Characters of chunk text embedded; default DEFAULT_EMBED_MAX_CHARS. */
  maxChars?: number;
  /**
   * The only chunks that can have changed since the last finished sync: the ids of the chunks one index
   * write removed and added, when the vectors were synced at the generation just before it (see
   * syncedGeneration). Only these are read and compared; without a usable vector table, every chunk is.
   */
  onlyChunkIds?: readonly number[];
}

export interface SyncResult {
  /** Cached vectors of texts no longer in the index, dropped because the cache outgrew the index. */
  pruned: number;
  /** Texts sent to the embedding provider (distinct texts: duplicates are embedded once). */
  embedded: number;
  /** Chunks whose vector came from the content-hash cache. */
  fromCache: number;
  /** Vectors deleted: chunks gone or changed, or all of them when the provider or dimensions changed. */
  removed: number;
  /** Vectors stored after the sync (null after a sync of `onlyChunkIds`, which does not count them). */
  vectors: number | null;
  durationMs: number;
}

export interface VectorStatus {
  provider: string;
  dimensions: number;
  vectors: number;
  /** Chunks without a vector (blank chunks never get one). */
  missing: number;
}

export { loadVectorExtension };

/**
 * Create the cache and vector tables for this provider and dimension, recreating the vector
 * table (and dropping other providers' cached vectors) when either changed. Returns true when
 * the vector table was (re)created.
 */
export function ensureVectorTables(db: Db, providerId: string, dimensions: number): boolean {
  loadVectorExtension(db);
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > VECTOR_DIMENSIONS_MAX) {
    throw new ScoutError('USAGE', `embedding dimensions must be a whole number from 1 to ${VECTOR_DIMENSIONS_MAX}, got ${dimensions}`);
  }
  ensureBaseTables(db);
  const state = readState(db);
  if (state.table && state.int8 && state.provider === providerId && state.dimensions === dimensions) return false;
  transaction(db, () => {
    db.exec('DROP TABLE IF EXISTS chunk_vectors');
    db.exec(chunkVectorsSql(dimensions));
    db.prepare('DELETE FROM embedding_cache WHERE provider <> ? OR length(vector) <> ?').run(providerId, dimensions * 4);
    setMeta(db, META_VECTOR_PROVIDER, providerId);
    setMeta(db, META_VECTOR_DIMENSIONS, String(dimensions));
  });
  return true;
}

/** Drop every vector, the cache and the meta keys (e.g. when embeddings are turned off for good). */
export function dropVectorTables(db: Db): void {
  ensureBaseTables(db);
  const hasTable = readState(db).table;
  if (hasTable) loadVectorExtension(db);
  transaction(db, () => {
    db.exec('DROP TABLE IF EXISTS chunk_vectors');
    db.exec('DROP TABLE IF EXISTS embedding_cache');
    db.prepare('DELETE FROM meta WHERE key IN (?, ?)').run(META_VECTOR_PROVIDER, META_VECTOR_DIMENSIONS);
  });
}

/** Provider, dimensions and counts of the stored vectors, or null when there are none. */
export function vectorStatus(db: Db): VectorStatus | null {
  const state = readState(db);
  if (!state.table || state.provider === null || state.dimensions === null) return null;
  loadVectorExtension(db);
  const vectors = countVectors(db);
  const missing = firstValue(db.prepare('SELECT COUNT(*) FROM chunks WHERE id NOT IN (SELECT rowid FROM chunk_vectors)')) as number;
  return { provider: state.provider, dimensions: state.dimensions, vectors, missing };
}

/** How many vectors are stored, or -1 without a vector table (part of search's index signature; needs no extension). */
export function storedVectorCount(db: Db): number {
  const hasVectors = firstValue(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'chunk_vectors'")) !== undefined;
  return hasVectors ? countVectors(db) : -1;
}

/**
 * Give every chunk a vector from `provider`: vectors whose chunk is gone or changed are deleted,
 * then missing ones come from the content-hash cache or, failing that, from the provider, in
 * batches, each committed on its own (an interrupted sync keeps what it did). Chunks whose text
 * changes while the provider is busy are left for the next sync.
 */
export async function syncChunkVectors(db: Db, provider: EmbeddingProvider, options: SyncOptions = {}): Promise<SyncResult> {
  const started = performance.now();
  const result = await syncOnce(db, provider, options, true);
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

async function syncOnce(db: Db, provider: EmbeddingProvider, options: SyncOptions, mayRestart: boolean): Promise<Omit<SyncResult, 'durationMs'>> {
  loadVectorExtension(db);
  ensureBaseTables(db);
  const batchSize = options.batchSize ?? (provider.cacheVectors === false ? LOCAL_SYNC_BATCH : DEFAULT_SYNC_BATCH);
  const maxChars = options.maxChars ?? DEFAULT_EMBED_MAX_CHARS;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a whole number >= 1, got ${batchSize}`);
  const signal = options.signal;
  signal?.throwIfAborted();

  const state = readState(db);
  let dimensions = provider.dimensions ?? (state.provider === provider.id ? state.dimensions : null);
  // Vectors of an index written before they were stored as int8 are embedded again (they are not comparable).
  const usable = state.table && state.int8 && state.provider === provider.id && dimensions !== null && state.dimensions === dimensions;
  const scope = usable ? options.onlyChunkIds : undefined;
  const startGeneration = indexGeneration(db);
  let removed = 0;
  // The mark of the generation the vectors follow (vector-follow.ts): gone while this sync changes them.
  db.prepare('DELETE FROM meta WHERE key = ?').run(META_VECTORS_SYNCED);

  // 1. What each chunk needs: stored vectors with the right hash are kept, the rest are stale.
  const stored = scope ? storedHashesOf(db, scope) : usable ? storedHashes(db) : new Map<number, string>();
  const wanted = new Map<string, { text: string; ids: number[] }>();
  const kept = new Set<number>();
  for (const row of scope ? chunkRowsOf(db, scope) : (db.prepare('SELECT id, text FROM chunks').iterate() as Iterable<{ id: number; text: string }>)) {
    const text = embeddingText(row.text, maxChars);
    if (text === null) continue;
    const hash = contentHash(text);
    if (stored.get(row.id) === hash) {
      kept.add(row.id);
      continue;
    }
    const entry = wanted.get(hash);
    if (entry) entry.ids.push(row.id);
    else wanted.set(hash, { text, ids: [row.id] });
  }
  if (usable) {
    const stale = [...stored.keys()].filter((id) => !kept.has(id));
    removed += deleteVectors(db, stale);
  }

  // 2. Dimensions: from the provider, the index, the cache, or the first embedded batch.
  const cacheStatement = db.prepare('SELECT vector FROM embedding_cache WHERE hash = ? AND provider = ?');
  const cacheGet = (hash: string, providerId: string): Uint8Array | undefined => firstValue(cacheStatement, hash, providerId) as Uint8Array | undefined;
  const pending = new Map<string, Float32Array>();
  let embedded = 0;
  if (dimensions === null) {
    for (const hash of wanted.keys()) {
      const blob = cacheGet(hash, provider.id);
      if (blob) {
        dimensions = blob.length / 4;
        break;
      }
    }
  }
  if (dimensions === null && wanted.size > 0) {
    const first = [...wanted.entries()].slice(0, batchSize);
    const vectors = await embedChecked(provider, first.map(([, w]) => w.text), signal);
    embedded += first.length;
    first.forEach(([hash], i) => pending.set(hash, vectors[i] as Float32Array));
    dimensions = (vectors[0] as Float32Array).length;
  }
  if (dimensions === null) {
    // Nothing to embed and nothing known about this provider: vectors of another provider are useless.
    if (state.table) {
      removed += countVectors(db);
      dropVectorTables(db);
    }
    setMeta(db, META_VECTORS_SYNCED, formatSyncMark(provider.id, startGeneration));
    return { embedded, fromCache: 0, removed, vectors: 0, pruned: 0 };
  }
  if (!usable && state.table) removed += countVectors(db);
  ensureVectorTables(db, provider.id, dimensions);
  const dims = dimensions;

  // 3. Store vectors, checking each chunk still has the text that was embedded.
  const currentTextStatement = db.prepare('SELECT text FROM chunks WHERE id = ?');
  const currentText = (id: number): string | undefined => firstValue(currentTextStatement, id) as string | undefined;
  const deleteVector = db.prepare('DELETE FROM chunk_vectors WHERE rowid = ?');
  const insertVector = db.prepare('INSERT INTO chunk_vectors(rowid, embedding, text_hash) VALUES (?, vec_int8(?), ?)');
  const cachePut = db.prepare('INSERT INTO embedding_cache(hash, provider, vector) VALUES (?, ?, ?) ON CONFLICT(hash) DO UPDATE SET provider = excluded.provider, vector = excluded.vector');
  // The chunks' texts can only have changed since step 1 read them if the index was written since (every write moves
  // its generation): only then is each chunk's text read again and compared before its vector is stored. Checked once
  // per transaction: the per-chunk reads were about a tenth of the main thread's work in a full sync at 1.5M lines.
  const textsMayHaveChanged = (): boolean => indexGeneration(db) !== startGeneration;
  // `embedded` is the text whose hash is `hash`: comparing texts spares hashing every chunk twice.
  const storeFor = (hash: string, embedded: string, ids: number[], vector: Float32Array, checkTexts: boolean): number => {
    const blob = int8Blob(quantize(vector));
    let stored = 0;
    for (const id of ids) {
      if (checkTexts) {
        const text = currentText(id);
        if (text === undefined || embeddingText(text, maxChars) !== embedded) continue;
      }
      const rowid = BigInt(id);
      // Step 1 deleted the stale vectors of these chunks: a vector here now was stored meanwhile by another sync.
      try {
        insertVector.run(rowid, blob, hash);
      } catch {
        deleteVector.run(rowid);
        insertVector.run(rowid, blob, hash);
      }
      stored++;
    }
    return stored;
  };

  const total = [...wanted.values()].reduce((n, w) => n + w.ids.length, 0);
  let done = 0;
  let fromCache = 0;
  const progress = (): void => options.onProgress?.({ done, total, embedded, fromCache });

  // 3a. From the cache, in one transaction (no waiting involved). A provider that never caches (composing is cheaper)
  // has nothing there: skip a lookup per chunk.
  if (provider.cacheVectors !== false) {
    transaction(db, () => {
      const checkTexts = textsMayHaveChanged();
      for (const [hash, entry] of wanted) {
        if (pending.has(hash)) continue;
        const blob = cacheGet(hash, provider.id);
        if (!blob || blob.length !== dims * 4) continue;
        storeFor(hash, entry.text, entry.ids, floatsOf(blob), checkTexts);
        fromCache += entry.ids.length;
        done += entry.ids.length;
        wanted.delete(hash);
      }
    });
  }
  progress();

  // 3b. From the provider, batch by batch, each batch committed. The next batch is embedded while this one is
  // stored: by the server for an HTTP provider, by a worker thread for one that computes in-process (offThread).
  const queue = [...wanted.entries()];
  const batches: Array<typeof queue> = [];
  for (let start = 0; start < queue.length; start += batchSize) batches.push(queue.slice(start, start + batchSize));
  const threaded = batches.length > 1 ? (provider.offThread?.() ?? null) : null;
  // A worker that fails (it could not start, it died) costs the speed-up, never the vectors: the provider composes in-thread.
  const embedder = threaded ? { id: provider.id, embed: (texts: string[], signal?: AbortSignal) => threaded.embed(texts, signal).catch(() => provider.embed(texts, signal)) } : provider;
  const embedBatch = async (batch: typeof queue): Promise<void> => {
    const missing = batch.filter(([hash]) => !pending.has(hash));
    if (missing.length === 0) return;
    const vectors = await embedChecked(embedder, missing.map(([, w]) => w.text), signal);
    embedded += missing.length;
    missing.forEach(([hash], i) => pending.set(hash, vectors[i] as Float32Array));
  };
  let ahead: Promise<void> | null = null;
  try {
    for (let k = 0; k < batches.length; k++) {
      const batch = batches[k] as typeof queue;
      await (ahead ?? embedBatch(batch));
      ahead = k + 1 < batches.length ? embedBatch(batches[k + 1] as typeof queue) : null;
      // Settled below or dropped with the sync: never an unhandled rejection.
      ahead?.catch(() => undefined);
      const wrong = batch.find(([hash]) => (pending.get(hash) as Float32Array).length !== dims);
      if (wrong) {
        const got = (pending.get(wrong[0]) as Float32Array).length;
        if (!mayRestart) {
          throw new ScoutError('USAGE', `embedding provider ${provider.id} returned ${got}-dimensional vectors after ${dims}-dimensional ones; make sure the model name denotes one model`);
        }
        // Same provider id, new vector length (the model behind the name changed): start over.
        removed += countVectors(db);
        dropVectorTables(db);
        const again = await syncOnce(db, provider, options, false);
        return { ...again, embedded: again.embedded + embedded, removed: again.removed + removed };
      }
      transaction(db, () => {
        const checkTexts = textsMayHaveChanged();
        for (const [hash, entry] of batch) {
          const vector = pending.get(hash) as Float32Array;
          if (provider.cacheVectors !== false) cachePut.run(hash, provider.id, toBlob(vector));
          storeFor(hash, entry.text, entry.ids, vector, checkTexts);
          done += entry.ids.length;
          pending.delete(hash);
        }
      });
      progress();
    }
  } finally {
    threaded?.close();
  }
  // The mark names the generation read before the chunks were: a write during the sync leaves it behind.
  setMeta(db, META_VECTORS_SYNCED, formatSyncMark(provider.id, startGeneration));
  if (scope) return { embedded, fromCache, removed, vectors: null, pruned: 0 };
  const vectors = countVectors(db);
  const cached = firstValue(db.prepare('SELECT COUNT(*) FROM embedding_cache')) as number;
  const pruned = cached > CACHE_SLACK_FACTOR * vectors + CACHE_SLACK_ROWS ? pruneEmbeddingCache(db) : 0;
  return { embedded, fromCache, removed, vectors, pruned };
}

/** What `scout status` says of the stored vectors, from meta alone (no extension, no scan). */
export interface VectorSummary {
  provider: string;
  dimensions: number;
  /** int8 as this build stores them; float32 in an index written before (re-stored as int8 at its next sync). */
  storage: 'int8' | 'float32';
  /** The last finished sync was at the index's generation: every chunk has its vector. */
  inStep: boolean;
}

export function vectorSummary(db: Db): VectorSummary | null {
  const state = readState(db);
  if (!state.table || state.provider === null || state.dimensions === null) return null;
  const synced = syncedGeneration(db, state.provider);
  return { provider: state.provider, dimensions: state.dimensions, storage: state.int8 ? 'int8' : 'float32', inStep: synced !== null && synced === indexGeneration(db) };
}

/**
 * The index generation at which the last finished sync left every chunk with its vector from
 * `providerId`, or null (never synced, interrupted, another provider, or the vector table is gone).
 * Reads meta only: no extension, no scan.
 */
export function syncedGeneration(db: Db, providerId: string): number | null {
  const state = readState(db);
  if (!state.table) return null;
  const mark = parseSyncMark(firstValue(db.prepare('SELECT value FROM meta WHERE key = ?'), META_VECTORS_SYNCED) as string | undefined);
  return mark !== null && mark.providerId === providerId ? mark.generation : null;
}

/**
 * Drop cached vectors whose text no chunk has any more. Sync does this by itself once the cache
 * holds more than CACHE_SLACK_FACTOR × vectors + CACHE_SLACK_ROWS rows, so that switching branches
 * back and forth stays cheap while the cache cannot grow without bound. Returns the rows dropped.
 */
export function pruneEmbeddingCache(db: Db): number {
  ensureBaseTables(db);
  if (!readState(db).table) return Number(db.prepare('DELETE FROM embedding_cache').run().changes);
  loadVectorExtension(db);
  return Number(db.prepare('DELETE FROM embedding_cache WHERE hash NOT IN (SELECT text_hash FROM chunk_vectors)').run().changes);
}

/**
 * The `k` chunks nearest to `queryVector`, best first, optionally only among `allowedChunkIds`
 * (filtered before ranking, so k results come back when k allowed chunks have vectors).
 */
export function vectorSearch(db: Db, queryVector: Float32Array, k: number, allowedChunkIds?: Set<number>): VectorHit[] {
  const state = readState(db);
  if (!state.table || state.dimensions === null) {
    throw new ScoutError('USAGE', 'the index has no chunk vectors yet: configure an embedding provider and sync the vectors, or search without vectors');
  }
  if (queryVector.length !== state.dimensions) {
    throw new ScoutError(
      'USAGE',
      `the query vector has ${queryVector.length} dimensions but the index holds ${state.dimensions}-dimensional vectors from ${state.provider}; ` +
        'embed the query with the same provider, or sync the vectors again after changing the embeddings configuration',
    );
  }
  loadVectorExtension(db);
  const limit = Math.min(Math.floor(k), VECTOR_K_MAX, allowedChunkIds?.size ?? Infinity);
  if (!(limit >= 1)) return [];
  // The query in the stored vectors' form (an index written before int8 storage still holds float32 until its next sync).
  const query = state.int8 ? int8Blob(quantize(queryVector)) : toBlob(queryVector);
  const q = state.int8 ? 'vec_int8(?)' : '?';
  if (allowedChunkIds && allowedChunkIds.size <= POINT_READS_MAX) return nearestAmong(db, query, q, limit, allowedChunkIds);
  const rows = (
    allowedChunkIds
      ? db
          .prepare(`SELECT rowid, distance FROM chunk_vectors WHERE embedding MATCH ${q} AND k = ? AND rowid IN (SELECT value FROM json_each(?)) ORDER BY distance`)
          .all(query, limit, JSON.stringify([...allowedChunkIds]))
      : db.prepare(`SELECT rowid, distance FROM chunk_vectors WHERE embedding MATCH ${q} AND k = ? ORDER BY distance`).all(query, limit)
  ) as Array<{ rowid: number | bigint; distance: number }>;
  return rows.map((row) => ({ chunkId: Number(row.rowid), distance: row.distance, score: 1 - row.distance }));
}

/**
 * Up to this many allowed chunks are scored one by one (about 35 µs each at 100k vectors) rather than by a KNN
 * query: sqlite-vec answers `rowid IN (...)` by scanning every stored vector (40 ms at 130k 300-dimensional vectors)
 * and only skipping the distance of the others, so for the few hundred candidates of a hybrid search the point
 * reads cost a fifth of it.
 */
export const POINT_READS_MAX = 1000;

/** The `k` nearest of the allowed chunks, read one by one by rowid (same distances as the KNN query). */
function nearestAmong(db: Db, query: Buffer, placeholder: string, k: number, allowed: Set<number>): VectorHit[] {
  const distance = db.prepare(`SELECT vec_distance_cosine(embedding, ${placeholder}) FROM chunk_vectors WHERE rowid = ?`);
  const hits: VectorHit[] = [];
  for (const chunkId of allowed) {
    const d = firstValue(distance, query, chunkId) as number | undefined;
    if (d !== undefined) hits.push({ chunkId, distance: d, score: 1 - d });
  }
  hits.sort((a, b) => a.distance - b.distance || a.chunkId - b.chunkId);
  return hits.slice(0, k);
}

/** The embedding of a search query, through an LRU keyed by provider and text. */
export async function embedQuery(provider: EmbeddingProvider, text: string, lru: LruCache<string, Float32Array>, signal?: AbortSignal): Promise<Float32Array> {
  const key = `${provider.id}\u0000${text}`;
  const cached = lru.get(key);
  if (cached) return cached;
  const [vector] = await embedChecked(provider, [text], signal);
  lru.set(key, vector as Float32Array);
  return vector as Float32Array;
}

/** The text embedded for a chunk: trimmed to maxChars; null for blank chunks (never embedded). */
export function embeddingText(text: string, maxChars = DEFAULT_EMBED_MAX_CHARS): string | null {
  if (text.trim() === '') return null;
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}

async function embedChecked(provider: Pick<EmbeddingProvider, 'id' | 'embed'>, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const vectors = await provider.embed(texts, signal);
  if (vectors.length !== texts.length) {
    throw new ScoutError('USAGE', `embedding provider ${provider.id} returned ${vectors.length} vectors for ${texts.length} texts`);
  }
  return vectors;
}

function ensureBaseTables(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
  db.exec(EMBEDDING_CACHE_SQL);
}

/** What the database holds; reads only (search may run on a read-only connection). */
function readState(db: Db): { table: boolean; int8: boolean; provider: string | null; dimensions: number | null } {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?");
  const ddl = firstValue(db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'chunk_vectors'")) as string | undefined;
  const table = ddl !== undefined;
  const int8 = ddl !== undefined && isInt8VectorTable(ddl);
  if (firstValue(exists, 'meta') === undefined) return { table, int8, provider: null, dimensions: null };
  const meta = db.prepare('SELECT value FROM meta WHERE key = ?');
  const dims = firstValue(meta, META_VECTOR_DIMENSIONS) as string | undefined;
  const provider = firstValue(meta, META_VECTOR_PROVIDER) as string | undefined;
  return { table, int8, provider: provider ?? null, dimensions: dims === undefined ? null : Number(dims) };
}

function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** The stored vector hashes of these chunk ids (point lookups by rowid). */
function storedHashesOf(db: Db, ids: readonly number[]): Map<number, string> {
  const get = db.prepare('SELECT text_hash FROM chunk_vectors WHERE rowid = ?');
  const out = new Map<number, string>();
  for (const id of ids) {
    const hash = firstValue(get, BigInt(id)) as string | undefined;
    if (hash !== undefined) out.set(id, hash);
  }
  return out;
}

/** The chunks among these ids that exist, with their text. */
function chunkRowsOf(db: Db, ids: readonly number[]): Array<{ id: number; text: string }> {
  const get = db.prepare('SELECT text FROM chunks WHERE id = ?');
  const out: Array<{ id: number; text: string }> = [];
  for (const id of new Set(ids)) {
    const text = firstValue(get, id) as string | undefined;
    if (text !== undefined) out.push({ id, text });
  }
  return out;
}

function storedHashes(db: Db): Map<number, string> {
  const rows = tuplesOf(db.prepare('SELECT rowid, text_hash FROM chunk_vectors')) as Array<[number | bigint, string]>;
  return new Map(rows.map(([id, hash]) => [Number(id), hash]));
}

function countVectors(db: Db): number {
  return countVectorsDirect(db) ?? (firstValue(db.prepare('SELECT COUNT(*) FROM chunk_vectors')) as number);
}

function deleteVectors(db: Db, ids: number[]): number {
  if (ids.length === 0) return 0;
  const del = db.prepare('DELETE FROM chunk_vectors WHERE rowid = ?');
  transaction(db, () => {
    for (const id of ids) del.run(BigInt(id));
  });
  return ids.length;
}

function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A float32 blob (the embedding cache's, an older index's vector) as a vector, copied (a blob's bytes need not be 4-byte aligned). */
export function floatsOf(blob: Uint8Array): Float32Array {
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}

/** Every stored vector with its chunk id, streamed row by row (vector-memory.ts loads them). */
export function* storedVectors(db: Db): Generator<{ chunkId: number; blob: Uint8Array }> {
  for (const row of returningArrays(db.prepare('SELECT rowid, embedding FROM chunk_vectors')).iterate()) {
    const [rowid, blob] = Array.isArray(row) ? row : Object.values(row as Record<string, unknown>);
    yield { chunkId: Number(rowid), blob: blob as Uint8Array };
  }
}

/** The stored vector of one chunk, or undefined when it has none. */
export function storedVector(db: Db, chunkId: number): Uint8Array | undefined {
  return firstValue(db.prepare('SELECT embedding FROM chunk_vectors WHERE rowid = ?'), chunkId) as Uint8Array | undefined;
}
