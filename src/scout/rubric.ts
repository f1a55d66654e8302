/**
 * The rubric: a scorer's judgment of one link, and nothing else (the policy decides what to do with it).
 *
 * `validateRubric` is the gate every rubric from outside (an LLM, a config file, a test) passes:
 * it never throws, repairs what it safely can (rounding, clamping, numeric strings, tag case, a long
 * reason) and lists every repair in `problems`, and rejects what it cannot (a non-object, a missing
 * or non-numeric relevance or risk).
 */

export interface Rubric {
  /** 1-5: how on-topic the link is for the query. */
  relevance: number;
  /** 1-5: how likely the site breaks or matters if the queried change is made. */
  risk: number;
  /** 1-5: how much context is needed to understand the site. */
  complexity: number;
  /** 1-5: how sure the scorer is of this rating. */
  confidence: number;
  /** Which of the query's tags apply (a subset of them). */
  tags: string[];
  /** Why, in a few words (at most MAX_REASON_CHARS). */
  reason: string;
}

export const RUBRIC_SCORES = ['relevance', 'risk', 'complexity', 'confidence'] as const;
export type RubricScore = (typeof RUBRIC_SCORES)[number];

export const MIN_SCORE = 1;
export const MAX_SCORE = 5;
export const MAX_REASON_CHARS = 200;

/** Scores a rubric may omit, and the neutral value used then. relevance and risk are required. */
const OPTIONAL_SCORES: Partial<Record<RubricScore, number>> = { complexity: 2, confidence: 3 };

export interface RubricValidation {
  rubric: Rubric | null;
  /** Every repair or reason for rejection, for notes and logs; [] for a clean rubric. */
  problems: string[];
}

/** Round to the nearest integer and clamp into 1-5. */
export function clampScore(value: number): number {
  return Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(value)));
}

/** A reason cut to `max` characters (whitespace collapsed), ending in `…` when cut. */
export function capReason(reason: string, max = MAX_REASON_CHARS): string {
  const flat = reason.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

function readScore(record: Record<string, unknown>, field: RubricScore, problems: string[]): number | null {
  const raw = record[field];
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw)) {
    value = Number(raw);
    problems.push(`${field}: numeric string ${JSON.stringify(raw)} read as ${value}`);
  } else {
    problems.push(raw === undefined ? `${field}: missing` : `${field}: not a number (${describe(raw)})`);
    return null;
  }
  if (!Number.isFinite(value)) {
    problems.push(`${field}: not a finite number (${String(value)})`);
    return null;
  }
  const clamped = clampScore(value);
  if (clamped !== value) {
    const how = Number.isInteger(value) ? 'clamped' : value < MIN_SCORE - 0.5 || value > MAX_SCORE + 0.5 ? 'rounded and clamped' : 'rounded';
    problems.push(`${field}: ${value} ${how} to ${clamped}`);
  }
  return clamped;
}

function readTags(raw: unknown, allowedTags: readonly string[], problems: string[]): string[] {
  if (raw === undefined || raw === null) return [];
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === 'string') {
    list = raw.split(',');
    if (raw.trim() !== '') problems.push('tags: a string, split on commas');
  } else {
    problems.push(`tags: not an array (${describe(raw)}), ignored`);
    return [];
  }
  const byKey = new Map<string, string>();
  for (const tag of allowedTags) byKey.set(tag.trim().toLowerCase(), tag);
  const tags: string[] = [];
  const unknown: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') {
      unknown.push(describe(item));
      continue;
    }
    const key = item.trim().toLowerCase();
    if (key === '') continue;
    const allowed = byKey.get(key) ?? byKey.get(key.replace(/[\s_]+/g, '-'));
    if (allowed === undefined) unknown.push(JSON.stringify(item));
    else if (!tags.includes(allowed)) tags.push(allowed);
  }
  if (unknown.length > 0) problems.push(`tags: dropped ${unknown.join(', ')} (not among the query's tags)`);
  return tags;
}

/**
 * Check and repair a rubric from outside. Accepts `reasoning` for `reason` (the Haskell prototype's name).
 * Tags are kept only when they are among `allowedTags` (compared case-insensitively, returned as spelled there).
 */
export function validateRubric(raw: unknown, allowedTags: readonly string[]): RubricValidation {
  const problems: string[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { rubric: null, problems: [`not an object (${describe(raw)})`] };
  }
  const record = raw as Record<string, unknown>;
  const scores: Partial<Record<RubricScore, number>> = {};
  let rejected = false;
  for (const field of RUBRIC_SCORES) {
    const value = readScore(record, field, problems);
    if (value !== null) scores[field] = value;
    else if (OPTIONAL_SCORES[field] !== undefined) {
      scores[field] = OPTIONAL_SCORES[field];
      problems.push(`${field}: defaulted to ${OPTIONAL_SCORES[field]}`);
    } else rejected = true;
  }
  const tags = readTags(record.tags, allowedTags, problems);
  const rawReason = record.reason ?? record.reasoning;
  let reason = '';
  if (typeof rawReason === 'string') {
    reason = capReason(rawReason);
    if (rawReason.replace(/\s+/g, ' ').trim().length > MAX_REASON_CHARS) problems.push(`reason: cut to ${MAX_REASON_CHARS} characters`);
  } else if (rawReason !== undefined && rawReason !== null) {
    problems.push(`reason: not a string (${describe(rawReason)}), ignored`);
  }
  if (rejected) return { rubric: null, problems };
  return {
    rubric: {
      relevance: scores.relevance as number,
      risk: scores.risk as number,
      complexity: scores.complexity as number,
      confidence: scores.confidence as number,
      tags,
      reason,
    },
    problems,
  };
}

/** A complete rubric from a partial one (neutral 3s, no tags, empty reason), clamped. For mocks and tests. */
export function makeRubric(partial: Partial<Rubric> = {}): Rubric {
  return {
    relevance: clampScore(partial.relevance ?? 3),
    risk: clampScore(partial.risk ?? 3),
    complexity: clampScore(partial.complexity ?? 3),
    confidence: clampScore(partial.confidence ?? 3),
    tags: [...(partial.tags ?? [])],
    reason: capReason(partial.reason ?? ''),
  };
}
