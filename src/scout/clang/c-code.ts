/**
 * C and C++ code as the checker's cheap reader sees it: comments and the contents of literals blanked
 * (verify/c-like-code.ts), preprocessor directives blanked too (a `{` in a `#define` is no block), then cut
 * into tokens with their offsets. No parse: the readers above (scopes, declarations, places) match brackets
 * and names on these tokens, which is enough to find a declaration on a known line and the function around an
 * error, and costs nothing next to a compiler run. What it does not see: a block opened in two branches of an
 * `#if` (both branches are read), a raw string literal `R"(…)"` holding a quote.
 */
import { blankCommentsAndLiterals } from '../verify/c-like-code.js';

export interface Token {
  text: string;
  /** Offsets in the text (UTF-16), end exclusive. */
  start: number;
  end: number;
}

/** A preprocessor directive (with its continuation lines): `#define COLOR_COUNT 3`. */
export interface Directive {
  /** The directive's words after `#`, comments blanked (`define COLOR_COUNT 3`). */
  body: string;
  start: number;
  end: number;
}

export interface CCode {
  text: string;
  /** The text with comments, literal contents and directives blanked (same length, same lines). */
  code: string;
  tokens: Token[];
  directives: Directive[];
  /** Offset of the start of each 0-based line. */
  lineStarts: number[];
}

const blankOf = (s: string): string => s.replace(/[^\n]/g, ' ');

/** Identifiers, numbers, blanked literals, the multi-character punctuators the readers match, any other character. */
const TOKEN = /[A-Za-z_]\w*|\d[\w.]*|"[ ]*"|'[ ]*'|::|->|\.\.\.|&&|\S/g;

export function readCode(text: string): CCode {
  const blanked = blankCommentsAndLiterals(text, { raw: [], keepQuotes: true });
  const directives: Directive[] = [];
  let code = '';
  let at = 0;
  // A directive starts a line with `#` and runs to the first line not ending in a backslash.
  const directive = /^[ \t]*#/gm;
  for (let m = directive.exec(blanked); m; m = directive.exec(blanked)) {
    let end = blanked.indexOf('\n', m.index);
    while (end >= 0 && /\\\s*$/.test(blanked.slice(m.index, end).split('\n').pop() ?? '')) end = blanked.indexOf('\n', end + 1);
    if (end < 0) end = blanked.length;
    directives.push({ body: blanked.slice(m.index + m[0].length, end).replace(/\\\n/g, ' ').trim(), start: m.index, end });
    code += blanked.slice(at, m.index) + blankOf(blanked.slice(m.index, end));
    at = end;
    directive.lastIndex = end;
  }
  code += blanked.slice(at);
  const tokens: Token[] = [];
  for (const m of code.matchAll(TOKEN)) tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return { text, code, tokens, directives, lineStarts };
}

/** The 0-based line of an offset. */
export function lineAt(c: CCode, offset: number): number {
  let lo = 0;
  let hi = c.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((c.lineStarts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export const isIdentifier = (t: Token | undefined): t is Token => t !== undefined && /^[A-Za-z_]/.test(t.text);

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index of the token closing the bracket at token `open` (the last token when it is never closed). */
export function closing(tokens: readonly Token[], open: number): number {
  const want = OPEN[tokens[open]?.text ?? ''];
  if (!want) return open;
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i++) {
    const t = (tokens[i] as Token).text;
    if (OPEN[t]) stack.push(OPEN[t] as string);
    else if (t === ')' || t === ']' || t === '}') {
      // A stray closer of another kind (unbalanced code) closes nothing.
      if (stack[stack.length - 1] === t) stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return tokens.length - 1;
}

/** The index of the token opening the bracket closed at token `close`, scanning back (bounded below by `from`). */
export function opening(tokens: readonly Token[], close: number, from = 0): number {
  const want: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let depth = 0;
  for (let i = close; i >= from; i--) {
    const t = (tokens[i] as Token).text;
    if (want[t]) depth++;
    else if (t === '(' || t === '[' || t === '{') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return from;
}

/**
 * The last token of a macro standing alone on its line (`FMT_BEGIN_EXPORT`, `FMT_PRAGMA_GCC(push_options)`),
 * when token `i` starts one; -1 otherwise. Such a line has no `;` yet ends a statement: what follows it (a
 * namespace, a template) is the next statement, not the macro's continuation.
 */
export function macroLineEnd(c: CCode, i: number): number {
  const t = c.tokens[i];
  if (!t || !/^[A-Z][A-Z0-9_]{2,}$/.test(t.text)) return -1;
  const line = lineAt(c, t.start);
  const lineStart = c.lineStarts[line] ?? 0;
  const lineEnd = c.lineStarts[line + 1] ?? c.code.length;
  if (c.code.slice(lineStart, t.start).trim() !== '') return -1;
  let last = i;
  const next = c.tokens[i + 1];
  if (next?.text === '(' && next.start < lineEnd) last = closing(c.tokens, i + 1);
  const end = c.tokens[last];
  if (!end || lineAt(c, end.end) > lineAt(c, t.start) + 2) return -1;
  const rest = c.code.slice(end.end, c.lineStarts[lineAt(c, end.end) + 1] ?? c.code.length);
  return rest.trim() === '' ? last : -1;
}
