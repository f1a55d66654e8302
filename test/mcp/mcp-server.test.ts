/**
 * The MCP server end to end through the SDK's Client (in memory): every tool
 * listed with schemas and read-only annotations, every tool callable on a fixture
 * repository with structured output that matches its schema, freshness stamps,
 * budgets with cursors, errors as isError results that say how to fix the call.
 */
import { symlinkSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { outputShape } from '../../src/mcp/tool-listing.js';
import { TOOLS } from '../../src/mcp/tools/registry.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';
import { connectInMemory, textOf, type Connected } from './mcp-client.js';

let repo: TempRepo;
let conn: Connected;

beforeAll(async () => {
  repo = tempRepo({ fixture: 'lsp/ts-app', git: true });
  conn = await connectInMemory(repo.root);
});

afterAll(async () => {
  await conn.close();
  repo.cleanup();
});

async function call(name: string, args: Record<string, unknown>) {
  return conn.client.callTool({ name, arguments: args });
}

function structured(result: { structuredContent?: unknown }, tool: string): Record<string, unknown> {
  const spec = TOOLS.find((t) => t.name === tool);
  if (!spec) throw new Error(`no tool ${tool}`);
  // The output must match the declared schema exactly (the client also checks this).
  return z.object(outputShape(spec)).strict().parse(result.structuredContent) as Record<string, unknown>;
}

describe('tools/list', () => {
  it('lists every tool with a when-to-use description, schemas and read-only annotations', async () => {
    const { tools } = await conn.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.outputSchema).toBeDefined();
      expect((tool.inputSchema.properties as Record<string, unknown>).max_tokens).toBeDefined();
      expect(tool.description!.length).toBeGreaterThan(60);
      expect(JSON.stringify(tool)).not.toContain('$schema');
    }
    // Agents pay for the definitions every turn: keep what the model reads near 5,000 characters (5,250 since search took `repos`, the team store's other repositories).
    const modelFacing = tools.reduce((n, t) => n + t.name.length + (t.description?.length ?? 0) + JSON.stringify(t.inputSchema).length, 0);
    expect(modelFacing).toBeLessThan(5300);
  });
});

describe('query tools', () => {
  it('search: refreshes the index first, stamps the answer, matches its schema', async () => {
    const result = await call('search', { query: 'endpoint for config', mode: 'exact' });
    expect(result.isError).toBeFalsy();
    const s = structured(result, 'search');
    expect(s.freshness).toMatch(/index (refreshed|fresh)/);
    expect((s.results as Array<{ file: string }>).some((r) => r.file === 'src/router.ts')).toBe(true);
    expect(textOf(result)).toContain('src/router.ts');
  });

  it('search: an edited file is reindexed before the answer and the stamp says so', async () => {
    await call('search', { query: 'warm' });
    repo.write('src/extra.ts', 'export function uniquelyNamedHelper(): number {\n  return 42;\n}\n');
    const result = await call('search', { query: 'uniquelyNamedHelper', mode: 'definition' });
    const s = structured(result, 'search');
    expect(s.freshness).toMatch(/index refreshed: 1 file/);
    expect((s.results as Array<{ symbol: string }>)[0]?.symbol).toBe('uniquelyNamedHelper');
    repo.remove('src/extra.ts');
  });

  it('search: a tight max_tokens shrinks the answer and returns a cursor for the rest', async () => {
    const full = structured(await call('search', { query: 'LLMKind', mode: 'exact', limit: 20 }), 'search');
    const all = full.results as Array<{ file: string; line: number }>;
    expect(all.length).toBeGreaterThan(3);
    const first = await call('search', { query: 'LLMKind', mode: 'exact', limit: 20, max_tokens: 300 });
    const page = structured(first, 'search');
    expect(page.shrink).not.toBe('none');
    expect(JSON.stringify(page).length / 3.5).toBeLessThanOrEqual(300 + 30);
    if (page.shrink === 'paged') {
      expect(page.next_cursor).toBeTypeOf('string');
      const shown = (page.results as unknown[]).length;
      const second = structured(await call('search', { query: 'LLMKind', mode: 'exact', limit: 20, max_tokens: 300, cursor: page.next_cursor }), 'search');
      const next = second.results as Array<{ file: string; line: number }>;
      expect(next[0]).toMatchObject({ file: all[shown]!.file, line: all[shown]!.line });
      expect((next[0] as { snippet?: string }).snippet).toBeUndefined();
    } else {
      expect(page.shrink === 'dropped_snippets' || page.shrink === 'grouped_by_file').toBe(true);
    }
  });

  it('symbol_lookup: by role, with counts', async () => {
    const s = structured(await call('symbol_lookup', { name: 'LLMKind', role: ['definition', 'import'] }), 'symbol_lookup');
    const results = s.results as Array<{ role: string; file: string }>;
    expect(results.find((r) => r.role === 'definition')?.file).toBe('src/kinds.ts');
    expect(results.every((r) => r.role === 'definition' || r.role === 'import')).toBe(true);
  });

  it('index_status: counts and freshness; reindex re-reads every file', async () => {
    const status = structured(await call('index_status', {}), 'index_status');
    expect((status.counts as { files: number }).files).toBeGreaterThanOrEqual(6);
    const re = structured(await call('index_status', { action: 'reindex' }), 'index_status');
    expect((re.reindexed as { files_parsed: number }).files_parsed).toBe((status.counts as { files: number }).files);
    expect(re.fresh).toBe(true);
  });
});

