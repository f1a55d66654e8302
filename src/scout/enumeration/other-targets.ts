/**
 * Same-named types elsewhere in the tree (a second `Color` enum in another package) are other targets: their
 * declaration is not a parallel list to extend, and `Color.RED` written beside it names its own member, not the
 * question's. Read from the index's definitions; mentions in those places are dropped before grouping, and the
 * answer says how many such declarations it left out.
 */
import type { IndexDb } from '../../index/db.js';
import { symbolDefinitionsNamed } from '../../index/read/definitions.js';
import type { MemberSet } from '../site-facts.js';
import type { Mention } from './mentions.js';

/** Kinds of definition that declare a type with members. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'enum', 'type_alias', 'interface', 'data_type', 'struct']);

export interface OtherDeclarations {
  /** File → the line ranges of same-named type declarations in it that are not the question's. */
  byFile: Map<string, Array<[start: number, end: number]>>;
  count: number;
}

export function otherDeclarationsOf(db: IndexDb, set: MemberSet): OtherDeclarations {
  const byFile = new Map<string, Array<[number, number]>>();
  let count = 0;
  for (const d of symbolDefinitionsNamed(db, set.type)) {
    if (!TYPE_KINDS.has(d.kind) || d.parent !== null) continue;
    if (d.file === set.file && d.startLine <= set.endLine && d.endLine >= set.startLine) continue;
    byFile.set(d.file, [...(byFile.get(d.file) ?? []), [d.startLine, d.endLine]]);
    count++;
  }
  return { byFile, count };
}

/**
 * The mentions of a file that can name the question's members: in a file that declares its own same-named type,
 * none inside that declaration, and no qualified one (`Color.RED` there is its own `Color`).
 */
export function withoutOtherTargets(file: string, mentions: readonly Mention[], set: MemberSet, others: OtherDeclarations): Mention[] {
  const ranges = others.byFile.get(file);
  if (!ranges) return [...mentions];
  return mentions.filter((m) => !ranges.some(([start, end]) => m.line >= start && m.line <= end) && !(m.kind === 'member' && set.members[m.member]?.qualified));
}
