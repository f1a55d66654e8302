/**
 * A real OpenAI-compatible embeddings server on 127.0.0.1 (random port) for tests.
 * Vectors are hashed bags of words (lower-cased alphanumeric words, each adding 1 to one of
 * `dimensions` buckets), so texts sharing words are near in cosine distance. The model name
 * `bow-N` gives N dimensions; any other model gives 16.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ServerMode =
  | 'ok'
  | 'reversed' // data in reverse order, with correct `index` fields
  | 'status500'
  | 'notJson'
  | 'noData'
  | 'wrongCount' // one embedding fewer than inputs
  | 'nan' // a non-finite component
  | 'mixedDimensions'
  | 'hang'; // accepts the request and never answers

export interface RecordedRequest {
  url: string;
  headers: IncomingHttpHeaders;
  model: string;
  input: string[];
}

export interface EmbeddingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  mode: ServerMode;
  /** Every text sent, across requests. */
  texts(): string[];
  close(): Promise<void>;
}

export function bagOfWords(text: string, dimensions = 16): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619) >>> 0;
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + 1;
  }
  return vector;
}

export function dimensionsOf(model: string): number {
  const match = /^bow-(\d+)$/.exec(model);
  return match ? Number(match[1]) : 16;
}

export async function startEmbeddingServer(mode: ServerMode = 'ok'): Promise<EmbeddingServer> {
  const requests: RecordedRequest[] = [];
  const state = { mode };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
      requests.push({ url: req.url, headers: req.headers, model: body.model, input: body.input });
      const dims = dimensionsOf(body.model);
      const json = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      switch (state.mode) {
        case 'hang':
          return; // never answer
        case 'status500':
          json(500, { error: { message: 'model runner crashed: out of memory' } });
          return;
        case 'notJson':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome to nginx!</body></html>');
          return;
        case 'noData':
          json(200, { embeddings: [] });
          return;
        default:
          break;
      }
      let data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: bagOfWords(text, dims) }));
      if (state.mode === 'reversed') data = data.reverse();
      if (state.mode === 'wrongCount') data = data.slice(1);
      if (state.mode === 'mixedDimensions' && data.length > 1) data[1] = { ...data[1]!, embedding: bagOfWords(body.input[1]!, dims + 1) };
      if (state.mode === 'nan') {
        // JSON has no NaN; an overflowing number is what a broken model's output looks like (Infinity once parsed).
        const text = JSON.stringify({ object: 'list', data, model: body.model }).replace(/"embedding":\[[-0-9.e]+/, '"embedding":[1e999');
        res.writeHead(200, { 'content-type': 'application/json' }).end(text);
        return;
      }
      json(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(value: ServerMode) {
      state.mode = value;
    },
    texts: () => requests.flatMap((r) => r.input),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
