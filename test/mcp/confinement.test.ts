/**
 * Nothing outside the root, through the MCP server (in memory and over stdio): on a repository with
 * links that lead out of it, no tool names a file behind them or prints a line of it. Each answer is
 * also checked for its inside content, so an empty answer cannot pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confinementRepo, expectConfined, type ConfinementRepo } from '../helpers/confinement-repo.js';
import { connectInMemory, connectStdio, textOf, type Connected } from './mcp-client.js';

let repo: ConfinementRepo;
let conn: Connected;

beforeAll(async () => {
  repo = confinementRepo();
  conn = await connectInMemory(repo.root);
});

afterAll(async () => {
  await conn.close();
  repo.cleanup();
});

/** The tool's text and structured answer, checked for leaks; returned as one string. */
async function call(name: string, args: Record<string, unknown>): Promise<string> {
  return (await callStructured(name, args)).all;
}

async function callStructured(name: string, args: Record<string, unknown>): Promise<{ all: string; structured: Record<string, unknown> }> {
  const result = await conn.client.callTool({ name, arguments: args });
  expect(result.isError, `${name} failed: ${textOf(result)}`).toBeFalsy();
  const structured = (result.structuredContent ?? {}) as Record<string, unknown>;
  const all = `${textOf(result)}\n${JSON.stringify(structured)}`;
  expectConfined(all, `${name} ${JSON.stringify(args)}`);
  return { all, structured };
}

describe('confinement through the MCP server', () => {
  it('scout: the question from the report, and questions about inside code that uses the linked code', async () => {
    const leaked = await call('scout', { query: 'What does leakedValue contain and where is it defined?' });
    expect(leaked).toMatch(/outside the repository root, reached through a symbolic link/);
    const inside = await call('scout', { query: 'how does readLeaked work?' });
    expect(inside).toMatch(/src\/main\.ts/);
    await call('scout', { query: 'what breaks if I change the signature of readLeaked?' });
  }, 120_000);

  it('symbol_lookup, call_graph, validate_symbol, search and index_status', async () => {
    expect(await call('symbol_lookup', { name: 'leakedValue', include_context: true })).toMatch(/src\/main\.ts/);
    expect(await call('symbol_lookup', { name: 'leakedHelper', include_context: true })).toMatch(/src\/main\.ts/);
    expect(await call('call_graph', { symbol: 'readLeaked', direction: 'callees' })).toMatch(/src\/main\.ts/);
    expect(await call('call_graph', { symbol: 'readLeaked', direction: 'callers' })).toMatch(/callsReadLeaked/);
    expect(await call('validate_symbol', { symbol: 'readLeaked' })).toMatch(/src\/main\.ts/);
    expect(await call('search', { query: 'leakedValue' })).toMatch(/src\/main\.ts/);
    await call('search', { query: '7f3a9c', literal: true });
    await call('search', { query: 'SECRET-[0-9a-f]{6}', regex: true });
    await call('search', { query: 'value behind the link', mode: 'hybrid', exhaustive: true });
    expect(await call('index_status', {})).toMatch(/symlink_outside_root/);
    // package.json is a link that leads out: the project facts must not read it.
    expect((await callStructured('get_context', {})).structured.project_type ?? null).toBeNull();
    expect(await call('get_repo_summary', {})).toMatch(/readLeaked/);
    await call('find_duplicates', {});
  }, 120_000);

  it('a path through a link that leads out is refused, and says why', async () => {
    const result = await conn.client.callTool({ name: 'search', arguments: { query: 'x', filters: { path_prefix: 'src/linked-dir/' } } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/symbolic link/);
    const byFile = await conn.client.callTool({ name: 'validate_symbol', arguments: { file: 'src/leak-link.ts', line: 2 } });
    expect(byFile.isError).toBe(true);
    expectConfined(textOf(byFile), 'validate_symbol by file');
  });

  it('over stdio, the scout tool answers the report question without the secret', async () => {
    const stdio = await connectStdio(repo.root);
    try {
      const result = await stdio.client.callTool({ name: 'scout', arguments: { query: 'What does leakedValue contain and where is it defined?' } });
      const all = `${textOf(result)}\n${JSON.stringify(result.structuredContent ?? {})}`;
      expectConfined(all, 'scout over stdio');
      expect(all).toMatch(/leakedValue/);
    } finally {
      await stdio.close();
    }
  }, 120_000);
});
