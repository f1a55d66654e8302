/**
 * "Add a variant" to a Python declaration, as one text insertion that adds no line (so every other line
 * and column stays where it was): a member appended after an Enum's last member (`; SCOUT_NEW = ...`), or a
 * value put first in the `Literal[...]` of an alias (`Mode = Literal[...]`, `Mode: TypeAlias = ...`,
 * `type Mode = ...`, a union of Literals) or of a class attribute's annotation (`Owner.prop: Literal[...]`).
 * The declaration is the one at the line the exploration found, never looked up by name elsewhere.
 */
import { classBases, enumBaseKind } from './enum-base.js';
import { blockEnd, type PySource, statementAt, statementText } from './source-lines.js';

/** The member name: not `__SCOUT_NEW`, which an Enum mangles into a private name that is not a member. */
export const NEW_MEMBER = 'SCOUT_NEW';
export const NEW_LITERAL = "'__scout_new'";

export interface PyEdit {
  /** 0-based line and column of the insertion (no edit adds a line). */
  line: number;
  column: number;
  insert: string;
  /** Characters replaced from the column, on that line (other change kinds: a rename, a removed member); none for a variant. */
  remove?: number;
  /** The edit in words, for other change kinds; a variant is shown as its inserted text. */
  summary?: string;
  /** What the check can and cannot see for this edit (an optional parameter breaks no call), added to the check's notes. */
  notes?: string[];
  /** `ExitCode`, `Owner.prop`. */
  name: string;
  kind: string;
  /** 1-based line of the declaration. */
  declLine: number;
  /** What a file must name to narrow over the variants: the type's name, or an attribute where it is read or passed (`.when`, `when=`). */
  mentions: string[];
}

export type PyEditResult = { ok: true; edit: PyEdit } | { ok: false; reason: string };

