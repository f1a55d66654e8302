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

function write(name: string, weighted: boolean): string {
  const file = path.join(dir, name);
  const bytes = (encodeWordVectorTable as (...args: unknown[]) => Buffer)('test', 3, ['alpha', 'beta', 'gamma'], [[3, 0, 0], [0, 0.5, 0], [0, 0, 1]], { weighted });
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
});
