/**
 * A question read (query analysis) with its seeds found: what the pipeline hands both to the exploration
 * and to the verify step, which run side by side from here (ask.ts).
 */
import type { ScoutLink } from './link.js';
import type { AnalyzedQuery } from './query-analysis.js';

export interface SeededQuestion {
  query: AnalyzedQuery;
  /** The declarations the question names (or search hits for a free-text question), rated as nodes too. */
  seeds: ScoutLink[];
  /** Near names when nothing matched the target. */
  suggestions: string[];
  /** What seeding had to say (a search fallback, nothing matched). */
  notes: string[];
}
