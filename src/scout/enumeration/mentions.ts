/**
 * Where a file names the members of a type, found in one pass over its text. Three kinds of mention:
 * - `member`: the member as code refers to it: `LLMKind.OpenAI` for an enum member, the literal `'openai'`
 *   for a member of a literal union, the type's name for a member of a union of named types;
 * - `value`: an enum member's value written as a literal elsewhere (`'openai'` where the member is
 *   `OpenAI = 'openai'`, or a distinctive number such as `1006`): a mirror of the member;
 * - `name`: the member's bare name (`OpenAI`, `Other.OpenAI`, or `"OpenAI"` as a string), or a literal member
 *   written as an unquoted object key (`code: IS_CODE`): a parallel declaration, a parallel namespace or a list
 *   of names. Weak alone (a common word), it counts only where other members are named too (see blocks.ts).
 * Language-neutral: `Type.Member` and `Type::Member` both name a member.
 */
import type { MemberSet } from '../site-facts.js';

export type MentionKind = 'member' | 'value' | 'name';

export interface Mention {
  /** 1-based line and 0-based column. */
  line: number;
  column: number;
  /** Index into the member set's members. */
  member: number;
  kind: MentionKind;
}

/** Bare names shorter than this are not looked for (`A`, `X`: every file has them). */
const MIN_BARE_NAME = 3;

export interface MentionMatcher {
  find(text: string): Mention[];
}

export function mentionMatcher(set: MemberSet): MentionMatcher {
  const type = escape(set.type);
  const byQualified = new Map<string, number>();
  const byLiteral = new Map<string, { member: number; kind: MentionKind }>();
  const byBare = new Map<string, { member: number; kind: MentionKind }>();
  const byNumber = new Map<string, { member: number; kind: MentionKind }>();
  const byKey = new Map<string, { member: number; kind: MentionKind }>();
  set.members.forEach((m, i) => {
    if (m.qualified) {
      byQualified.set(m.name, i);
      if (m.value !== null && m.valueIsString && m.value.length > 0) byLiteral.set(m.value, byLiteral.get(m.value) ?? { member: i, kind: 'value' });
      // A number value is looked for only when it is distinctive (`1006`, not `0` or `2`).
      if (m.value !== null && !m.valueIsString && /^-?\d{3,}$/.test(m.value)) byNumber.set(m.value, byNumber.get(m.value) ?? { member: i, kind: 'value' });
      if (m.name.length >= MIN_BARE_NAME) {
        byBare.set(m.name, { member: i, kind: 'name' });
        if (!byLiteral.has(m.name)) byLiteral.set(m.name, { member: i, kind: 'name' });
      }
    } else if (m.value !== null) {
      if (m.valueIsString) byLiteral.set(m.value, { member: i, kind: 'member' });
      // `{ code: IS_CODE, italic: IS_ITALIC }`: a literal member written as an object key without quotes.
      if (m.valueIsString && m.value.length >= MIN_BARE_NAME && /^[A-Za-z_$][\w$]*$/.test(m.value)) byKey.set(m.value, { member: i, kind: 'name' });
    } else byBare.set(m.name, { member: i, kind: 'member' });
  });
  // Each alternative's capture groups, in order, so a match tells which kind of token it found.
  const alternatives: string[] = [];
  const groups: Array<'qualified' | 'quote' | 'literal' | 'bare' | 'number' | 'key'> = [];
  if (byQualified.size > 0) {
    alternatives.push(`(?<![\\w$])${type}\\s*(?:\\.|::)\\s*(${[...byQualified.keys()].map(escape).join('|')})(?![\\w$])`);
    groups.push('qualified');
  }
  if (byLiteral.size > 0) {
    groups.push('quote', 'literal');
    alternatives.push(`(['"\`])(${[...byLiteral.keys()].map(escape).join('|')})\\${groups.indexOf('quote') + 1}`);
  }
  if (byBare.size > 0) {
    alternatives.push(`(?<![\\w$'"\`])(${[...byBare.keys()].map(escape).join('|')})(?![\\w$'"\`])`);
    groups.push('bare');
  }
  if (byNumber.size > 0) {
    alternatives.push(`(?<![\\w$.])(${[...byNumber.keys()].map(escape).join('|')})(?![\\w.])`);
    groups.push('number');
  }
  if (byKey.size > 0) {
    alternatives.push(`(?<![\\w$.'"\`])(${[...byKey.keys()].map(escape).join('|')})(?=\\s*\\??:(?!:))`);
    groups.push('key');
  }
  if (alternatives.length === 0) return { find: () => [] };
  const pattern = new RegExp(alternatives.join('|'), 'g');
  const tables = {
    qualified: new Map([...byQualified].map(([name, member]) => [name, { member, kind: 'member' as MentionKind }])),
    literal: byLiteral,
    bare: byBare,
    number: byNumber,
    key: byKey,
  };
  return {
    find(text: string): Mention[] {
      const out: Mention[] = [];
      let lineStarts: number[] | null = null;
      for (const match of text.matchAll(pattern)) {
        lineStarts ??= startsOfLines(text);
        const at = match.index ?? 0;
        const line = lineAt(lineStarts, at);
        const column = at - (lineStarts[line - 1] ?? 0);
        // The capture group that matched says which table names the token.
        const index = groups.findIndex((g, k) => g !== 'quote' && match[k + 1] !== undefined);
        const group = groups[index];
        const hit = group && group !== 'quote' ? tables[group].get(match[index + 1] ?? '') : undefined;
        if (hit) out.push({ line, column, member: hit.member, kind: hit.kind });
      }
      return out;
    },
  };
}

function startsOfLines(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of offset `at`. */
function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const QUOTES: ReadonlySet<string> = new Set(['"', "'"]);
const QUOTES_OR_CODE: ReadonlySet<string> = new Set(['"', "'", '`']);

/** Whether the mention is written inside quotes (or a code span): the character at or just before it opens one. */
export function isQuoted(lines: readonly string[], m: Mention, quotes: ReadonlySet<string> = QUOTES_OR_CODE): boolean {
  const line = lines[m.line - 1] ?? '';
  return quotes.has(line[m.column] ?? '') || quotes.has(line[m.column - 1] ?? '');
}
