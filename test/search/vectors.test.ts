/** Search with vectors: a real OpenAI-compatible embedding server on 127.0.0.1 (bag-of-words vectors). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeConfig } from '../../src/core/config.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { search } from '../../src/search/engine.js';
import { prepareVectorSearcher } from '../../src/search/vector-searcher.js';
import { closedPort, startEmbeddingServer, type EmbeddingServer } from '../embed/embedding-server.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore;
let server: EmbeddingServer;

beforeAll(async () => {
  repo = tempRepo({ fixture: 'typescript' });
  repo.write('src/session.ts', `/** Refreshes an expired login session for the user. */
export function renewLogin(user: string): string {
  return user + ' renewed';
}
`);
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
  server = await startEmbeddingServer('ok');
});
afterAll(async () => {
  await server.close();
  store.close();
  repo.cleanup();
});

const config = (baseUrl: string) => mergeConfig({ embeddings: { provider: 'openai', baseUrl, model: 'bow-64' } });

describe('search with an embedding provider', () => {
  it('semantic mode ranks by vector similarity; hybrid re-ranks BM25 with vectors', async () => {
    const notes: string[] = [];
    const vectors = await prepareVectorSearcher(store.database, config(server.baseUrl), notes);
    expect(vectors).not.toBeNull();
    expect(notes.join()).toMatch(/embedded \d+ new chunk/);
    const semantic = await search(store.database, { query: 'expired login session user', mode: 'semantic' }, { root: repo.root, vectors });
    expect(semantic.results[0]?.symbol).toBe('renewLogin');
    expect(semantic.notes.join()).not.toMatch(/needs an embedding provider/);
    const hybrid = await search(store.database, { query: 'expired login session', rank: 'chunks' }, { root: repo.root, vectors });
    expect(hybrid.notes.join()).toMatch(/re-ranked with vector similarity .*vectors: openai:bow-64/);
    expect(hybrid.results[0]?.symbol).toBe('renewLogin');
    // Short prose queries are ranked by file by default, with vector similarity as one more piece of evidence.
    const byFile = await search(store.database, { query: 'expired login session' }, { root: repo.root, vectors });
    expect(byFile.ranking).toBe('files');
    expect(byFile.results[0]?.symbol).toBe('renewLogin');
    expect(byFile.notes.join()).toMatch(/vector similarity added to each chunk's evidence .*vectors: openai:bow-64/);
    // A long text keeps the file ranking without vectors, and says so.
    const long = await search(store.database, { query: 'Sessions expire.\nWhen the login session of a user has expired the user is logged out and must sign in again.' }, { root: repo.root, vectors });
    expect(long.ranking).toBe('files');
    expect(long.notes.join()).toMatch(/vectors not fused into file ranking \(a long text\); pass rank "chunks"/);

    // Unchanged chunks are never embedded twice.
    const before = server.texts().length;
    const again = await prepareVectorSearcher(store.database, config(server.baseUrl), []);
    expect(again).not.toBeNull();
    expect(server.texts().length - before).toBe(0);
  });

  it('falls back to BM25 with a note when the embedding server is down', async () => {
    const port = await closedPort();
    const notes: string[] = [];
    const vectors = await prepareVectorSearcher(store.database, mergeConfig({ embeddings: { provider: 'openai', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'bow-32' } }), notes);
    expect(vectors).toBeNull();
    expect(notes.join()).toMatch(/embeddings unavailable .*answered with BM25 only/);
    const answer = await search(store.database, { query: 'renew login', mode: 'semantic' }, { root: repo.root, vectors, notes });
    expect(answer.results[0]?.symbol).toBe('renewLogin');
    expect(answer.notes[0]).toMatch(/embeddings unavailable/);
  });

  it('falls back when the query cannot be embedded', async () => {
    const failing = { search: async () => Promise.reject(new Error('server said 500')) };
    const answer = await search(store.database, { query: 'renew login', mode: 'hybrid' }, { root: repo.root, vectors: failing });
    expect(answer.notes.join()).toMatch(/vector search failed \(server said 500\)/);
    expect(answer.results[0]?.symbol).toBe('renewLogin');
  });
});
