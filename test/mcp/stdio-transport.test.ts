/** The early-answering stdio transport on in-process streams. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { invalidMessage, ScoutStdioTransport, type EarlyAnswers } from '../../src/mcp/stdio-transport.js';

const EARLY: EarlyAnswers = {
  serverInfo: { name: 'semantic-scout', version: '0.0.0' },
  instructions: 'test',
  protocolVersions: { latest: '2025-11-25', supported: ['2025-11-25', '2025-06-18'] },
  tools: [],
};

function setup(early: EarlyAnswers | null = EARLY) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Array<Record<string, unknown>> = [];
  let buffer = '';
  output.on('data', (d: Buffer) => {
    buffer += d.toString();
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      written.push(JSON.parse(buffer.slice(0, i)) as Record<string, unknown>);
      buffer = buffer.slice(i + 1);
    }
  });
  const transport = new ScoutStdioTransport(early, input, output);
  const send = (m: unknown) => input.write(`${JSON.stringify(m)}\n`);
  const tick = () => new Promise((r) => setTimeout(r, 10));
  return { transport, input, written, send, tick };
}

describe('ScoutStdioTransport', () => {
  it('answers initialize, tools/list and ping before the SDK attaches, then replays in order', async () => {
    const t = setup();
    await t.transport.start();
    t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    t.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    t.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search' } });
    t.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    await t.tick();
    expect(t.written.map((w) => w.id)).toEqual([1, 2, 4]);
    expect((t.written[0]!.result as { protocolVersion: string }).protocolVersion).toBe('2025-06-18');
    const seen: unknown[] = [];
    t.transport.onmessage = (m) => seen.push((m as { method?: string }).method);
    await t.transport.start();
    expect(seen).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
    // The SDK's own reply to the replayed initialize is dropped; others go out.
    await t.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await t.transport.send({ jsonrpc: '2.0', id: 3, result: { content: [] } });
    await t.tick();
    expect(t.written.map((w) => w.id)).toEqual([1, 2, 4, 3]);
  });

  it('falls back to the latest protocol version for an unknown one', async () => {
    const t = setup();
    await t.transport.start();
    t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '1999-01-01' } });
    await t.tick();
    expect((t.written[0]!.result as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
  });

  it('without a listing, queues everything for the SDK', async () => {
    const t = setup(null);
    await t.transport.start();
    t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await t.tick();
    expect(t.written).toEqual([]);
    const seen: unknown[] = [];
    t.transport.onmessage = (m) => seen.push((m as { id?: number }).id);
    await t.transport.start();
    expect(seen).toEqual([1]);
  });

  it('handles messages split across chunks and several per chunk', async () => {
    const t = setup();
    await t.transport.start();
    const line = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' });
    t.input.write(line.slice(0, 10));
    t.input.write(`${line.slice(10)}\n${JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' })}\n`);
    await t.tick();
    expect(t.written.map((w) => w.id)).toEqual([9, 10]);
  });

  it('rejects malformed input with JSON-RPC error codes', async () => {
    const t = setup();
    await t.transport.start();
    t.input.write('{oops\n[]\n{"jsonrpc":"2.0","id":5}\n');
    await t.tick();
    expect(t.written.map((w) => [(w.error as { code: number }).code, w.id])).toEqual([
      [-32700, null],
      [-32600, null],
      [-32600, 5],
    ]);
  });

  it('classifies messages', () => {
    expect(invalidMessage({ jsonrpc: '2.0', id: 1, method: 'x' })).toBeNull();
    expect(invalidMessage({ jsonrpc: '2.0', method: 'x' })).toBeNull();
    expect(invalidMessage({ jsonrpc: '2.0', id: 1, result: {} })).toBeNull();
    expect(invalidMessage({ jsonrpc: '2.0', result: {} })).toMatch(/id/);
    expect(invalidMessage({ jsonrpc: '2.0', id: 1, method: 'x', params: 3 })).toMatch(/params/);
  });
});
