/**
 * File ranking for prose and long queries: a first page that spans files. Pure:
 * per-file evidence in, ranked files out. Evidence per file: its best chunks
 * (chunk BM25, or fused chunk scores), whole-file term evidence (a BM25 over the
 * file's chunks taken together), definitions named by the query, verbatim strings
 * (error messages, quoted text) found in it, and paths the query mentions.
 * Test files can be demoted (a path pattern applied at ranking time, never stored).
 */
import { codeTokens, searchTokens } from '../core/code-tokens.js';
import type { IssueTerms } from './issue-text.js';

/** Path patterns of test files, applied at ranking time only (shown in notes, switchable). */
export const TEST_PATH_PATTERN =
  /(^|\/)(tests?|__tests__|spec|specs|testing)\/|(^|\/)test_[^/]*\.py$|_test\.(py|go)$|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)conftest\.py$/;

export function isTestPath(p: string): boolean {
  return TEST_PATH_PATTERN.test(p);
}

/**
 * Path patterns of code that shows or documents the project rather than being it: examples, demos, docs and the
 * project's website. A bug is fixed in the code they use, and they repeat its words (an example app says "ssg",
 * "query client" and "websocket" as often as the library does). Demoted with the tests, at ranking time only.
 * bench/localize's TypeScript set (dev): the examples and website pages of trpc filled the first page.
 */
export const EXAMPLE_PATH_PATTERN = /(^|\/)(examples?|demos?|docs?|website|www|playgrounds?)\//;

export function isExamplePath(p: string): boolean {
  return EXAMPLE_PATH_PATTERN.test(p);
}

export interface FileEvidence {
  path: string;
  /** Best chunk score (BM25 or fused), 0 when no chunk of the file made the pool. */
  chunk: number;
  /** Second-best chunk score. */
  chunk2: number;
  /** Whole-file term score (BM25 over the file's chunks taken together). */
  whole: number;
  /** Definitions in the file named by the query (weighted: a name defined in many files counts less). */
  definitions: number;
  /** Verbatim strings from the query (error messages, quoted text) found in the file. */
  literals: number;
  /** The query mentions this file's path (a trace frame, a file name). */
  pathMention: number;
  isTest: boolean;
  /** An example, demo, docs or website file (EXAMPLE_PATH_PATTERN). */
  isExample: boolean;
}

export const FILE_WEIGHTS = { whole: 1.0, chunk: 0.6, chunk2: 0.15, definitions: 0.5, literals: 0.6, pathMention: 0.8, testFactor: 0.5 } as const;

/**
 * Short queries: the best chunk leads. With a few words, the one function that matches them all (and
 * repeats them) is the answer; whole-file evidence (how many of the words a file has anywhere) is what
 * finds the file to fix in a long issue text, and for a short query it mostly rewards long files.
 * bench/query-function (dev, MRR@10): whole 0.3 → 0.704, 0.6 → 0.696, 1.0 (the long-text weight) → 0.688.
 */
export const SHORT_QUERY_FILE_WEIGHTS = { ...FILE_WEIGHTS, whole: 0.3, chunk: 1.0 } as const;

export interface RankedFile {
  path: string;
  score: number;
  evidence: FileEvidence;
}

export function rankFiles(evidence: FileEvidence[], demoteTests: boolean, weights: { readonly [K in keyof typeof FILE_WEIGHTS]: number } = FILE_WEIGHTS): RankedFile[] {
  const max = (f: (e: FileEvidence) => number): number => Math.max(1e-9, ...evidence.map(f));
  const chunkMax = max((e) => e.chunk);
  const wholeMax = max((e) => e.whole);
  const defMax = Math.max(1, ...evidence.map((e) => e.definitions));
  const litMax = Math.max(1, ...evidence.map((e) => e.literals));
  const out = evidence.map((e) => {
    let score =
      weights.whole * (e.whole / wholeMax) +
      weights.chunk * (e.chunk / chunkMax) +
      weights.chunk2 * (e.chunk2 / chunkMax) +
      weights.definitions * (e.definitions / defMax) +
      weights.literals * (e.literals / litMax) +
      weights.pathMention * Math.min(1, e.pathMention);
    if (demoteTests && (e.isTest || e.isExample)) score *= weights.testFactor;
    return { path: e.path, score, evidence: e };
  });
  out.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return out;
}

