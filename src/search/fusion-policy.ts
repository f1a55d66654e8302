/**
 * When hybrid search fuses vector ranks into BM25. Pure. Applies to chunk rankings only: the engine keeps
 * vectors out of file ranking (prose and long queries by default), whose weights are on the BM25 scale.
 *
 * Measured on bench/search-vectors (dev set): vectors help natural-language queries (a sentence
 * describing behaviour), and hurt queries that name code (an identifier, a path), where the
 * lexical ranking with structural signals is already precise and a fused vector list only adds noise.
 */
import { isIdentifierQuery } from './ranking.js';

export interface FusionDecision {
  fuse: boolean;
  /** Why, for the answer's notes. */
  reason: string;
}

export function hybridFusion(query: string): FusionDecision {
  if (isIdentifierQuery(query)) return { fuse: false, reason: 'the query names code' };
  const words = query.match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length < 2) return { fuse: false, reason: 'a one-word query' };
  return { fuse: true, reason: 'a natural-language query' };
}

/** Rank offset of the lexical term: a lexical rank r contributes 1 / (LEXICAL_K + r + 1). */
export const LEXICAL_K = 10;
/** Weight of the cosine similarity. */
export const VECTOR_WEIGHT = 0.1;
/** Nearest chunks by vector alone that may join the lexical candidates (found by meaning only). */
export const VECTOR_ONLY_CANDIDATES = 10;

/**
 * Re-rank a lexical ranking with vector similarity: score = 1 / (LEXICAL_K + rank + 1) + VECTOR_WEIGHT × cosine.
 * The lexical order dominates (the first lexical hit leads the tenth by 0.045, a cosine gap of 0.45);
 * vectors decide among close lexical ranks and can lift a chunk that no query word matches
 * (`vectorOnly`, ranked as if just below the last lexical candidate).
 *
 * Tuned on the dev half of bench/search-vectors (doc sentence → function, Python and TypeScript):
 * reciprocal rank fusion of the two lists (k = 60, equal weights) LOST to BM25 alone on Python
 * (MRR@10 0.431 vs 0.465) because the word-vector ranking alone is much weaker (0.33); this re-ranking
 * gained on both. Held out (bench/results/search-vectors.md), hybrid with vs without the embedded vectors:
 * Python 0.463 vs 0.446 (51 queries better, 27 worse), TypeScript 0.198 vs 0.182 (26 better, 3 worse);
 * hand-written CoSQA-style short queries: 0.341 vs 0.326 with docstrings blanked, 0.572 vs 0.582 with them.
 */
export function fuseLexicalAndVectors(
  lexicalIds: readonly number[],
  similarity: ReadonlyMap<number, number>,
  vectorOnly: ReadonlyArray<{ chunkId: number; score: number }>,
): Map<number, number> {
  const fused = new Map<number, number>();
  lexicalIds.forEach((id, rank) => fused.set(id, 1 / (LEXICAL_K + rank + 1) + VECTOR_WEIGHT * (similarity.get(id) ?? 0)));
  const below = 1 / (LEXICAL_K + lexicalIds.length + 1);
  for (const hit of vectorOnly) if (!fused.has(hit.chunkId)) fused.set(hit.chunkId, below + VECTOR_WEIGHT * hit.score);
  return fused;
}

/** Short prose queries ranked by file: weight of a chunk's cosine similarity, as a share of the best lexical score. */
export const FILE_VECTOR_WEIGHT = 2.0;

/**
 * Vector evidence for the file ranking of a short prose query: each chunk's score plus FILE_VECTOR_WEIGHT × the
 * best lexical score × its cosine similarity (never below 0), and the nearest chunks by meaning alone join with that
 * part only. The lexical scores keep their scale, so file ranking's weights still apply.
 *
 * Measured on bench/query-function (dev, 228 queries, MRR@10). With the first embedded vectors (English + word2vec
 * code words; default 0.650 without): 0.3 → 0.652, 0.6 → 0.656, 1.0 → 0.654. With the trained code-search table
 * (with docstrings / docstrings removed): 0.6 → 0.668 / 0.476, 1.0 → 0.675 / 0.482 (kept), 1.5 → 0.674 / 0.477,
 * 2.0 → 0.666 / 0.471; min-max normalised cosines instead did no better (0.657-0.677 / 0.478-0.484). With the table
 * that also learned from web-search queries (composition 7), stronger vectors earn more weight: 1.0 → 0.672 / 0.487,
 * 1.5 → 0.676 / 0.489, 2.0 → 0.683 / 0.495 (kept), 2.5 → 0.686 / 0.490, 3.0 → 0.681 / 0.491, 4.0 → 0.674 / 0.492; and
 * bench/search-vectors' function-level default (Python / TypeScript) 0.461 / 0.289 at 1.0, 0.475 / 0.290 at 2.0.
 * The gain is largest where the query's words are not the code's (the gap set, the corpus without docstrings).
 */
export function addVectorEvidence<T>(
  ranked: ReadonlyArray<{ candidate: T; score: number }>,
  similarityOf: (candidate: T) => number,
  vectorOnly: ReadonlyArray<{ candidate: T; similarity: number }>,
  weight: number = FILE_VECTOR_WEIGHT,
): Array<{ candidate: T; score: number }> {
  const top = Math.max(0, ...ranked.map((r) => r.score));
  if (top <= 0) return [...ranked];
  const out = ranked.map((r) => ({ candidate: r.candidate, score: r.score + weight * top * Math.max(0, similarityOf(r.candidate)) }));
  for (const v of vectorOnly) out.push({ candidate: v.candidate, score: weight * top * Math.max(0, v.similarity) });
  return out;
}
