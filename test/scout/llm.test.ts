import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { heuristicRubric } from '../../src/scout/scorers/heuristic.js';
import { itemsOf, LlmScorer, matchItems, parseLooseJson, readAnswer, type LlmScorerConfig } from '../../src/scout/scorers/llm.js';
import { MockScorer } from '../../src/scout/scorers/mock.js';
import {
  closedPort,
  contentReply,
  defaultHandler,
  expectedRating,
  promptLinks,
  ratingsFor,
  startChatServer,
  toolReply,
  type ChatServer,
} from './chat-server.js';
import { link } from './links.js';

let server: ChatServer;
const query = analyzeQuery('what breaks if I add a variant to `LLMKind`?');

beforeAll(async () => {
  server = await startChatServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
  server.handler = defaultHandler;
  delete process.env.SCOUT_TEST_LLM_KEY;
});

function scorer(overrides: Partial<LlmScorerConfig> = {}, now?: () => number): LlmScorer {
  return new LlmScorer({ baseUrl: server.baseUrl, model: 'functiongemma', apiKeyEnv: 'SCOUT_TEST_LLM_KEY', ...overrides }, now ? { now } : {});
}

/** Links on lines 1..n of src/kinds.ts, all case sites. */
function links(n: number, first = 1) {
  return Array.from({ length: n }, (_, i) => link({ file: 'src/kinds.ts', at: first + i, role: 'case_pattern', code: `>>  case LLMKind.V${first + i}:` }));
}

