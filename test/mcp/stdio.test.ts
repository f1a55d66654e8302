/**
 * The stdio server as agents run it: `scout mcp` spawned from the built CLI. The
 * early answers (initialize, tools/list before the SDK loads) must equal the SDK
 * server's own, and no malformed input may stop it from answering a valid call.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';
import { CLI, connectInMemory, connectStdio, textOf } from './mcp-client.js';

let repo: TempRepo;

beforeAll(() => {
  repo = tempRepo({ fixture: 'lsp/ts-app', git: true });
});

afterAll(() => repo.cleanup());

describe('scout mcp over stdio', () => {
  it('answers initialize and tools/list exactly like the SDK server, then serves tool calls', async () => {
    const memory = await connectInMemory(repo.root);
    const stdio = await connectStdio(repo.root);
    try {
      expect(stdio.client.getServerVersion()).toEqual(memory.client.getServerVersion());
      expect(stdio.client.getServerCapabilities()).toEqual(memory.client.getServerCapabilities());
      expect(stdio.client.getInstructions()).toEqual(memory.client.getInstructions());
      const [viaStdio, inMemory] = await Promise.all([stdio.client.listTools(), memory.client.listTools()]);
      expect(viaStdio).toEqual(inMemory);
      const result = await stdio.client.callTool({ name: 'symbol_lookup', arguments: { name: 'endpointFor', role: ['definition'] } });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain('src/router.ts');
    } finally {
      await stdio.close();
      await memory.close();
    }
  });

  it('warms the language server, then the checker, before the first question', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--repo', repo.root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let log = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no checker warm-up within 90 s; stderr:\n${log}`)), 90_000);
        child.stderr.on('data', (d: Buffer) => {
          log += d.toString();
          if (/checker typescript warm/.test(log)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(log.indexOf('language server for typescript warm')).toBeLessThan(log.indexOf('checker typescript warm'));
    } finally {
      child.kill();
    }
  }, 120_000);

  it('--mcp is an alias', async () => {
    const stdio = await connectStdio(repo.root, ['--mcp']);
    try {
      expect((await stdio.client.listTools()).tools.length).toBeGreaterThan(3);
    } finally {
      await stdio.close();
    }
  });
});

/** A raw JSON-RPC conversation over the child's stdin/stdout. */
function rawServer(): { child: ChildProcessWithoutNullStreams; send(line: string): void; replies: Array<Record<string, unknown>>; waitFor(id: number | null, count?: number): Promise<Record<string, unknown>> } {
  const child = spawn(process.execPath, [CLI, 'mcp', '--repo', repo.root], { stdio: ['pipe', 'pipe', 'pipe'] });
  const replies: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      replies.push(JSON.parse(buffer.slice(0, i)) as Record<string, unknown>);
      buffer = buffer.slice(i + 1);
    }
  });
  return {
    child,
    replies,
    send: (line) => child.stdin.write(`${line}\n`),
    waitFor: async (id, count = 1) => {
      for (let i = 0; i < 600; i++) {
        const matching = replies.filter((r) => r.id === id);
        if (matching.length >= count) return matching[count - 1]!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no reply with id ${id} (replies: ${JSON.stringify(replies).slice(0, 500)})`);
    },
  };
}

describe('malformed input', () => {
  it('answers garbage with JSON-RPC errors and still answers a valid call afterwards', async () => {
    const server = rawServer();
    try {
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
      await server.waitFor(1);
      server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      const garbage = [
        'not json at all',
        '{"jsonrpc": "2.0", "id": 2, "method": ',
        '[1, 2, 3]',
        '{}',
        '{"jsonrpc": "1.0", "id": 3, "method": "tools/list"}',
        '{"jsonrpc": "2.0", "id": {"x": 1}, "method": "tools/list"}',
        '{"jsonrpc": "2.0", "id": 4, "method": 42}',
        '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": "nope"}',
        '"just a string"',
        'null',
      ];
      for (let round = 0; round < 20; round++) for (const g of garbage) server.send(g);
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'no/such/method' }));
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search', arguments: { query: 123 } } }));
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'nope', arguments: {} } }));
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'search', arguments: { query: 'x'.repeat(3_000_000) } } }));
      server.send('x'.repeat(5 * 1024 * 1024)); // one line over the message size cap
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'symbol_lookup', arguments: { name: 'LLMKind', role: ['definition'] } } }));
      const valid = await server.waitFor(10);
      const result = valid.result as { content: Array<{ text: string }>; isError?: boolean };
      expect(result.isError).toBeFalsy();
      expect(result.content[0]!.text).toContain('src/kinds.ts');
      const errors = server.replies.filter((r) => r.id === null).map((r) => (r.error as { code: number }).code);
      expect(errors.filter((c) => c === -32700).length).toBe(40); // two unparsable lines × 20 rounds
      expect(errors.filter((c) => c === -32600).length).toBeGreaterThanOrEqual(20 * 4 + 1);
      expect(((await server.waitFor(3, 20)).error as { code: number }).code).toBe(-32600);
      expect(((await server.waitFor(4, 20)).error as { code: number }).code).toBe(-32600);
      expect(((await server.waitFor(6)).error as { code: number }).code).toBe(-32601);
      for (const id of [7, 8, 9]) expect(((await server.waitFor(id)).result as { isError: boolean }).isError).toBe(true);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill();
    }
  });
});

describe('lifecycle', () => {
  it('exits when its client disappears without closing anything', async () => {
    // A parent that starts the server and dies: the server must not linger (or spin on a closed stdout).
    const script = `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, [${JSON.stringify(CLI)}, 'mcp', '--repo', ${JSON.stringify(repo.root)}], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) + '\\n');
process.stdout.write(String(child.pid));
setTimeout(() => process.exit(0), 1500);`;
    const pid = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    expect(pid).toBeGreaterThan(0);
    let alive = true;
    for (let i = 0; i < 100 && alive; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        process.kill(pid, 0);
      } catch {
        alive = false;
      }
    }
    if (alive) process.kill(pid, 'SIGKILL');
    expect(alive).toBe(false);
  });
});
