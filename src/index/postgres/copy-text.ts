/**
 * PostgreSQL's COPY text format, both ways, for the columns a mirrored table holds (see mirrored-tables.ts):
 * one row per line, fields split by tabs, `\N` for NULL, and backslash escapes for the backslash and the
 * control characters. A blob is a bytea written as `\x` and hex. COPY moves rows about ten times faster
 * than INSERTs with parameters, which is what makes publishing a 1.5M-line index take seconds.
 */
import type { ColumnType } from './mirrored-tables.js';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };
const UNESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', N: '' };

/**
 * PostgreSQL text cannot hold NUL: a NUL in indexed text (a chunk of a file with a stray NUL byte) is written as
 * U+FFFD, as the index already does for invalid UTF-8. Nothing else is changed.
 */
function textField(value: string): string {
  return value.replace(/[\\\n\r\t\b\f\v]/g, (c) => ESCAPES[c] as string).replace(/\u0000/g, '\uFFFD');
}

/** One value of a SQLite row as a COPY field. */
export function copyField(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Uint8Array) return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (typeof value === 'number' || typeof value === 'bigint') return type === 'text' ? textField(String(value)) : String(value);
  return textField(String(value));
}

/** One COPY line's fields, unescaped; NULL as null. */
export function parseCopyLine(line: string): Array<string | null> {
  const fields: Array<string | null> = [];
  for (const raw of line.split('\t')) {
    if (raw === '\\N') {
      fields.push(null);
      continue;
    }
    fields.push(raw.includes('\\') ? raw.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c) : raw);
  }
  return fields;
}

/** A field read back as the SQLite value of its column type. */
export function sqliteValue(field: string | null, type: ColumnType): string | number | Uint8Array | null {
  if (field === null) return null;
  switch (type) {
    case 'integer':
    case 'real':
      return Number(field);
    case 'blob':
      return Buffer.from(field.startsWith('\\x') ? field.slice(2) : field, 'hex');
    default:
      return field;
  }
}

/** Splits a COPY TO stream's chunks into whole lines (a line may span chunks). */
export class LineSplitter {
  private rest = '';
  push(chunk: string, onLine: (line: string) => void): void {
    const text = this.rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      onLine(text.slice(start, end));
      start = end + 1;
    }
    this.rest = text.slice(start);
  }
  end(onLine: (line: string) => void): void {
    if (this.rest.length > 0) onLine(this.rest);
    this.rest = '';
  }
}
