/** Streamable HTTP: bound to 127.0.0.1, same tools, progress over the response stream. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHttpServer } from '../../src/mcp/server.js';
import { TOOLS } from '../../src/mcp/tools/registry.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';
import { textOf } from './mcp-client.js';

let repo: TempRepo;
let server: Awaited<ReturnType<typeof runHttpServer>>;

beforeAll(async () => {
  repo = tempRepo({ fixture: 'lsp/ts-app', git: true });
  server = await runHttpServer(repo.root, 0, { warmUp: false });
});

afterAll(async () => {
  await server.close();
  repo.cleanup();
});

describe('scout mcp --http', () => {
  it('serves the tools at 127.0.0.1/mcp', async () => {
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
      const result = await client.callTool({ name: 'symbol_lookup', arguments: { name: 'LLMKind', role: ['definition'] } });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain('src/kinds.ts');
    } finally {
      await client.close();
    }
  });

  it('answers other paths with 404 and is not reachable on other interfaces', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(response.status).toBe(404);
    const os = await import('node:os');
    const external = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) await expect(fetch(`http://${external.address}:${server.port}/mcp`)).rejects.toThrow();
  });
});
