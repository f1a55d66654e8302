/**
 * A Python file as logical lines, from a character scan (no parser): where each statement starts and ends,
 * its indentation, and where a line's code ends before a trailing comment. Strings (triple-quoted too),
 * brackets and backslash continuations are followed, so a line inside a multi-line call or docstring is
 * never mistaken for a statement. Enough to place an edit and to find the unit around an error.
 */

export interface SourceLine {
  /** Leading whitespace width (tabs count as one: only compared within one file). */
  indent: number;
  /** Whether a statement starts on this line (not blank, not a comment, not inside brackets or a string). */
  start: boolean;
  /** Column where the code ends: before a trailing comment and trailing whitespace. */
  codeEnd: number;
  /** 0-based index of the statement's last physical line (for a statement start; else this line). */
  last: number;
}

export interface PySource {
  text: string;
  lines: string[];
  info: SourceLine[];
  /** Offset of each line's first character. */
  offsets: number[];
}

export function scanPython(text: string): PySource {
  const lines = text.split('\n');
  const offsets: number[] = [];
  let off = 0;
  for (const l of lines) {
    offsets.push(off);
    off += l.length + 1;
  }
  const info: SourceLine[] = [];
  let depth = 0;
  let quote: string | null = null; // the closing delimiter of an open string: ', ", ''' or """
  let continued = false;
  let currentStart = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const inside = depth > 0 || quote !== null || continued;
    const indent = line.length - line.trimStart().length;
    const trimmed = line.trim();
    const start = !inside && trimmed !== '' && !trimmed.startsWith('#');
    if (start) currentStart = i;
    continued = false;
    let codeEnd = line.length;
    for (let c = 0; c < line.length; c++) {
      const ch = line[c] as string;
      if (quote !== null) {
        if (ch === '\\') {
          c++;
          continue;
        }
        if (line.startsWith(quote, c)) {
          c += quote.length - 1;
          quote = null;
        }
        continue;
      }
      if (ch === '#') {
        codeEnd = c;
        break;
      }
      if (ch === '"' || ch === "'") {
        quote = line.startsWith(ch.repeat(3), c) ? ch.repeat(3) : ch;
        c += quote.length - 1;
        continue;
      }
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
      else if (ch === '\\' && c === line.length - 1) continued = true;
    }
    // A single-quoted string never spans lines (an unterminated one is a syntax error: drop it).
    if (quote === "'" || quote === '"') quote = null;
    while (codeEnd > 0 && /\s/.test(line[codeEnd - 1] ?? '')) codeEnd--;
    info.push({ indent, start, codeEnd, last: i });
    const owner = currentStart >= 0 ? info[currentStart] : undefined;
    if (owner && trimmed !== '' && !trimmed.startsWith('#')) owner.last = i;
    else if (owner && (depth > 0 || quote !== null)) owner.last = i;
  }
  return { text, lines, info, offsets };
}

/** 0-based index of the statement start holding line `i` (itself when it starts one), or -1. */
export function statementAt(src: PySource, i: number): number {
  for (let j = i; j >= 0; j--) {
    const s = src.info[j];
    if (s?.start && s.last >= i) return j;
    if (s?.start && j < i) return -1;
  }
  return -1;
}

/** The text of the statement starting at line `i`, its physical lines joined with `\n`. */
export function statementText(src: PySource, i: number): string {
  const last = src.info[i]?.last ?? i;
  return src.lines.slice(i, last + 1).join('\n');
}

/**
 * The 0-based last line of the block a compound statement at line `i` opens (the lines after it that are
 * more indented, or inside it); the statement's own last line when it opens no block.
 */
export function blockEnd(src: PySource, i: number): number {
  const own = src.info[i];
  if (!own) return i;
  let end = own.last;
  for (let j = own.last + 1; j < src.info.length; j++) {
    const s = src.info[j] as SourceLine;
    if (s.start) {
      if (s.indent <= own.indent) break;
      end = s.last;
      j = s.last;
    }
  }
  return end;
}