describe('analysis tools', () => {
  it('get_context: small, with git facts and index status', async () => {
    const result = await call('get_context', {});
    const c = structured(result, 'get_context');
    expect(c.branch).toBeTypeOf('string');
    expect((c.last_commit as { message: string }).message).toBe('init');
    expect(['fresh', 'stale', 'not_indexed']).toContain(c.index_status);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThan(1000);
  });

  it('get_repo_summary: modules with explicit exclude patterns; max_tokens pages the module list', async () => {
    const s = structured(await call('get_repo_summary', {}), 'get_repo_summary');
    expect((s.modules as Array<{ name: string; symbols: number }>)[0]).toMatchObject({ name: 'src' });
    expect((s.excluded as { patterns: string[] }).patterns.length).toBeGreaterThan(0);
    const none = structured(await call('get_repo_summary', { exclude_patterns: [] }), 'get_repo_summary');
    expect((none.excluded as { patterns: string[] }).patterns).toEqual([]);
  });

  it('call_graph: callers to depth 2 and callees', async () => {
    const callers = structured(await call('call_graph', { symbol: 'c', depth: 2 }), 'call_graph');
    const nodes = callers.nodes as Array<{ symbol: string; depth: number; file: string }>;
    expect(nodes.map((n) => [n.symbol, n.depth])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(callers.counts).toMatchObject({ direct: 1, transitive: 2 });
    const callees = structured(await call('call_graph', { symbol: 'a', direction: 'callees', depth: 1 }), 'call_graph');
    expect((callees.nodes as Array<{ symbol: string }>).map((n) => n.symbol)).toEqual(['b']);
  });

  it('validate_symbol: by file and line, with complexity and callers', async () => {
    const v = structured(await call('validate_symbol', { file: 'src/chain.ts', line: 6 }), 'validate_symbol');
    expect(v.qualified_name).toBe('b');
    expect((v.complexity as { risk: string }).risk).toBe('low');
    expect(v.callers).toMatchObject({ direct: 1 });
    const missingLine = await call('validate_symbol', { file: 'src/chain.ts' });
    expect(missingLine.isError).toBe(true);
    expect(textOf(missingLine)).toMatch(/file needs line/);
    const outside = await call('validate_symbol', { file: '../../etc/passwd', line: 1 });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/outside the repository/);
  });
});

describe('find_duplicates', () => {
  it('clusters near-copies across files and finds the copies of one symbol', async () => {
    const body = (name: string, v: string) => `export function ${name}(items: number[]): number {\n  let total = 0;\n  for (const item of items) {\n    if (item > ${v}) total += item * 2;\n    else total -= 1;\n  }\n  return total;\n}\n`;
    repo.write('src/dup-a.ts', body('sumA', '3'));
    repo.write('src/dup-b.ts', body('sumB', '7'));
    try {
      const all = structured(await call('find_duplicates', {}), 'find_duplicates');
      const cluster = (all.clusters as Array<{ members: Array<{ symbol: string }> }>).find((c) => c.members.some((m) => m.symbol === 'sumA'));
      expect(cluster?.members.map((m) => m.symbol).sort()).toEqual(['sumA', 'sumB']);
      const one = structured(await call('find_duplicates', { symbol: 'sumA' }), 'find_duplicates');
      expect((one.clusters as Array<{ members: Array<{ symbol: string }> }>)[0]?.members[1]?.symbol).toBe('sumB');
    } finally {
      repo.remove('src/dup-a.ts');
      repo.remove('src/dup-b.ts');
    }
  });
});

