/**
 * Mentions of a type's members grouped into the constructs that hold them: the arms of one switch or match,
 * the entries of one map, the branches of one if/elif chain, the elements of one list, the lines of one
 * parallel declaration. Language-neutral, from the layout of the code: the mentions of one construct sit at
 * one indentation, and the construct ends at the first line that is indented less (its closing bracket, the
 * statement after a chain). A construct says how many members it names and whether it has a default branch.
 */
import type { Mention } from './mentions.js';

export interface Block {
  /** 1-based lines holding mentions, ascending. */
  lines: number[];
  /** Distinct members named (indexes into the member set). */
  members: Set<number>;
  /** Some mention names the member as code refers to it (not only a value or a bare name). */
  strong: boolean;
  /** Only values of members are named (a mirror of their values). */
  valuesOnly: boolean;
  /** Every mention is in a comment or a docstring (prose that lists the members, not code). */
  prose: boolean;
  /** A default branch within the construct (`default:`, `else`, `case _`). */
  hasDefault: boolean;
  /** 1-based line where the construct ends (its closing line, or the last line of its last arm). */
  endLine: number;
  /**
   * For a construct of one line (`type: ActionTypes.Raise;` in `interface RaiseAction { … }`): the line that closes
   * the top-level declaration holding it, where a sibling declaration for another member would follow.
   */
  enclosingEnd?: number;
  /** What the construct is, in words (`switch arms`, `map`, `if/elif chain`, `list`, `list of records`, `parametrized test`, `declaration`). */
  shape: string;
}

/** Mentions further apart than this many lines are never one construct. */
const MAX_GAP = 25;
/**
 * Lines read past the last mention for the construct's end and default branch, at most. A construct runs on as
 * long as its lines continue it, and a long list goes on well past its last member (typeorm's list of 60 column
 * types names the members in its first lines; a new one is appended at its end, 50 lines further).
 */
const MAX_TAIL = 400;
/** Lines read past a one-line construct for the end of the block that holds it. */
const MAX_ENCLOSING = 200;

