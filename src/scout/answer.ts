/**
 * The answer to one question, as both renderers (CLI and MCP) and every caller read it: a summary, pointers
 * ranked by what to do first, what was safely ignored, and meta. Data only; synthesis.ts builds it,
 * render-answer.ts prints it.
 */
import type { RiskLevel } from './risk.js';

export interface Pointer {
  location: string;
  what: string;
  risk: RiskLevel;
  relevance: number;
  action: string;
  /** Other lines of the same place (same file, enclosing definition and risk), listed once here; an enumeration pointer lists the lines of the constructs naming the most members first. */
  also?: number[];
  /** Set when a language's checker reported an error here for the change (see meta.verified_by). */
  verified?: true;
  /** An enumeration site: how many of the type's members it names, whether it has a default (`what` names a few members it lacks), and whether it names their values or bare names (a mirror) rather than the members. */
  lists?: { members: number; of: number; default: boolean; mirrors?: 'values' | 'names' };
}

/** What verified the answer's high-risk pointers (null when nothing did: the reason is in meta.notes). */
export interface VerifiedBy {
  checker: string;
  version: string;
  /** The declaration changed and how (`LLMKind`, `enum (string)`, `src/kinds.ts:2`). */
  target: string;
  /** The edit made in memory (never on disk). */
  edit: string;
  /** New errors, and the places (pointers) they group into. */
  errors: number;
  places: number;
  checked_files: number;
  /** Files that can see the change but were not checked in time (the check is partial); absent when none. */
  unchecked_files?: number;
  ms: number;
}

/** Places after a page's pointers, in brief (answer-page.ts): a file, its lines, and how many pointers they fold. */
export interface FileLines {
  file: string;
  count: number;
  lines: number[];
}

export interface ScoutAnswer {
  summary: string;
  pointers: Pointer[];
  /** On a first page: the pointers after it, in brief (file and lines), as many as the page's tokens allow. */
  by_file?: FileLines[];
  ignored: { total: number; by_role: Record<string, number>; examples: string[] };
  meta: {
    /** Nodes rated: places, each a site and the sites of the same kind in the same definition (see scout/places). */
    nodes_visited: number;
    /** Sites looked at: the nodes' sites, plus lines already rated and sites set aside by rule without rating. */
    sites_seen: number;
    budget: number;
    budget_remaining: number;
    interpretation: string;
    /** The whole answer: reading the question to the synthesized pointers (the checker's wait included). */
    elapsed_ms: number;
    sources: { lsp: number; index: number };
    scorer: string;
    notes: string[];
    pointers_omitted: number;
    /** Present for change questions: the rule risk labels follow (risk.ts). */
    risk_rule?: string;
    /**
     * "Add a variant" questions: the members read from the declaration and the enumeration sites found.
     * `other_declarations`: same-named types elsewhere, other targets whose uses were left out. `new_member` and
     * `like_new`: the new member the question names and the members resembling it, whose places come first.
     */
    enumeration?: { type: string; members: number; sites: number; full_without_default: number; files_read: number; ms: number; other_declarations?: number; new_member?: string; like_new?: string[] } | null;
    /** Present for change questions: the checker that verified the high-risk pointers, or null (see notes). */
    verified_by?: VerifiedBy | null;
    freshness?: unknown;
  };
}

/** Pointers kept in the answer; the rest are counted (answers stay within ~2,000 tokens). */
export const MAX_POINTERS = 25;
/** Default answer size, in tokens estimated as characters / 4. */
export const ANSWER_TOKENS = 2000;
