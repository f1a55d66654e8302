/**
 * "Change the type" and "make optional" as Python edits of one annotation, on its one line:
 * - the target is an annotated name (a class attribute or dataclass field, a module variable,
 *   `self.x: T` in a method), a parameter (`parse_config.path`, or a parameter's own line in a multi-line
 *   signature) or, for change_type only, a function: its return annotation (`-> T`), the nearest reading of
 *   "the type of `f`" (the TypeScript checker refuses functions; "return type" questions are not parsed
 *   as change_type at all, scout/change-request.ts);
 * - change_type replaces the annotation with the question's type (checked to parse as a Python type,
 *   type-expression.ts), or adds `: T` (`-> T`) where there is none;
 * - make_optional appends ` | None` (`int` → `int | None`): the value may be None, as TypeScript's `?`
 *   makes it possibly undefined. No default is added, so whoever sets or passes it still must. `X | None`
 *   rather than `Optional[X]`, which would need an import on another line; where `|` between types is not
 *   valid at run time (pythonVersion < 3.10 in the project's pyright configuration, and no
 *   `from __future__ import annotations`), the whole annotation is quoted (`"int | None"`), which pyright
 *   reads the same in every version.
 * An unannotated name cannot be made optional (its type is pyright's inference): the refusal says to ask
 * for the type change instead.
 */
import { type PySource, statementText } from './source-lines.js';
import { signatureAt, type TextRange, walkCode } from './signature.js';
import { pythonTypeProblem } from './type-expression.js';
import { enclosingClass, type PyEdit, type PyEditResult, position } from './variant-edit.js';

