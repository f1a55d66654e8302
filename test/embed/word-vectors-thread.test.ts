/**
 * The embedded word vectors composed on a worker thread (the built worker: dist/embed/word-vectors-worker.js, made by
 * `npm test` first, so this test imports the build): the same vectors as the provider composes in-thread, and a sync of
 * many batches stores exactly what an in-thread sync stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { writeChunkFile } from '../helpers/chunk-files.js';

const built = (module: string): Promise<Record<string, unknown>> => import(path.resolve('dist', module));
type Provider = { embed(texts: string[]): Promise<Float32Array[]>; offThread(): { embed(texts: string[]): Promise<Float32Array[]>; close(): void } | null };
const TEXTS = [
  'function parseJsonBody(request) {\n  return JSON.parse(request.body);\n}',
  'class HttpClient:\n    def get(self, url, timeout=None):\n        """Fetch a URL."""',
  'x',
  'export enum DatabaseType { Postgres = "postgres", Sqlite = "sqlite" }',
];
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('composes on the worker exactly what the provider composes in-thread, batch after batch', async () => {
  const { WordVectorProvider } = (await built('embed/word-vectors.js')) as { WordVectorProvider: new () => Provider };
  const provider = new WordVectorProvider();
  const threaded = provider.offThread();
  expect(threaded).not.toBeNull();
  try {
    const inThread = await provider.embed(TEXTS);
    const first = await threaded!.embed(TEXTS);
    const second = await threaded!.embed(TEXTS.slice(1));
    expect(first.map((v) => [...v])).toEqual(inThread.map((v) => [...v]));
    expect(second.map((v) => [...v])).toEqual(inThread.slice(1).map((v) => [...v]));
  } finally {
    threaded!.close();
  }
});

it('a sync of many batches stores through the worker the vectors an in-thread sync stores', async () => {
  const { SqliteStore } = (await built('index/store.js')) as { SqliteStore: { open(root: string): { database: unknown; close(): void } } };
  const vectorStore = (await built('search/vector-store.js')) as {
    syncChunkVectors(db: unknown, provider: Provider, options: { batchSize: number }): Promise<{ embedded: number }>;
    storedVectors(db: unknown): Iterable<{ chunkId: number; blob: Uint8Array }>;
  };
  const { WordVectorProvider } = (await built('embed/word-vectors.js')) as { WordVectorProvider: new () => Provider };
  const chunks = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, `${TEXTS[i % TEXTS.length]} // variant ${i}`]));
  const syncInto = async (provider: Provider): Promise<Map<number, string>> => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'scout-vec-thread-'));
    dirs.push(root);
    const store = SqliteStore.open(root);
    try {
      writeChunkFile(store as never, 'src/a.ts', chunks);
      const result = await vectorStore.syncChunkVectors(store.database, provider, { batchSize: 8 });
      expect(result.embedded).toBe(40);
      return new Map([...vectorStore.storedVectors(store.database)].map((v) => [v.chunkId, Buffer.from(v.blob).toString('hex')]));
    } finally {
      store.close();
    }
  };
  const threadedProvider = new WordVectorProvider();
  let workers = 0;
  const offThread = threadedProvider.offThread.bind(threadedProvider);
  threadedProvider.offThread = () => {
    const t = offThread();
    if (t) workers++;
    return t;
  };
  const inThreadProvider = new WordVectorProvider();
  inThreadProvider.offThread = () => null;
  const threaded = await syncInto(threadedProvider);
  const inThread = await syncInto(inThreadProvider);
  expect(workers).toBe(1);
  expect(threaded.size).toBe(40);
  expect(threaded).toEqual(inThread);
});

it('a worker that fails costs the speed-up, not the vectors: the batch is composed in-thread', async () => {
  const { SqliteStore } = (await built('index/store.js')) as { SqliteStore: { open(root: string): { database: unknown; close(): void } } };
  const vectorStore = (await built('search/vector-store.js')) as {
    syncChunkVectors(db: unknown, provider: Provider, options: { batchSize: number }): Promise<{ embedded: number; vectors: number }>;
  };
  const { WordVectorProvider } = (await built('embed/word-vectors.js')) as { WordVectorProvider: new () => Provider };
  const provider = new WordVectorProvider();
  let failed = 0;
  let closed = 0;
  provider.offThread = () => ({
    embed: () => {
      failed++;
      return Promise.reject(new Error('the word-vector worker stopped'));
    },
    close: () => {
      closed++;
    },
  });
  const root = mkdtempSync(path.join(os.tmpdir(), 'scout-vec-thread-'));
  dirs.push(root);
  const store = SqliteStore.open(root);
  try {
    writeChunkFile(store as never, 'src/a.ts', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, `${TEXTS[i % TEXTS.length]} // ${i}`])));
    const result = await vectorStore.syncChunkVectors(store.database, provider, { batchSize: 8 });
    expect(failed).toBe(3);
    expect(closed).toBe(1);
    expect([result.embedded, result.vectors]).toEqual([20, 20]);
  } finally {
    store.close();
  }
});
