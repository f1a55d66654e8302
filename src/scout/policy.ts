/**
 * The expansion policy: the seed's `should_expand`, as a pure function with its coefficients as data.
 *
 *   score = relevance × 2.0 + risk × 1.5 + tagMatches × 3.0 + confidence × 0.5
 *         − depth × 2.0 − complexity × 0.5 − (breadth > 5 ? 3.0 : 0)
 *   expand ⇔ budgetLeft > 0 ∧ depth < maxDepth ∧ score > threshold (8.0)
 *
 * Judgment (the rubric) and decision (this) stay separate, so the strategy is tunable without
 * touching a scorer, and every decision carries its arithmetic in `reason` ("why was X expanded?").
 *
 * Conventions the loop follows:
 * - `depth` is the depth of the link being decided (seeds 0, their links 1, ...); expanding it creates
 *   links at depth + 1, so a link is expanded only while `depth < maxDepth`.
 * - `breadth` is the number of sibling links produced by the parent's expansion (the fan-out); above
 *   `breadthLimit` every sibling pays `breadthPenalty`. `maxBreadth` is not applied here: it is how
 *   many of a node's links (best first) the loop rates at all.
 * - `budgetLeft` counts expansions still allowed; the loop decrements it per expansion.
 */
import type { Rubric } from './rubric.js';

export interface PolicyCoefficients {
  /** Weight of rubric.relevance. */
  relevance: number;
  /** Weight of rubric.risk. */
  risk: number;
  /** Weight of each distinct query tag found in rubric.tags. */
  tagMatch: number;
  /** Weight of rubric.confidence. */
  confidence: number;
  /** Penalty per level of depth. */
  depth: number;
  /** Penalty per point of rubric.complexity. */
  complexity: number;
  /** Flat penalty when breadth exceeds breadthLimit. */
  breadthPenalty: number;
  breadthLimit: number;
  /** Expand only when the score is strictly above this. */
  threshold: number;
  /** Default number of expansions per question. */
  budget: number;
  /** Default maximum depth of an expanded link. */
  maxDepth: number;
  /** Default number of links per node the loop rates. */
  maxBreadth: number;
}

export const DEFAULT_POLICY: Readonly<PolicyCoefficients> = Object.freeze({
  relevance: 2.0,
  risk: 1.5,
  tagMatch: 3.0,
  confidence: 0.5,
  depth: 2.0,
  complexity: 0.5,
  breadthPenalty: 3.0,
  breadthLimit: 5,
  threshold: 8.0,
  budget: 20,
  maxDepth: 5,
  maxBreadth: 10,
});

/** Each term of the score, signed as it enters the sum. */
export interface ScoreTerms {
  relevance: number;
  risk: number;
  tags: number;
  confidence: number;
  depth: number;
  complexity: number;
  breadth: number;
}

/** Why a rated link was or was not expanded, as a value (the reason's prose is for people). */
export type ExpandVerdict = 'expand' | 'below_threshold' | 'depth_limit' | 'budget_exhausted';

export interface ExpandDecision {
  expand: boolean;
  verdict: ExpandVerdict;
  score: number;
  /** The formula with its values and the verdict, e.g. `score 10.5 = relevance 5×2 + ... > 8: expand`. */
  reason: string;
  terms: ScoreTerms;
  /** Query tags found in the rubric (each counted once). */
  tagMatches: string[];
}

/** Query tags present in the rubric's tags, case-insensitively, each once, in query order. */
export function matchingTags(rubricTags: readonly string[], queryTags: readonly string[]): string[] {
  const have = new Set(rubricTags.map((t) => t.trim().toLowerCase()));
  const out: string[] = [];
  for (const tag of queryTags) {
    const key = tag.trim().toLowerCase();
    if (have.has(key) && !out.some((t) => t.toLowerCase() === key)) out.push(tag);
  }
  return out;
}

/** The score alone (no budget or depth limit). */
export function scoreRubric(
  rubric: Rubric,
  queryTags: readonly string[],
  depth: number,
  breadth: number,
  coefficients: PolicyCoefficients = DEFAULT_POLICY,
): { score: number; terms: ScoreTerms; tagMatches: string[] } {
  const c = coefficients;
  const tagMatches = matchingTags(rubric.tags, queryTags);
  const terms: ScoreTerms = {
    relevance: rubric.relevance * c.relevance,
    risk: rubric.risk * c.risk,
    tags: tagMatches.length * c.tagMatch,
    confidence: rubric.confidence * c.confidence,
    depth: -depth * c.depth,
    complexity: -rubric.complexity * c.complexity,
    breadth: breadth > c.breadthLimit ? -c.breadthPenalty : 0,
  };
  const sum = terms.relevance + terms.risk + terms.tags + terms.confidence + terms.depth + terms.complexity + terms.breadth;
  return { score: round(sum), terms, tagMatches };
}

