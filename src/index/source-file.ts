/** Reading a source file for indexing: content hash, tolerant UTF-8 decoding, line count. */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

export interface SourceText {
  text: string;
  hash: string;
  /** True when the bytes were not valid UTF-8 (decoded with replacement characters). */
  invalidUtf8: boolean;
  lines: number;
}

const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8', { fatal: false });

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

export function decodeSource(bytes: Uint8Array): { text: string; invalidUtf8: boolean } {
  try {
    return { text: strict.decode(bytes), invalidUtf8: false };
  } catch {
    return { text: lenient.decode(bytes), invalidUtf8: true };
  }
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

export function readSource(absolute: string): SourceText {
  const bytes = readRegularFile(absolute);
  const { text, invalidUtf8 } = decodeSource(bytes);
  return { text, hash: hashBytes(bytes), invalidUtf8, lines: countLines(text) };
}

/**
 * Read a whole file, refusing anything but a regular file. Opened non-blocking and
 * checked with fstat first: a file replaced by a FIFO since the walk must not hang the run.
 */
export function readRegularFile(absolute: string): Buffer {
  const fd = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${absolute} is not a regular file`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
