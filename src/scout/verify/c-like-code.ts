/**
 * The code of a C-like language (Java, Go, C and C++) with comments and the contents of its literals blanked: every
 * character replaced by a space, line breaks kept, so offsets and lines stay those of the text. Readers of
 * declarations then match brackets and names without tripping over a `}` in a string or a name in a comment.
 * Languages differ in their multi-line literals (Go's `raw`, Java's """text blocks""") and in whether a
 * reader needs the quotes of a literal kept (Java's readers see `"` … `"` where a string was).
 */
export interface CLikeLiterals {
  /** Delimiters of literals that may span lines and have no escapes (the same one opens and closes). */
  raw: readonly string[];
  /** Keep the quote characters of a one-line string or char literal (only their contents become spaces). */
  keepQuotes: boolean;
}

const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

export function blankCommentsAndLiterals(text: string, literals: CLikeLiterals): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    const raw = literals.raw.find((d) => text.startsWith(d, i));
    if (two === '//' || two === '/*') {
      const end = two === '//' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : two === '//' ? end : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (raw !== undefined) {
      const end = text.indexOf(raw, i + raw.length);
      const stop = end < 0 ? text.length : end + raw.length;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (text[i] === '"' || text[i] === "'") {
      const quote = text[i] as string;
      let j = i + 1;
      while (j < text.length && text[j] !== quote && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      // An unclosed literal ends at its line: the line break stays.
      const closed = j < text.length && text[j] === quote;
      const stop = closed ? j + 1 : Math.min(j, text.length);
      out += literals.keepQuotes ? quote + ' '.repeat(stop - i - (closed ? 2 : 1)) + (closed ? quote : '') : ' '.repeat(stop - i);
      i = stop;
    } else {
      out += text[i];
      i++;
    }
  }
  return out.slice(0, text.length);
}

/** Offset of the bracket closing the one at `open` in `code` (comments and literals already blanked), or -1. */
export function closingBracket(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** 1-based line of an offset of `text`. */
export const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
