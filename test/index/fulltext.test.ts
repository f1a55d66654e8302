/**
 * The unfiltered fast paths of index/read/fulltext.ts (ranking in the full-text table alone, counting there, and
 * chunk files from the cached chunk → file map) must answer exactly what the joined, filtered queries answer when
 * the filters admit every chunk; and values cached per index version must be read again after a write.
 */
import { writeChunkFile } from '../helpers/chunk-files.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bm25Chunks, countChunkMatches, tokenChunkCountsPerFile } from '../../src/index/read/fulltext.js';
import { isUnfiltered } from '../../src/index/read/filters.js';
import { perIndexVersion } from '../../src/index/read/version-cache.js';
import { SqliteStore } from '../../src/index/store.js';
import { compileFilters } from '../../src/search/filters.js';
import { FIELD_WEIGHTS } from '../../src/search/ranking.js';

let root: string;
let store: SqliteStore;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-fulltext-'));
  store = SqliteStore.open(root);
});
afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});


const writeFile = (file: string, chunks: Record<string, string>): void => writeChunkFile(store, file, chunks);

/** Twelve files whose chunks share common words ("request", "parse") in different amounts, so BM25 scores differ. */
function writeCorpus(): void {
  for (let f = 0; f < 12; f++) {
    const chunks: Record<string, string> = {};
    for (let c = 0; c <= f % 4; c++) {
      chunks[`fn${f}_${c}`] = `${'request '.repeat(1 + ((f + c) % 3))} parse the ${c % 2 ? 'query string' : 'response body'} number ${f} ${'filler '.repeat(c * 3)}`;
    }
    writeFile(`src/file${f}.ts`, chunks);
  }
}

const unfiltered = compileFilters({});
// Admits every chunk, but is not "unfiltered": answered by the joined queries.
const everything = compileFilters({ path_not_contains: ['no-such-folder'] });

describe('full-text reads without filters', () => {
  it('compares the fast path with the joined one (the filters are told apart)', () => {
    expect(isUnfiltered(unfiltered)).toBe(true);
    expect(isUnfiltered(everything)).toBe(false);
  });

  it('ranks the same chunks in the same order, page by page, with and without texts', () => {
    writeCorpus();
    const db = store.database;
    const match = '"request" OR "parse" OR "query"';
    for (const [limit, offset] of [[5, 0], [5, 5], [100, 0], [3, 20]] as const) {
      for (const withText of [true, false]) {
        const fast = bm25Chunks(db, match, unfiltered, FIELD_WEIGHTS, { limit, offset, withText });
        const joined = bm25Chunks(db, match, everything, FIELD_WEIGHTS, { limit, offset, withText });
        expect(fast.map((h) => [h.chunkId, h.path, h.symbol, h.text, h.score])).toEqual(joined.map((h) => [h.chunkId, h.path, h.symbol, h.text, h.score]));
      }
    }
    const all = bm25Chunks(db, match, unfiltered, FIELD_WEIGHTS, { limit: 100 });
    expect(all.length).toBeGreaterThan(20);
    for (let i = 1; i < all.length; i++) expect(all[i]!.score).toBeLessThanOrEqual(all[i - 1]!.score);
    expect(all.every((h) => h.text.length > 0)).toBe(true);
  });

  it('counts the same matches', () => {
    writeCorpus();
    const db = store.database;
    for (const match of ['"request"', '"query" OR "body"', '"nothing"']) {
      expect(countChunkMatches(db, match, unfiltered)).toBe(countChunkMatches(db, match, everything));
    }
    expect(countChunkMatches(db, '"query"', unfiltered)).toBeGreaterThan(0);
  });

  it('counts the same chunks per file for each token, in file id order, also after a file is rewritten', () => {
    writeCorpus();
    const db = store.database;
    const check = (): void => {
      const fast = tokenChunkCountsPerFile(db, unfiltered);
      const joined = tokenChunkCountsPerFile(db, everything);
      for (const token of ['request', 'query', 'body', 'filler', 'absent']) expect(fast(token)).toEqual(joined(token));
    };
    check();
    expect(tokenChunkCountsPerFile(db, unfiltered)('query').length).toBeGreaterThan(3);
    // New chunk ids (and a file whose chunks moved): the cached chunk → file map must follow.
    writeFile('src/file3.ts', { only: 'query query query' });
    writeFile('src/new.ts', { fresh: 'query body' });
    check();
    // A file whose chunk ids are not consecutive (the map reads one id range per file, and these one by one).
    const db2 = store.database;
    const ids = db2.prepare('SELECT id FROM chunks ORDER BY id').all().map((r) => Number((r as { id: number }).id));
    const [first] = db2.prepare('SELECT file_id FROM chunks WHERE id = ?').all(ids[0] ?? 0) as Array<{ file_id: number }>;
    db2.prepare('UPDATE chunks SET file_id = ? WHERE id = ?').run(first?.file_id ?? 0, ids[ids.length - 1] ?? 0);
    check();
  });
});

describe('perIndexVersion', () => {
  it('computes once per version of the index, again after a write', () => {
    const db = store.database;
    let computed = 0;
    const read = (): number => perIndexVersion(db, 'test value', () => ++computed);
    expect(read()).toBe(1);
    expect(read()).toBe(1);
    writeFile('src/a.ts', { a: 'alpha' });
    expect(read()).toBe(2);
    expect(read()).toBe(2);
    // Another key is cached apart.
    expect(perIndexVersion(db, 'other value', () => 'other')).toBe('other');
    expect(read()).toBe(2);
  });
});
