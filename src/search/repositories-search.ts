/**
 * A query over several published repositories (`--repos a,b`, the MCP search tool's `repos`): each repository's
 * newest snapshot in the shared store, pulled once per snapshot into the per-user cache (index/postgres/repo-cache),
 * searched alone with the usual engine, the ranked lists fused by rank (across-repositories.ts). Literal and regex
 * matching read the files themselves, which are not on this machine for other repositories: refused.
 */
import type { ScoutConfig } from '../core/config.js';
import { ScoutError } from '../core/errors.js';
import { openIndexFile } from '../index/db.js';
import { mergeAcrossRepositories, type RepositoryResult } from './across-repositories.js';
import { search, type SearchResponse } from './engine.js';
import type { SearchRequest } from './request.js';

export interface RepositoriesAnswer {
  query: string;
  /** The snapshots searched: each repository's newest published commit. */
  repos: Array<{ repo: string; commit: string; snapshot: number }>;
  /** Fused by reciprocal rank across the repositories (score: the fused score). */
  results: RepositoryResult[];
  notes: string[];
}

export async function searchRepositories(storeUrl: string | null, repos: string[], request: SearchRequest, context: { root: string; config: ScoutConfig }): Promise<RepositoriesAnswer> {
  if (repos.length === 0) throw new ScoutError('USAGE', 'repos takes published repository names: github.com/acme/api,github.com/acme/web');
  if (request.literal || request.regex) throw new ScoutError('USAGE', '--literal and --regex read the files themselves, which are not on this machine for other repositories: search one repository (without repos) for those');
  if (!storeUrl) throw new ScoutError('USAGE', 'repos searches the published indexes of a shared store: give --store postgres://… (or set SCOUT_STORE)');
  const [{ connectStore, closeStore }, { cachedRepositories }] = await Promise.all([import('../index/postgres/pg-connection.js'), import('../index/postgres/repo-cache.js')]);
  const store = await connectStore(storeUrl);
  let cached;
  try {
    cached = await cachedRepositories(store, repos);
  } finally {
    await closeStore(store);
  }
  const notes: string[] = [];
  const answers: Array<{ repo: string; response: SearchResponse }> = [];
  for (const c of cached) {
    if (c.pulled) notes.push(`pulled the shared index of ${c.repo}@${c.commit.slice(0, 7)}`);
    const db = openIndexFile(c.dbPath);
    try {
      const needsVectors = request.mode !== 'exact' && request.mode !== 'definition';
      const vectors = needsVectors ? await (await import('./vector-searcher.js')).prepareVectorSearcher(db, context.config, notes) : null;
      answers.push({ repo: c.repo, response: await search(db, request, { root: context.root, vectors, notes: [] }) });
    } finally {
      db.close();
    }
  }
  return { query: request.query, repos: cached.map(({ repo, commit, snapshot }) => ({ repo, commit, snapshot })), results: mergeAcrossRepositories(answers, request.limit ?? 10), notes };
}
