import { describe, expect, it } from 'vitest';
import { searchTokens } from '../../src/core/code-tokens.js';
import { relatedCodeWords } from '../../src/search/code-synonyms.js';
import { describeExpansion, expansionTokens, mergeExpansion } from '../../src/search/query-expansion.js';
import type { Candidate } from '../../src/search/ranking.js';

const candidate = (chunkId: number, score: number): Candidate => ({
  chunkId, path: `f${chunkId}.py`, symbol: null, kind: 'function', startLine: 1, endLine: 2, text: '', isExported: null, score,
});

describe('code words related to a query', () => {
  it('maps everyday words and abbreviations both ways, as the index stores them (stemmed)', () => {
    const related = relatedCodeWords(searchTokens('remove key from dictionary'));
    expect(related.get('dictionary')?.map((r) => r.word)).toEqual(expect.arrayContaining(['dict', 'mapping']));
    expect(related.get(searchTokens('remove')[0] ?? '')?.map((r) => r.word)).toEqual(expect.arrayContaining(['delete', 'drop']));
    // Tokens are what the index holds: `delete` is stored as its stem.
    expect(expansionTokens(related)).toContain(searchTokens('delete')[0]);
    expect(relatedCodeWords(searchTokens('dict')).get('dict')?.map((r) => r.word)).toContain('dictionary');
  });

  it('leaves out words the query already has, words without a group, and lists each related word once', () => {
    const related = relatedCodeWords(searchTokens('merge dict dictionary zebra'));
    expect(related.has('zebra')).toBe(false);
    const words = [...related.values()].flat().map((r) => r.token);
    expect(words).not.toContain('dict');
    expect(words).not.toContain('dictionary');
    expect(new Set(words).size).toBe(words.length);
  });
});

describe('merging expansion matches', () => {
  it('adds a fraction of the expansion score and admits chunks only the expansion found, best first', () => {
    const merged = mergeExpansion([candidate(1, 10), candidate(2, 9)], [candidate(2, 10), candidate(3, 20)], 0.35, 10);
    expect(merged.map((c) => [c.chunkId, c.score])).toEqual([[2, 12.5], [1, 10], [3, 7]]);
    expect(mergeExpansion([candidate(1, 10)], [candidate(3, 20)], 0.35, 1).map((c) => c.chunkId)).toEqual([1]);
  });

  it('names what was also searched for, with the query word as written', () => {
    const related = relatedCodeWords(searchTokens('dictionary'));
    const note = describeExpansion(related, 'dictionary', 0.35);
    expect(note).toMatch(/dictionary → dict, mapping/);
    expect(note).toMatch(/0\.35/);
  });
});
