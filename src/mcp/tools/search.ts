/** `search`: the index's full-text / vector / definition search, with transparent filters and pages. */
import { z } from 'zod';
import type { SearchResponse, SearchResult } from '../../search/engine.js';
import type { SearchRequest } from '../../search/request.js';
import type { SearchFilters } from '../../search/filters.js';
import { fitList, shrinkNote } from '../budget.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { repoPathPrefix, repoRelativePath } from '../../workspace/repo-path.js';
import { defineTool, type ToolContext } from '../tool.js';

export const filtersSchema = z
  .object({
    path_prefix: z.string().max(500).optional(),
    path_contains: z.array(z.string().min(1).max(200)).max(20).optional(),
    path_not_contains: z.array(z.string().min(1).max(200)).max(20).optional(),
    path_glob: z.string().max(500).optional(),
    kind: z.array(z.string()).max(20).optional(),
    extension: z.array(z.string()).max(20).optional(),
    is_exported: z.boolean().optional(),
    decorator_contains: z.string().max(200).optional(),
    has_docstring: z.boolean().optional(),
    context_filepaths: z.array(z.string()).max(50).optional(), // ranked first, not a filter
  })
  .strict()
  .optional();

const resultSchema = z.object({
  /** Set in a search across published repositories (`repos`): the repository the file is in. */
  repo: z.string().optional(),
  file: z.string(),
  line: z.number(),
  end_line: z.number(),
  symbol: z.string().nullable(),
  kind: z.string(),
  score: z.number(),
  snippet: z.string().optional(),
  more_in_file: z.number().optional(),
});

export const interpretedSchema = z
  .object({
    identifiers: z.array(z.string()),
    dotted_paths: z.array(z.string()),
    paths: z.array(z.string()),
    frames: z.array(z.object({ path: z.string(), line: z.number().nullable(), function: z.string().nullable() })),
    errors: z.array(z.string()),
    options: z.array(z.string()),
  })
  .optional();

export const fileGroupsSchema = z.array(z.object({ file: z.string(), count: z.number(), lines: z.array(z.number()) })).optional();
export const shrinkSchema = z.enum(['none', 'dropped_snippets', 'grouped_by_file', 'paged']);

