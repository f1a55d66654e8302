/** Which runner-up chunk a file-ranked result may show (pure). */
import { describe, expect, it } from 'vitest';
import { SECOND_CHUNK_SHARE, secondChunk, secondChunkAllowance } from '../../src/search/second-chunk.js';

const chunk = (symbol: string | null, startLine: number, endLine: number, score: number) => ({ candidate: { symbol, startLine, endLine }, score });

describe('secondChunk', () => {
  const best = chunk('parse', 1, 10, 10);

  it('shows a close runner-up that lies outside the shown chunk', () => {
    const runnerUp = chunk('format', 20, 30, 10 * SECOND_CHUNK_SHARE);
    expect(secondChunk([best, runnerUp])).toBe(runnerUp);
  });

  it('not one that scores below the share of the best', () => {
    expect(secondChunk([best, chunk('format', 20, 30, 10 * SECOND_CHUNK_SHARE - 0.01)])).toBeNull();
  });

  it('not one inside (or around) the shown chunk: it is in view already', () => {
    expect(secondChunk([best, chunk('parse.helper', 3, 5, 9)])).toBeNull();
    expect(secondChunk([chunk('Parser.parse', 5, 8, 10), chunk('Parser', 1, 40, 9)])).toBeNull();
  });

  it('not leftover top-level code, and nothing for a file with one chunk', () => {
    expect(secondChunk([best, chunk(null, 40, 60, 9)])).toBeNull();
    expect(secondChunk([best])).toBeNull();
    expect(secondChunk([])).toBeNull();
  });

  it('leaves at least 7 files on a page of 10', () => {
    expect(secondChunkAllowance(10)).toBe(3);
    expect(secondChunkAllowance(3)).toBe(0);
  });
});
