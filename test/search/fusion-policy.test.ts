import { describe, expect, it } from 'vitest';
import { addVectorEvidence, FILE_VECTOR_WEIGHT, fuseLexicalAndVectors, hybridFusion, LEXICAL_K, VECTOR_WEIGHT } from '../../src/search/fusion-policy.js';

describe('hybridFusion', () => {
  it('fuses natural-language queries, not queries that name code or single words', () => {
    expect(hybridFusion('check if a file exists').fuse).toBe(true);
    expect(hybridFusion('parseDuration').fuse).toBe(false);
    expect(hybridFusion('where is parse_duration called').fuse).toBe(false);
    expect(hybridFusion('duration').fuse).toBe(false);
  });
});

describe('fuseLexicalAndVectors', () => {
  it('keeps the lexical order unless similarities differ a lot, and admits vector-only hits below the lexical ones', () => {
    const fused = fuseLexicalAndVectors([1, 2, 3], new Map([[1, 0.2], [2, 0.25], [3, 0.9]]), [{ chunkId: 9, score: 0.95 }, { chunkId: 2, score: 0.25 }]);
    expect(fused.get(1)).toBeCloseTo(1 / (LEXICAL_K + 1) + VECTOR_WEIGHT * 0.2);
    const order = [...fused.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    // 3 is far more similar: it overtakes; 1 stays above 2 (close similarity, better lexical rank).
    expect(order).toEqual([3, 9, 1, 2]);
    expect(fused.size).toBe(4);
  });
});

describe('addVectorEvidence (file ranking of short prose queries)', () => {
  it('adds weight × best lexical score × cosine, never subtracts, and admits vector-only chunks with that part only', () => {
    const ranked = [{ candidate: 'a', score: 10 }, { candidate: 'b', score: 8 }];
    const similarity: Record<string, number> = { a: 0.1, b: 0.6 };
    const out = addVectorEvidence(ranked, (c) => similarity[c] ?? 0, [{ candidate: 'v', similarity: 0.9 }, { candidate: 'w', similarity: -0.4 }], 0.5);
    expect(out.map((r) => [r.candidate, r.score])).toEqual([['a', 10.5], ['b', 11], ['v', 4.5], ['w', 0]]);
    expect(FILE_VECTOR_WEIGHT).toBeGreaterThan(0);
  });

  it('leaves a ranking without lexical evidence as it is', () => {
    expect(addVectorEvidence([{ candidate: 'a', score: 0 }], () => 1, [{ candidate: 'v', similarity: 1 }])).toEqual([{ candidate: 'a', score: 0 }]);
  });
});
