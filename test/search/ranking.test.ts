import { describe, expect, it } from 'vitest';
import { diversify, editDistance, isIdentifierQuery, jaccard, reciprocalRankFusion, shingles, structuralScore, type Candidate } from '../../src/search/ranking.js';

const candidate = (over: Partial<Candidate>): Candidate => ({
  chunkId: 1, path: 'src/a.ts', symbol: 'parseDuration', kind: 'function', startLine: 1, endLine: 2, text: '', isExported: true, score: 1, ...over,
});

describe('ranking pieces', () => {
  it('fuses ranked lists by reciprocal rank (k = 60)', () => {
    const fused = reciprocalRankFusion([[1, 2, 3], [3, 1]]);
    expect(fused.get(1)).toBeCloseTo(1 / 61 + 1 / 62);
    expect(fused.get(3)).toBeCloseTo(1 / 63 + 1 / 61);
    expect(fused.get(2)).toBeCloseTo(1 / 62);
  });

  it('applies structural signals only to queries that name code', () => {
    expect(isIdentifierQuery('parseDuration')).toBe(true);
    expect(isIdentifierQuery('where is max_file_bytes read')).toBe(true);
    expect(isIdentifierQuery('parse a duration string')).toBe(false);
    const named = structuralScore(candidate({}), new Set(['parseduration']), new Set(), true);
    expect(named).toBeGreaterThan(2);
    expect(structuralScore(candidate({}), new Set(['parseduration']), new Set(), false)).toBe(1);
    expect(structuralScore(candidate({ kind: 'file', symbol: null }), new Set(), new Set(), true)).toBeLessThan(1);
    expect(structuralScore(candidate({}), new Set(), new Set(['src/a.ts']), false)).toBe(3);
  });

  it('spreads the discover stage across files', () => {
    const ranked = ['a', 'a', 'a', 'b', 'c'].map((path) => ({ path }));
    expect(diversify(ranked, 1).map((r) => r.path)).toEqual(['a', 'b', 'c', 'a', 'a']);
  });

  it('measures snippet similarity and edit distance', () => {
    expect(jaccard(shingles('a b c d'), shingles('a b c d'))).toBe(1);
    expect(jaccard(shingles('a b c d'), shingles('x y z w'))).toBe(0);
    expect(editDistance('llmknd', 'llmkind', 2)).toBe(1);
    expect(editDistance('abc', 'xyzabc', 2)).toBe(3);
  });
});
