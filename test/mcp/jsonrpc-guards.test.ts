/** The transport's guards: depth measured without recursion, the id read from text that does not parse. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH, nestedDeeperThan, topLevelId } from '../../src/mcp/jsonrpc-guards.js';
import { ScoutStdioTransport } from '../../src/mcp/stdio-transport.js';

const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, the message itself as level 1', () => {
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan(nest(MAX_MESSAGE_DEPTH), MAX_MESSAGE_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nest(MAX_MESSAGE_DEPTH + 1), MAX_MESSAGE_DEPTH)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('survives a million levels (no recursion)', () => {
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`), MAX_MESSAGE_DEPTH)).toBe(true);
  });
});

describe('topLevelId', () => {
  it('reads a string or number id at the top level only, also from cut-off text', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":7,"method":')).toBe(7);
    expect(topLevelId('{"params":{"id":1},"id":"abc"')).toBe('abc');
    expect(topLevelId('{"params":{"id":1}')).toBeNull();
    expect(topLevelId('{"method":"x","params":{"q":"\\"id\\": 3"}, "id" : -2.5}')).toBe(-2.5);
    expect(topLevelId(`{"id":42,"params":${'{"a":'.repeat(100_000)}`)).toBe(42);
    expect(topLevelId('{"id":{"x":1}}')).toBeNull();
    expect(topLevelId('not json')).toBeNull();
    expect(topLevelId('{"id":"unterminated')).toBeNull();
  });
});

describe('ScoutStdioTransport and a throwing SDK', () => {
  it('answers the request the SDK threw on with -32603 and keeps delivering the next ones', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: Array<Record<string, unknown>> = [];
    output.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) written.push(JSON.parse(line) as Record<string, unknown>);
    });
    const transport = new ScoutStdioTransport(null, input, output);
    const seen: unknown[] = [];
    transport.onmessage = (m) => {
      const id = (m as { id?: number }).id;
      if (id === 1) throw new RangeError('Maximum call stack size exceeded');
      seen.push(id);
    };
    await transport.start();
    input.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n');
    await new Promise((r) => setTimeout(r, 10));
    expect(written).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error on this request: Maximum call stack size exceeded' } }]);
    expect(seen).toEqual([2]);
  });
});