const indentOf = (line: string): number => /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;
/** A line at the construct's own indentation that continues it (another arm, its else, its closing bracket). */
const CONTINUES = /^\s*(?:case\b|default\b|else\b|elif\b|when\b|\||[}\])]|except\b|finally\b|#|\/\/|\/?\*|@)|,\s*(?:\/\/.*|#.*)?$/;
const FRESH_IF = /^\s*if\b/;
const DEFAULT_BRANCH = /^\s*(?:default\s*:|else\s*:|else\s*\{|else\s*$|\}\s*else\s*(?:\{|$)|case\s+_\s*(?:if\b[^:]*)?:|_\s*=>|otherwise\b|case\s+default\b)/;

/**
 * `records`: sibling records that each name a member under the same key are one construct (a data file's list of
 * connection settings, one object per driver). Left out for code, where such lists are sample data and test fixtures
 * (a drawing's elements, each with its `type`), not lists to keep in step.
 */
export function blocksOf(lines: readonly string[], mentions: readonly Mention[], options: { records?: boolean } = {}): Block[] {
  const prose = proseLines(lines);
  const byLine = new Map<number, Mention[]>();
  for (const m of mentions) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
  const order = [...byLine.keys()].sort((a, b) => a - b);
  const blocks: Block[] = [];
  let current: { lines: number[]; indent: number; records: boolean } | null = null;
  const close = (): void => {
    if (current) blocks.push(describe(lines, current.lines, current.indent, byLine, prose, current.records));
    current = null;
  };
  for (const line of order) {
    const indent = indentOf(lines[line - 1] ?? '');
    if (current) {
      const last = current.lines[current.lines.length - 1] ?? line;
      // A new `if` at the construct's own indentation is a new statement, not a branch of the chain above
      // (`if (s == A || s == B) {…}` then `if (s == C) {…}`): only `else if` / `elif` continue a chain.
      const freshIf = indent === current.indent && FRESH_IF.test(lines[line - 1] ?? '');
      if (!freshIf && line - last <= MAX_GAP && indent >= current.indent && continuesBetween(lines, last, line, current.indent, prose)) {
        current.lines.push(line);
        continue;
      }
      if (options.records && line - last <= MAX_GAP && indent === current.indent && sameKeyOfSiblingRecords(lines, byLine, current.lines, line, current.indent, prose)) {
        current.lines.push(line);
        current.records = true;
        continue;
      }
      close();
    }
    current = { lines: [line], indent, records: false };
  }
  close();
  return blocks;
}

/** Whether every line strictly between two mention lines stays inside the construct started at `indent`. */
function continuesBetween(lines: readonly string[], from: number, to: number, indent: number, prose: ReadonlySet<number>): boolean {
  for (let l = from + 1; l < to; l++) {
    const text = lines[l - 1] ?? '';
    // Blank lines, comments and docstrings never end a construct: a class of constants documents each one
    // (`MENTION: Final[str] = MessageEntityType.MENTION` then its `"""…"""`), and its entries are one list.
    if (text.trim() === '' || prose.has(l)) continue;
    const own = indentOf(text);
    if (own < indent) return false;
    if (own === indent && !CONTINUES.test(text)) return false;
  }
  return true;
}

/** A line of brackets and commas only: the end of one record and the start of the next (`},`, `{`, `}, {`). */
const RECORD_BOUNDARY = /^\s*[}\])]*\s*,?\s*[{[(]*\s*$/;

/**
 * Whether a mention line is a key of the next sibling record of a construct's last line, as in a list of connection
 * settings (`{"name": "mysql", "type": "mysql", …}, {"name": "sqlite", "type": "sqlite", …}`): the text before its
 * first mention is that of one of the construct's lines, and between them are only the rest of one record, lines of
 * brackets that close it and open the next, and the next one's lines before the key. Each record names one member;
 * the list of them enumerates the members.
 */
function sameKeyOfSiblingRecords(lines: readonly string[], byLine: ReadonlyMap<number, Mention[]>, construct: readonly number[], to: number, indent: number, prose: ReadonlySet<number>): boolean {
  const keyOf = (line: number): string => {
    const column = byLine.get(line)?.[0]?.column ?? 0;
    return (lines[line - 1] ?? '').slice(0, column).replace(/['"`]$/, '').trim();
  };
  const key = keyOf(to);
  if (!/[:=]$/.test(key) || !construct.some((line) => keyOf(line) === key)) return false;
  const from = construct[construct.length - 1] ?? to;
  let depth = 0;
  let crossed = false;
  for (let l = from + 1; l < to; l++) {
    const text = lines[l - 1] ?? '';
    if (text.trim() === '' || prose.has(l) || indentOf(text) >= indent) continue;
    if (!RECORD_BOUNDARY.test(text)) return false;
    depth += (text.match(/[{[(]/g)?.length ?? 0) - (text.match(/[}\])]/g)?.length ?? 0);
    // Never out of the list that holds the records.
    if (depth < -1) return false;
    crossed = true;
  }
  return crossed && depth === 0;
}

function describe(lines: readonly string[], at: readonly number[], indent: number, byLine: ReadonlyMap<number, Mention[]>, prose: ReadonlySet<number>, records = false): Block {
  const mentions = at.flatMap((l) => byLine.get(l) ?? []);
  const first = at[0] ?? 1;
  const last = at[at.length - 1] ?? first;
  let hasDefault = false;
  let endLine = last;
  // The construct runs on past its last mention until a line indented less (its closing line, kept) or a
  // statement at its own indentation that does not continue it (left out).
  for (let l = last + 1; l <= last + MAX_TAIL && l <= lines.length; l++) {
    const text = lines[l - 1] ?? '';
    if (text.trim() === '') continue;
    if (indentOf(text) < indent) {
      if (/^\s*[}\])]/.test(text)) endLine = l;
      break;
    }
    if (indentOf(text) === indent && !CONTINUES.test(text) && !DEFAULT_BRANCH.test(text)) break;
    endLine = l;
  }
  for (let l = first; l <= endLine; l++) {
    const text = lines[l - 1] ?? '';
    if (indentOf(text) === indent && DEFAULT_BRANCH.test(text)) hasDefault = true;
  }
  const enclosingEnd = at.length === 1 ? closingLine(lines, last, indent) : undefined;
  return {
    lines: [...at],
    ...(enclosingEnd !== undefined ? { enclosingEnd } : {}),
    members: new Set(mentions.map((m) => m.member)),
    strong: mentions.some((m) => m.kind === 'member'),
    valuesOnly: mentions.every((m) => m.kind === 'value'),
    prose: at.every((l) => prose.has(l)),
    hasDefault,
    endLine,
    shape: at.every((l) => prose.has(l)) ? 'comment' : records ? 'list of records' : shapeOf(lines, first, mentions.length),
  };
}

/**
 * The first line after `from` indented less than `indent` when it closes a top-level declaration (a bracket at the
 * start of the line: `}`, `)`, `]`), else undefined. An object returned inside a function closes further in: its end
 * is no place for a declaration of the next member.
 */
function closingLine(lines: readonly string[], from: number, indent: number): number | undefined {
  for (let l = from + 1; l <= from + MAX_ENCLOSING && l <= lines.length; l++) {
    const text = lines[l - 1] ?? '';
    if (text.trim() === '' || indentOf(text) >= indent) continue;
    return /^[}\])]/.test(text) ? l : undefined;
  }
  return undefined;
}

