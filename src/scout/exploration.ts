/**
 * What the exploration loop takes and gives back, as data: its options, each visited link with its rating
 * and decision, and the exploration as a whole (which synthesis turns into the answer).
 */
import type { IndexDb } from '../index/db.js';
import type { LspService } from '../lsp/lsp-service.js';
import type { ScoutLink } from './link.js';
import type { SetAsideSite } from './places.js';
import type { ExpandDecision, PolicyCoefficients } from './policy.js';
import type { Rating, Scorer } from './scorers/scorer.js';
import type { SeededQuestion } from './seeded-question.js';

export interface ExploreOptions {
  root: string;
  db: IndexDb;
  lsp: LspService;
  scorer: Scorer;
  policy?: PolicyCoefficients;
  tags?: string[] | null;
  /** Descriptions of the caller's tags, passed to model scorers with the tags. */
  tagHints?: Record<string, string> | null;
  budget?: number | null;
  /**
   * Milliseconds after which no further link is expanded (the one under way finishes; 0 or absent: no limit). A
   * language server loading a large project can take seconds per call, and an answer is wanted within ~10 s.
   */
  timeBudgetMs?: number;
  depth?: number | null;
  breadth?: number | null;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

export interface ProgressEvent {
  kind: 'seeded' | 'expanding' | 'rated' | 'done';
  message: string;
  nodesVisited: number;
  budgetRemaining: number;
}

export interface VisitedLink {
  link: ScoutLink;
  parent: string | null;
  rating: Rating | null;
  decision: ExpandDecision | null;
  expanded: boolean;
  /** Scored above the threshold but a leaf (a case label, a key): rated and reported, nothing to follow. */
  leaf: boolean;
}

export interface Exploration extends SeededQuestion {
  /** The nodes rated: one per place (a site and the sites folded into it, see places.ts). */
  visited: VisitedLink[];
  /** Sites the intent ignores by rule (imports, re-exports), set aside without rating. */
  setAside: SetAsideSite[];
  /** Every site the exploration looked at: the nodes' sites, repeats of a line already rated, and the sites set aside. */
  sitesSeen: number;
  seeds: ScoutLink[];
  budget: number;
  budgetRemaining: number;
  expansions: number;
  notes: string[];
  sources: { lsp: number; index: number };
  /** Near names when nothing matched the target. */
  suggestions: string[];
  elapsedMs: number;
}

