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
      expect(errors.filter((c) => c === -32700).length).toBe(20); // one unparsable line without an id × 20 rounds
      expect(((await server.waitFor(2, 20)).error as { code: number }).code).toBe(-32700); // cut off, but its id is readable
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

/** A tools/list request whose params nest `depth` objects. */
function deepRequest(id: number, depth: number): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
}

async function initialized(server: ReturnType<typeof rawServer>): Promise<void> {
  server.send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
  await server.waitFor(0);
  server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}

describe('deep and huge messages', () => {
  it('answers params nested 1,000, 10,000 and 100,000 deep with -32600 and its id, and the next tools/list as usual', async () => {
    const server = rawServer();
    try {
      await initialized(server);
      // Let the SDK attach first: the crash was in its onmessage, not in the early answers.
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'index_status', arguments: {} } }));
      await server.waitFor(1);
      let id = 10;
      for (const depth of [1_000, 10_000, 100_000]) {
        const bad = id++;
        const good = id++;
        server.send(deepRequest(bad, depth));
        server.send(JSON.stringify({ jsonrpc: '2.0', id: good, method: 'tools/list' }));
        const error = (await server.waitFor(bad)).error as { code: number; message: string };
        expect(error.code, `depth ${depth}`).toBe(-32600);
        expect(error.message).toMatch(/nested deeper than \d+ levels/);
        const tools = (await server.waitFor(good)).result as { tools: unknown[] };
        expect(tools.tools.length, `tools/list after depth ${depth}`).toBeGreaterThan(5);
      }
      // Too large and cut off: the id before the cut is still read.
      server.send(`{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"search","arguments":{"query":"${'y'.repeat(5 * 1024 * 1024)}"}}}`);
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 100, method: 'tools/list' }));
      expect(((await server.waitFor(99)).error as { code: number; message: string }).message).toMatch(/larger than/);
      expect((await server.waitFor(100)).result).toBeDefined();
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill();
    }
  }, 60_000);

  it('fuzz: 1,000 bad messages with a valid request after every 50, every valid one answered', async () => {
    const server = rawServer();
    try {
      await initialized(server);
      let seed = 26;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const badMessage = (i: number): string => {
        const id = 100_000 + i;
        switch (i % 10) {
          case 0: return deepRequest(id, 1_000 + Math.floor(random() * 100_000));
          case 1: return deepRequest(id, 10_000).slice(0, 20_000); // deep and cut off
          case 2: return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
          case 3: return `{"jsonrpc":"2.0","id":${id},"method":`;
          case 4: return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":"nope"}`;
          case 5: return '\u0000\u0001 binary-ish \uFFFF';
          case 6: return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"search","arguments":{"query":${'{"q":'.repeat(500)}1${'}'.repeat(500)}}}}`;
          case 7: return `[${'{"jsonrpc":"2.0","id":1,"method":"ping"},'.repeat(100)}null]`;
          case 8: return i % 250 === 8 ? `{"jsonrpc":"2.0","id":${id},"params":"${'z'.repeat(4 * 1024 * 1024 + 10)}"}` : '{"id":';
          default: return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search', arguments: { query: 7 } } });
        }
      };
      const valid: number[] = [];
      for (let i = 0; i < 1_000; i++) {
        server.send(badMessage(i));
        if (i % 50 === 49) {
          const id = 1 + valid.length;
          valid.push(id);
          server.send(JSON.stringify({ jsonrpc: '2.0', id, method: i % 100 === 99 ? 'tools/list' : 'ping' }));
        }
      }
      expect(valid).toHaveLength(20);
      for (const id of valid) {
        const reply = await server.waitFor(id);
        expect(reply.error, `valid request ${id}`).toBeUndefined();
        expect(reply.result, `valid request ${id}`).toBeDefined();
      }
      // The deep ones were refused with their own id.
      for (const i of [0, 10, 20, 990]) expect(((await server.waitFor(100_000 + i)).error as { code: number }).code).toBe(-32600);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill();
    }
  }, 120_000);
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
