/**
 * The members of a C or C++ enum, read from its declaring file's text (no parse: the contract's readMembers
 * is synchronous, and tree-sitter loads asynchronously): `enum Color { RED, GREEN }`, `typedef enum { … }
 * Color;`, `enum class Kind : int { Circle, Square }`. Comments, literals and preprocessor lines are skipped
 * while reading. A plain enum's enumerators are named bare in code (`RED`), with no value: a value would
 * make the enumeration look for the literal instead of the name. A scoped enum's are named through their type
 * (`Kind::Circle`), and a distinctive number value is kept, as for other languages' enum members.
 */
import type { Member, MemberSet } from '../site-facts.js';
import { blankCommentsAndLiterals, closingBracket, lineAt } from '../verify/c-like-code.js';

/** The text with comments, literals' contents and preprocessor lines replaced by spaces (offsets and lines kept). */
export function clangCodeOnly(text: string): string {
  return blankCommentsAndLiterals(text, { raw: [], keepQuotes: false }).replace(/^[ \t]*#.*$/gm, (line) => ' '.repeat(line.length));
}

/** `enum`, an optional `class`/`struct`, an optional tag and an optional underlying type, up to the body's brace. */
const ENUM_HEAD = /\benum\b(\s+(?:class|struct)\b)?\s*(?:\[\[[^\]]*\]\]\s*)?([A-Za-z_]\w*)?\s*(?::\s*[\w:\s]+?)?\s*\{/g;

export function readClangMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  const own = name.split(/\.|::/).pop() ?? name;
  const code = clangCodeOnly(text);
  for (const head of code.matchAll(ENUM_HEAD)) {
    const open = head.index + head[0].length - 1;
    const close = closingBracket(code, open);
    if (close < 0) continue;
    // `typedef enum { … } Color;`: the typedef names the type too (after `}`, another name is a variable).
    const typedef = /\btypedef\s+$/.test(code.slice(Math.max(0, head.index - 40), head.index));
    const after = typedef ? /^(\s*)([A-Za-z_]\w*)\s*[;,]/.exec(code.slice(close + 1)) : null;
    const alias = after?.[2] ?? null;
    const tag = head[2] ?? null;
    if (tag !== own && alias !== own) continue;
    const startLine = lineAt(code, head.index);
    const endLine = lineAt(code, after ? close + 1 + (after[1]?.length ?? 0) : close);
    if (line < startLine || line > endLine) continue;
    const scoped = head[1] !== undefined;
    const members = enumerators(code, open, close, scoped ? own : null);
    return members.length > 0 ? { type: own, file, startLine, endLine, shape: scoped ? 'enum class' : 'enum', members } : null;
  }
  return null;
}

/** The enumerators between the braces at `open` and `close` of `code`: `NAME`, `NAME = value`, comma-separated. */
function enumerators(code: string, open: number, close: number, scope: string | null): Member[] {
  const members: Member[] = [];
  let start = open + 1;
  for (let i = open + 1; i <= close; i++) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') {
      const end = closingBracket(code, i);
      i = end < 0 ? close : end;
      continue;
    }
    if (c !== ',' && i !== close) continue;
    const entry = /^\s*([A-Za-z_]\w*)\s*(?:\[\[[^\]]*\]\]\s*)?(?:=\s*([\s\S]*?))?\s*$/.exec(code.slice(start, i));
    start = i + 1;
    if (!entry?.[1]) continue;
    // Numbers are left as they are by the blanking; a distinctive one is a mirror to look for (mentions.ts).
    const value = entry[2] !== undefined && /^-?(?:0x[\da-f]+|\d+)[ul]*$/i.test(entry[2]) ? entry[2].replace(/[ul]+$/i, '') : null;
    members.push({ name: entry[1], value: scope ? value : null, valueIsString: false, qualified: scope ? `${scope}::${entry[1]}` : null });
  }
  return members;
}
