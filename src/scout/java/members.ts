/**
 * The members of a Java type with variants, read from its declaration's text (no parse: the contract's
 * readMembers is synchronous, and tree-sitter loads asynchronously): an enum's constants (`Kind.BOOK`; a
 * constant built from one string literal, `BOOK("book")`, has that value) or the permitted classes of a
 * sealed interface or class (its `permits` list; without one, the classes of the same file that extend or
 * implement it). Comments and string contents are skipped while reading; javac (checker.ts) is the one
 * that reads the code with types.
 */
import type { Member, MemberSet } from '../site-facts.js';
import { blankCommentsAndLiterals, closingBracket, lineAt } from '../verify/c-like-code.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with comments and the contents of string, text block and char literals replaced by spaces (offsets and lines kept; a string's quotes stay). */
export const codeOnly = (text: string): string => blankCommentsAndLiterals(text, { raw: ['"""'], keepQuotes: true });

export function readJavaMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  const code = codeOnly(text);
  const lines = code.split('\n');
  const head = lines[line - 1] ?? '';
  const own = name.split('.').pop() ?? name;
  const declared = new RegExp(`\\b(enum|interface|class)\\s+${escape(own)}\\b`).exec(head);
  if (!declared) return null;
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + declared.index;
  const open = code.indexOf('{', start);
  if (open < 0) return null;
  const close = closingBracket(code, open);
  const endLine = close < 0 ? lines.length : lineAt(code, close);
  if (declared[1] === 'enum') return enumMembers(text, code, open, close < 0 ? code.length : close, { type: own, file, startLine: line, endLine });
  const header = code.slice(start, open);
  if (!/\bsealed\b/.test(header.replace(/non-sealed/g, '')) && !/\bsealed\b/.test(head.replace(/non-sealed/g, ''))) return null;
  return sealedMembers(code, header, own, { type: own, file, startLine: line, endLine, isInterface: declared[1] === 'interface' });
}

function enumMembers(text: string, code: string, open: number, close: number, at: Omit<MemberSet, 'shape' | 'members'>): MemberSet | null {
  const members: Member[] = [];
  let i = open + 1;
  // Constants come first, separated by commas at depth 0, until `;` or the closing brace.
  while (i < close) {
    const rest = code.slice(i, close);
    const m = /^[\s,]*((?:@[\w.]+(?:\s*\([^)]*\))?\s*)*)([A-Za-z_$][\w$]*)/.exec(rest);
    if (!m?.[2] || /^\s*;/.test(rest)) break;
    const constant = m[2];
    let j = i + m[0].length;
    let value: string | null = null;
    let valueIsString = false;
    const after = code.slice(j, close);
    if (/^\s*\(/.test(after)) {
      const paren = j + (after.indexOf('('));
      const end = closingBracket(code, paren);
      const args = text.slice(paren + 1, end < 0 ? close : end).trim();
      const literal = /^"((?:[^"\\\n]|\\.)*)"$/.exec(args) ?? /^(-?\d+(?:\.\d+)?[LlFfDd]?)$/.exec(args);
      if (literal?.[1] !== undefined) {
        value = literal[1];
        valueIsString = args.startsWith('"');
      }
      j = end < 0 ? close : end + 1;
    }
    const body = /^\s*\{/.exec(code.slice(j, close));
    if (body) {
      const end = closingBracket(code, j + body[0].length - 1);
      j = end < 0 ? close : end + 1;
    }
    members.push({ name: constant, value, valueIsString, qualified: `${at.type}.${constant}` });
    const next = /^\s*([,;}])?/.exec(code.slice(j, close + 1));
    if (next?.[1] !== ',') break;
    i = j;
  }
  return members.length > 0 ? { ...at, shape: 'enum', members } : null;
}

function sealedMembers(code: string, header: string, own: string, at: Omit<MemberSet, 'shape' | 'members'> & { isInterface: boolean }): MemberSet | null {
  const { isInterface, ...set } = at;
  const permits = /\bpermits\b([\s\S]*)$/.exec(header)?.[1];
  let names: string[];
  if (permits !== undefined) {
    names = permits.split(',').map((p) => p.replace(/<[\s\S]*$/, '').trim().split('.').pop() ?? '').filter((p) => /^[A-Za-z_$][\w$]*$/.test(p));
  } else {
    // No `permits`: the permitted classes are those of the same file that extend or implement it.
    const sub = new RegExp(`\\b(?:class|record|interface)\\s+([A-Za-z_$][\\w$]*)[^{;]*?\\b(?:extends|implements)\\b[^{;]*?\\b${escape(own)}\\b`, 'g');
    names = [...code.matchAll(sub)].map((m) => m[1] ?? '').filter((n) => n !== '' && n !== own);
  }
  const members: Member[] = [...new Set(names)].map((n) => ({ name: n, value: null, valueIsString: false, qualified: null }));
  return members.length > 0 ? { ...set, shape: `sealed ${isInterface ? 'interface' : 'class'}`, members } : null;
}