const LITERAL = /\b(?:[A-Za-z_][\w]*\.)?Literal\s*\[/g;

const ONLY = 'only an Enum class, a Literal alias (or a union of Literals) or an attribute annotated with a Literal can gain a variant';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Offset in the file of the first `Literal[` in [from, to) that is not inside a string; -1 when none. */
function literalOpen(src: PySource, from: number, to: number): number {
  const text = src.text.slice(from, to);
  LITERAL.lastIndex = 0;
  for (let m = LITERAL.exec(text); m; m = LITERAL.exec(text)) {
    const before = text.slice(0, m.index);
    // A quoted annotation (`"Literal['a']"`) is left alone: count unescaped quotes before the match.
    const quotes = (before.match(/(?<!\\)["']/g) ?? []).length;
    if (quotes % 2 === 0) return from + m.index + m[0].length;
  }
  return -1;
}

/** The 0-based line and column of an offset into the file. */
export function position(src: PySource, offset: number): { line: number; column: number } {
  let line = 0;
  while (line + 1 < src.offsets.length && (src.offsets[line + 1] as number) <= offset) line++;
  return { line, column: offset - (src.offsets[line] as number) };
}

/** The class whose body holds line `i` (0-based), by indentation: its name, or null at module level. */
export function enclosingClass(src: PySource, i: number): { name: string; line: number } | null {
  const indent = src.info[i]?.indent ?? 0;
  for (let j = i - 1; j >= 0; j--) {
    const s = src.info[j];
    if (!s?.start || s.indent >= indent) continue;
    const m = /^\s*class\s+(\w+)/.exec(src.lines[j] ?? '');
    if (m && blockEnd(src, j) >= i) return { name: m[1] as string, line: j };
    if (s.indent === 0) return null;
  }
  return null;
}

function enumValue(base: string, lastValue: string): string {
  const v = lastValue.trim();
  if (/^(?:[\w.]+\.)?auto\(\)$/.test(v)) return v;
  if (base === 'StrEnum') return NEW_LITERAL;
  if (base === 'Flag' || base === 'IntFlag') return '1 << 40';
  if (base === 'IntEnum' || /^-?(?:0[xXoObB])?[\d_a-fA-F]+$/.test(v)) return '-987654321';
  return NEW_LITERAL;
}

function enumEdit(src: PySource, start: number, name: string, base: string): PyEditResult {
  const classIndent = src.info[start]?.indent ?? 0;
  const header = src.info[start];
  if (!header) return { ok: false, reason: `no class at line ${start + 1}` };
  const end = blockEnd(src, start);
  let last: { line: number; value: string } | null = null;
  let bodyIndent = -1;
  for (let j = header.last + 1; j <= end; j++) {
    const s = src.info[j];
    if (!s?.start) continue;
    if (bodyIndent < 0) bodyIndent = s.indent;
    if (s.indent !== bodyIndent || s.indent <= classIndent) {
      j = s.last;
      continue;
    }
    const stmt = statementText(src, j);
    const m = /^\s*([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)([\s\S]*)$/.exec(stmt);
    const member = m?.[1];
    if (m && member && !member.startsWith('_') && !/^\s*(?:lambda\b|staticmethod\(|classmethod\(|property\()/.test(m[2] ?? '')) {
      const lastLine = s.last;
      const valueText = stmt.replace(/^[^=]*=/, '');
      last = { line: lastLine, value: valueText.slice(0, valueText.length - ((src.lines[lastLine] ?? '').length - (src.info[lastLine]?.codeEnd ?? 0))) };
    }
    j = s.last;
  }
  if (!last) {
    // `class E(Enum): A = 1` on one line.
    const inline = /:\s*([A-Za-z]\w*)\s*=(?!=)(.*)$/.exec((src.lines[start] ?? '').slice(0, header.codeEnd));
    if (end === header.last && inline) last = { line: header.last, value: inline[2] ?? '' };
    else return { ok: false, reason: `enum \`${name}\` has no members at ${start + 1} (a base for other enums?): ask about an enum that has members` };
  }
  const column = src.info[last.line]?.codeEnd ?? 0;
  return {
    ok: true,
    edit: { line: last.line, column, insert: `; ${NEW_MEMBER} = ${enumValue(base, last.value)}`, name, kind: `enum (${base})`, declLine: start + 1, mentions: [name] },
  };
}

/**
 * The variant edit for the declaration of `name` at 1-based `line`. `location` is where the file is (its repository root and
 * path), so that a class whose enum base is the project's own, in another module, is followed there (enum-base.ts);
 * without it only the bases and classes of this file are read.
 */
export function variantEditFor(src: PySource, name: string, line: number, location?: { root: string; file: string }): PyEditResult {
  const own = name.split('.').pop() ?? name;
  let i = statementAt(src, line - 1);
  if (i < 0) return { ok: false, reason: `no declaration of \`${name}\` at line ${line}` };
  // A decorator line: the declaration is the statement it decorates.
  while (/^\s*@/.test(src.lines[i] ?? '') && i + 1 < src.lines.length) {
    const next = src.info.findIndex((s, j) => j > (src.info[i]?.last ?? i) && s.start);
    if (next < 0) break;
    i = next;
  }
  const stmt = statementText(src, i);
  const word = escapeRe(own);
  if (new RegExp(`^\\s*(?:async\\s+)?def\\s+${word}\\b`).test(stmt)) return { ok: false, reason: `\`${name}\` is a function, not a type with variants (${ONLY})` };
  const bases = classBases(stmt, word, true);
  if (bases !== undefined) {
    const base = enumBaseKind(location?.root ?? null, location?.file ?? '', src.text, bases);
    if (!base) return { ok: false, reason: `\`${name}\` is a class${bases ? ` (bases: ${bases})` : ''}, not an Enum (${ONLY})` };
    return enumEdit(src, i, own, base);
  }
  const stmtStart = src.offsets[i] as number;
  const stmtEnd = stmtStart + stmt.length;
  const alias = new RegExp(`^(\\s*)(?:type\\s+${word}\\s*(?:\\[[^\\]]*\\])?\\s*=|${word}\\s*(:\\s*(?:[\\w.]+\\.)?TypeAlias\\s*)?=(?!=)|${word}\\s*:)`).exec(stmt);
  if (!alias) return { ok: false, reason: `no declaration of \`${name}\` at line ${line} that can gain a variant (${ONLY})` };
  const head = alias[0];
  const isAnnotation = head.trimEnd().endsWith(':');
  const inClass = enclosingClass(src, i);
  const label = inClass && !name.includes('.') ? `${inClass.name}.${own}` : name;
  // `prop: Literal[...] = default`: the annotation is the type, up to `=` at bracket depth 0.
  let to = stmtEnd;
  if (isAnnotation) {
    let depth = 0;
    for (let k = stmtStart + head.length; k < stmtEnd; k++) {
      const ch = src.text[k];
      if (ch === '[' || ch === '(' || ch === '{') depth++;
      else if (ch === ']' || ch === ')' || ch === '}') depth--;
      else if (ch === '=' && depth === 0) {
        to = k;
        break;
      }
    }
  }
  const open = literalOpen(src, stmtStart + head.length, to);
  const typeText = src.text.slice(stmtStart + head.length, to).replace(/#.*$/gm, '').replace(/\s+/g, ' ').trim();
  if (open < 0) {
    if (isAnnotation) return { ok: false, reason: `\`${label}\` is annotated \`${typeText.slice(0, 80)}\`, not with a Literal: ask about that type instead (${ONLY})` };
    return { ok: false, reason: `\`${name}\` is \`${typeText.slice(0, 80)}\`, not a Literal alias (${ONLY})` };
  }
  const literals = (typeText.match(/Literal\s*\[/g) ?? []).length;
  const kind = isAnnotation ? (inClass ? 'attribute annotated with a Literal' : 'variable annotated with a Literal') : literals > 1 ? 'union of Literals' : 'Literal alias';
  const at = position(src, open);
  // What a file must name to narrow over the variants or hand them to a narrower type: the alias, or an
  // attribute where it is read or passed (`.when`, `when=`; the bare word is often ordinary English and
  // would keep every file with a comment that uses it). The values alone do not: a file that spells
  // "setup" without reading the attribute compares strings, which no new variant breaks.
  const names = label.split('.');
  const mentions = inClass && names.length > 1 ? [...names.slice(0, -1), `.${own}`, `${own}=`] : names;
  return { ok: true, edit: { line: at.line, column: at.column, insert: `${NEW_LITERAL}, `, name: label, kind, declLine: i + 1, mentions } };
}

export function applyEdit(text: string, src: PySource, edit: PyEdit): string {
  const at = (src.offsets[edit.line] as number) + edit.column;
  return text.slice(0, at) + edit.insert + text.slice(at + (edit.remove ?? 0));
}

/** A 0-based column of the edited file mapped back to the original (text after the edit moved, on its line only; inside the new text: the edit's column). */
export function originalColumn(edit: PyEdit | null, line: number, column: number): number {
  if (!edit || line !== edit.line || column < edit.column) return column;
  if (column < edit.column + edit.insert.length) return edit.column;
  return column - edit.insert.length + (edit.remove ?? 0);
}
