/**
 * The members of a TypeScript type with variants, read from its declaration's text: an `enum` (members and
 * their values), a literal union (`'a' | 'b'`), a tagged union (`{ kind: 'a'; … } | { kind: 'b'; … }`: the
 * tag's values) or a union of named types (`Circle | Square`). Text only: no program, so it runs on every
 * question at once; the checker (variant-edit.ts) is the one that reads the declaration with types.
 */
import type { Member, MemberSet } from '../site-facts.js';

/** Property names tried first as the tag of a tagged union. */
const TAG_NAMES = ['type', 'kind', 'tag', '_tag', 'name', 'op', 'mode', 'status'];

export function readTypeScriptMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  const lines = text.split(/\r?\n/);
  const head = lines[line - 1] ?? '';
  const start = line - 1;
  if (new RegExp(`\\benum\\s+${escape(name)}\\b`).test(head)) return enumMembers(lines, start, file, name);
  if (new RegExp(`\\btype\\s+${escape(name)}\\b`).test(head)) return unionMembers(lines, start, file, name);
  return null;
}

function enumMembers(lines: readonly string[], start: number, file: string, name: string): MemberSet | null {
  const block = bracketed(lines, start, '{', '}');
  if (!block) return null;
  const members: Member[] = [];
  for (const entry of splitTop(stripComments(block.inner), ',')) {
    const m = /^(?:(['"])(.+?)\1|([A-Za-z_$][\w$]*))\s*(?:=\s*([^]*))?$/.exec(entry.trim());
    if (!m) continue;
    const memberName = m[2] ?? m[3] ?? '';
    const value = literalValue(m[4]?.trim() ?? '');
    members.push({ name: memberName, value: value?.text ?? null, valueIsString: value?.isString ?? false, qualified: /^[A-Za-z_$][\w$]*$/.test(memberName) ? `${name}.${memberName}` : null });
  }
  return members.length > 0 ? { type: name, file, startLine: start + 1, endLine: block.endLine + 1, shape: 'enum', members } : null;
}

function unionMembers(lines: readonly string[], start: number, file: string, name: string): MemberSet | null {
  const statement = aliasBody(lines, start);
  if (!statement) return null;
  const parts = splitTop(stripComments(statement.body), '|')
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== 'null' && p !== 'undefined');
  if (parts.length < 2) return null;
  const members: Member[] = [];
  const objects: string[] = [];
  for (const part of parts) {
    const literal = literalValue(part);
    if (literal) members.push({ name: literal.text, value: literal.text, valueIsString: literal.isString, qualified: null });
    else if (part.startsWith('{')) objects.push(part);
    else if (/^[A-Za-z_$][\w$.]*(?:<.*>)?(?:\[\])?$/.test(part)) {
      const typeName = part.replace(/<.*$/, '').replace(/\[\]$/, '').split('.').pop() ?? part;
      members.push({ name: typeName, value: null, valueIsString: false, qualified: null });
    } else return null; // a computed union (`keyof typeof X`, `A extends B ? …`): no member list in the text
  }
  let shape = members.every((m) => m.value !== null) ? 'literal union' : 'union of types';
  if (objects.length > 0) {
    const tag = tagOf(objects);
    if (!tag) return null;
    shape = `tagged union (${tag.name})`;
    for (const value of tag.values) members.push({ name: value, value, valueIsString: true, qualified: null });
  }
  return { type: name, file, startLine: start + 1, endLine: statement.endLine + 1, shape, members };
}

/** The property every object member of a union sets to a string literal (the tag), preferring the usual names. */
function tagOf(objects: readonly string[]): { name: string; values: string[] } | null {
  const props = objects.map((o) => {
    const found = new Map<string, string>();
    for (const m of o.matchAll(/([A-Za-z_$][\w$]*)\??\s*:\s*(['"])([^'"]*)\2/g)) if (m[1] && !found.has(m[1])) found.set(m[1], m[3] ?? '');
    return found;
  });
  const shared = [...(props[0]?.keys() ?? [])].filter((k) => props.every((p) => p.has(k)));
  const name = TAG_NAMES.find((t) => shared.includes(t)) ?? shared[0];
  return name ? { name, values: props.map((p) => p.get(name) ?? '') } : null;
}

/** A string or number literal (its text without quotes), or null. */
function literalValue(text: string): { text: string; isString: boolean } | null {
  const s = /^(['"`])([^'"`]*)\1$/.exec(text);
  if (s) return { text: s[2] ?? '', isString: true };
  if (/^-?\d+(?:\.\d+)?$/.test(text) || /^0x[0-9a-f]+$/i.test(text)) return { text, isString: false };
  return null;
}

/** The text between the first `open` at or after line `start` and its matching `close` (strings skipped). */
function bracketed(lines: readonly string[], start: number, open: string, close: string): { inner: string; endLine: number } | null {
  let depth = 0;
  let inner = '';
  let quote: string | null = null;
  for (let l = start; l < lines.length && l < start + 2000; l++) {
    const text = lines[l] ?? '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? '';
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = null;
      } else if (depth > 0 && (ch === "'" || ch === '"' || ch === '`')) quote = ch;
      else if (ch === '/' && text[i + 1] === '/' && depth > 0) break;
      if (ch === open && !quote) {
        depth++;
        if (depth === 1) continue;
      } else if (ch === close && !quote) {
        depth--;
        if (depth === 0) return { inner, endLine: l };
      }
      if (depth > 0) inner += ch;
    }
    if (depth > 0) inner += '\n';
  }
  return null;
}

/** The right-hand side of `type X = …`, up to its `;` or the first line at depth 0 that does not continue it. */
function aliasBody(lines: readonly string[], start: number): { body: string; endLine: number } | null {
  const head = lines[start] ?? '';
  const eq = head.indexOf('=', head.search(/\btype\b/));
  if (eq < 0) return null;
  let body = '';
  let depth = 0;
  for (let l = start; l < lines.length && l < start + 500; l++) {
    const text = withoutLineComment(l === start ? head.slice(eq + 1) : (lines[l] ?? ''));
    for (const ch of text) {
      if ('{[(<'.includes(ch)) depth++;
      else if ('}])>'.includes(ch)) depth--;
      if (ch === ';' && depth <= 0) return { body, endLine: l };
      body += ch;
    }
    body += '\n';
    const next = nextCodeLine(lines, l + 1);
    const open = /[|&=]\s*$/.test(body.trimEnd()) || body.trim() === '';
    if (depth <= 0 && !open && !/^[|&]/.test(next)) return { body, endLine: l };
  }
  return null;
}

/** The next line with code on it (blank and comment-only lines skipped), trimmed. */
function nextCodeLine(lines: readonly string[], from: number): string {
  for (let l = from; l < lines.length && l < from + 50; l++) {
    const text = withoutLineComment(lines[l] ?? '').trim();
    if (text !== '' && !text.startsWith('/*') && !text.startsWith('*')) return text;
  }
  return '';
}

/** A line without its `//` comment (a `//` inside a string is kept). */
function withoutLineComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '/' && line[i + 1] === '/') return line.slice(0, i);
  }
  return line;
}

/** Split at `separator` outside brackets and strings. */
function splitTop(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quote) {
      if (ch === '\\') {
        current += ch + (text[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if ('{[(<'.includes(ch)) depth++;
    else if ('}])>'.includes(ch) && !(ch === '>' && text[i - 1] === '=')) depth--;
    else if (ch === separator && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[^]*?\*\//g, '').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
