/**
 * Cheap checks on a file's text before the parser sees it. Each bounds work that grows
 * faster than the file: minified code (one huge line of dense code: the fact extraction
 * walks parents through blocks of thousands of siblings), deep bracket nesting (the
 * parser's error recovery and every ancestor walk grow with depth), and text that decoded
 * to mostly replacement characters (a binary file whose first bytes looked like text).
 * One linear pass each; a file that passes is parsed exactly as before.
 */
import { SNIFF_BYTES } from '../workspace/binary-sniff.js';
import type { SkipReason } from '../workspace/walk.js';

export interface FileLimits {
  /** A line longer than this, in a file whose mean line is long too, marks minified code. */
  maxLineLength: number;
  /** Bracket depth ((, [, {) above which a file is not parsed. */
  maxNestingDepth: number;
  /** Wall-clock budget for one parse, in milliseconds (see parse/parse-budget.ts). */
  parseBudgetMs: number;
}

export interface GateVerdict {
  reason: SkipReason;
  detail: string;
}

/**
 * A file with one long data line (an inline SVG, a base64 constant) among normal code is
 * still indexed: minified means the long lines are the file, so the mean is long as well.
 */
const MINIFIED_MEAN_LINE = 500;
/** Above this share of U+FFFD after lenient decoding, the "text" is binary. */
const MAX_REPLACEMENT_SHARE = 0.1;

/** Null when the text may be parsed; otherwise why not. */
export function gateText(text: string, invalidUtf8: boolean, limits: FileLimits): GateVerdict | null {
  // The walker sniffs first bytes already; a partial reindex (ensureFresh) reads files it never sniffed.
  const nul = text.slice(0, SNIFF_BYTES).indexOf('\0');
  if (nul >= 0) return { reason: 'binary', detail: `NUL byte at offset ${nul}` };
  if (invalidUtf8) {
    const replaced = countChar(text, 0xfffd);
    if (text.length > 0 && replaced / text.length > MAX_REPLACEMENT_SHARE) {
      return { reason: 'binary', detail: `${Math.round((replaced / text.length) * 100)}% of the characters not valid UTF-8` };
    }
  }
  const lines = lineStats(text);
  if (lines.longest > limits.maxLineLength && lines.mean > MINIFIED_MEAN_LINE) {
    return {
      reason: 'minified',
      detail: `longest line ${lines.longest} chars > limit ${limits.maxLineLength} (mean ${Math.round(lines.mean)} over ${lines.count} line${lines.count === 1 ? '' : 's'})`,
    };
  }
  const depth = bracketDepth(text, limits.maxNestingDepth);
  if (depth > limits.maxNestingDepth) {
    return { reason: 'nesting_too_deep', detail: `brackets nested more than ${limits.maxNestingDepth} deep` };
  }
  return null;
}

export function lineStats(text: string): { longest: number; mean: number; count: number } {
  let longest = 0;
  let count = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
    if (i - start > longest) longest = i - start;
    count++;
    start = i + 1;
  }
  if (start < text.length) {
    longest = Math.max(longest, text.length - start);
    count++;
  }
  return { longest, mean: count === 0 ? 0 : text.length / count, count };
}

/**
 * Maximum depth of (, [ and { over the text, stopping as soon as it passes `cap`. Brackets
 * inside strings and comments count too: a pre-scan, not a parse (closers clamp at zero, so
 * stray ones cannot hide depth; stray openers would need thousands to pass the cap).
 */
export function bracketDepth(text: string, cap: number): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > cap) return max;
      }
    } else if ((c === 0x29 || c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return max;
}

function countChar(text: string, code: number): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === code) n++;
  return n;
}
