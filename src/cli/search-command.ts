/** `scout search` and `scout symbol`: refresh the index if stale, then query it. */
import { readFileSync } from 'node:fs';
import { loadConfig, type ScoutConfig } from '../core/config.js';
import { repoPathPrefix, repoRelativePath } from '../workspace/repo-path.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh, type EnsureFreshResult } from '../index/freshness.js';
import type { FreshnessReport } from '../index/freshness-report.js';
import { checkoutIndexPath } from '../index/location.js';
import { sweepOffThread } from '../index/sweep-off-thread.js';
import { SqliteStore } from '../index/store.js';
import { searchRepositories, type RepositoriesAnswer } from '../search/repositories-search.js';
import { search, type SearchResponse, type VectorSearcher } from '../search/engine.js';
import type { SearchFilters } from '../search/filters.js';
import type { SearchMode, SearchRequest } from '../search/request.js';
import { lookupSymbol, type SymbolLookupResponse, type SymbolRole } from '../search/symbol-lookup.js';

export interface SearchFlags {
  mode?: string;
  limit?: string;
  exhaustive?: boolean;
  cursor?: string;
  'min-score'?: string;
  stage?: string;
  rank?: string;
  'demote-tests'?: string;
  literal?: boolean;
  regex?: boolean;
  'path-prefix'?: string;
  'path-contains'?: string[];
  'path-not-contains'?: string[];
  'path-glob'?: string;
  kind?: string[];
  extension?: string[];
  exported?: string;
  decorator?: string;
  'has-docstring'?: string;
  context?: string[];
  role?: string[];
  'include-context'?: boolean;
}

/** Repeatable flags also accept comma-separated values: --kind function,method. */
function list(values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  return values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

function bool(flag: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no') return false;
  throw new ScoutError('USAGE', `--${flag} takes true or false, got "${value}"`);
}

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new ScoutError('USAGE', `--${flag} takes a number, got "${value}"`);
  return n;
}

/** Filters from flags; paths are confined to the root (a prefix through a link that leads out is refused). */
export function filtersFromFlags(root: string, flags: SearchFlags): SearchFilters {
  const filters: SearchFilters = {};
  if (flags['path-prefix'] !== undefined) filters.path_prefix = repoPathPrefix(root, flags['path-prefix'], '--path-prefix');
  const contains = list(flags['path-contains']);
  if (contains) filters.path_contains = contains;
  const notContains = list(flags['path-not-contains']);
  if (notContains) filters.path_not_contains = notContains;
  if (flags['path-glob'] !== undefined) filters.path_glob = flags['path-glob'];
  const kind = list(flags.kind);
  if (kind) filters.kind = kind;
  const extension = list(flags.extension);
  if (extension) filters.extension = extension;
  const exported = bool('exported', flags.exported);
  if (exported !== undefined) filters.is_exported = exported;
  if (flags.decorator !== undefined) filters.decorator_contains = flags.decorator;
  const doc = bool('has-docstring', flags['has-docstring']);
  if (doc !== undefined) filters.has_docstring = doc;
  const context = list(flags.context);
  if (context) filters.context_filepaths = context.map((file) => repoRelativePath(root, file, '--context'));
  return filters;
}

export function requestFromFlags(root: string, query: string, flags: SearchFlags): SearchRequest {
  const request: SearchRequest = { query, filters: filtersFromFlags(root, flags) };
  if (flags.mode !== undefined) request.mode = flags.mode as SearchMode;
  const limit = number('limit', flags.limit);
  if (limit !== undefined) request.limit = limit;
  if (flags.exhaustive) request.exhaustive = true;
  if (flags.cursor !== undefined) request.cursor = flags.cursor;
  const minScore = number('min-score', flags['min-score']);
  if (minScore !== undefined) request.min_score = minScore;
  if (flags.stage !== undefined) request.stage = flags.stage as 'discover' | 'refine';
  if (flags.literal) request.literal = true;
  if (flags.regex) request.regex = true;
  if (flags.rank !== undefined) request.rank = flags.rank as 'auto' | 'files' | 'chunks';
  const demote = bool('demote-tests', flags['demote-tests']);
  if (demote !== undefined) request.demote_tests = demote;
  return request;
}