/** Decide whether to expand a rated link. Pure: the same input always gives the same decision. */
export function shouldExpand(
  rubric: Rubric,
  queryTags: readonly string[],
  depth: number,
  breadth: number,
  budgetLeft: number,
  coefficients: PolicyCoefficients = DEFAULT_POLICY,
): ExpandDecision {
  const c = coefficients;
  const { score, terms, tagMatches } = scoreRubric(rubric, queryTags, depth, breadth, c);
  const formula =
    `score ${fmt(score)} = relevance ${rubric.relevance}×${fmt(c.relevance)} + risk ${rubric.risk}×${fmt(c.risk)}` +
    ` + tags ${tagMatches.length}×${fmt(c.tagMatch)}${tagMatches.length > 0 ? ` (${tagMatches.join(', ')})` : ''}` +
    ` + confidence ${rubric.confidence}×${fmt(c.confidence)} − depth ${depth}×${fmt(c.depth)}` +
    ` − complexity ${rubric.complexity}×${fmt(c.complexity)}` +
    (terms.breadth !== 0 ? ` − breadth ${breadth}>${c.breadthLimit} ${fmt(c.breadthPenalty)}` : '');
  let verdict: ExpandVerdict;
  let says: string;
  if (budgetLeft <= 0) [verdict, says] = ['budget_exhausted', 'budget exhausted: prune'];
  else if (depth >= c.maxDepth) [verdict, says] = ['depth_limit', `depth ${depth} at the limit ${c.maxDepth}: prune`];
  else if (score > c.threshold) [verdict, says] = ['expand', `> ${fmt(c.threshold)}: expand`];
  else [verdict, says] = ['below_threshold', `≤ ${fmt(c.threshold)}: prune`];
  return { expand: verdict === 'expand', verdict, score, reason: `${formula} ${says}`, terms, tagMatches };
}

/** Accepted ranges of the caller-facing limits. */
export const LIMIT_RANGES = {
  budget: { min: 1, max: 200 },
  maxDepth: { min: 1, max: 10 },
  maxBreadth: { min: 1, max: 100 },
} as const;

export interface ClampedLimits {
  budget: number;
  maxDepth: number;
  maxBreadth: number;
  /** One line per value that was changed, saying what was asked and what is used (answers quote these). */
  notes: string[];
}

/**
 * Bring caller-given limits into range: missing → the policy's default; not a number → default with a
 * note; fractional → rounded; below or above the range → clamped with a note (budget 0 or -3 becomes 1,
 * a huge budget becomes 200).
 */
export function clampLimits(
  budget?: number | null,
  depth?: number | null,
  breadth?: number | null,
  coefficients: PolicyCoefficients = DEFAULT_POLICY,
): ClampedLimits {
  const notes: string[] = [];
  const one = (name: keyof typeof LIMIT_RANGES, label: string, value: number | null | undefined, fallback: number): number => {
    const { min, max } = LIMIT_RANGES[name];
    const safeDefault = Math.min(max, Math.max(min, Math.round(fallback)));
    if (value === undefined || value === null) return safeDefault;
    if (typeof value !== 'number' || Number.isNaN(value)) {
      notes.push(`${label} ${String(value)} is not a number; using the default ${safeDefault}`);
      return safeDefault;
    }
    if (value < min) {
      notes.push(`${label} ${fmt(value)} is below the minimum ${min}; using ${min}`);
      return min;
    }
    if (value > max) {
      notes.push(`${label} ${Number.isFinite(value) ? fmt(value) : 'Infinity'} is above the maximum ${max}; using ${max}`);
      return max;
    }
    const rounded = Math.round(value);
    if (rounded !== value) notes.push(`${label} ${fmt(value)} is not a whole number; using ${rounded}`);
    return Math.max(min, rounded);
  };
  return {
    budget: one('budget', 'budget', budget, coefficients.budget),
    maxDepth: one('maxDepth', 'depth', depth, coefficients.maxDepth),
    maxBreadth: one('maxBreadth', 'breadth', breadth, coefficients.maxBreadth),
    notes,
  };
}

/**
 * A policy from overrides (e.g. the config's `scout.policy`): known keys with finite numbers replace
 * the defaults; anything else is ignored with a note naming it.
 */
export function resolvePolicy(overrides: Record<string, unknown> | null | undefined): { policy: PolicyCoefficients; notes: string[] } {
  const policy: PolicyCoefficients = { ...DEFAULT_POLICY };
  const notes: string[] = [];
  if (!overrides) return { policy, notes };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_POLICY)) {
      notes.push(`policy.${key} is not a policy coefficient (known: ${Object.keys(DEFAULT_POLICY).join(', ')}); ignored`);
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      notes.push(`policy.${key} must be a finite number, got ${JSON.stringify(value)}; using ${DEFAULT_POLICY[key as keyof PolicyCoefficients]}`);
      continue;
    }
    policy[key as keyof PolicyCoefficients] = value;
  }
  return { policy, notes };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function fmt(value: number): string {
  return String(round(value));
}
