/** The framing of a web search around a short query: taken out by the pure rule, and by the engine over a real index. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { search, type SearchResponse } from '../../src/search/engine.js';
import type { SearchRequest } from '../../src/search/request.js';
import { withoutSearchFraming } from '../../src/search/search-framing.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

describe('withoutSearchFraming', () => {
  it('takes out leading and trailing framing phrases and keeps the language word for the engine', () => {
    expect(withoutSearchFraming('how to merge two dicts in python')).toEqual({ need: 'merge two dicts python', framing: ['how to', 'in'] });
    expect(withoutSearchFraming('What is the best way to flatten a list of lists?')).toEqual({ need: 'flatten a list of lists', framing: ['What is the best way to'] });
    expect(withoutSearchFraming('python code to read a csv file')).toEqual({ need: 'python read a csv file', framing: ['code to'] });
    expect(withoutSearchFraming('how do I reverse a string python')).toEqual({ need: 'reverse a string python', framing: ['how do I'] });
    expect(withoutSearchFraming('is there a way to sort a dict by value')).toEqual({ need: 'sort a dict by value', framing: ['is there a way to'] });
    expect(withoutSearchFraming('python parse iso date example')).toEqual({ need: 'python parse iso date', framing: ['example'] });
    expect(withoutSearchFraming('python function that always returns true')).toEqual({ need: 'python always returns true', framing: ['function that'] });
    expect(withoutSearchFraming('round to 2 decimals in python 3.8')).toEqual({ need: 'round to 2 decimals python', framing: ['3.8', 'in'] });
    expect(withoutSearchFraming('python3 read json file')).toEqual({ need: 'python read json file', framing: ['3'] });
  });

  it('keeps content words that only look like framing, and a query that is nothing but framing', () => {
    for (const query of ['python best match', 'get status code of response', 'how many retries are allowed', 'example', 'how to', 'python example']) {
      expect(withoutSearchFraming(query)).toEqual({ need: query, framing: [] });
    }
  });
});

describe('the engine searches the need of a framed query', () => {
  let repo: TempRepo;
  let store: SqliteStore;
  const run = (request: SearchRequest): Promise<SearchResponse> => search(store.database, request, { root: repo.root });

  beforeAll(async () => {
    repo = tempRepo();
    // A guide whose prose is all framing words, and the function the need asks for.
    repo.write('src/guide.ts', `/** How to get started: the best way, with an example of how each part is used. Example code below. */
export function showGuideExample(): string {
  return 'how to use it: the best way is the example';
}
`);
    repo.write('src/merge.ts', `/** Merges two maps into a new one; later keys win. */
export function mergeMaps<K, V>(left: Map<K, V>, right: Map<K, V>): Map<K, V> {
  return new Map([...left, ...right]);
}
`);
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
  });
  afterAll(() => {
    store.close();
    repo.cleanup();
  });

  it('ranks the need first, says what it left out, and echoes the query as asked', async () => {
    const query = 'what is the best way to merge maps example';
    const answer = await run({ query });
    expect(answer.query).toBe(query);
    expect(answer.results[0]?.file).toBe('src/merge.ts');
    expect(answer.notes.join('\n')).toMatch(/not searched for: "what is the best way to", "example" \(the framing of a web search, not the need\)/);
  });

  it('exact mode searches every word as given, so the framing words find the guide', async () => {
    const answer = await run({ query: 'what is the best way to merge maps example', mode: 'exact' });
    expect(answer.notes.join('\n')).not.toMatch(/framing/);
    expect(answer.results[0]?.file).toBe('src/guide.ts');
  });
});
