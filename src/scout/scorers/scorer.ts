/**
 * The Scorer interface: judgment only. A scorer rates links with rubrics; it never decides what to
 * expand (that is policy.ts) and never does exploration I/O (that is the loop's).
 *
 * Contract every implementation keeps:
 * - `rate` resolves to exactly one rating per link, in the links' order;
 * - it does not reject on a bad model, a dead endpoint or a timeout: it falls back (source 'fallback',
 *   with a note saying why); it rejects only when the caller's `signal` aborts;
 * - rubrics are valid (scores 1-5 integers, tags among the query's tags, reason at most 200 chars).
 */
import type { ScoutLink } from '../link.js';
import type { AnalyzedQuery } from '../query-analysis.js';
import type { Rubric } from '../rubric.js';

/** Who produced a rating: 'fallback' is the heuristic standing in for a scorer that failed on this link. */
export type RatingSource = 'heuristic' | 'llm' | 'mock' | 'fallback';

export interface Rating {
  rubric: Rubric;
  source: RatingSource;
  /** Why a fallback happened, or what was repaired in a model's answer. */
  note?: string;
}

export interface Scorer {
  /** 'heuristic', 'llm', 'mock', or a wrapper's inner name. */
  readonly name: string;
  /** Model scorers read the server's hover in each link's context: the loop fetches it for them (bounded). */
  readonly wantsHover?: boolean;
  rate(query: AnalyzedQuery, links: readonly ScoutLink[], signal?: AbortSignal): Promise<Rating[]>;
}
