/**
 * A `def`'s signature read from the text (no parser): its parameters, each with where its code starts and
 * ends, its annotation and whether it has a default, and its return annotation. Strings, comments and
 * brackets are followed, so a multi-line signature with comments and trailing commas reads the same as a
 * one-line one. Offsets are into the file's text; what the edits (parameter-edit.ts, annotation-edit.ts)
 * need to place one insertion or replacement on one line.
 */
import type { PySource } from './source-lines.js';

export interface TextRange {
  start: number;
  end: number;
}

export interface Param extends TextRange {
  /** `x`, `x: int = 1` (plain); `*` (star); `*args`; `**kwargs`; `/` (slash). */
  kind: 'plain' | 'star' | 'args' | 'kwargs' | 'slash';
  /** The name without stars; '' for `*` and `/`. */
  name: string;
  hasDefault: boolean;
  /** The annotation's code, when there is one. */
  annotation: TextRange | null;
}

export interface Signature {
  name: string;
  /** Offsets of `(` and `)`. */
  open: number;
  close: number;
  params: Param[];
  /** The return annotation after `->`, when there is one. */
  returns: TextRange | null;
}

type Visit = (at: number, end: number, ch: string, depth: number) => boolean | void;

/**
 * Calls `visit` for each code character from `from` (a whole string literal once, as 'str'; comments
 * skipped) with the bracket depth around it (an opening bracket is seen at the depth before it, a closing
 * one at the depth after it), until `visit` returns true; returns that offset, or -1 at the end of the text.
 */
export function walkCode(text: string, from: number, visit: Visit): number {
  let depth = 0;
  for (let k = from; k < text.length; k++) {
    const ch = text[k] as string;
    if (ch === '#') {
      const nl = text.indexOf('\n', k);
      if (nl < 0) return -1;
      k = nl - 1;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const q = text.startsWith(ch.repeat(3), k) ? ch.repeat(3) : ch;
      let e = k + q.length;
      while (e < text.length && !text.startsWith(q, e) && !(q.length === 1 && text[e] === '\n')) e += text[e] === '\\' ? 2 : 1;
      const end = Math.min(text.length, e + q.length);
      if (visit(k, end, 'str', depth)) return k;
      k = end - 1;
      continue;
    }
    if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (visit(k, k + 1, ch, depth)) return k;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
  }
  return -1;
}

const isSpace = (ch: string): boolean => /\s/.test(ch) || ch === '\\';

function paramOf(text: string, span: TextRange, colon: number, eq: number): Param {
  const t = text.slice(span.start, span.end);
  const kind: Param['kind'] = t === '/' ? 'slash' : t === '*' ? 'star' : t.startsWith('**') ? 'kwargs' : t.startsWith('*') ? 'args' : 'plain';
  const name = /^\**\s*([A-Za-z_]\w*)/.exec(t)?.[1] ?? '';
  let annotation: TextRange | null = null;
  if (colon >= 0) {
    let s = colon + 1;
    let e = eq >= 0 ? eq : span.end;
    while (s < e && isSpace(text[s] as string)) s++;
    while (e > s && isSpace(text[e - 1] as string)) e--;
    annotation = { start: s, end: e };
  }
  return { ...span, kind, name, hasDefault: eq >= 0, annotation };
}

/** The signature of the `def` statement starting at 0-based line `i`, or null when it is not a `def`. */
export function signatureAt(src: PySource, i: number): Signature | null {
  const text = src.text;
  const base = src.offsets[i] as number;
  const head = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*/.exec(text.slice(base, base + 400));
  if (!head) return null;
  let k = base + head[0].length;
  // PEP 695 type parameters: `def first[T](xs: list[T]) -> T`.
  if (text[k] === '[') {
    const end = walkCode(text, k, (_at, _end, ch, depth) => ch === ']' && depth === 0);
    if (end < 0) return null;
    k = end + 1;
    while (isSpace(text[k] ?? '')) k++;
  }
  if (text[k] !== '(') return null;
  const open = k;
  const params: Param[] = [];
  let seg: TextRange = { start: -1, end: -1 };
  let colon = -1;
  let eq = -1;
  const finish = (): void => {
    if (seg.start >= 0) params.push(paramOf(text, seg, colon, eq));
    seg = { start: -1, end: -1 };
    colon = -1;
    eq = -1;
  };
  const close = walkCode(text, open, (at, end, ch, depth) => {
    if (at === open) return false;
    if (ch === ')' && depth === 0) {
      finish();
      return true;
    }
    if (ch === ',' && depth === 1) {
      finish();
      return false;
    }
    if (ch !== 'str' && isSpace(ch)) return false;
    if (seg.start < 0) seg.start = at;
    seg.end = end;
    if (depth === 1 && ch === ':' && colon < 0 && eq < 0) colon = at;
    // `=` of a default, not of `==`, `<=`, `>=`, `!=` inside an expression.
    if (depth === 1 && ch === '=' && eq < 0 && !/[=<>!]/.test(text[at - 1] ?? '') && text[at + 1] !== '=') eq = at;
    return false;
  });
  if (close < 0) return null;
  // `-> T:`: the return annotation runs to the `:` that ends the header.
  const found: { returns: TextRange | null } = { returns: null };
  let arrow = -1;
  let returnsStart = -1;
  let last = -1;
  walkCode(text, close + 1, (at, end, ch, depth) => {
    if (ch !== 'str' && isSpace(ch)) return false;
    if (arrow < 0) {
      if (ch === '-' && text[at + 1] === '>') {
        arrow = at + 2;
        return false;
      }
      return true; // `:` right after `)`: no return annotation
    }
    if (at === arrow - 1) return false; // the `>` of `->`
    if (ch === ':' && depth === 0) {
      if (last >= 0) found.returns = { start: returnsStart, end: last };
      return true;
    }
    if (returnsStart < 0) returnsStart = at;
    last = end;
    return false;
  });
  return { name: head[1] as string, open, close, params, returns: found.returns };
}