/** BM25 term weight from file frequencies. */
export function idf(filesWithTerm: number, files: number): number {
  return Math.log(1 + (files - filesWithTerm + 0.5) / (filesWithTerm + 0.5));
}

/** Saturated term frequency (BM25, k1 = 1.2, b = 0.75) with file length in chunks. */
export function saturate(tf: number, length: number, averageLength: number): number {
  const k1 = 1.2;
  const b = 0.75;
  return (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / Math.max(1, averageLength)));
}

/** English words that carry no meaning for ranking (issue prose is full of them). */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below between both but by can cannot could
  did do does doesn doing don down during each even ever few for from further get gets got had has have having he her here hers him his how i
  if in into is isn it its itself just let like ll make makes may me might more most much must my no nor not now of off on once only or other
  our out over own please re same see seems she should so some such than that the their them then there these they this those though through
  to too under until up us ve very via was wasn way we were what when where which while who whom why will with won would you your yours
  currently actually already instead still thing things want wanted using used use uses able need needs new now one two e g eg ie etc fix fixes fixed
  issue issues problem pr change changes changed add added adds now when whenever`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of up to which a one-line query is short ("python read file with encoding"), not an issue text. */
export const SHORT_QUERY_WORDS = 12;

export function isShortQuery(query: string): boolean {
  return !/[\r\n]/.test(query.trim()) && query.trim().split(/\s+/).length <= SHORT_QUERY_WORDS;
}

/**
 * Stop words apply to long texts only. In a short query every word counts, measured on bench/query-function
 * (dev): "add header to response" names `add_header`, "split list into n parts" needs `n` and `into`.
 */
function isStopWord(word: string, short: boolean): boolean {
  return !short && STOP_WORDS.has(word);
}

export interface WeightedToken {
  token: string;
  weight: number;
}

/**
 * The query's search tokens, weighted: prose words once per occurrence (saturating), what the
 * text names as code (identifiers, paths, options, error strings) three times as much. Stop words and
 * the `skip` words (the repository's own language) go unless nothing else is left. At most `max` tokens, the heaviest first.
 */
export function weightedTokens(query: string, terms: IssueTerms, max: number, skip: ReadonlySet<string> = new Set(), short = false): WeightedToken[] {
  const counts = new Map<string, number>();
  const order: string[] = [];
  const add = (token: string, weight: number): void => {
    if (!counts.has(token)) order.push(token);
    counts.set(token, (counts.get(token) ?? 0) + weight);
  };
  const dropped = (word: string): boolean => isStopWord(word, short) || skip.has(word);
  // A long text keeps both forms of a suffixed word (`parsing`, `pars`): on the localization dev set that double
  // weight scored better (Acc@5 0.96 against 0.92); a short query counts each word once (bench/query-function).
  const tokensOf = (text: string): string[] => (short ? searchTokens(text, dropped) : codeTokens(text));
  const useful = (t: string): boolean => !isStopWord(t, short) && (short || (t.length > 1 && !/^\d+$/.test(t)));
  for (const t of tokensOf(query)) if (useful(t)) add(t, 1);
  const named = [...terms.identifiers, ...terms.options, ...terms.paths.map((p) => p.replace(/\.[a-z]+$/, '')), ...terms.errors];
  for (const n of named) for (const t of new Set(tokensOf(n))) if (useful(t)) add(t, 2);
  let out = order.map((token) => ({ token, weight: 1 + Math.log(counts.get(token) ?? 1) }));
  if (out.length === 0) out = [...new Set(codeTokens(query))].map((token) => ({ token, weight: 1 }));
  // Stable: heaviest first, then first occurrence.
  const index = new Map(order.map((t, i) => [t, i]));
  out.sort((a, b) => b.weight - a.weight || (index.get(a.token) ?? 0) - (index.get(b.token) ?? 0));
  return out.slice(0, max);
}

/** Queries ranked by file: prose and long texts. Identifier queries (a few words, naming code) keep the chunk ranking. */
export function prefersFileRanking(query: string, identifierQuery: boolean): boolean {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 5) return true;
  return !identifierQuery && words.length >= 2;
}