/** The construct's shape, from its first line (and the lines above it, for a test's parameters); `count` mentions in all. */
function shapeOf(lines: readonly string[], first: number, count: number): string {
  const text = lines[first - 1] ?? '';
  const above = [lines[first - 2] ?? '', lines[first - 3] ?? '', lines[first - 4] ?? ''].join('\n');
  if (/parametrize|\.each\s*\(|test\.each|it\.each|describe\.each/.test(`${above}\n${text}`)) return 'parametrized test';
  if (/^\s*case\b|^\s*\|?\s*[\w$.'"]+(?:\s*\|\s*[\w$.'"]+)*\s*=>/.test(text)) return 'switch/match arms';
  if (count === 1 && /===?|!==?|\bis\b|\bin\b/.test(text)) return 'comparison';
  if (/^\s*(?:\}\s*)?(?:el)?if\b|\belse\s+if\b|^\s*elif\b/.test(text)) return 'if/elif chain';
  // An annotated assignment (`MENTION: Final[str] = Kind.MENTION`, `readonly A: string = Kind.A;`) declares, it is no map entry.
  if (/^\s*(?:(?:readonly|static|public|private|protected)\s+)*[A-Za-z_$][\w$]*\s*:\s*[^=,{}]+=(?![=>])/.test(text)) return 'declaration';
  if (/^\s*\[?[\w$.'"`]+\]?\s*:(?!:)/.test(text) && !/^\s*(?:case|default)\b/.test(text)) return 'map';
  // C and C++ designated initializers: a table indexed by the members (`[RED] = …`).
  if (/^\s*\[[\w$.:]+\]\s*=(?!=)/.test(text)) return 'map';
  if (/^\s*[A-Za-z_$][\w$]*\s*(?::[^=]+)?=[^=>]/.test(text)) return 'declaration';
  return count > 1 ? 'list' : 'use';
}

/** 1-based lines that are comments or docstrings: line comments, block comments and Python's triple-quoted strings. */
function proseLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  let open: '"""' | "'''" | '*/' | null = null;
  lines.forEach((text, i) => {
    const trimmed = text.trim();
    if (open) {
      out.add(i + 1);
      if (text.includes(open)) open = null;
      return;
    }
    if (/^(?:\/\/|#|\*|\/\*)/.test(trimmed)) {
      out.add(i + 1);
      if (trimmed.startsWith('/*') && !trimmed.includes('*/')) open = '*/';
      return;
    }
    const quote = /^[rRbBuU]?("""|''')/.exec(trimmed)?.[1] as '"""' | "'''" | undefined;
    if (quote) {
      out.add(i + 1);
      if (trimmed.split(quote).length < 3) open = quote;
    }
  });
  return out;
}