describe('errors are isError results that say how to fix the call', () => {
  it('unknown symbol: suggests near names', async () => {
    const result = await call('symbol_lookup', { name: 'LLMKin' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing named "LLMKin".*LLMKind/);
  });

  it('wrong types and missing fields name the argument', async () => {
    const wrong = await call('search', { query: 42 });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/query/);
    const missing = await call('search', {});
    expect(missing.isError).toBe(true);
    const extraFilter = await call('search', { query: 'x', filters: { path_prefixx: 'src' } });
    expect(extraFilter.isError).toBe(true);
    expect(textOf(extraFilter)).toMatch(/path_prefixx/);
  });

  it('unknown tool', async () => {
    const result = await call('no_such_tool', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no_such_tool/);
  });

  it('paths outside the repository are refused: ../, absolute, and a symlink that escapes', async () => {
    for (const prefix of ['../', '/etc', '../../tmp']) {
      const result = await call('search', { query: 'x', filters: { path_prefix: prefix } });
      expect(result.isError, prefix).toBe(true);
      expect(textOf(result)).toMatch(/outside the repository/);
    }
    symlinkSync(os.tmpdir(), `${repo.root}/escape`);
    const result = await call('search', { query: 'x', filters: { path_prefix: 'escape/' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/symbolic link/);
    repo.remove('escape');
  });

  it('a damaged cursor is an error, not page one', async () => {
    const result = await call('search', { query: 'LLMKind', cursor: 'garbage!' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/invalid cursor/);
  });

  it('huge strings are refused with the limit', async () => {
    const result = await call('search', { query: 'x'.repeat(200_001) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/query/);
  });

  it('a 100 KB query, a stop-word or punctuation query and binary junk get an answer that says what happened, not a crash', async () => {
    const big = await call('search', { query: `provider endpoint ${'lorem ipsum dolor '.repeat(6000)}` });
    expect(big.isError, textOf(big)).toBeFalsy();
    expect((structured(big, 'search').notes as string[]).join()).toMatch(/query cut from \d+ to 20000 characters/);
    const stop = await call('search', { query: 'the of and to is it' });
    expect(stop.isError, textOf(stop)).toBeFalsy();
    const punctuation = await call('search', { query: '!!! ??? ... ---' });
    expect(punctuation.isError, textOf(punctuation)).toBeFalsy();
    expect((structured(punctuation, 'search').notes as string[]).join()).toMatch(/no searchable words/);
    const junk = await call('search', { query: '\u0000\u0001\u0002\ufffd\ud800 \u0007' });
    expect(junk.isError).toBe(true);
    expect(textOf(junk)).toMatch(/control characters/);
    const report = await call('search', { query: 'endpointFor returns the wrong URL\n  File "src/router.py", line 3, in endpoint_for\nValueError: "no endpoint for this provider kind"', demote_tests: false });
    expect(report.isError, textOf(report)).toBeFalsy();
    const answer = structured(report, 'search');
    expect(answer.ranking).toBe('files');
    expect(answer.interpreted_as).toMatchObject({ frames: [{ path: 'src/router.py', line: 3, function: 'endpoint_for' }] });
    expect(structured(await call('search', { query: 'endpointFor', rank: 'chunks' }), 'search').ranking).toBe('chunks');
    const mixed = await call('search', { query: 'provider\u0000\u0001 endpoint' });
    expect(mixed.isError, textOf(mixed)).toBeFalsy();
    expect((structured(mixed, 'search').notes as string[]).join()).toMatch(/replaced by spaces/);
  });
});

describe('concurrency', () => {
  it('concurrent calls while a reindex runs all answer from a consistent index', async () => {
    const calls = [
      call('index_status', { action: 'reindex' }),
      call('search', { query: 'LLMKind', mode: 'exact' }),
      call('symbol_lookup', { name: 'endpointFor' }),
      call('search', { query: 'provider', mode: 'hybrid' }),
      call('symbol_lookup', { name: 'LLMKind', role: ['definition'] }),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
    const def = structured(results[4]!, 'symbol_lookup');
    expect((def.results as unknown[]).length).toBe(1);
  });
});

describe('scout', () => {
  it('explores through the language server, forwards progress, fits the budget and pages with a cursor', async () => {
    const progress: string[] = [];
    const result = await conn.client.callTool({ name: 'scout', arguments: { query: 'what breaks if I add a variant to `LLMKind`?' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
      timeout: 60_000,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const s = structured(result, 'scout');
    const pointers = s.pointers as Array<{ location: string; risk: string }>;
    expect(pointers.some((p) => p.location.startsWith('src/kinds.ts:') && p.risk === 'high')).toBe(true);
    // Verified by the TypeScript checker the workspace keeps warm: every high pointer is a checker error.
    expect((s.meta as { verified_by?: unknown }).verified_by).toMatchObject({ checker: 'typescript', errors: expect.any(Number) });
    expect(pointers.filter((p) => p.risk === 'high').every((p) => (p as { verified?: boolean }).verified === true)).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((m) => m.includes('expanding'))).toBe(true);
    const total = (s.meta as { pointers_total: number }).pointers_total;
    expect(total).toBeGreaterThan(2);
    // Same question, tiny budget: served from the cached exploration, paged.
    const small = structured(await call('scout', { query: 'what breaks if I add a variant to `LLMKind`?', max_tokens: 450 }), 'scout');
    expect(small.shrink).not.toBe('none');
    // Never grouped by file (that loses risk and verification): a smaller page of the riskiest pointers instead.
    expect(small.shrink).not.toBe('grouped_by_file');
    const medium = structured(await call('scout', { query: 'what breaks if I add a variant to `LLMKind`?', max_tokens: 700 }), 'scout');
    expect(medium.shrink).not.toBe('grouped_by_file');
    expect((medium.pointers as Array<{ risk: string; verified?: boolean }>)[0]).toMatchObject({ risk: 'high', verified: true });
    // A budget smaller than the summary still shows one pointer, so the cursor moves on.
    expect((small.pointers as unknown[]).length).toBeGreaterThanOrEqual(1);
    // A paged answer gives the places of the pointers after the page in brief (file and lines) in the tokens left.
    const roomy = structured(await call('scout', { query: 'what breaks if I add a variant to `LLMKind`?', max_tokens: 900 }), 'scout');
    expect(roomy.shrink).toBe('paged');
    const brief = roomy.by_file as Array<{ file: string; count: number; lines: number[] }> | undefined;
    expect(brief?.[0]?.file).toBe(pointers[(roomy.pointers as unknown[]).length]?.location.replace(/:\d+$/, ''));
    expect(textOf(await call('scout', { query: 'what breaks if I add a variant to `LLMKind`?', max_tokens: 900 }))).toContain('Places in brief (file: lines):');
    if (small.next_cursor) {
      const shown = (small.pointers as unknown[]).length;
      const rest = structured(await call('scout', { query: 'what breaks if I add a variant to `LLMKind`?', cursor: small.next_cursor }), 'scout');
      expect((rest.pointers as Array<{ location: string }>)[0]?.location).toBe(pointers[shown]?.location);
    }
  });

  it('honours cancellation', async () => {
    const controller = new AbortController();
    // Cancel as soon as the exploration reports its first expansion: mid-flight, as this question
    // takes several more steps through the language server (each lets the cancellation arrive).
    const pending = conn.client.callTool({ name: 'scout', arguments: { query: 'what breaks if I add a variant to `LLMKind`?', budget: 50 } }, undefined, {
      signal: controller.signal,
      onprogress: (p) => {
        if (p.message?.includes('expanding')) controller.abort('test');
      },
    });
    await expect(pending).rejects.toThrow();
    // The server stopped the exploration (it logs the cancellation, not a failure).
    for (let i = 0; i < 200 && !conn.logs.some((l) => l.includes('scout: cancelled')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(conn.logs.some((l) => l.includes('scout: cancelled'))).toBe(true);
    expect(conn.logs.some((l) => l.includes('failed'))).toBe(false);
    // The server is still there and answers the next call.
    const after = await call('symbol_lookup', { name: 'describeKind' });
    expect(after.isError).toBeFalsy();
  });
});
