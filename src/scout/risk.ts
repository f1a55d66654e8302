/**
 * Risk: the one rule that turns what is known about a place into high, medium or low. Everything that
 * labels a pointer calls this file; nothing else compares rubric numbers with a threshold.
 *
 * - high: a break the language's own checker verified, or an enumeration that lists every member of the
 *   type and has no default (the new member must be added there);
 * - medium: a partial enumeration, a dispatch with a default, or a likely break no checker confirmed;
 * - low: values of the type pass through.
 * Before anything is verified, the scorer's rubric (risk 1-5) stands in: 4-5 high, 3 medium, else low.
 */
export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The rule as answers state it in `meta.risk_rule`. */
export const RISK_RULE =
  'high = a verified break, or an enumeration of every member (of two: a dispatch over both or a construct naming the type) with no default, not in comments or examples; medium = a partial enumeration, a dispatch with a default, or an unverified likely break; low = values pass through';

/** Rubric risk at and above which a place is high. */
const HIGH_FROM = 4;
/** Rubric risk of a place lowered to medium. */
export const MEDIUM_RUBRIC_RISK = 3;

/** The ladder from a rubric's risk (1-5) to a label. */
export function riskOfRubric(risk: number): RiskLevel {
  return risk >= HIGH_FROM ? 'high' : risk === MEDIUM_RUBRIC_RISK ? 'medium' : 'low';
}

export function isHighRubric(risk: number): boolean {
  return risk >= HIGH_FROM;
}

/** What an enumeration site is, for its risk. */
export interface EnumerationShape {
  /** Members of the type the place names. */
  listed: number;
  /** Members the type has (before the change). */
  members: number;
  /** The place has a default branch (`default:`, `else`, `case _`, `.get(x, fallback)`). */
  hasDefault: boolean;
  /** The place branches on the members (a comparison, an if chain, a switch), rather than holding or passing a value. */
  dispatch: boolean;
  /** The place is prose (a comment or docstring listing the members): worth updating, never a break. */
  prose: boolean;
  /** The construct names the type itself (`dict[Mode, str]`, `Record<Kind, …>`): it is about this type, not a chance list. */
  typed?: boolean;
  /** Lines of the construct that name a member; absent: one per member. */
  mentionLines?: number;
  /**
   * The place is in example or demo code (`examples/`, `demos/`, a docs site: isIllustrativePath in
   * enumeration-sites.ts): it shows the members, and nothing requires it to show every one. Medium at most, like
   * prose. On the edit-history benchmark's tuning split such folders held 1 of 425 edited code places, and the one
   * high there (rich's `examples/overflow.py` naming every overflow method) was not edited.
   */
  illustrative?: boolean;
}

/**
 * An enumeration's risk: every member and no default is high (for a type of two members, only a dispatch
 * over both or a construct that names the type); a partial one or one with a default is medium; one member alone is medium where code branches on it (a partial dispatch), low where the value
 * only passes through (an argument, an entry). A comment or docstring that lists the members, and example or demo
 * code, are medium at most.
 */
export function enumerationRisk(shape: EnumerationShape): RiskLevel {
  if (shape.listed < 2 && shape.members > 1) return shape.dispatch && !shape.prose ? 'medium' : 'low';
  // A construct that names the members over and over (a table of opcodes, each row with its mode) holds them as
  // values; a list of them names each about once (the true enumerations of the tuning split: at most 2.1 lines per member).
  const repeats = (shape.mentionLines ?? shape.listed) > REPEATED_MENTIONS * Math.max(shape.listed, 1);
  const complete = shape.listed >= shape.members && !shape.hasDefault && !shape.prose && !shape.illustrative && !repeats;
  // Two members named together (`'json'` and `'text'`) is as often chance as a list of them: high only where
  // code branches on them, or where the construct names the type.
  if (complete && shape.members <= SMALL_SET && !shape.dispatch && !shape.typed) return 'medium';
  return complete ? 'high' : 'medium';
}

/** A member set this small is listed whole by chance; only a dispatch over it counts as a full enumeration. */
const SMALL_SET = 2;
/** Lines per member past which a construct naming every member is a table of values, not a list of the members. */
const REPEATED_MENTIONS = 3;

/**
 * A candidate lowered to medium, with why: once a checker has run, a high that it did not confirm and that
 * is not a full enumeration compiles (`why` says so); a checker that did not finish confirms nothing.
 */
export function lowered<T extends { risk: number; pointer: { risk: RiskLevel; what: string } }>(candidate: T, why: string): T {
  return { ...candidate, risk: MEDIUM_RUBRIC_RISK, pointer: { ...candidate.pointer, risk: 'medium', what: `${candidate.pointer.what} (${why})` } };
}
