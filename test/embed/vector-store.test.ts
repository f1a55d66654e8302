import { mkdtempSync, rmSync } from 'node:fs';
import { chunk, writeChunkFile } from '../helpers/chunk-files.js';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstValue, openSqlite } from '../../src/index/sqlite.js';
import { ScoutError } from '../../src/core/errors.js';
import { LruCache } from '../../src/embed/cache.js';
import { createProvider, type EmbeddingProvider } from '../../src/embed/provider.js';
import { SqliteStore } from '../../src/index/store.js';
import {
  embedQuery,
  ensureVectorTables,
  loadVectorExtension,
  pruneEmbeddingCache,
  storedVector,
  syncChunkVectors,
  syncedGeneration,
  vectorSearch,
  vectorStatus,
  type SyncProgress,
} from '../../src/search/vector-store.js';
import { keepVectorsInMemory, vectorMemoryFor } from '../../src/search/vector-memory.js';
import { quantize } from '../../src/search/vector-quantize.js';
import { bagOfWords, closedPort, startEmbeddingServer, type EmbeddingServer } from './embedding-server.js';

let server: EmbeddingServer;
let root: string;
let store: SqliteStore;

beforeAll(async () => {
  server = await startEmbeddingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-vec-'));
  store = SqliteStore.open(root);
});
afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
  server.requests.length = 0;
  server.mode = 'ok';
});


const writeFile = (file: string, chunks: Record<string, string>): void => writeChunkFile(store, file, chunks);

function chunkId(symbol: string): number {
  return firstValue(store.database.prepare('SELECT id FROM chunks WHERE symbol = ?'), symbol) as number;
}

function provider(model = 'bow-16', batchSize = 64): EmbeddingProvider {
  return createProvider({ provider: 'openai', baseUrl: server.baseUrl, model, apiKeyEnv: '', batchSize })!;
}

const FILES: Record<string, Record<string, string>> = {
  'src/duration.ts': {
    parseDuration: 'function parse duration string into milliseconds hours minutes seconds',
    formatDuration: 'function format milliseconds as a human readable duration',
  },
  'src/router.ts': {
    routeRequest: 'route an incoming http request to the matching handler',
    registerRoute: 'register a handler for a path pattern in the router table',
  },
  'src/cache.ts': {
    evictOldest: 'evict the least recently used entry when the cache is full',
  },
};

function writeAll(): void {
  for (const [file, chunks] of Object.entries(FILES)) writeFile(file, chunks);
}

describe('sqlite-vec', () => {
  it('loads from the npm package into a better-sqlite3 connection', () => {
    loadVectorExtension(store.database);
    loadVectorExtension(store.database); // idempotent
    expect(firstValue(store.database.prepare('SELECT vec_version()'))).toBe('v0.1.9');
  });
});