describe('LLM scorer: good answers', () => {
  it('rates links in batches of batchSize, one request each, in order', async () => {
    const input = links(19);
    const ratings = await scorer().rate(query, input);
    expect(server.requests.map((r) => promptLinks(r.body).length)).toEqual([8, 8, 3]);
    expect(ratings).toHaveLength(19);
    ratings.forEach((rating, i) => {
      const line = input[i]!.location.line;
      expect(rating.source).toBe('llm');
      expect(rating.note).toBeUndefined();
      expect(rating.rubric).toEqual({ ...expectedRating(line), tags: ['exhaustive'], reason: `line ${line}` });
    });
  });

  it('sends the seed rating prompt with a JSON schema, temperature 0 and the model', async () => {
    await scorer({ batchSize: 4 }).rate(query, links(3));
    const { url, body, headers } = server.requests[0]!;
    expect(url).toBe('/v1/chat/completions');
    expect(body.model).toBe('functiongemma');
    expect(body.temperature).toBe(0);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = body.messages[1]!.content;
    expect(user).toMatch(/^Rate each link for relevance to the query\./);
    expect(user).toContain('Query: "what breaks if I add a variant to `LLMKind`?"');
    expect(user).toContain('Interest tags: exhaustive, pattern-match, record-key, breaks-on-add, property-flow');
    expect(user).toContain('1. src/kinds.ts:1 (reference; role case_pattern; symbol LLMKind (enum))');
    expect(user).toContain('   |   case LLMKind.V1:');
    expect(user).toContain('Only include tags from the provided list that actually apply.');
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.name).toBe('rate_links');
    expect(body.response_format?.json_schema?.schema.properties.ratings).toMatchObject({ minItems: 3, maxItems: 3 });
    expect(body.tools).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it('sends the API key from the named environment variable', async () => {
    process.env.SCOUT_TEST_LLM_KEY = 'sk-local-1';
    await scorer().rate(query, links(1));
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-local-1');
  });

  it('reads a tools answer: one rate_links call with every rating', async () => {
    server.handler = (body) => toolReply({ ratings: ratingsFor(body, ['pattern-match']) });
    const ratings = await scorer({ protocol: 'tools' }).rate(query, links(3));
    const body = server.requests[0]!.body;
    expect(body.tools?.[0]?.function.name).toBe('rate_links');
    expect(body.tool_choice).toBe('required');
    expect(body.response_format).toBeUndefined();
    expect(ratings.map((r) => r.source)).toEqual(['llm', 'llm', 'llm']);
    expect(ratings.map((r) => r.rubric.relevance)).toEqual([1, 2, 3].map((l) => expectedRating(l).relevance));
    expect(ratings[0]!.rubric.tags).toEqual(['pattern-match']);
  });

  it('reads one tool call per rating, and arguments given as objects', async () => {
    server.handler = (body) => toolReply(...ratingsFor(body).map((r) => r));
    const ratings = await scorer({ protocol: 'both' }).rate(query, links(2));
    expect(server.requests[0]!.body.tool_choice).toBe('auto');
    expect(server.requests[0]!.body.response_format).toBeDefined();
    expect(ratings.map((r) => r.source)).toEqual(['llm', 'llm']);
  });

  it('matches ratings to links by id, whatever their order', async () => {
    server.handler = (body) => contentReply(JSON.stringify({ ratings: ratingsFor(body).reverse() }));
    const input = links(4);
    const ratings = await scorer().rate(query, input);
    ratings.forEach((r, i) => expect(r.rubric.relevance).toBe(expectedRating(input[i]!.location.line).relevance));
  });

  it('finds the JSON in fenced or chatty content', async () => {
    server.handler = (body) => contentReply(`Sure! Here are the ratings:\n\`\`\`json\n${JSON.stringify({ ratings: ratingsFor(body) })}\n\`\`\`\nHope this helps.`);
    const ratings = await scorer().rate(query, links(2));
    expect(ratings.map((r) => r.source)).toEqual(['llm', 'llm']);
  });
});

describe('LLM scorer: bad items fall back one by one', () => {
  it('missing items are rated by the heuristic, with a note', async () => {
    server.handler = (body) => contentReply(JSON.stringify({ ratings: ratingsFor(body).slice(0, 2) }));
    const input = links(3);
    const ratings = await scorer().rate(query, input);
    expect(ratings.map((r) => r.source)).toEqual(['llm', 'llm', 'fallback']);
    expect(ratings[2]!.rubric).toEqual(heuristicRubric(query, input[2]!));
    expect(ratings[2]!.note).toBe('llm answer has no rating for link 3 of the batch; heuristic rating used');
  });

  it('malformed items fall back; repairable ones are repaired and noted', async () => {
    server.handler = () =>
      contentReply(
        JSON.stringify({
          ratings: [
            { id: 1, relevance: 'very', risk: 3, complexity: 2, confidence: 4, tags: [], reason: '' },
            { id: 2, relevance: 7.2, risk: 0, complexity: 2, confidence: 4, tags: ['exhaustive', 'made-up'], reason: 'ok' },
            'garbage',
            null,
          ],
        }),
      );
    const ratings = await scorer().rate(query, links(4));
    expect(ratings.map((r) => r.source)).toEqual(['fallback', 'llm', 'fallback', 'fallback']);
    expect(ratings[0]!.note).toMatch(/^llm rating invalid \(relevance: not a number \(the string "very"\)\); heuristic rating used$/);
    expect(ratings[1]!.rubric).toMatchObject({ relevance: 5, risk: 1, tags: ['exhaustive'] });
    expect(ratings[1]!.note).toBe('llm rating repaired: relevance: 7.2 rounded and clamped to 5; risk: 0 clamped to 1; tags: dropped "made-up" (not among the query\'s tags)');
    expect(ratings[2]!.note).toMatch(/^llm rating invalid \(not an object/);
  });

  it('duplicate ids fall back to matching by position', () => {
    expect(matchItems([{ id: 1, a: 1 }, { id: 1, a: 2 }], 2)).toEqual([{ id: 1, a: 1 }, { id: 1, a: 2 }]);
    expect(matchItems([{ id: 2 }, { id: 1 }], 2)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(matchItems([{ id: '2' }, { id: '1' }], 2)).toEqual([{ id: '1' }, { id: '2' }]);
    expect(matchItems([{}, {}, {}], 2)).toEqual([{}, {}]);
    expect(matchItems([{ id: 9 }], 2)).toEqual([{ id: 9 }, undefined]);
  });
});

describe('LLM scorer: whole-call failures fall back with a note', () => {
  it('HTTP 500', async () => {
    server.handler = () => ({ status: 500, json: { error: { message: 'model runner crashed: out of memory' } } });
    const s = scorer();
    const input = links(3);
    const ratings = await s.rate(query, input);
    expect(ratings.map((r) => r.source)).toEqual(['fallback', 'fallback', 'fallback']);
    ratings.forEach((r, i) => expect(r.rubric).toEqual(heuristicRubric(query, input[i]!)));
    expect(ratings[0]!.note).toBe(`llm endpoint ${server.baseUrl}/chat/completions answered HTTP 500: model runner crashed: out of memory; heuristic rating used`);
    expect(s.stats).toMatchObject({ requests: 1, failedRequests: 1, llmRatings: 0, fallbackRatings: 3 });
    expect(s.stats.lastProblem).toMatch(/answered HTTP 500/);
  });

  it('a 404 for a wrong base URL', async () => {
    const ratings = await scorer({ baseUrl: server.baseUrl.replace(/\/v1$/, '') }).rate(query, links(1));
    expect(ratings[0]!.note).toMatch(/answered HTTP 404: no route POST \/chat\/completions/);
  });

  it.each([
    ['an HTML page', { raw: '<html><body>Welcome to nginx!</body></html>' }, /answered with something that is not JSON: <html>/],
    ['JSON without choices', { json: { hello: 'world' } }, /answered without choices\[0\]\.message/],
    ['prose', contentReply('I think they are all quite relevant.'), /answered without readable ratings \(content I think they are all quite relevant\.\)/],
    ['tool calls without ratings', toolReply('{not json'), /answered without readable ratings \(1 tool call\(s\) without ratings\)/],
  ])('garbage: %s', async (_name, reply, note) => {
    server.handler = () => reply;
    const ratings = await scorer().rate(query, links(2));
    expect(ratings.map((r) => r.source)).toEqual(['fallback', 'fallback']);
    expect(ratings[0]!.note).toMatch(note);
  });

  it('a dropped connection', async () => {
    server.handler = () => 'destroy';
    const ratings = await scorer().rate(query, links(2));
    expect(ratings.map((r) => r.source)).toEqual(['fallback', 'fallback']);
    expect(ratings[0]!.note).toMatch(/could not be reached/);
  });

  it('connection refused', async () => {
    const port = await closedPort();
    const s = new LlmScorer({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' });
    const ratings = await s.rate(query, links(2));
    expect(ratings.map((r) => r.source)).toEqual(['fallback', 'fallback']);
    expect(ratings[0]!.note).toBe(`llm endpoint http://127.0.0.1:${port}/v1/chat/completions refused the connection (is the server running?); heuristic rating used`);
  });

  it('a hanging server times out within timeoutMs, then is skipped until retryAfterMs has passed', async () => {
    server.handler = () => 'hang';
    let clock = 1_000_000;
    const s = scorer({ timeoutMs: 300, batchSize: 2, retryAfterMs: 10_000 }, () => clock);
    const started = Date.now();
    const ratings = await s.rate(query, links(5));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1); // later batches are not sent once the call is out of time
    expect(ratings.map((r) => r.source)).toEqual(Array(5).fill('fallback'));
    expect(ratings[0]!.note).toMatch(/did not answer within 300 ms; heuristic rating used$/);
    expect(ratings[4]!.note).toMatch(/skipped \(did not answer within 300 ms; retrying after 10 s\)/);

    // The next question does not wait on the dead endpoint again.
    const again = Date.now();
    const next = await s.rate(query, links(2));
    expect(Date.now() - again).toBeLessThan(200);
    expect(server.requests).toHaveLength(1);
    expect(next[0]!.note).toMatch(/skipped/);

    // After retryAfterMs it is asked again.
    clock += 10_001;
    server.handler = defaultHandler;
    const recovered = await s.rate(query, links(2));
    expect(recovered.map((r) => r.source)).toEqual(['llm', 'llm']);
    expect(server.requests).toHaveLength(2);
  });

  it('rejects only when the caller aborts', async () => {
    server.handler = () => 'hang';
    const controller = new AbortController();
    const pending = scorer({ timeoutMs: 5000 }).rate(query, links(2), controller.signal);
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(pending).rejects.toThrow('caller gave up');
    const aborted = new AbortController();
    aborted.abort(new Error('already'));
    await expect(scorer().rate(query, links(1), aborted.signal)).rejects.toThrow('already');
  });

  it('sends nothing for no links, and uses a custom fallback', async () => {
    expect(await scorer().rate(query, [])).toEqual([]);
    expect(server.requests).toHaveLength(0);
    server.handler = () => ({ status: 503, json: { error: 'loading model' } });
    const mock = new MockScorer({}, { relevance: 2, risk: 2 });
    const s = new LlmScorer({ baseUrl: server.baseUrl, model: 'm' }, { fallback: mock });
    const ratings = await s.rate(query, links(1));
    expect(ratings[0]).toMatchObject({ source: 'fallback', rubric: { relevance: 2, risk: 2 } });
    expect(ratings[0]!.note).toMatch(/answered HTTP 503: loading model; mock rating used$/);
  });
});

describe('LLM answer parsing', () => {
  it('parseLooseJson', () => {
    expect(parseLooseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseLooseJson('```\n[1,2]\n```')).toEqual([1, 2]);
    expect(parseLooseJson('answer: {"a": {"b": 2}} done')).toEqual({ a: { b: 2 } });
    expect(parseLooseJson('nothing here')).toBeUndefined();
    expect(parseLooseJson('')).toBeUndefined();
  });
  it('itemsOf accepts the usual shapes', () => {
    expect(itemsOf({ ratings: [1] })).toEqual([1]);
    expect(itemsOf({ results: [2] })).toEqual([2]);
    expect(itemsOf([3])).toEqual([3]);
    expect(itemsOf({ relevance: 4, risk: 1 })).toEqual([{ relevance: 4, risk: 1 }]);
    expect(itemsOf({ '2': { relevance: 1 }, '1': { relevance: 5 } })).toEqual([{ id: 1, relevance: 5 }, { id: 2, relevance: 1 }]);
    expect(itemsOf({ foo: 'bar' })).toBeNull();
    expect(itemsOf('x')).toBeNull();
  });
  it('readAnswer reads content parts and legacy function_call', () => {
    const parts = JSON.stringify({ choices: [{ message: { content: [{ type: 'text', text: '{"ratings": [{"relevance": 1, "risk": 1}]}' }] } }] });
    expect(readAnswer(parts)).toEqual({ items: [{ relevance: 1, risk: 1 }] });
    const legacy = JSON.stringify({ choices: [{ message: { content: null, function_call: { name: 'rate_links', arguments: '{"ratings": []}' } } }] });
    expect(readAnswer(legacy)).toMatchObject({ problem: expect.stringMatching(/without readable ratings/) });
  });
});
