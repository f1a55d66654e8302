/**
 * The members of a Go named type with constants (`type Kind int` and `const ( Book Kind = iota; Music;
 * Video )`), read from the declaring file's text (no parse: the contract's readMembers is synchronous, and
 * tree-sitter loads asynchronously). A constant is a member when its type is the named type: written on its
 * spec, or repeated from the last spec with a value (the lines after an iota line have none). Members are
 * named bare (`Book`, or `kind.Book` from another package: the bare name still matches), with no value: a
 * value would make the enumeration look for the literal instead of the name. Constants declared in another
 * file of the package are not read. Go has no other type with variants (interfaces are open).
 */
import type { Member, MemberSet } from '../site-facts.js';
import { blankCommentsAndLiterals } from '../verify/c-like-code.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with comments and the contents of string, raw string and rune literals replaced by spaces (offsets and lines kept). */
export const goCodeOnly = (text: string): string => blankCommentsAndLiterals(text, { raw: ['`'], keepQuotes: false });

const SPEC = /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(.*?)\s*;?\s*$/;

/** One const spec's names and its type (`Kind`), null when untyped, undefined when it has no value (it repeats the last one). */
function readSpec(body: string): { names: string[]; type: string | null | undefined } | null {
  const m = SPEC.exec(body);
  if (!m?.[1]) return null;
  const names = m[1].split(',').map((n) => n.trim());
  const rest = m[2] ?? '';
  if (rest === '') return { names, type: undefined };
  const typed = /^([A-Za-z_][\w.]*)\s*=/.exec(rest);
  if (typed?.[1]) return { names, type: typed[1] };
  // `Book = Kind(iota)`: a conversion gives the type too.
  const converted = /^=\s*([A-Za-z_][\w.]*)\s*\(/.exec(rest);
  return { names, type: converted?.[1] ?? null };
}

export function readGoMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  const own = name.split('.').pop() ?? name;
  const lines = goCodeOnly(text).split('\n');
  const head = lines[line - 1] ?? '';
  // `type Kind int`, or `Kind int` inside a `type (` group; an alias (`Kind = int`) is another type's name.
  const declared = new RegExp(`^\\s*(?:type\\s+)?${escape(own)}(?:\\[[^\\]]*\\])?\\s+(?!=)\\S`).test(head) && (/^\s*type\s/.test(head) || lines.slice(0, line - 1).some((l) => /^\s*type\s*\(/.test(l)));
  if (!declared) return null;
  const members: Member[] = [];
  const used: number[] = [];
  let inGroup = false;
  let last: string | null | undefined;
  lines.forEach((l, i) => {
    let body: string | null = null;
    if (inGroup) {
      if (/^\s*\)/.test(l)) inGroup = false;
      else if (l.trim() !== '') body = l;
    } else if (/^\s*const\s*\(\s*$/.test(l)) {
      inGroup = true;
      last = null;
    } else {
      const single = /^\s*const\s+(.*)$/.exec(l);
      if (single?.[1]) {
        last = null;
        body = single[1];
      }
    }
    if (body === null) return;
    const spec = readSpec(body);
    if (!spec) return;
    const type = spec.type === undefined ? last : spec.type;
    if (spec.type !== undefined) last = spec.type;
    if (type !== own) return;
    for (const n of spec.names) if (n !== '_') members.push({ name: n, value: null, valueIsString: false, qualified: null });
    used.push(i + 1);
  });
  if (members.length === 0) return null;
  // The declaration's own lines are not sites: the range spans the type and its constants (usually side by side).
  return { type: own, file, startLine: Math.min(line, ...used), endLine: Math.max(line, ...used), shape: 'constants of a named type (iota group)', members };
}