export const searchTool = defineTool({
  name: 'search',
  title: 'Search code',
  description:
    "Find code by keywords or meaning. mode: hybrid (default), exact (names; literal/regex for raw text), semantic, definition, similar (query = code). exhaustive + cursor pages through ALL matches. Bug reports work as queries.",
  input: {
    query: z.string().min(1).max(200_000), // longer than 20,000 characters: cut, and the answer says so
    mode: z.enum(['exact', 'semantic', 'hybrid', 'definition', 'similar']).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    exhaustive: z.boolean().optional(),
    cursor: z.string().max(2000).optional(),
    literal: z.boolean().optional(),
    regex: z.boolean().optional(),
    stage: z.enum(['discover', 'refine']).optional(),
    min_score: z.number().optional(),
    filters: filtersSchema,
    rank: z.enum(['auto', 'files', 'chunks']).optional(),
    demote_tests: z.boolean().optional(),
    // Published repositories of the shared store (scout mcp --store): each one's newest snapshot, fused by rank.
    repos: z.array(z.string()).optional(),
  },
  output: {
    query: z.string(),
    mode: z.string(),
    ranking: z.string(),
    interpreted_as: interpretedSchema,
    results: z.array(resultSchema),
    by_file: fileGroupsSchema,
    shrink: shrinkSchema,
    total_matches: z.number().optional(),
    next_cursor: z.string().optional(),
    filters: z.string(),
    related_terms: z.array(z.string()),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { search } = await import('../../search/engine.js');
    const { prepareVectorSearcher } = await import('../../search/vector-searcher.js');
    const root = ctx.ws.root;
    const cursor = decodeCursor(args.cursor);
    const filters: SearchFilters = { ...(args.filters ?? {}) };
    if (filters.path_prefix !== undefined) filters.path_prefix = repoPathPrefix(root, filters.path_prefix, 'filters.path_prefix');
    if (filters.context_filepaths) filters.context_filepaths = filters.context_filepaths.map((p) => repoRelativePath(root, p, 'filters.context_filepaths'));
    const notes: string[] = [];
    const needsVectors = !args.repos && !args.literal && !args.regex && args.mode !== 'exact' && args.mode !== 'definition';
    const vectors = needsVectors ? await prepareVectorSearcher(ctx.loaded.store.database, ctx.loaded.config, notes) : null;
    const request = {
      query: args.query,
        filters,
        ...(args.mode ? { mode: args.mode } : {}),
        ...(args.limit !== undefined ? { limit: args.limit } : {}),
        ...(args.exhaustive ? { exhaustive: true } : {}),
        ...(cursor.inner ? { cursor: cursor.inner } : {}),
        ...(args.literal ? { literal: true } : {}),
        ...(args.regex ? { regex: true } : {}),
        ...(args.stage ? { stage: args.stage } : {}),
        ...(args.min_score !== undefined ? { min_score: args.min_score } : {}),
        ...(args.rank ? { rank: args.rank } : {}),
        ...(args.demote_tests !== undefined ? { demote_tests: args.demote_tests } : {}),
      };
    const answer = args.repos ? await acrossRepositories(ctx, args.repos, request) : await search(ctx.loaded.store.database, request, { root, vectors, notes });
    const items = answer.results.slice(cursor.offset);
    const base = { query: answer.query.length > 500 ? `${answer.query.slice(0, 499)}…` : answer.query, mode: answer.mode, ranking: answer.ranking, ...(answer.interpreted_as ? { interpreted_as: answer.interpreted_as } : {}), filters: answer.filters, related_terms: answer.related_terms, notes: answer.notes, ...(answer.total_matches !== undefined ? { total_matches: answer.total_matches } : {}) };
    const build = (fitted: ReturnType<typeof fitList<SearchResult>>, next: string | undefined) => ({
      ...base,
      results: fitted.items,
      ...(fitted.by_file ? { by_file: fitted.by_file } : {}),
      shrink: fitted.shrink,
      ...(next ? { next_cursor: next } : {}),
    });
    const nextFor = (fitted: { remaining: number }): string | undefined => {
      if (fitted.remaining > 0) return encodeCursor({ offset: cursor.offset + items.length - fitted.remaining, ...(cursor.inner ? { inner: cursor.inner } : {}) });
      return answer.next_cursor ? encodeCursor({ offset: 0, inner: answer.next_cursor }) : undefined;
    };
    const shape = { light: ({ snippet: _s, ...rest }: SearchResult) => rest as SearchResult, file: (r: SearchResult) => r.file, line: (r: SearchResult) => r.line };
    const fitted = fitList(items, shape, ctx.maxTokens, (f) => build(f, nextFor(f)));
    const next = nextFor(fitted);
    const structured = build(fitted, next);
    const note = shrinkNote(fitted, ctx.maxTokens, next);
    if (note) structured.notes = [...structured.notes, note];
    return { structured, text: renderSearch(structured) };
  },
});

function renderSearch(s: { query: string; mode: string; results: Array<Partial<SearchResult>>; by_file?: Array<{ file: string; lines: number[] }>; total_matches?: number; next_cursor?: string; notes: string[]; related_terms: string[] }): string {
  const out = [`${s.results.length || (s.by_file ? s.by_file.reduce((n, g) => n + g.lines.length, 0) : 0)}${s.total_matches !== undefined ? ` of ${s.total_matches}` : ''} result(s) for "${s.query}" (${s.mode})`];
  for (const r of s.results) {
    out.push(`${r.file}:${r.line}-${r.end_line} ${r.kind} ${r.symbol ?? ''}`.trimEnd());
    if (r.snippet) out.push(...r.snippet.split('\n').map((l) => `  ${l}`));
  }
  for (const g of s.by_file ?? []) out.push(`${g.file}: lines ${g.lines.join(', ')}`);
  if (s.related_terms.length > 0) out.push(`related: ${s.related_terms.join(', ')}`);
  for (const n of s.notes) out.push(`note: ${n}`);
  if (s.next_cursor) out.push(`next_cursor: ${s.next_cursor}`);
  return out.join('\n');
}

/** The search over published repositories, shaped as the engine's answer (its results carry `repo`). */
async function acrossRepositories(ctx: ToolContext, repos: string[], request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  const { searchRepositories } = await import('../../search/repositories-search.js');
  const across = await searchRepositories(ctx.ws.storeUrl, repos, request, { root: ctx.ws.root, config: ctx.loaded.config });
  return {
    query: across.query,
    mode: request.mode ?? 'hybrid',
    ranking: 'chunks',
    results: across.results,
    filters: 'none',
    related_terms: [],
    elapsed_ms: Math.round(performance.now() - started),
    notes: [`across ${across.repos.map((r) => `${r.repo}@${r.commit.slice(0, 7)}`).join(', ')}: each repository's newest published snapshot, ranked alone, fused by rank`, ...across.notes],
  };
}