export type SearchOutput = SearchResponse & { freshness: EnsureFreshResult };

/**
 * Run one query, or every line of a queries file, in one process. `sweep`: the freshness check of this index, started
 * early on another thread (sweep-off-thread.ts), if it was.
 */
export async function runSearchCommand(
  root: string,
  queries: string[],
  flags: SearchFlags,
  emit: (answer: SearchOutput | { query: string; error: string }) => void,
  sweep: Promise<FreshnessReport | null> | null = null,
): Promise<void> {
  const store = SqliteStore.open(root);
  try {
    const config = loadConfig(root);
    const prepareVectors = async (notes: string[]): Promise<VectorSearcher | null> => {
      const needsVectors = !flags.literal && !flags.regex && flags.mode !== 'exact' && flags.mode !== 'definition';
      // The vector side (sqlite-vec, the embedding providers and their word tables) loads only for a query that uses it.
      return needsVectors ? (await import('../search/vector-searcher.js')).prepareVectorSearcher(store.database, config, notes) : null;
    };
    if (queries.length === 1 && store.getMeta('indexed_at') !== null) {
      // A check started before the store was opened is of this index only if it is where the store opened it.
      const early = sweep && store.dbPath === checkoutIndexPath(root) ? sweep : sweepOffThread(root, store.dbPath);
      emit(await answerWhileChecking(root, store, config, queries[0]!, flags, early, prepareVectors));
      return;
    }
    const freshness = await ensureFresh(root, store, { config });
    const notes: string[] = [];
    const vectors = await prepareVectors(notes);
    for (const query of queries) {
      try {
        const answer = await search(store.database, requestFromFlags(root, query, flags), { root, vectors, notes });
        emit({ ...answer, freshness });
      } catch (error) {
        if (queries.length === 1) throw error;
        emit({ query, error: (error as Error).message });
      }
    }
  } finally {
    store.close();
  }
}

/**
 * One query on an index built before: the freshness check runs on another thread while the query is answered
 * (sweep-off-thread.ts), and the answer is kept only if the index was fresh; otherwise the index is brought up to date
 * with the check's report and the query answered again. An error from a stale index is not kept either.
 */
async function answerWhileChecking(
  root: string,
  store: SqliteStore,
  config: ScoutConfig,
  query: string,
  flags: SearchFlags,
  sweep: Promise<FreshnessReport | null>,
  prepareVectors: (notes: string[]) => Promise<VectorSearcher | null>,
): Promise<SearchOutput> {
  const answer = async (): Promise<SearchResponse> => {
    const notes: string[] = [];
    const vectors = await prepareVectors(notes);
    return search(store.database, requestFromFlags(root, query, flags), { root, vectors, notes });
  };
  const early = await answer().then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  const report = await sweep;
  const freshness = await ensureFresh(root, store, { config, ...(report ? { report } : {}) });
  if (!freshness.refreshed && early.value) return { ...early.value, freshness };
  if (!freshness.refreshed) throw early.error;
  return { ...(await answer()), freshness };
}

export function readQueriesFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScoutError('USAGE', `cannot read queries file ${file}: ${(error as Error).message}`);
  }
  return text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
}

export function formatSearch(answer: SearchOutput): string {
  const out: string[] = [];
  const total = answer.total_matches !== undefined ? ` of ${answer.total_matches}` : '';
  const query = answer.query.length > 200 ? `${answer.query.slice(0, 199).replace(/\s+/g, ' ')}…` : answer.query;
  out.push(`${answer.results.length}${total} result(s) for "${query}" (mode ${answer.mode}, ranking ${answer.ranking}, ${answer.elapsed_ms} ms; ${answer.freshness.note})`);
  if (answer.filters !== 'none') out.push(`filters: ${answer.filters}`);
  const read = answer.interpreted_as;
  if (read) {
    const parts = [
      read.identifiers.length ? `identifiers ${read.identifiers.slice(0, 12).join(', ')}` : '',
      read.paths.length ? `paths ${read.paths.slice(0, 6).join(', ')}` : '',
      read.errors.length ? `strings ${read.errors.slice(0, 4).map((e) => JSON.stringify(e)).join(', ')}` : '',
      read.options.length ? `options ${read.options.slice(0, 6).join(', ')}` : '',
    ].filter(Boolean);
    if (parts.length > 0) out.push(`read as: ${parts.join('; ')}`);
  }
  for (const r of answer.results) {
    const more = r.more_in_file ? `  (+${r.more_in_file} more in file)` : '';
    out.push('', `${r.file}:${r.line}-${r.end_line}  ${r.kind} ${r.symbol ?? ''}  score ${r.score}${more}`);
    for (const line of r.snippet.split('\n')) out.push(`    ${line}`);
  }
  if (answer.related_terms.length > 0) out.push('', `related terms: ${answer.related_terms.join(', ')}`);
  for (const note of answer.notes) out.push(`note: ${note}`);
  if (answer.next_cursor) out.push(`next page: --cursor ${answer.next_cursor}`);
  return out.join('\n');
}

