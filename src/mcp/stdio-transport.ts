/**
 * The stdio transport, with an early answer. Loading the MCP SDK and zod costs
 * ~0.4 s on a small machine, more than the whole budget for answering
 * `tools/list` after spawn. So this transport starts reading stdin at once and
 * answers `initialize`, `tools/list` and `ping` from the listing written at build
 * time; everything else waits in order until the SDK server attaches, which then
 * sees the same conversation (the early `initialize` is replayed to it and its
 * duplicate reply dropped).
 *
 * It also answers malformed input the way JSON-RPC says (parse error -32700,
 * invalid request -32600, with the request's id when it can be read) instead of
 * dropping it, caps message size and nesting depth (jsonrpc-guards.ts), and never
 * lets an exception escape a line: one bad message costs only its own answer, and
 * the next line is read as if it had not been there.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_MESSAGE_DEPTH, nestedDeeperThan, topLevelId } from './jsonrpc-guards.js';
import type { ListedTool } from './tool-listing.js';

export interface EarlyAnswers {
  serverInfo: { name: string; version: string };
  instructions: string;
  protocolVersions: { latest: string; supported: string[] };
  tools: ListedTool[];
}

/** Longest accepted message; agents' arguments are small, a runaway client is not. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

type Message = Record<string, unknown> & { jsonrpc: '2.0'; id?: string | number | null; method?: string; params?: Record<string, unknown> };

export class ScoutStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private buffer = '';
  private discarding = false;
  private reading = false;
  private attached = false;
  private readonly queue: Message[] = [];
  private readonly swallow = new Set<string | number>();
  private initialized = false;

  constructor(
    private readonly early: EarlyAnswers | null,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  /** Begin reading before the SDK exists (idempotent); the SDK calls it again when it connects. */
  async start(): Promise<void> {
    if (!this.reading) {
      this.reading = true;
      this.input.setEncoding?.('utf8');
      this.input.on('data', (chunk: string) => this.receive(chunk));
      this.input.on('end', () => this.onclose?.());
      this.input.on('error', (error: Error) => this.onerror?.(error));
    }
    if (this.onmessage && !this.attached) {
      this.attached = true;
      for (const message of this.queue.splice(0)) this.deliver(message);
    }
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    const m = message as Message;
    if (m.id !== undefined && m.id !== null && !('method' in m) && this.swallow.delete(m.id)) return;
    this.write(m);
  }

  async close(): Promise<void> {
    this.input.removeAllListeners('data');
    this.onclose?.();
  }

  private write(message: unknown): void {
    this.output.write(`${JSON.stringify(message)}\n`);
  }

  private receive(chunk: string): void {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, newline);
      start = newline + 1;
      if (this.discarding) {
        this.discarding = false;
        this.buffer = '';
        continue;
      }
      const line = (this.buffer + piece).replace(/\r$/, '');
      this.buffer = '';
      if (line.trim() === '') continue;
      try {
        this.handleLine(line);
      } catch (error) {
        // handleLine answers what it can foresee; this is the net under it (the stream must go on).
        this.reject(topLevelId(line), -32603, `internal error on this message: ${(error as Error).message}`);
      }
    }
    if (this.discarding) return;
    this.buffer += chunk.slice(start);
    if (this.buffer.length > MAX_MESSAGE_BYTES) {
      const id = topLevelId(this.buffer);
      this.buffer = '';
      this.discarding = true;
      this.reject(id, -32600, tooLarge());
    }
  }

  /** An error answer to a message that never reaches the SDK. */
  private reject(id: string | number | null, code: number, message: string): void {
    this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  /** Hand a message to the SDK; a message it throws on gets an error answer instead of ending the stream. */
  private deliver(message: Message): void {
    try {
      this.onmessage?.(message as JSONRPCMessage);
    } catch (error) {
      const id = message.id === undefined ? null : message.id;
      if (message.method !== undefined && id !== null) this.reject(id, -32603, `internal error on this request: ${(error as Error).message}`);
      else this.onerror?.(error as Error);
    }
  }

  private handleLine(line: string): void {
    // A whole line in one chunk never went through the buffer's cap.
    if (line.length > MAX_MESSAGE_BYTES) {
      this.reject(topLevelId(line), -32600, tooLarge());
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.reject(topLevelId(line), -32700, `parse error: ${(error as Error).message}; send one JSON-RPC 2.0 object per line`);
      return;
    }
    const id = typeof parsed === 'object' && parsed !== null && 'id' in parsed && (typeof parsed.id === 'string' || typeof parsed.id === 'number') ? parsed.id : null;
    if (nestedDeeperThan(parsed, MAX_MESSAGE_DEPTH)) {
      this.reject(id, -32600, `invalid request: nested deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter arguments`);
      return;
    }
    const problem = invalidMessage(parsed);
    if (problem) {
      this.reject(id, -32600, `invalid request: ${problem}`);
      return;
    }
    const message = parsed as Message;
    if (this.attached && this.onmessage) {
      this.deliver(message);
      return;
    }
    if (!this.answerEarly(message)) this.queue.push(message);
  }

  /** Before the SDK attaches: initialize, tools/list and ping from the build-time listing. */
  private answerEarly(message: Message): boolean {
    const early = this.early;
    if (!early || message.id === undefined || message.id === null) {
      if (message.method === 'notifications/initialized') this.queue.push(message);
      return message.method === 'notifications/initialized';
    }
    if (message.method === 'initialize') {
      const requested = String(message.params?.protocolVersion ?? '');
      const protocolVersion = early.protocolVersions.supported.includes(requested) ? requested : early.protocolVersions.latest;
      this.write({ jsonrpc: '2.0', id: message.id, result: { protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: early.serverInfo, instructions: early.instructions } });
      // The SDK server must see the handshake too (client capabilities, protocol version); its reply is dropped.
      this.swallow.add(message.id);
      this.queue.push(message);
      this.initialized = true;
      return true;
    }
    if (message.method === 'tools/list' && this.initialized) {
      this.write({ jsonrpc: '2.0', id: message.id, result: { tools: early.tools } });
      return true;
    }
    if (message.method === 'ping') {
      this.write({ jsonrpc: '2.0', id: message.id, result: {} });
      return true;
    }
    return false;
  }
}

function tooLarge(): string {
  return `message larger than ${MAX_MESSAGE_BYTES} bytes: discarded; send smaller arguments`;
}

/** Why a parsed value is not a JSON-RPC 2.0 message, or null when it is one. */
export function invalidMessage(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object (batches are not supported)';
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return 'missing "jsonrpc": "2.0"';
  if ('id' in m && m.id !== null && typeof m.id !== 'string' && typeof m.id !== 'number') return '"id" must be a string or a number';
  if ('method' in m) {
    if (typeof m.method !== 'string' || m.method === '') return '"method" must be a non-empty string';
    if ('params' in m && (typeof m.params !== 'object' || m.params === null)) return '"params" must be an object';
    return null;
  }
  if ('result' in m || 'error' in m) return 'id' in m ? null : 'a response needs an "id"';
  return 'neither a request (method) nor a response (result/error)';
}
