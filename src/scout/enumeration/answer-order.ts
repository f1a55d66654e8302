/**
 * The order of a change answer's pointers: verified breaks, the enumerations of the members that are high (they
 * list every member with no default), mirrors naming every one of many members, then (when the question names the
 * new member) the places naming a member like it, the other enumerations, the other mirrors, documentation that
 * lists the members, then the rest (already ordered by risk).
 */
import type { Pointer } from '../answer.js';

/**
 * Members a mirror must name all of to rank with the high enumerations. No list of 30+ names matches a member
 * set by chance: it is a parallel declaration (typescript-eslint's `Node` union naming all 161 members of
 * `AST_NODE_TYPES`), edited with every new member on the edit-history benchmark's tuning split. Full mirrors of
 * 7 to 21 names, often common words (`bold`, `string`), were edited 2 times in 7: they stay after every enumeration.
 */
export const STRONG_MIRROR_MEMBERS = 30;

export interface AnswerParts {
  verified: readonly Pointer[];
  /** Enumeration pointers outside documentation, riskiest first (enumeration-pointers.ts), mirrors among them. */
  enumerations: readonly Pointer[];
  docs: readonly Pointer[];
  tail: readonly Pointer[];
  /** Locations of pointers naming a member like the new one the question names: first after the high ones. */
  likeNew?: ReadonlySet<string>;
}

/** A high mirror naming every one of at least STRONG_MIRROR_MEMBERS members. */
export function isStrongMirror(p: Pointer): boolean {
  const lists = p.lists;
  return Boolean(lists?.mirrors) && p.risk === 'high' && lists !== undefined && lists.members === lists.of && lists.of >= STRONG_MIRROR_MEMBERS;
}

export function orderedPointers(parts: AnswerParts): Pointer[] {
  const direct = parts.enumerations.filter((p) => !p.lists?.mirrors);
  const first = [...parts.verified, ...direct.filter((p) => p.risk === 'high'), ...parts.enumerations.filter(isStrongMirror)];
  const rest = [
    ...direct.filter((p) => p.risk !== 'high'),
    ...parts.enumerations.filter((p) => p.lists?.mirrors && !isStrongMirror(p)),
    ...parts.docs,
    ...parts.tail,
  ];
  // Places naming a member like the new one ("add `better-sqlite3`": the lists naming `sqlite`) come next, in their order.
  const likeNew = parts.likeNew;
  if (!likeNew || likeNew.size === 0) return [...first, ...rest];
  const alike = (p: Pointer): boolean => likeNew.has(p.location) && !parts.docs.includes(p);
  return [...first, ...rest.filter(alike), ...rest.filter((p) => !alike(p))];
}