export interface AnnotationOptions {
  /** The project's configured Python minor version (pyright's pythonVersion 3.x), when it sets one. */
  pythonMinor?: number;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TYPED = 'a type can be changed on an annotated attribute, variable or parameter, or on a function (its return type); one can be made optional if it is annotated';

interface Target {
  label: string;
  kind: string;
  declLine: number;
  mentions: string[];
  /** The annotation's code, or null when the name has none. */
  annotation: TextRange | null;
  /** Where an annotation goes when there is none, and its prefix (`: ` after a name, ` -> ` after `)`). */
  insertAt: number;
  prefix: string;
}

type Found = { ok: true; target: Target } | { ok: false; reason: string };

/** The annotated (or annotatable) name `asked` declared by the statement at 0-based line `i`. */
function targetAt(src: PySource, asked: string, i: number): Found {
  const own = asked.split('.').pop() ?? asked;
  const base = src.offsets[i] as number;
  const line = src.lines[i] ?? '';
  const sig = signatureAt(src, i);
  if (sig) {
    const cls = enclosingClass(src, i);
    const fn = cls ? `${cls.name}.${sig.name}` : sig.name;
    if (own === sig.name) {
      return { ok: true, target: { label: fn, kind: 'function return type', declLine: i + 1, mentions: [sig.name], annotation: sig.returns, insertAt: sig.close + 1, prefix: ' -> ' } };
    }
    const p = sig.params.find((x) => x.name === own && (x.kind === 'plain' || x.kind === 'args' || x.kind === 'kwargs'));
    if (!p) return { ok: false, reason: `\`${sig.name}\` at line ${i + 1} has no parameter \`${own}\` (its parameters: ${sig.params.map((x) => x.name).filter(Boolean).join(', ') || 'none'})` };
    const nameEnd = src.text.indexOf(own, p.start) + own.length;
    return { ok: true, target: { label: `${fn}.${own}`, kind: 'parameter', declLine: position(src, p.start).line + 1, mentions: [sig.name, `${own}=`], annotation: p.annotation, insertAt: nameEnd, prefix: ': ' } };
  }
  if (/^\s*class\b/.test(line)) return { ok: false, reason: `\`${asked}\` is a class: ask about one of its attributes (\`${own}.name\`) (${TYPED})` };
  const m = new RegExp(`^(\\s*(?:self\\.)?)(${escapeRe(own)})\\s*(:|=(?!=))`).exec(line);
  if (!m) return { ok: false, reason: `no annotation or assignment of \`${own}\` at line ${i + 1} (${TYPED})` };
  const nameEnd = base + (m[1] ?? '').length + own.length;
  const cls = enclosingClass(src, i);
  const label = cls ? `${cls.name}.${own}` : own;
  const target: Target = { label, kind: cls ? 'attribute' : 'variable', declLine: i + 1, mentions: cls ? [cls.name, `.${own}`, `${own}=`] : [own], annotation: null, insertAt: nameEnd, prefix: ': ' };
  if (m[3] === ':') {
    // The annotation runs to the `=` of the value at bracket depth 0, or to the statement's end.
    const colon = base + m[0].length - 1;
    const stmtEnd = base + statementText(src, i).length;
    let start = -1;
    let end = -1;
    walkCode(src.text.slice(0, stmtEnd), colon + 1, (at, e, ch, depth) => {
      if (depth === 0 && ch === '=' && src.text[at + 1] !== '=') return true;
      if (ch !== 'str' && /\s|\\/.test(ch)) return false;
      if (start < 0) start = at;
      end = e;
      return false;
    });
    if (start < 0) return { ok: false, reason: `\`${label}\` at line ${i + 1} has an empty annotation` };
    target.annotation = { start, end };
  }
  return { ok: true, target };
}

const oneLine = (src: PySource, span: TextRange): boolean => !src.text.slice(span.start, span.end).includes('\n');
const FUTURE = /^\s*from\s+__future__\s+import\s+[^\n]*\bannotations\b/m;

/** `t`, quoted when `|` between types would fail at run time (see the module comment); already-quoted text stays. */
function spelled(src: PySource, t: string, options: AnnotationOptions): string {
  const runtimeUnions = options.pythonMinor === undefined || options.pythonMinor >= 10 || FUTURE.test(src.text);
  if (runtimeUnions || !t.includes('|') || /^(["']).*\1$/.test(t)) return t;
  if (!t.includes('"')) return `"${t}"`;
  if (!t.includes("'")) return `'${t}'`;
  return t;
}

function edit(src: PySource, t: Target, at: number, insert: string, remove: number, summary: string, notes: string[]): PyEditResult {
  const { line, column } = position(src, at);
  const made: PyEdit = { line, column, insert, remove, name: t.label, kind: t.kind, declLine: t.declLine, mentions: t.mentions, summary, notes };
  return { ok: true, edit: made };
}

const OWN_LINE_NOTE = 'an error on the declaration\'s own line (its default value, `retries: str = 3`) is a break too: the declaration must change with its type';

export function changeTypeEdit(src: PySource, asked: string, i: number, newType: string | undefined, options: AnnotationOptions = {}): PyEditResult {
  if (newType === undefined) return { ok: false, reason: `the question does not say which type \`${asked}\` gets: ask e.g. "what breaks if I change the type of \`${asked}\` to str" (the new type written as Python, e.g. \`str | None\`)` };
  const wanted = newType.trim();
  const problem = pythonTypeProblem(wanted);
  if (problem) return { ok: false, reason: problem };
  const found = targetAt(src, asked, i);
  if (!found.ok) return found;
  const t = found.target;
  const text = spelled(src, wanted, options);
  const what = t.kind === 'function return type' ? `\`${t.label}\` returns \`${wanted}\`` : `\`${t.label}\` typed \`${wanted}\``;
  if (!t.annotation) return edit(src, t, t.insertAt, `${t.prefix}${text}`, 0, `${what} (it had no annotation)`, [OWN_LINE_NOTE]);
  const old = src.text.slice(t.annotation.start, t.annotation.end);
  if (!oneLine(src, t.annotation)) return { ok: false, reason: `the annotation of \`${t.label}\` spans several lines: the pyright checker replaces a one-line annotation` };
  if (old.replace(/\s+/g, '') === wanted.replace(/\s+/g, '')) return { ok: false, reason: `\`${t.label}\` is already \`${old}\`: nothing changes` };
  return edit(src, t, t.annotation.start, text, old.length, `${what} (was \`${old}\`)`, [OWN_LINE_NOTE]);
}

/** Whether an annotation admits None already (`int | None`, `Optional[int]`, `None`, `Any`). */
function admitsNone(annotation: string): boolean {
  const a = annotation.replace(/^(["'])(.*)\1$/, '$2').trim();
  return /^(?:[\w.]+\.)?(?:Optional\s*\[|Any$)|(?:^|\|)\s*None\s*(?:\||$)|^object$/.test(a);
}

export function makeOptionalEdit(src: PySource, asked: string, i: number, options: AnnotationOptions = {}): PyEditResult {
  const found = targetAt(src, asked, i);
  if (!found.ok) return found;
  const t = found.target;
  if (t.kind === 'function return type') return { ok: false, reason: `\`${t.label}\` is a function: ask about one of its parameters (\`${t.label}.name\`), or change its return type to \`T | None\`` };
  if (!t.annotation) return { ok: false, reason: `\`${t.label}\` has no annotation, so its type is pyright's inference: ask to change its type instead, e.g. "change the type of \`${asked}\` to \`int | None\`"` };
  const old = src.text.slice(t.annotation.start, t.annotation.end);
  if (!oneLine(src, t.annotation)) return { ok: false, reason: `the annotation of \`${t.label}\` spans several lines: the pyright checker edits a one-line annotation` };
  if (admitsNone(old)) return { ok: false, reason: `\`${t.label}\` is \`${old}\`, which admits None already: nothing changes` };
  const notes = [
    'made optional as `T | None` (no default added, so whoever sets or passes it still must): pyright reports the uses that are not None-safe (reportOptionalOperand, reportOptionalMemberAccess, reportOptionalSubscript, reportOptionalIterable, reportOptionalCall) and where the value flows into a type without None (reportArgumentType, reportReturnType, reportAssignmentType); a use after `if x is not None` or `assert x` is narrowed and does not break',
  ];
  const summary = `\`${t.label}\` made optional: \`${old}\` → \`${old} | None\``;
  const quoted = /^(["'])(.*)\1$/.exec(old);
  // A quoted annotation gets ` | None` inside its quotes; otherwise appended, or the whole rewritten quoted.
  if (quoted) return edit(src, t, t.annotation.end - 1, ' | None', 0, summary, notes);
  const text = spelled(src, `${old} | None`, options);
  if (text === `${old} | None`) return edit(src, t, t.annotation.end, ' | None', 0, summary, notes);
  return edit(src, t, t.annotation.start, text, old.length, summary, notes);
}
