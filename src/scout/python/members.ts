/**
 * The members of a Python type with variants, read from its declaration's text: an `Enum` class (its
 * `NAME = value` lines at the body's indentation) or a `Literal[...]` alias (`Mode = Literal["a", "b"]`,
 * `Mode: TypeAlias = Literal[...]`, `type Mode = Literal[...]`). Text only; pyright (checker.ts) is the one
 * that reads it with types.
 */
import type { Member, MemberSet } from '../site-facts.js';

export function readPythonMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  const lines = text.split(/\r?\n/);
  const head = lines[line - 1] ?? '';
  if (new RegExp(`^\\s*class\\s+${name}\\b`).test(head)) return enumMembers(lines, line - 1, file, name);
  if (new RegExp(`^\\s*(?:type\\s+)?${name}\\s*(?::[^=]*)?=\\s*(?:typing\\.|t\\.|typing_extensions\\.)?Literal\\s*\\[`).test(head)) return literalMembers(lines, line - 1, file, name);
  return null;
}

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;

function enumMembers(lines: readonly string[], start: number, file: string, name: string): MemberSet | null {
  const classIndent = indentOf(lines[start] ?? '');
  let bodyIndent: number | null = null;
  let end = start;
  const members: Member[] = [];
  let lastMember = start;
  let inDocstring: string | null = null;
  for (let l = start + 1; l < lines.length; l++) {
    const text = lines[l] ?? '';
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    const indent = indentOf(text);
    if (indent <= classIndent) break;
    end = l;
    bodyIndent ??= indent;
    if (inDocstring) {
      if (text.includes(inDocstring)) inDocstring = null;
      continue;
    }
    const doc = /^\s*[rRbBuU]?("""|''')/.exec(text);
    if (doc?.[1] && indent === bodyIndent) {
      if (text.split(doc[1]).length < 3) inDocstring = doc[1];
      continue;
    }
    if (indent !== bodyIndent) continue;
    const m = /^\s*([A-Za-z][\w]*)\s*(?::\s*[^=]+)?=\s*(.+?)\s*(?:#.*)?$/.exec(text);
    if (!m?.[1] || m[1].startsWith('_')) continue;
    const raw = m[2] ?? '';
    const tuple = /^\(\s*(.+?)\s*,/.exec(raw); // `A = ("a", 1)`: the first element names it
    const value = literal(tuple?.[1] ?? raw);
    members.push({ name: m[1], value: value?.text ?? null, valueIsString: value?.isString ?? false, qualified: `${name}.${m[1]}` });
    lastMember = l;
  }
  // The declaration ends at its last member: the methods after them (a `category` property whose lookup dict keys
  // every member, discord.py's AuditLogAction) are code that lists the members like any other.
  return members.length > 0 ? { type: name, file, startLine: start + 1, endLine: Math.min(end, lastMember) + 1, shape: 'Enum class', members } : null;
}

function literalMembers(lines: readonly string[], start: number, file: string, name: string): MemberSet | null {
  let text = '';
  let depth = 0;
  let end = start;
  let opened = false;
  for (let l = start; l < lines.length && l < start + 300; l++) {
    const line = lines[l] ?? '';
    for (const ch of l === start ? line.slice(line.indexOf('Literal')) : line) {
      if (ch === '[') {
        depth++;
        opened = true;
        if (depth === 1) continue;
      }
      if (ch === ']') depth--;
      if (opened && depth === 0) break;
      if (depth >= 1) text += ch;
    }
    end = l;
    if (opened && depth === 0) break;
    text += '\n';
  }
  const members: Member[] = [];
  for (const part of text.replace(/#[^\n]*/g, '').split(',')) {
    const value = literal(part.trim());
    if (value) members.push({ name: value.text, value: value.text, valueIsString: value.isString, qualified: null });
  }
  return members.length > 1 ? { type: name, file, startLine: start + 1, endLine: end + 1, shape: 'Literal alias', members } : null;
}

function literal(text: string): { text: string; isString: boolean } | null {
  const s = /^[bBuU]?(['"])(.*)\1$/.exec(text);
  if (s) return { text: s[2] ?? '', isString: true };
  if (/^-?\d+(?:\.\d+)?$/.test(text) || /^0x[0-9a-f]+$/i.test(text)) return { text, isString: false };
  return null;
}