describe('syncChunkVectors', () => {
  it('embeds every chunk once, in batches, then nothing while the text is unchanged', async () => {
    writeAll();
    const progress: SyncProgress[] = [];
    const first = await syncChunkVectors(store.database, provider('bow-16', 2), { batchSize: 2, onProgress: (p) => progress.push(p) });
    expect(first).toMatchObject({ embedded: 5, fromCache: 0, removed: 0, vectors: 5 });
    expect(server.requests.map((r) => r.input.length)).toEqual([2, 2, 1]);
    expect(progress.at(-1)).toEqual({ done: 5, total: 5, embedded: 5, fromCache: 0 });
    expect(vectorStatus(store.database)).toEqual({ provider: 'openai:bow-16', dimensions: 16, vectors: 5, missing: 0 });

    server.requests.length = 0;
    const second = await syncChunkVectors(store.database, provider());
    expect(second).toMatchObject({ embedded: 0, fromCache: 0, removed: 0, vectors: 5 });
    expect(server.texts()).toEqual([]);
  });

  it('re-embeds only the edited chunk after a reindex; unchanged chunks come from the content-hash cache', async () => {
    writeAll();
    await syncChunkVectors(store.database, provider());
    const oldIds = [chunkId('parseDuration'), chunkId('formatDuration')];
    server.requests.length = 0;

    writeFile('src/duration.ts', { ...FILES['src/duration.ts'], formatDuration: 'function format milliseconds as a short duration like 1h 5m' });
    expect([chunkId('parseDuration'), chunkId('formatDuration')]).not.toEqual(oldIds); // new rows, new ids
    const result = await syncChunkVectors(store.database, provider());
    expect(server.texts()).toEqual(['function format milliseconds as a short duration like 1h 5m']);
    expect(result).toMatchObject({ embedded: 1, fromCache: 1, vectors: 5 });
    const hits = vectorSearch(store.database, Float32Array.from(bagOfWords('format milliseconds as a short duration like 1h 5m')), 1);
    expect(hits[0]!.chunkId).toBe(chunkId('formatDuration'));
  });

  it('embeds identical texts once and skips blank chunks', async () => {
    writeFile('a.ts', { one: 'same text here', two: 'same text here', blank: '   \n  ' });
    const result = await syncChunkVectors(store.database, provider());
    expect(server.texts()).toEqual(['same text here']);
    expect(result).toMatchObject({ embedded: 1, vectors: 2 });
    expect(vectorStatus(store.database)).toMatchObject({ vectors: 2, missing: 1 });
  });

  it('deletes the vectors of chunks that no longer exist', async () => {
    writeAll();
    await syncChunkVectors(store.database, provider());
    store.beginWrite();
    store.deleteFile('src/router.ts');
    store.commit();
    const result = await syncChunkVectors(store.database, provider());
    expect(result).toMatchObject({ embedded: 0, removed: 2, vectors: 3 });
    const hits = vectorSearch(store.database, Float32Array.from(bagOfWords('route an incoming http request')), 10);
    expect(hits.map((h) => h.chunkId).sort()).toEqual([chunkId('parseDuration'), chunkId('formatDuration'), chunkId('evictOldest')].sort());
  });

  it('does not trust a vector whose chunk id was reused for other text', async () => {
    writeFile('a.ts', { keep: 'alpha beta gamma' });
    writeFile('b.ts', { old: 'parse duration milliseconds' });
    await syncChunkVectors(store.database, provider());
    const reusedId = chunkId('old');
    store.beginWrite();
    store.deleteFile('b.ts');
    store.writeFile({ path: 'c.ts', language: 'typescript', hash: 'c', size: 1, mtimeMs: 1, lines: 1, invalidUtf8: false, parseError: null }, {
      language: 'typescript', definitions: [], imports: [], exports: [], usages: [], calls: [], syntaxErrors: 0,
      chunks: [chunk('fresh', 'route http request handler')],
    });
    store.commit();
    expect(chunkId('fresh')).toBe(reusedId); // SQLite reuses the highest deleted rowid
    server.requests.length = 0;
    const result = await syncChunkVectors(store.database, provider());
    expect(server.texts()).toEqual(['route http request handler']);
    expect(result).toMatchObject({ embedded: 1, removed: 1, vectors: 2 });
    const [best] = vectorSearch(store.database, Float32Array.from(bagOfWords('route http request handler')), 1);
    expect(best).toMatchObject({ chunkId: reusedId });
    expect(best!.score).toBeCloseTo(1, 5);
  });

  it('recreates the vectors when the provider (and so the dimensions) changes', async () => {
    writeAll();
    await syncChunkVectors(store.database, provider('bow-16'));
    expect(ensureVectorTables(store.database, 'openai:bow-16', 16)).toBe(false);
    server.requests.length = 0;
    const result = await syncChunkVectors(store.database, provider('bow-8'));
    expect(result).toMatchObject({ embedded: 5, fromCache: 0, removed: 5, vectors: 5 });
    expect(server.requests.every((r) => r.model === 'bow-8')).toBe(true);
    expect(store.getMeta('vector_provider')).toBe('openai:bow-8');
    expect(store.getMeta('vector_dimensions')).toBe('8');
    // The old provider's cached vectors are gone: their hashes are only kept for one provider.
    expect(firstValue(store.database.prepare("SELECT COUNT(*) FROM embedding_cache WHERE provider <> 'openai:bow-8'"))).toBe(0);
    expect(() => vectorSearch(store.database, new Float32Array(16), 3)).toThrow(/query vector has 16 dimensions but the index holds 8-dimensional vectors from openai:bow-8/);
    const [best] = vectorSearch(store.database, Float32Array.from(bagOfWords('evict least recently used cache entry', 8)), 1);
    expect(best!.chunkId).toBe(chunkId('evictOldest'));
  });

  it('starts over when the model behind the same provider id changes its dimensions', async () => {
    writeFile('a.ts', { one: 'alpha beta', two: 'gamma delta' });
    let dims = 16;
    const calls: string[][] = [];
    const shifty: EmbeddingProvider = {
      id: 'test:shifty',
      dimensions: null,
      embed: async (texts) => {
        calls.push(texts);
        return texts.map((t) => Float32Array.from(bagOfWords(t, dims)));
      },
    };
    await syncChunkVectors(store.database, shifty);
    writeFile('b.ts', { three: 'epsilon zeta' });
    dims = 12;
    const result = await syncChunkVectors(store.database, shifty);
    expect(result).toMatchObject({ vectors: 3, removed: 2 });
    expect(vectorStatus(store.database)).toMatchObject({ provider: 'test:shifty', dimensions: 12, vectors: 3, missing: 0 });
  });

  it('prunes cached vectors of texts that are gone, which are then embedded again if they come back', async () => {
    writeFile('a.ts', { f: 'version one of the code' });
    await syncChunkVectors(store.database, provider());
    writeFile('a.ts', { f: 'version two of the code' });
    await syncChunkVectors(store.database, provider());
    server.requests.length = 0;
    writeFile('a.ts', { f: 'version one of the code' }); // e.g. a branch switched back: from the cache
    expect(await syncChunkVectors(store.database, provider())).toMatchObject({ embedded: 0, fromCache: 1, pruned: 0 });
    expect(pruneEmbeddingCache(store.database)).toBe(1); // 'version two' is in no chunk
    writeFile('a.ts', { f: 'version two of the code' });
    expect(await syncChunkVectors(store.database, provider())).toMatchObject({ embedded: 1, fromCache: 0 });
    expect(server.texts()).toEqual(['version two of the code']);
  });

  it('fails clearly when the embedding server is down, keeping what it had', async () => {
    writeAll();
    await syncChunkVectors(store.database, provider());
    writeFile('src/new.ts', { fresh: 'brand new code' });
    const port = await closedPort();
    const down = createProvider({ provider: 'openai', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'bow-16' })!;
    const error = await syncChunkVectors(store.database, down).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScoutError);
    expect((error as Error).message).toMatch(/refused the connection: start the server .* or set embeddings.provider to "none"/);
    expect(vectorStatus(store.database)).toMatchObject({ vectors: 5, missing: 1 });
  });

  it('stores over a vector that another sync stored while this one was embedding', async () => {
    writeAll();
    const racing: EmbeddingProvider = {
      id: 'test:racing',
      dimensions: 16,
      embed: async (texts) => {
        // Another process's sync, between this sync's read of the chunks and its write: a vector of the wrong text.
        if (texts.includes(FILES['src/cache.ts']!.evictOldest!)) {
          const wrong = quantize(Float32Array.from(bagOfWords('route an incoming http request')));
          store.database.prepare('INSERT INTO chunk_vectors(rowid, embedding, text_hash) VALUES (?, vec_int8(?), ?)').run(BigInt(chunkId('evictOldest')), Buffer.from(wrong.buffer), 'other');
        }
        return texts.map((t) => Float32Array.from(bagOfWords(t)));
      },
    };
    const result = await syncChunkVectors(store.database, racing, { batchSize: 2 });
    expect(result).toMatchObject({ vectors: 5 });
    const [best] = vectorSearch(store.database, Float32Array.from(bagOfWords(FILES['src/cache.ts']!.evictOldest!)), 1);
    expect(best).toMatchObject({ chunkId: chunkId('evictOldest') });
    expect(best!.score).toBeCloseTo(1, 2);
  });

  it('keeps the batches committed before a failure, so the next sync resumes', async () => {
    writeAll();
    let calls = 0;
    const flaky: EmbeddingProvider = {
      id: 'test:flaky',
      dimensions: 16,
      embed: async (texts) => {
        if (++calls === 2) throw new Error('server went away');
        return texts.map((t) => Float32Array.from(bagOfWords(t)));
      },
    };
    await expect(syncChunkVectors(store.database, flaky, { batchSize: 2 })).rejects.toThrow('server went away');
    expect(vectorStatus(store.database)).toMatchObject({ vectors: 2, missing: 3 });
    const resumed = await syncChunkVectors(store.database, flaky, { batchSize: 2 });
    expect(resumed).toMatchObject({ embedded: 3, vectors: 5 });
  });
});

