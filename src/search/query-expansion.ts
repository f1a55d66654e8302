/**
 * Query expansion for short prose queries: the chunks that match code words related to the query's words
 * (search/code-synonyms.ts) join the ranking at a fraction of their BM25 score. Pure: chunk lists in, one list out.
 *
 * Measured on bench/query-function (dev halves of both query sets, 228 queries, MRR@10): weight 0.35 gained
 * 0.641 → 0.649 (19 queries better, 14 worse); 0.5 gained less (0.645, 22 better, 21 worse); expanding with the
 * nearest words of the embedded word vectors instead LOST (0.641 → 0.60-0.62: `first` is nearest to `second`,
 * `remove` to `add`).
 */
import { searchTokens } from '../core/code-tokens.js';
import type { RelatedWord } from './code-synonyms.js';
import type { Candidate } from './ranking.js';

/** Share of an expansion match's BM25 score that counts (a query word's own match counts 1). */
export const EXPANSION_WEIGHT = 0.35;

/** The lexical ranking with expansion matches added: score + weight × expansion score; best first, at most `limit`. */
export function mergeExpansion(lexical: readonly Candidate[], expansion: readonly Candidate[], weight: number, limit: number): Candidate[] {
  const byId = new Map(lexical.map((c) => [c.chunkId, { ...c }]));
  for (const c of expansion) {
    const seen = byId.get(c.chunkId);
    if (seen) seen.score += weight * c.score;
    else byId.set(c.chunkId, { ...c, score: weight * c.score });
  }
  return [...byId.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/** The note naming what was also searched for, each query word as written: `dictionary → dict, mapping; remove → delete, drop`. */
export function describeExpansion(related: ReadonlyMap<string, readonly RelatedWord[]>, query: string, weight: number): string {
  const written = new Map<string, string>();
  for (const word of query.match(/[A-Za-z0-9_$]+/g) ?? []) for (const t of searchTokens(word)) if (!written.has(t)) written.set(t, word.toLowerCase());
  const parts = [...related].map(([token, words]) => `${written.get(token) ?? token} → ${words.map((w) => w.word).join(', ')}`);
  return `also searched for code words related to the query's, at ${weight} of a query word's weight: ${parts.join('; ')}; pass mode exact to search the query's own words only`;
}

/** The expansion's search tokens, each once. */
export function expansionTokens(related: ReadonlyMap<string, readonly RelatedWord[]>): string[] {
  return [...new Set([...related.values()].flat().map((r) => r.token))];
}
