/**
 * One unit of indexing work, the same in the main thread and in a worker:
 * read, hash, and (when the content changed) extract facts.
 */
import type { FileFacts, Language } from '../core/types.js';
import { extractFacts } from '../parse/extract.js';
import { readSource } from './source-file.js';

export interface ParseJob {
  id: number;
  path: string;
  absolute: string;
  language: Language;
  /** Hash currently in the index; equal content is not re-parsed. */
  previousHash: string | null;
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
  try {
    const facts = await extractFacts(job.language, source.text, timing);
    return { id: job.id, kind: 'parsed', hash: source.hash, lines: source.lines, invalidUtf8: source.invalidUtf8, facts, parseError: null, timing };
  } catch (error) {
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
