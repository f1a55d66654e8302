/**
 * Change kinds other than "add a variant" as Python edits, each on one line of the declaration the
 * exploration found (by line, never by bare name elsewhere), so every other line stays where it was:
 * - remove: a one-line member of a class (an enum member, a class attribute) is blanked; "remove `OK` from
 *   `ExitCode`" finds the member in the class's body;
 * - rename: the declaration's name (a `def`, a `class`, an assignment or annotation) and nothing else, so
 *   every use that does not follow breaks;
 * - add_parameter: a parameter inserted in a `def`'s signature (parameter-edit.ts);
 * - change_type, make_optional: an annotation replaced, added or widened with `| None` (annotation-edit.ts).
 */
import type { ChangeSpec } from '../verify/checker.js';
import { type AnnotationOptions, changeTypeEdit, makeOptionalEdit } from './annotation-edit.js';
import { addParameterEdit } from './parameter-edit.js';
import { blockEnd, type PySource, statementAt, statementText } from './source-lines.js';
import { enclosingClass, type PyEditResult } from './variant-edit.js';

export const PYTHON_KINDS =
  'adding a variant, removing a class member (an enum member, an attribute), renaming, adding a parameter to a `def`, changing the type of an annotated attribute, variable, parameter or return, making an annotated one optional';

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MEMBER = (name: string): RegExp => new RegExp(`^(\\s*)(${escapeRe(name)})\\s*(?::[^=\\n]*)?=(?!=)|^(\\s*)(${escapeRe(name)})\\s*:`);

/** The blanking edit for the one-line class member statement at 0-based line `i`. */
function removeMember(src: PySource, i: number, label: string, declLine: number): PyEditResult {
  const info = src.info[i];
  if (!info || info.last !== i) return { ok: false, reason: `\`${label}\` spans several lines: the pyright checker removes one-line members only` };
  const cls = enclosingClass(src, i);
  if (!cls) return { ok: false, reason: `\`${label}\` is not a member of a class: the pyright checker verifies ${PYTHON_KINDS}` };
  // The class must keep a statement, or its body would be empty.
  let others = 0;
  for (let j = (src.info[cls.line]?.last ?? cls.line) + 1; j <= blockEnd(src, cls.line); j++) if (src.info[j]?.start && j !== i) others++;
  if (others === 0) return { ok: false, reason: `\`${label}\` is the only statement of class \`${cls.name}\`: removing it leaves an empty class` };
  const column = info.indent;
  const own = label.split('.').pop() ?? label;
  return {
    ok: true,
    edit: { line: i, column, insert: '', remove: info.codeEnd - column, name: label.includes('.') ? label : `${cls.name}.${own}`, kind: 'class member', declLine, mentions: [own, cls.name], summary: `removed \`${label.includes('.') ? label : `${cls.name}.${own}`}\`` },
  };
}

function removeEdit(src: PySource, name: string, i: number, member: string | undefined): PyEditResult {
  const own = name.split('.').pop() ?? name;
  if (member === undefined) {
    if (!MEMBER(own).test(statementText(src, i))) return { ok: false, reason: `\`${name}\` at line ${i + 1} is not a one-line class member (an enum member, an attribute): the pyright checker verifies ${PYTHON_KINDS}` };
    return removeMember(src, i, name, i + 1);
  }
  if (!new RegExp(`^\\s*class\\s+${escapeRe(own)}\\b`).test(statementText(src, i))) return { ok: false, reason: `\`${name}\` is not a class: a member can be removed from a class (an Enum, a dataclass)` };
  const body = blockEnd(src, i);
  for (let j = (src.info[i]?.last ?? i) + 1; j <= body; j++) {
    const s = src.info[j];
    if (s?.start && s.indent > (src.info[i]?.indent ?? 0) && MEMBER(member).test(src.lines[j] ?? '')) return removeMember(src, j, `${own}.${member}`, i + 1);
  }
  return { ok: false, reason: `class \`${own}\` has no member \`${member}\`` };
}

const IDENTIFIER = /^[A-Za-z_]\w*$/;

function renameEdit(src: PySource, name: string, i: number, newName: string | undefined): PyEditResult {
  const own = name.split('.').pop() ?? name;
  const wanted = newName ?? `${own}_renamed`;
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a valid Python identifier: give the new name as one word (letters, digits, _)` };
  if (wanted === own) return { ok: false, reason: `\`${name}\` is already called \`${own}\`: nothing changes` };
  const line = src.lines[i] ?? '';
  const m = new RegExp(`^(\\s*(?:async\\s+)?(?:def|class)\\s+)(${escapeRe(own)})\\b`).exec(line) ?? MEMBER(own).exec(line);
  if (!m) return { ok: false, reason: `no \`def\`, \`class\` or assignment of \`${own}\` at line ${i + 1}: the pyright checker renames those` };
  const column = m[2] !== undefined ? (m[1] ?? '').length : (m[3] ?? '').length;
  const cls = enclosingClass(src, i);
  const label = cls && !name.includes('.') ? `${cls.name}.${own}` : name;
  const kind = /^\s*(?:async\s+)?def\b/.test(line) ? 'function' : /^\s*class\b/.test(line) ? 'class' : cls ? 'class member' : 'variable';
  return {
    ok: true,
    edit: { line: i, column, insert: wanted, remove: own.length, name: label, kind, declLine: i + 1, mentions: [own], summary: `renamed \`${label}\` to \`${wanted}\` (the declaration only${newName === undefined ? '; the question gave no new name' : ''})` },
  };
}

/** The edit for `change` (any kind but add_variant) at the declaration of `name` on 1-based `line`, or the reason it cannot be written. */
export function changeEditFor(src: PySource, name: string, line: number, change: ChangeSpec, options: AnnotationOptions = {}): PyEditResult {
  let i = statementAt(src, line - 1);
  if (i < 0) return { ok: false, reason: `no declaration of \`${name}\` at line ${line}` };
  // A decorator line: the declaration is the statement it decorates.
  while (/^\s*@/.test(src.lines[i] ?? '')) {
    const next = src.info.findIndex((s, j) => j > (src.info[i]?.last ?? i) && s.start);
    if (next < 0) break;
    i = next;
  }
  if (change.kind === 'remove') return removeEdit(src, name, i, change.member);
  if (change.kind === 'rename') return renameEdit(src, name, i, change.newName);
  if (change.kind === 'add_parameter') return addParameterEdit(src, name, i, change.optional === true);
  if (change.kind === 'change_type') return changeTypeEdit(src, name, i, change.newType, options);
  if (change.kind === 'make_optional') return makeOptionalEdit(src, name, i, options);
  return { ok: false, reason: 'add_variant is written by variantEditFor' };
}
