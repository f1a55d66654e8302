/**
 * Ratings cached by (scorer, query text + tags, link id, content hash), in an in-memory LRU (5,000
 * entries by default), so a refined or repeated question does not re-rate links it has seen.
 *
 * The content hash covers everything a scorer sees of the link except its depth (which only the policy
 * uses): the snippet, hover, role, relation, symbol, kind, enclosing definition, the server's facts and
 * the lines of the sites folded into it (scout/places). Edited code changes
 * the snippet, hence the key. Fallback ratings are never cached: a scorer that failed once (an LLM
 * endpoint down) gets another chance on the next question.
 */
import { contentHash, LruCache } from '../embed/cache.js';
import { siteLine, type ScoutLink } from './link.js';
import { serverFacts } from './scorers/rating-prompt.js';
import type { AnalyzedQuery } from './query-analysis.js';
import type { Rating, Scorer } from './scorers/scorer.js';

export const RATING_CACHE_CAPACITY = 5000;

/** The query part of the key: text with whitespace collapsed and case folded, tags sorted. */
function queryKey(query: Pick<AnalyzedQuery, 'text' | 'tags'>): string {
  const text = query.text.replace(/\s+/g, ' ').trim().toLowerCase();
  const tags = [...new Set(query.tags.map((t) => t.trim().toLowerCase()))].sort();
  return `${text}\u0000${tags.join(',')}`;
}

/** Hash of what a scorer sees of the link (see the file comment). */
export function linkContentHash(link: ScoutLink): string {
  return contentHash(
    [
      link.snippet,
      link.hover ?? '',
      link.role ?? '',
      link.relation,
      link.symbol ?? '',
      link.kind ?? '',
      link.enclosing ?? '',
      ...serverFacts(link),
      ...(link.alsoAt ?? []).map((f) => `${f.location.line}:${f.location.column ?? ''}:${siteLine(f)}`),
    ].join('\u0000'),
  );
}

export function ratingCacheKey(scorerName: string, query: Pick<AnalyzedQuery, 'text' | 'tags'>, link: ScoutLink): string {
  return contentHash(`${scorerName}\u0000${queryKey(query)}\u0000${link.id}\u0000${linkContentHash(link)}`);
}

export interface RatingCacheStats {
  hits: number;
  misses: number;
  size: number;
  capacity: number;
}

export class RatingCache {
  private readonly entries: LruCache<string, Rating>;
  private hits = 0;
  private misses = 0;

  constructor(capacity = RATING_CACHE_CAPACITY) {
    this.entries = new LruCache(capacity);
  }

  get(key: string): Rating | undefined {
    const rating = this.entries.get(key);
    if (rating === undefined) this.misses += 1;
    else this.hits += 1;
    return rating === undefined ? undefined : cloneRating(rating);
  }

  set(key: string, rating: Rating): void {
    this.entries.set(key, cloneRating(rating));
  }

  clear(): void {
    this.entries.clear();
  }

  get stats(): RatingCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size, capacity: this.entries.capacity };
  }
}

function cloneRating(rating: Rating): Rating {
  return { ...rating, rubric: { ...rating.rubric, tags: [...rating.rubric.tags] } };
}

/**
 * A scorer that answers from the cache and sends only the misses (once each, in one call) to `inner`.
 * Its name is the inner scorer's.
 */
export class CachingScorer implements Scorer {
  readonly name: string;

  constructor(
    readonly inner: Scorer,
    readonly cache: RatingCache = new RatingCache(),
  ) {
    this.name = inner.name;
  }

  async rate(query: AnalyzedQuery, links: readonly ScoutLink[], signal?: AbortSignal): Promise<Rating[]> {
    signal?.throwIfAborted();
    const keys = links.map((link) => ratingCacheKey(this.inner.name, query, link));
    const out: Array<Rating | undefined> = keys.map((key) => this.cache.get(key));
    const missing = new Map<string, number[]>();
    out.forEach((rating, index) => {
      if (rating !== undefined) return;
      const key = keys[index] as string;
      const positions = missing.get(key);
      if (positions) positions.push(index);
      else missing.set(key, [index]);
    });
    if (missing.size > 0) {
      const groups = [...missing.values()];
      const rated = await this.inner.rate(
        query,
        groups.map((positions) => links[positions[0] as number] as ScoutLink),
        signal,
      );
      groups.forEach((positions, i) => {
        const rating = rated[i];
        if (rating === undefined) return;
        if (rating.source !== 'fallback') this.cache.set(keys[positions[0] as number] as string, rating);
        for (const position of positions) out[position] = cloneRating(rating);
      });
    }
    return out as Rating[];
  }
}
