/** CLI parity for the agent-workflow tools: context, summary, validate, callers, duplicates (--json and text). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');
let repo: TempRepo;
const scout = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args, '--repo', repo.root], { encoding: 'utf8' });
const json = (...args: string[]) => {
  const r = scout(...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

beforeAll(() => {
  repo = tempRepo({ fixture: 'lsp/ts-app', git: true });
});
afterAll(() => repo.cleanup());

describe('workflow commands', () => {
  it('summary refreshes the index and lists modules; context reports freshness without reindexing', () => {
    const summary = json('summary');
    expect((summary.modules as Array<{ name: string }>)[0]?.name).toBe('src');
    expect((summary.freshness as { note: string }).note).toMatch(/index (refreshed|fresh)/);
    const context = json('context');
    expect(context.index_status).toBe('fresh');
    expect((context.last_commit as { message: string }).message).toBe('init');
  });

  it('callers and validate by name and by file:line', () => {
    const callers = json('callers', 'c', '--depth', '2');
    expect((callers.nodes as Array<{ symbol: string }>).map((n) => n.symbol)).toEqual(['b', 'a']);
    const validate = json('validate', 'src/chain.ts:6');
    expect(validate.qualified_name).toBe('b');
    expect(scout('validate', 'b').stdout).toMatch(/complexity/);
  });

  it('duplicates runs and explains an empty result', () => {
    const result = json('duplicates');
    expect(result.clusters).toEqual([]);
  });

  it('bad input: clear message and exit code', () => {
    const unknown = scout('validate', 'nosuchthing');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/nosuchthing/);
    const outside = scout('callers', '../../etc/passwd:1');
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/outside/);
    const depth = scout('callers', 'c', '--depth', '9');
    expect(depth.status).toBe(2);
    expect(depth.stderr).toMatch(/--depth/);
    const http = spawnSync(process.execPath, [CLI, 'mcp', '--http', 'abc', '--repo', repo.root], { encoding: 'utf8' });
    expect(http.status).toBe(2);
    expect(http.stderr).toMatch(/--http takes a port/);
  });
});