export type SymbolOutput = SymbolLookupResponse & { freshness: EnsureFreshResult };

export async function runSymbolCommand(root: string, name: string, flags: SearchFlags): Promise<SymbolOutput> {
  const store = SqliteStore.open(root);
  try {
    const freshness = await ensureFresh(root, store);
    const filters = filtersFromFlags(root, flags);
    const answer = lookupSymbol(
      store.database,
      {
        name,
        ...(list(flags.kind) ? { kind: list(flags.kind) } : {}),
        ...(list(flags.role) ? { role: list(flags.role) as SymbolRole[] } : {}),
        filters: {
          ...(filters.path_prefix !== undefined ? { path_prefix: filters.path_prefix } : {}),
          ...(filters.path_contains ? { path_contains: filters.path_contains } : {}),
          ...(filters.path_not_contains ? { path_not_contains: filters.path_not_contains } : {}),
          ...(filters.path_glob ? { path_glob: filters.path_glob } : {}),
          ...(filters.extension ? { extension: filters.extension } : {}),
        },
        ...(flags['include-context'] ? { include_context: true } : {}),
        ...(number('limit', flags.limit) !== undefined ? { limit: number('limit', flags.limit) } : {}),
      },
      root,
    );
    return { ...answer, freshness };
  } finally {
    store.close();
  }
}

export function formatSymbol(answer: SymbolOutput): string {
  const c = answer.counts;
  const out = [`"${answer.name}": ${c.definition} definition(s), ${c.export} export(s), ${c.import} import(s), ${c.usage} usage(s) (${answer.freshness.note})`];
  for (const h of answer.results) {
    const detail = h.role === 'usage' ? `usage/${h.site_role}${h.qualified_name ? ` in ${h.qualified_name}` : ''}` : h.role === 'definition' ? `${h.kind} ${h.qualified_name}` : `${h.role}${h.module ? ` (${h.module})` : ''}`;
    out.push(`  ${h.file}:${h.line}  ${detail}`);
    if (h.context) for (const line of h.context.split('\n')) out.push(`      ${line}`);
  }
  for (const note of answer.notes) out.push(`note: ${note}`);
  return out.join('\n');
}

export type AcrossOutput = RepositoriesAnswer;

/** `scout search --store URL --repos a,b`: see search/repositories-search.ts. */
export async function runAcrossRepositories(root: string, query: string, flags: SearchFlags & { store?: string; repos?: string }): Promise<AcrossOutput> {
  const { storeUrlFrom } = await import('../index/postgres/pg-connection.js');
  const repos = (flags.repos ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  return searchRepositories(storeUrlFrom(flags.store), repos, requestFromFlags(root, query, flags), { root, config: loadConfig(root) });
}

export function formatAcross(out: AcrossOutput): string {
  const head = `${out.results.length} result(s) for "${out.query}" across ${out.repos.map((r) => `${r.repo}@${r.commit.slice(0, 7)}`).join(', ')}`;
  const lines = out.results.map((r, i) => `${i + 1}. [${r.repo}] ${r.file}:${r.line}${r.symbol ? ` ${r.symbol}` : ''} (${r.kind})\n   ${r.snippet.split('\n')[0]}`);
  return [head, ...lines, ...out.notes.map((n) => `note: ${n}`)].join('\n');
}
