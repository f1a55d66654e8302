/**
 * The in-memory vector scan of a long-lived process answers as sqlite-vec's full scan does (same chunks, same
 * order, same distances up to float rounding), and follows an edit through the chunks the index says changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { createProvider, type EmbeddingConfig } from '../../src/embed/provider.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { keepVectorsInMemory, vectorMemoryFor } from '../../src/search/vector-memory.js';
import { prepareVectorSearcher } from '../../src/search/vector-searcher.js';
import { syncedGeneration, vectorSearch } from '../../src/search/vector-store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
afterEach(() => {
  store?.close();
  repo?.cleanup();
});

const QUERIES = ['route a request to the provider', 'price per million tokens', 'create a client', 'parse the configuration file'];

async function compare(db: SqliteStore['database'], root: string): Promise<unknown> {
  const config = loadConfig(root);
  const notes: string[] = [];
  expect(await prepareVectorSearcher(db, config, notes)).not.toBeNull(); // brings the vectors to the index's generation
  const provider = createProvider(config.embeddings as EmbeddingConfig);
  if (!provider) throw new Error('no embedded provider');
  const generation = syncedGeneration(db, provider.id);
  expect(generation).not.toBeNull();
  let memory: unknown = null;
  for (const text of QUERIES) {
    const [query] = await provider.embed([text]);
    const fromSqlite = vectorSearch(db, query as Float32Array, 15);
    const held = vectorMemoryFor(db, provider.id, generation as number, (query as Float32Array).length);
    memory = held;
    const fromMemory = held?.nearest(query as Float32Array, 15) ?? [];
    expect(fromMemory.map((h) => h.chunkId)).toEqual(fromSqlite.map((h) => h.chunkId));
    fromMemory.forEach((h, i) => expect(h.distance).toBeCloseTo(fromSqlite[i]?.distance ?? NaN, 5));
    // Among a few candidates (a hybrid search's lexical ones, one of them no chunk at all): the same as sqlite-vec's point reads.
    const among = new Set([...fromSqlite.slice(3, 9).map((h) => h.chunkId), 999_999]);
    const amongSqlite = vectorSearch(db, query as Float32Array, 4, among);
    const amongMemory = held?.nearestAmong(query as Float32Array, 4, among) ?? [];
    expect(amongMemory.map((h) => h.chunkId)).toEqual(amongSqlite.map((h) => h.chunkId));
    expect(amongMemory.map((h) => h.chunkId)).toEqual(fromSqlite.slice(3, 7).map((h) => h.chunkId));
  }
  return memory;
}

describe('vectors in memory', () => {
  it('the nearest chunks are sqlite-vec\'s, before and after an edit (changed chunks applied, removed ones gone)', async () => {
    keepVectorsInMemory();
    repo = tempRepo({ fixture: 'typescript' });
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const loaded = await compare(store.database, repo.root);
    repo.write('src/extra.ts', 'export function routeRequestToProvider(request: string): string {\n  return `provider for ${request}`;\n}\n');
    await indexRepository(repo.root, store);
    // The same vectors, brought up to date from the chunks the index says changed (not loaded again).
    expect(await compare(store.database, repo.root)).toBe(loaded);
    repo.remove('src/extra.ts');
    await indexRepository(repo.root, store);
    expect(await compare(store.database, repo.root)).toBe(loaded);
  });
});
