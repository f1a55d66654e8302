/**
 * One query over several repositories' indexes (`--repos a,b`): each repository is searched on its own, as if
 * alone, and the ranked lists are fused by reciprocal rank, since BM25 scores of different indexes are not
 * comparable (each has its own document counts and lengths). Pure: the caller searched; this merges.
 */
import type { SearchResponse, SearchResult } from './engine.js';
import { reciprocalRankFusion } from './ranking.js';

export type RepositoryResult = SearchResult & { repo: string };

export function mergeAcrossRepositories(answers: Array<{ repo: string; response: SearchResponse }>, limit: number): RepositoryResult[] {
  const all: RepositoryResult[] = [];
  const lists = answers.map(({ repo, response }) =>
    response.results.map((r) => {
      all.push({ ...r, repo });
      return all.length - 1;
    }),
  );
  const fused = reciprocalRankFusion(lists);
  // Ties (the same rank in two repositories) keep the order the repositories were named in.
  return [...fused.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([i, score]) => ({ ...(all[i] as RepositoryResult), score: Math.round(score * 10000) / 10000 }));
}
