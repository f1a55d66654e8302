/**
 * `scout mcp --store`: the server answers `initialize` and `tools/list` before any pull, pulls on the first tool
 * call, keeps answering from its pulled snapshot when PostgreSQL goes away, and a server that could not pull yet
 * answers each call with the store's error (and stays alive) until the store is back. Real PostgreSQL, the built CLI.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runIndexCommand } from '../../../src/cli/index-command.js';
import { publishIndex } from '../../../src/index/postgres/publish-index.js';
import { startTestPostgres, type TestPostgres } from '../../helpers/postgres.js';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo.js';

const CLI = path.resolve('dist/cli/main.js');
const REPO = 'example/mcp';
let server: TestPostgres;
let origin: TempRepo;
const dirs: string[] = [];
const clients: Client[] = [];

function clone(): string {
  const dir = `${origin.root}-mcp-${dirs.length}`;
  execFileSync('git', ['clone', '-q', origin.root, dir]);
  dirs.push(dir);
  return dir;
}

async function connect(dir: string, env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--repo', dir, '--store', server.url, '--repo-name', REPO], stderr: 'ignore', env: { ...(process.env as Record<string, string>), ...env } });
  const client = new Client({ name: 'mcp-shared-test', version: '1' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type ToolResult = { isError?: boolean; content: Array<{ text: string }>; structuredContent?: { freshness?: string } };
/** The stamp's shared commit (7 characters), as the MCP answer's freshness line names it. */
const sharedCommit = (r: ToolResult): string | undefined => /shared index of ([0-9a-f]{7}) from /.exec(r.structuredContent?.freshness ?? '')?.[1];
const search = async (client: Client, query: string): Promise<ToolResult> => (await client.callTool({ name: 'search', arguments: { query } }, undefined, { timeout: 60_000 })) as ToolResult;

beforeAll(async () => {
  server = await startTestPostgres();
  origin = tempRepo({ fixture: 'typescript', git: true });
  await runIndexCommand(origin.root, { json: true, force: false });
  await publishIndex(origin.root, server.url, { repo: REPO });
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.stop();
  origin?.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('pulls on the first call, and answers from its snapshot while the store is down', async () => {
  const head = origin.git('rev-parse', 'HEAD').trim();
  const client = await connect(clone());
  expect((await client.listTools()).tools.map((t) => t.name)).toContain('search');
  const first = await search(client, 'LLMKind');
  expect(first.isError).toBeFalsy();
  expect(sharedCommit(first)).toBe(head.slice(0, 7));
  await server.pause();
  try {
    const down = await search(client, 'router');
    expect(down.isError).toBeFalsy();
    expect(sharedCommit(down)).toBe(head.slice(0, 7));
  } finally {
    await server.resume();
  }
}, 120_000);

it('answers with the store\'s error while it cannot pull, stays alive, and works once the store is back', async () => {
  const head = origin.git('rev-parse', 'HEAD').trim();
  await server.pause();
  let client: Client;
  try {
    client = await connect(clone());
    const failed = await search(client, 'LLMKind');
    expect(failed.isError).toBe(true);
    expect(failed.content[0]?.text).toMatch(/PostgreSQL store postgresql:\/\/localhost\/postgres.*could not connect.*check that the server is running/);
  } finally {
    await server.resume();
  }
  const back = await search(client, 'LLMKind');
  expect(back.isError).toBeFalsy();
  expect(sharedCommit(back)).toBe(head.slice(0, 7));
}, 120_000);

it('searches other published repositories through the search tool\'s repos', async () => {
  const python = tempRepo({ fixture: 'python', git: true });
  const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-mcp-cache-'));
  dirs.push(python.root, cache);
  await runIndexCommand(python.root, { json: true, force: false });
  await publishIndex(python.root, server.url, { repo: 'example/mcp-python' });
  const client = await connect(clone(), { XDG_CACHE_HOME: cache });
  const result = (await client.callTool({ name: 'search', arguments: { query: 'def class function', repos: [REPO, 'example/mcp-python'], limit: 20 } }, undefined, { timeout: 60_000 })) as ToolResult & {
    structuredContent: { results: Array<{ repo?: string; file: string }>; notes: string[] };
  };
  expect(result.isError).toBeFalsy();
  expect(new Set(result.structuredContent.results.map((r) => r.repo))).toEqual(new Set([REPO, 'example/mcp-python']));
  expect(result.structuredContent.notes[0]).toMatch(/^across example\/mcp@[0-9a-f]{7}, example\/mcp-python@[0-9a-f]{7}: /);
  const missing = (await client.callTool({ name: 'search', arguments: { query: 'x', repos: ['example/none'] } }, undefined, { timeout: 60_000 })) as ToolResult;
  expect(missing.isError).toBe(true);
  expect(missing.content[0]?.text).toMatch(/no published index of example\/none/);
}, 120_000);
