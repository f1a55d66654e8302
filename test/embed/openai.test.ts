import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScoutError } from '../../src/core/errors.js';
import { createProvider, type EmbeddingConfig, type EmbeddingProvider } from '../../src/embed/provider.js';
import { bagOfWords, closedPort, startEmbeddingServer, type EmbeddingServer } from './embedding-server.js';

let server: EmbeddingServer;

beforeAll(async () => {
  server = await startEmbeddingServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
  server.mode = 'ok';
  delete process.env.SCOUT_TEST_EMBED_KEY;
});

function provider(overrides: Partial<EmbeddingConfig> = {}): EmbeddingProvider {
  const p = createProvider({ provider: 'openai', baseUrl: server.baseUrl, model: 'bow-16', apiKeyEnv: 'SCOUT_TEST_EMBED_KEY', ...overrides });
  if (!p) throw new Error('expected a provider');
  return p;
}

async function failure(promise: Promise<unknown>): Promise<ScoutError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScoutError);
  return error as ScoutError;
}

describe('openai-compatible provider', () => {
  it('embeds texts in order, learning the dimensions from the first answer', async () => {
    const p = provider();
    expect(p.id).toBe('openai:bow-16');
    expect(p.dimensions).toBeNull();
    const texts = ['parse the duration', 'route a request', 'parse the duration again'];
    const vectors = await p.embed(texts);
    expect(vectors).toHaveLength(3);
    vectors.forEach((v, i) => expect([...v]).toEqual(bagOfWords(texts[i]!, 16)));
    expect(p.dimensions).toBe(16);
    expect(server.requests[0]).toMatchObject({ url: '/v1/embeddings', model: 'bow-16', input: texts });
  });

  it('sends batches of batchSize, one request each', async () => {
    const p = provider({ batchSize: 4 });
    const texts = Array.from({ length: 10 }, (_, i) => `text number ${i}`);
    const vectors = await p.embed(texts);
    expect(vectors).toHaveLength(10);
    expect(server.requests.map((r) => r.input.length)).toEqual([4, 4, 2]);
    expect(server.texts()).toEqual(texts);
    vectors.forEach((v, i) => expect([...v]).toEqual(bagOfWords(texts[i]!, 16)));
  });

  it('orders results by their index field, not by position', async () => {
    server.mode = 'reversed';
    const texts = ['alpha beta', 'gamma delta', 'epsilon zeta'];
    const vectors = await provider().embed(texts);
    vectors.forEach((v, i) => expect([...v]).toEqual(bagOfWords(texts[i]!, 16)));
  });

  it('sends the API key from the named environment variable, and none when it is unset', async () => {
    await provider().embed(['no key']);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    process.env.SCOUT_TEST_EMBED_KEY = 'sk-test-123';
    await provider().embed(['with key']);
    expect(server.requests[1]!.headers.authorization).toBe('Bearer sk-test-123');
  });

  it('tolerates a trailing slash on baseUrl and embeds nothing for no texts', async () => {
    const p = provider({ baseUrl: `${server.baseUrl}/` });
    expect(await p.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
    await p.embed(['x']);
    expect(server.requests[0]!.url).toBe('/v1/embeddings');
  });

  it('says how to fix a server that is not running', async () => {
    const port = await closedPort();
    const error = await failure(provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).embed(['x']));
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain(`embedding server at http://127.0.0.1:${port}/v1/embeddings refused the connection`);
    expect(error.message).toContain('embeddings.provider to "none"');
  });

  it('reports HTTP errors with the status and an excerpt of the body', async () => {
    server.mode = 'status500';
    const error = await failure(provider().embed(['x']));
    expect(error.message).toMatch(/answered HTTP 500: model runner crashed: out of memory/);
  });

  it('explains a 404 (wrong base URL or missing model)', async () => {
    const error = await failure(provider({ baseUrl: server.baseUrl.replace(/\/v1$/, '') }).embed(['x']));
    expect(error.message).toMatch(/answered HTTP 404: no route POST \/embeddings; check that embeddings.baseUrl ends in \/v1/);
  });

  it('rejects an answer that is not JSON', async () => {
    server.mode = 'notJson';
    const error = await failure(provider().embed(['x']));
    expect(error.message).toMatch(/not JSON: <html><body>Welcome to nginx!/);
  });

  it('rejects an answer without a data array', async () => {
    server.mode = 'noData';
    const error = await failure(provider().embed(['x']));
    expect(error.message).toMatch(/without a "data" array/);
  });

  it('rejects the wrong number of embeddings', async () => {
    server.mode = 'wrongCount';
    const error = await failure(provider().embed(['a', 'b', 'c']));
    expect(error.message).toMatch(/returned 2 embeddings for 3 texts/);
  });

  it('rejects inconsistent dimensions, within one answer and across answers', async () => {
    server.mode = 'mixedDimensions';
    expect((await failure(provider().embed(['a b', 'c d']))).message).toMatch(/17-dimensional vector at index 1 after 16-dimensional/);
    server.mode = 'ok';
    const p = provider();
    await p.embed(['first']);
    server.mode = 'mixedDimensions';
    expect((await failure(p.embed(['x', 'y']))).message).toMatch(/17-dimensional vector at index 1/);
  });

  it('rejects non-finite vectors', async () => {
    server.mode = 'nan';
    const error = await failure(provider().embed(['a']));
    expect(error.message).toMatch(/NaN or Infinity at index 0/);
  });

  it('times out a server that never answers', async () => {
    server.mode = 'hang';
    const started = Date.now();
    const error = await failure(provider({ timeoutMs: 200 }).embed(['a']));
    expect(error.message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops when the caller aborts', async () => {
    server.mode = 'hang';
    const controller = new AbortController();
    const pending = provider({ timeoutMs: 10_000 }).embed(['a'], controller.signal);
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    await expect(pending).rejects.toThrow('user cancelled');
  });
});