describe('vectorSearch', () => {
  beforeEach(async () => {
    writeAll();
    await syncChunkVectors(store.database, provider());
  });

  it('ranks the chunk nearest to the query first, with cosine similarity as the score', () => {
    const hits = vectorSearch(store.database, Float32Array.from(bagOfWords('register a route handler for a path pattern')), 5);
    expect(hits).toHaveLength(5);
    expect(hits[0]!.chunkId).toBe(chunkId('registerRoute'));
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.distance).toBeGreaterThanOrEqual(hits[i - 1]!.distance);
    for (const h of hits) expect(h.score).toBeCloseTo(1 - h.distance, 6);
    expect(hits[0]!.score).toBeGreaterThan(0.5);
  });

  it('limits to k and to the allowed chunk ids', () => {
    const query = Float32Array.from(bagOfWords('register a route handler for a path pattern'));
    expect(vectorSearch(store.database, query, 2)).toHaveLength(2);
    const allowed = new Set([chunkId('parseDuration'), chunkId('evictOldest')]);
    const hits = vectorSearch(store.database, query, 10, allowed);
    expect(new Set(hits.map((h) => h.chunkId))).toEqual(allowed);
    expect(vectorSearch(store.database, query, 10, new Set())).toEqual([]);
    expect(vectorSearch(store.database, query, 0)).toEqual([]);
  });

  it('scores a few allowed chunks one by one with the distances and order of the full KNN query', () => {
    const query = Float32Array.from(bagOfWords('register a route handler for a path pattern'));
    const full = vectorSearch(store.database, query, 10);
    const allowed = new Set([chunkId('evictOldest'), chunkId('registerRoute'), chunkId('parseDuration'), 987654]);
    const expected = full.filter((h) => allowed.has(h.chunkId));
    const hits = vectorSearch(store.database, query, 10, allowed);
    expect(hits.map((h) => h.chunkId)).toEqual(expected.map((h) => h.chunkId));
    hits.forEach((h, i) => expect(h.distance).toBeCloseTo(expected[i]!.distance, 6));
    expect(hits[0]!.chunkId).toBe(chunkId('registerRoute'));
    // k cuts the nearest first; an id without a vector (987654) is not answered.
    expect(vectorSearch(store.database, query, 2, allowed).map((h) => h.chunkId)).toEqual(expected.slice(0, 2).map((h) => h.chunkId));
  });

  it('stores each vector as int8 (a quarter of float32), and ranks by the cosine of the int8 vectors', () => {
    const lengths = store.database.prepare('SELECT DISTINCT length(embedding) AS n FROM chunk_vectors').all() as Array<{ n: number }>;
    expect(lengths.map((r) => r.n)).toEqual([16]);
    const query = Float32Array.from(bagOfWords('register a route handler for a path pattern'));
    const [best] = vectorSearch(store.database, query, 1);
    const stored = new Int8Array(storedVector(store.database, best!.chunkId)!);
    const q = quantize(query);
    const dot = stored.reduce((sum, x, i) => sum + x * q[i]!, 0);
    const norm = (v: Int8Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
    expect(best!.distance).toBeCloseTo(1 - dot / (norm(stored) * norm(q)), 5);
  });

  it('searches an index whose vectors are still float32 as it is, and stores them again as int8 at the next sync', async () => {
    const db = store.database;
    const floats = new Map(
      (db.prepare('SELECT id, text FROM chunks').all() as Array<{ id: number; text: string }>).map((c) => [c.id, Float32Array.from(bagOfWords(c.text))]),
    );
    // The table as an index written before int8 storage holds it.
    db.exec('DROP TABLE chunk_vectors');
    db.exec('CREATE VIRTUAL TABLE chunk_vectors USING vec0(embedding float[16] distance_metric=cosine, +text_hash text)');
    const insert = db.prepare('INSERT INTO chunk_vectors(rowid, embedding, text_hash) VALUES (?, ?, ?)');
    for (const [id, v] of floats) insert.run(BigInt(id), Buffer.from(v.buffer), 'old');
    const [best] = vectorSearch(db, Float32Array.from(bagOfWords('evict the least recently used entry')), 1);
    expect(best!.chunkId).toBe(chunkId('evictOldest'));
    // A long-lived process holds them quantized, and finds the same nearest chunks.
    keepVectorsInMemory();
    const memory = vectorMemoryFor(db, 'openai:bow-16', syncedGeneration(db, 'openai:bow-16')!, 16);
    const query = Float32Array.from(bagOfWords('register a route handler for a path pattern'));
    expect(memory!.nearest(query, 3).map((h) => h.chunkId)).toEqual(vectorSearch(db, query, 3).map((h) => h.chunkId));
    const again = await syncChunkVectors(db, provider());
    expect(again).toMatchObject({ removed: 5, vectors: 5 });
    expect((db.prepare('SELECT DISTINCT length(embedding) AS n FROM chunk_vectors').all() as Array<{ n: number }>).map((r) => r.n)).toEqual([16]);
    expect(vectorSearch(db, Float32Array.from(bagOfWords('evict the least recently used entry')), 1)[0]!.chunkId).toBe(chunkId('evictOldest'));
  });

  it('works on a read-only connection', () => {
    const readOnly = openSqlite(store.dbPath, { readOnly: true });
    try {
      const [best] = vectorSearch(readOnly, Float32Array.from(bagOfWords('evict the least recently used entry')), 1);
      expect(best!.chunkId).toBe(chunkId('evictOldest'));
      expect(vectorStatus(readOnly)).toMatchObject({ vectors: 5 });
    } finally {
      readOnly.close();
    }
  });

  it('says what to do when there are no vectors', () => {
    const emptyRoot = mkdtempSync(path.join(os.tmpdir(), 'scout-vec-empty-'));
    const other = SqliteStore.open(emptyRoot);
    try {
      expect(() => vectorSearch(other.database, new Float32Array(16), 3)).toThrow(/no chunk vectors yet/);
      expect(vectorStatus(other.database)).toBeNull();
    } finally {
      other.close();
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });
});

describe('embedQuery', () => {
  it('embeds a query once and serves repeats from the LRU', async () => {
    const lru = new LruCache<string, Float32Array>(2);
    const p = provider();
    const a = await embedQuery(p, 'parse a duration', lru);
    expect([...a]).toEqual(bagOfWords('parse a duration'));
    expect(await embedQuery(p, 'parse a duration', lru)).toBe(a);
    expect(server.requests).toHaveLength(1);
    await embedQuery(p, 'second query', lru);
    await embedQuery(p, 'third query', lru); // evicts the first
    await embedQuery(p, 'parse a duration', lru);
    expect(server.texts()).toEqual(['parse a duration', 'second query', 'third query', 'parse a duration']);
  });
});
