/**
 * One unit of indexing work, the same in the main thread and in a worker:
 * read, hash, and (when the content changed) extract facts.
 */
import { isScoutError } from '../core/errors.js';
import type { FileFacts, Language } from '../core/types.js';
import { extractFacts } from '../parse/extract.js';
import type { SkipReason } from '../workspace/walk.js';
import { gateText, type FileLimits } from './file-gate.js';
import { readSource } from './source-file.js';

export interface ParseJob {
  id: number;
  path: string;
  absolute: string;
  language: Language;
  /** Hash currently in the index; equal content is not re-parsed. */
  previousHash: string | null;
  /** Bounds on the work for this file (see file-gate.ts). */
  limits: FileLimits;
}

/** Milliseconds this job spent in each stage (in whichever thread ran it). */
export interface JobTiming {
  readMs: number;
  parseMs: number;
  extractMs: number;
}

export type ParseOutcome = (
  | { id: number; kind: 'unchanged'; hash: string }
  | { id: number; kind: 'parsed'; hash: string; lines: number; invalidUtf8: boolean; facts: FileFacts | null; parseError: string | null }
  | { id: number; kind: 'skipped'; hash: string; lines: number; invalidUtf8: boolean; reason: SkipReason; detail: string }
  | { id: number; kind: 'vanished'; error: string }
) & { timing?: JobTiming };

export async function runParseJob(job: ParseJob): Promise<ParseOutcome> {
  const started = performance.now();
  const timing: JobTiming = { readMs: 0, parseMs: 0, extractMs: 0 };
  let source;
  try {
    source = readSource(job.absolute);
  } catch (error) {
    return { id: job.id, kind: 'vanished', error: (error as Error).message };
  }
  timing.readMs = performance.now() - started;
  if (source.hash === job.previousHash) return { id: job.id, kind: 'unchanged', hash: source.hash, timing };
  const skip = (reason: SkipReason, detail: string): ParseOutcome => ({
    id: job.id,
    kind: 'skipped',
    hash: source.hash,
    lines: source.lines,
    invalidUtf8: source.invalidUtf8,
    reason,
    detail,
    timing,
  });
  const gate = gateText(source.text, source.invalidUtf8, job.limits);
  if (gate) return skip(gate.reason, gate.detail);
  try {
    const facts = await extractFacts(job.language, source.text, { parseBudgetMs: job.limits.parseBudgetMs, timing });
    return { id: job.id, kind: 'parsed', hash: source.hash, lines: source.lines, invalidUtf8: source.invalidUtf8, facts, parseError: null, timing };
  } catch (error) {
    if (isScoutError(error) && error.code === 'PARSE_BUDGET_EXCEEDED') return skip('parse_budget_exceeded', error.message);
    return {
      id: job.id,
      kind: 'parsed',
      hash: source.hash,
      lines: source.lines,
      invalidUtf8: source.invalidUtf8,
      facts: null,
      parseError: (error as Error).message,
      timing,
    };
  }
}
