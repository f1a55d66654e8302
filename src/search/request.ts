/** Search requests: validation and clamping, with every adjustment stated as a note. */
import { ScoutError } from '../core/errors.js';
import { validateFilters, type SearchFilters } from './filters.js';

export const SEARCH_MODES = ['exact', 'semantic', 'hybrid', 'definition', 'similar'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchRequest {
  query: string;
  mode?: SearchMode;
  limit?: number;
  exhaustive?: boolean;
  cursor?: string;
  min_score?: number;
  stage?: 'discover' | 'refine';
  /** exact mode: match the query as a literal string in file contents (case-sensitive). */
  literal?: boolean;
  /** exact mode: match the query as a JavaScript regular expression in file contents. */
  regex?: boolean;
  filters?: SearchFilters;
  /** auto (default): files for prose and long queries, chunks for identifier queries; or force one. */
  rank?: 'auto' | 'files' | 'chunks';
  /** File ranking: rank test files (path pattern) after the code they exercise. Default true. */
  demote_tests?: boolean;
}

export interface ValidRequest {
  query: string;
  mode: SearchMode;
  limit: number;
  exhaustive: boolean;
  cursor: string | null;
  minScore: number;
  stage: 'discover' | 'refine';
  literal: boolean;
  regex: RegExp | null;
  filters: SearchFilters;
  rank: 'auto' | 'files' | 'chunks';
  demoteTests: boolean;
  notes: string[];
}

/** Long enough for a pasted bug report with its traceback; longer queries are cut (and say so). */
export const MAX_QUERY_CHARS = 20_000;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export function validateRequest(request: SearchRequest): ValidRequest {
  const notes: string[] = [];
  if (typeof request.query !== 'string' || request.query.trim().length === 0) {
    throw new ScoutError('USAGE', 'the query is empty: pass words, an identifier or (mode similar) a code snippet');
  }
  let query = request.query.trim();
  const originalLength = query.length;
  if (query.length > MAX_QUERY_CHARS) query = query.slice(0, MAX_QUERY_CHARS);
  // Binary junk: control characters (but tabs and newlines), U+FFFD and lone surrogates become spaces.
  // eslint-disable-next-line no-control-regex
  const junk = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const replaced = query.match(junk)?.length ?? 0;
  if (replaced > 0) {
    query = query.replace(junk, ' ').trim();
    notes.push(`${replaced} control or invalid character(s) in the query were replaced by spaces`);
    if (query.length === 0) throw new ScoutError('USAGE', 'the query has only control characters or invalid text: pass words, an identifier or a code snippet');
  }
  if (originalLength > MAX_QUERY_CHARS) notes.push(`query cut from ${originalLength} to ${MAX_QUERY_CHARS} characters`);
  const mode = request.mode ?? 'hybrid';
  if (!SEARCH_MODES.includes(mode)) {
    throw new ScoutError('USAGE', `unknown mode "${String(mode)}"; use one of ${SEARCH_MODES.join(', ')}`);
  }
  let limit = request.limit ?? DEFAULT_LIMIT;
  if (!Number.isFinite(limit)) throw new ScoutError('USAGE', `limit must be a number from 1 to ${MAX_LIMIT}`);
  limit = Math.floor(limit);
  if (limit < 1 || limit > MAX_LIMIT) {
    const clamped = Math.min(MAX_LIMIT, Math.max(1, limit));
    notes.push(`limit ${limit} clamped to ${clamped} (allowed 1-${MAX_LIMIT}; use exhaustive with a cursor for more)`);
    limit = clamped;
  }
  const minScore = request.min_score ?? 0;
  if (!Number.isFinite(minScore) || minScore < 0) throw new ScoutError('USAGE', 'min_score must be a number >= 0');
  const stage = request.stage ?? 'refine';
  if (stage !== 'discover' && stage !== 'refine') throw new ScoutError('USAGE', 'stage must be "discover" or "refine"');
  let regex: RegExp | null = null;
  if (request.regex) {
    if (request.literal) throw new ScoutError('USAGE', 'choose either literal or regex, not both');
    try {
      regex = new RegExp(query, 'g');
    } catch (error) {
      throw new ScoutError('USAGE', `invalid regular expression: ${(error as Error).message}; escape metacharacters or drop --regex`);
    }
  }
  const rank = request.rank ?? 'auto';
  if (rank !== 'auto' && rank !== 'files' && rank !== 'chunks') throw new ScoutError('USAGE', 'rank must be "auto", "files" or "chunks"');
  if (request.demote_tests !== undefined && typeof request.demote_tests !== 'boolean') throw new ScoutError('USAGE', 'demote_tests must be true or false');
  if ((request.literal || request.regex) && mode !== 'exact' && request.mode !== undefined) {
    throw new ScoutError('USAGE', 'literal and regex matching belong to mode exact');
  }
  return {
    query,
    mode: request.literal || request.regex ? 'exact' : mode,
    limit,
    exhaustive: Boolean(request.exhaustive),
    cursor: request.cursor ?? null,
    minScore,
    stage,
    literal: Boolean(request.literal),
    regex,
    filters: validateFilters(request.filters ?? {}),
    rank,
    demoteTests: request.demote_tests ?? true,
    notes,
  };
}
