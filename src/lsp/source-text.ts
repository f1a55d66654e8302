/**
 * Reading source lines of repository files: the identifier at a position, and where a
 * name appears in a range. Lines are 1-based, columns 0-based UTF-16 (JS string indexes).
 */
import { readInsideRoot } from '../workspace/confine.js';
import type { Location, SourcePosition } from './types.js';

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;
/** Haskell names may carry primes (`go'`). */
const HASKELL_IDENTIFIER_CHAR = /[\p{L}\p{N}_']/u;

function identifierChar(file: string): RegExp {
  return /\.l?hs$/i.test(file) ? HASKELL_IDENTIFIER_CHAR : IDENTIFIER_CHAR;
}

export class SourceText {
  private readonly root: string;
  private readonly cache = new Map<string, string[] | null>();
  private readonly limit: number;

  constructor(root: string, limit = 64) {
    this.root = root;
    this.limit = limit;
  }

  /** Lines of a file (index 0 = line 1), or null when it cannot be read. */
  lines(file: string): string[] | null {
    if (this.cache.has(file)) return this.cache.get(file) ?? null;
    const lines = readInsideRoot(this.root, file)?.split(/\r?\n/) ?? null;
    this.cache.set(file, lines);
    if (this.cache.size > this.limit) this.cache.delete(this.cache.keys().next().value as string);
    return lines;
  }

  /** Text of one 1-based line, or null. */
  line(file: string, line: number): string | null {
    return this.lines(file)?.[line - 1] ?? null;
  }

  /** The identifier under (or just before) the position, or null. */
  identifierAt(position: SourcePosition): string | null {
    const text = this.line(position.file, position.line);
    if (text === null) return null;
    const ident = identifierChar(position.file);
    let start = Math.min(position.column, text.length);
    if (!ident.test(text.charAt(start)) && start > 0 && ident.test(text.charAt(start - 1))) start -= 1;
    if (!ident.test(text.charAt(start))) return null;
    let end = start;
    while (start > 0 && ident.test(text.charAt(start - 1))) start -= 1;
    while (end < text.length && ident.test(text.charAt(end))) end += 1;
    const word = text.slice(start, end).replace(/^'+/, '');
    return word.length > 0 ? word : null;
  }

  /** Position of the first whole-word occurrence of `name` at or after the start of `location` (within it), else its start. */
  namePosition(location: Location, name: string): SourcePosition {
    const fallback = { file: location.file, line: location.line, column: location.column };
    const lines = this.lines(location.file);
    if (!lines || !name) return fallback;
    const ident = identifierChar(location.file);
    const last = Math.min(location.endLine, location.line + 200, lines.length);
    for (let line = location.line; line <= last; line += 1) {
      const text = lines[line - 1] ?? '';
      let from = line === location.line ? location.column : 0;
      for (;;) {
        const at = text.indexOf(name, from);
        if (at < 0) break;
        const before = at > 0 ? text.charAt(at - 1) : '';
        const after = text.charAt(at + name.length);
        if (!ident.test(before) && !ident.test(after)) return { file: location.file, line, column: at };
        from = at + 1;
      }
    }
    return fallback;
  }
}
