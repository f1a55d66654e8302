/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 (random port) for the LLM scorer tests.
 * Each request is recorded and answered by the current `handler` (replaceable per test); the default
 * rates every link of the prompt, reading the links' line numbers from the numbered list.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: { properties: { ratings: { minItems?: number; maxItems?: number } } } } };
  tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>;
  tool_choice?: unknown;
}

export interface RecordedChat {
  url: string;
  headers: IncomingHttpHeaders;
  body: ChatBody;
}

/** What to answer: a status with a JSON or raw body, 'hang' (never answer) or 'destroy' (drop the socket). */
export type Reply = { status?: number; json?: unknown; raw?: string } | 'hang' | 'destroy';
export type ChatHandler = (body: ChatBody, request: RecordedChat) => Reply;

export interface ChatServer {
  baseUrl: string;
  requests: RecordedChat[];
  handler: ChatHandler;
  close(): Promise<void>;
}

/** The links of a rating prompt: their number and line, from lines like `3. src/a.ts:12 (reference; ...)`. */
export function promptLinks(body: ChatBody): Array<{ number: number; file: string; line: number }> {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  return [...user.matchAll(/^(\d+)\. (\S+):(\d+) \(/gm)].map((m) => ({ number: Number(m[1]), file: m[2] as string, line: Number(m[3]) }));
}

/** The rating the default handler gives the link at `line`: relevance line % 5 + 1, risk 5 - line % 5. */
export function expectedRating(line: number): { relevance: number; risk: number; complexity: number; confidence: number } {
  return { relevance: (line % 5) + 1, risk: 5 - (line % 5), complexity: 2, confidence: 4 };
}

export function ratingsFor(body: ChatBody, tags: string[] = ['exhaustive']): Array<Record<string, unknown>> {
  return promptLinks(body).map((l) => ({ id: l.number, ...expectedRating(l.line), tags, reason: `line ${l.line}` }));
}

export function completion(message: Record<string, unknown>): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
  };
}

export function contentReply(content: string): Reply {
  return { json: completion({ content }) };
}

export function toolReply(...args: unknown[]): Reply {
  return {
    json: completion({
      content: null,
      tool_calls: args.map((a, i) => ({ id: `call_${i}`, type: 'function', function: { name: 'rate_links', arguments: typeof a === 'string' ? a : JSON.stringify(a) } })),
    }),
  };
}

export const defaultHandler: ChatHandler = (body) => contentReply(JSON.stringify({ ratings: ratingsFor(body) }));

export async function startChatServer(): Promise<ChatServer> {
  const requests: RecordedChat[] = [];
  const state: { handler: ChatHandler } = { handler: defaultHandler };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
      const record: RecordedChat = { url: req.url, headers: req.headers, body };
      requests.push(record);
      const reply = state.handler(body, record);
      if (reply === 'hang') return;
      if (reply === 'destroy') {
        req.socket.destroy();
        return;
      }
      const status = reply.status ?? 200;
      if (reply.raw !== undefined) res.writeHead(status, { 'content-type': 'text/html' }).end(reply.raw);
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get handler() {
      return state.handler;
    },
    set handler(value: ChatHandler) {
      state.handler = value;
    },
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
