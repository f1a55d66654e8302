import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { CachingScorer, linkContentHash, RATING_CACHE_CAPACITY, RatingCache, ratingCacheKey } from '../../src/scout/rating-cache.js';
import { makeRubric } from '../../src/scout/rubric.js';
import { LlmScorer } from '../../src/scout/scorers/llm.js';
import { MockScorer } from '../../src/scout/scorers/mock.js';
import { defaultHandler, promptLinks, startChatServer, type ChatServer } from './chat-server.js';
import { link } from './links.js';

const query = analyzeQuery('what breaks if I add a variant to `LLMKind`?');
const three = [1, 2, 3].map((n) => link({ at: n, role: 'case_pattern', code: `>>case LLMKind.V${n}:` }));

describe('rating cache keys', () => {
  it('depend on the scorer, the query text and tags, the link id and its content', () => {
    const l = three[0]!;
    const key = ratingCacheKey('llm', query, l);
    expect(ratingCacheKey('llm', { text: '  What breaks if I add a variant to `LLMKind`? ', tags: [...query.tags].reverse() }, l)).toBe(key);
    expect(ratingCacheKey('heuristic', query, l)).not.toBe(key);
    expect(ratingCacheKey('llm', { ...query, text: 'remove LLMKind' }, l)).not.toBe(key);
    expect(ratingCacheKey('llm', { ...query, tags: ['exhaustive'] }, l)).not.toBe(key);
    expect(ratingCacheKey('llm', query, { ...l, id: 'other' })).not.toBe(key);
    expect(ratingCacheKey('llm', query, { ...l, snippet: `${l.snippet} // edited` })).not.toBe(key);
    expect(ratingCacheKey('llm', query, { ...l, role: 'import' })).not.toBe(key);
    // depth is the policy's business, not the scorer's
    expect(ratingCacheKey('llm', query, { ...l, depth: 4 })).toBe(key);
    expect(linkContentHash(l)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('is an LRU of 5000 by default', () => {
    expect(new RatingCache().stats.capacity).toBe(RATING_CACHE_CAPACITY);
    expect(RATING_CACHE_CAPACITY).toBe(5000);
    const cache = new RatingCache(2);
    const rating = { rubric: makeRubric(), source: 'mock' as const };
    cache.set('a', rating);
    cache.set('b', rating);
    cache.get('a');
    cache.set('c', rating);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(rating);
    expect(cache.stats).toEqual({ hits: 1 + 1, misses: 1, size: 2, capacity: 2 });
  });

  it('hands out copies, so callers cannot change cached ratings', () => {
    const cache = new RatingCache();
    cache.set('k', { rubric: makeRubric({ tags: ['x'] }), source: 'mock' });
    cache.get('k')!.rubric.tags.push('y');
    expect(cache.get('k')!.rubric.tags).toEqual(['x']);
  });
});

describe('CachingScorer with the mock scorer', () => {
  it('rates only the misses, once each', async () => {
    const mock = new MockScorer({ [three[0]!.id]: { relevance: 5 } });
    const scorer = new CachingScorer(mock);
    expect(scorer.name).toBe('mock');
    const first = await scorer.rate(query, [three[0]!, three[1]!, three[0]!]);
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]!.links.map((l) => l.id)).toEqual([three[0]!.id, three[1]!.id]);
    expect(first.map((r) => r.rubric.relevance)).toEqual([5, 3, 5]);
    const second = await scorer.rate(query, three);
    expect(mock.calls).toHaveLength(2);
    expect(mock.calls[1]!.links.map((l) => l.id)).toEqual([three[2]!.id]);
    expect(second.map((r) => r.rubric.relevance)).toEqual([5, 3, 3]);
    await scorer.rate(query, three);
    expect(mock.calls).toHaveLength(2);
    expect(scorer.cache.stats.hits).toBe(2 + 3);
  });
});

describe('CachingScorer with the LLM scorer against a local server', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    server.requests.length = 0;
    server.handler = defaultHandler;
  });

  it('a repeated question costs no request; an edited link is re-rated alone', async () => {
    const scorer = new CachingScorer(new LlmScorer({ baseUrl: server.baseUrl, model: 'm' }));
    const first = await scorer.rate(query, three);
    expect(server.requests).toHaveLength(1);
    const again = await scorer.rate(query, three);
    expect(server.requests).toHaveLength(1);
    expect(again).toEqual(first);
    expect(scorer.cache.stats).toMatchObject({ hits: 3, misses: 3, size: 3 });

    const edited = [three[0]!, { ...three[1]!, snippet: 'case LLMKind.Renamed:' }, three[2]!];
    await scorer.rate(query, edited);
    expect(server.requests).toHaveLength(2);
    expect(promptLinks(server.requests[1]!.body)).toHaveLength(1);

    await scorer.rate(analyzeQuery('what breaks if I add a variant to `LLMKind`?', ['exhaustive']), three);
    expect(server.requests).toHaveLength(3);
  });

  it('does not cache fallbacks: a recovered endpoint is asked again', async () => {
    server.handler = () => ({ status: 500, json: { error: 'busy' } });
    const scorer = new CachingScorer(new LlmScorer({ baseUrl: server.baseUrl, model: 'm' }));
    const failed = await scorer.rate(query, three);
    expect(failed.map((r) => r.source)).toEqual(['fallback', 'fallback', 'fallback']);
    server.handler = defaultHandler;
    const ok = await scorer.rate(query, three);
    expect(ok.map((r) => r.source)).toEqual(['llm', 'llm', 'llm']);
    expect(server.requests).toHaveLength(2);
  });
});
