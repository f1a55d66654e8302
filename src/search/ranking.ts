/**
 * Pure ranking pieces: BM25 field weights, structural signals, reciprocal rank
 * fusion, diversity across files, related terms. Data in, data out.
 */
import { codeTokens } from '../core/code-tokens.js';
import type { ChunkHit } from '../index/read/fulltext.js';

/**
 * BM25 weights per full-text field, tuned on bench/search-quality (see
 * bench/results/search-quality.md): heavier field weights (name 10, signature 4,
 * docstring 2, path 1.5) lost 0.04-0.09 MRR@10 on the hand-written questions and
 * gained nothing on the doc-sentence set; name 2 with the rest at 1 was best.
 */
export const FIELD_WEIGHTS = { name: 2, signature: 1, docstring: 1, path: 1, body: 1 } as const;

/** A chunk as the index's full text returns it (index/read/fulltext.ts): what ranking works on. */
export type Candidate = ChunkHit;

const STRONG_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'class', 'interface', 'type_alias', 'enum', 'data_type', 'type_class']);

/**
 * Hybrid ranking without vectors: BM25 adjusted by structure. A definition whose
 * name is a query term beats a body that merely mentions it; exported beats private;
 * definitions beat leftover top-level code; the caller's files come first.
 */
export function structuralScore(
  candidate: Candidate,
  queryTokens: ReadonlySet<string>,
  contextFiles: ReadonlySet<string>,
  identifierQuery: boolean,
): number {
  let factor = 1;
  if (contextFiles.has(candidate.path)) factor += 2; // the caller is working there: first
  // Measured on bench/search-quality: for prose queries every structural boost lowered
  // MRR@10 (by 0.03-0.06), so they apply only when the query names code.
  if (!identifierQuery) return candidate.score * factor;
  const name = candidate.symbol ? (candidate.symbol.split('.').pop() ?? '').toLowerCase() : '';
  if (name && queryTokens.has(name)) factor += 1.0;
  else if (name && codeTokens(name).some((t) => queryTokens.has(t))) factor += 0.3;
  if (STRONG_KINDS.has(candidate.kind)) factor += 0.2;
  if (candidate.kind === 'file') factor -= 0.4;
  if (candidate.isExported) factor += 0.1;
  return candidate.score * factor;
}

/** A query that names code: one token, or any camelCase / snake_case / dotted identifier in it. */
export function isIdentifierQuery(query: string): boolean {
  const words = query.trim().split(/\s+/);
  if (words.length === 1) return true;
  return words.some((w) => /[a-z][A-Z]|[A-Za-z]_[A-Za-z]|[A-Za-z]\.[A-Za-z]|^[A-Z][a-z]+[A-Z]/.test(w));
}

/** Reciprocal rank fusion (k = 60) of ranked id lists. */
export function reciprocalRankFusion(lists: number[][], k = 60): Map<number, number> {
  const fused = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + rank + 1)));
  }
  return fused;
}

/** Discover stage: round-robin across files so the first page shows many places. */
export function diversify<T extends { path: string }>(ranked: T[], perFile: number): T[] {
  const counts = new Map<string, number>();
  const first: T[] = [];
  const rest: T[] = [];
  for (const item of ranked) {
    const n = counts.get(item.path) ?? 0;
    counts.set(item.path, n + 1);
    (n < perFile ? first : rest).push(item);
  }
  return [...first, ...rest];
}

const STOP: ReadonlySet<string> = new Set(
  'the a an of to in on for and or is are be by with as at from this that it its if else return const let var function class new import export default type interface public private protected static void null undefined true false async await yield get set of value string number boolean any unknown never'.split(' '),
);

/** Terms that co-occur in the top results, for the agent to refine its query with (as written, lower-cased). */
export function relatedTerms(texts: string[], queryTokens: ReadonlySet<string>, count = 8): string[] {
  const frequency = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const match of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      const word = match[0].toLowerCase();
      if (word.length < 3 || STOP.has(word) || seen.has(word)) continue;
      if (queryTokens.has(word) || codeTokens(word).every((t) => queryTokens.has(t))) continue;
      seen.add(word);
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  return [...frequency.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([t]) => t);
}

/** Token 3-gram shingles, for `similar` without vectors. */
export function shingles(text: string, size = 3): Set<string> {
  const tokens = codeTokens(text);
  const out = new Set<string>();
  for (let i = 0; i + size <= tokens.length; i++) out.add(tokens.slice(i, i + size).join(' '));
  if (out.size === 0 && tokens.length > 0) out.add(tokens.join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Edit distance with an early exit above `max` (for fuzzy definition lookup). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}
