/**
 * A second chunk for the top files of a short query's file ranking. One result per file hides the answer when a
 * large file holds several close matches (a module of 200 utility functions): the file ranks first, its best chunk
 * is shown, and the function asked about, its runner-up, is not. So each of the first SECOND_CHUNK_FILES files also
 * shows its second-best chunk when that scores at least SECOND_CHUNK_SHARE of the best, is a definition, and lies
 * outside the shown chunk (a method inside the shown class is already in view). At most SECOND_CHUNK_PAGE_SHARE of
 * the page goes to second chunks, so the first page still spans at least 7 files of 10.
 *
 * Measured on bench/search-vectors (dev, doc sentence → function in real repositories, the default ranking),
 * function MRR@10: Python 0.436 → 0.469 (Recall@10 0.50 → 0.58), TypeScript 0.282 → 0.285, file MRR unchanged;
 * share 0.5 scored about the same (0.468 / 0.282). bench/query-function (one function per file) is unchanged
 * (0.665 / 0.478), as it must be; without the "outside the shown chunk" rule it lost there (0.663 / 0.473: a
 * function's nested helper took a place).
 */

/** Files (from the top) that may show a second chunk. */
export const SECOND_CHUNK_FILES = 3;
/** The second chunk's score as a share of the file's best chunk, at least. */
export const SECOND_CHUNK_SHARE = 0.7;
/** Share of the page that second chunks may take. */
export const SECOND_CHUNK_PAGE_SHARE = 0.3;

export interface RankedChunk<T> {
  candidate: T & { symbol: string | null; startLine: number; endLine: number };
  score: number;
}

/** The file's chunk to show second, or null: `chunks` best first, the first one shown. */
export function secondChunk<T>(chunks: ReadonlyArray<RankedChunk<T>>): RankedChunk<T> | null {
  const best = chunks[0];
  const second = chunks[1];
  if (!best || !second || best.score <= 0) return null;
  const c = second.candidate;
  if (c.symbol === null) return null;
  if (c.startLine <= best.candidate.endLine && c.endLine >= best.candidate.startLine) return null;
  return second.score >= SECOND_CHUNK_SHARE * best.score ? second : null;
}

/** How many second chunks a page of `want` results may show. */
export function secondChunkAllowance(want: number): number {
  return Math.floor(want * SECOND_CHUNK_PAGE_SHARE);
}
