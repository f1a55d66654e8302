/**
 * Nothing outside the root, through the CLI: a repository holds symbolic links that lead out of it
 * (a file and a directory). The language server follows them; no command may name a file behind
 * them or print a line of it, and the answers say what was left out. Each check also asserts the
 * inside content is still there, so an empty answer cannot pass.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confinementRepo, expectConfined, type ConfinementRepo } from '../helpers/confinement-repo.js';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');
let repo: ConfinementRepo;

function scout(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [CLI, ...args, '--repo', repo.root], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, out: `${run.stdout}\n${run.stderr}` };
}

beforeAll(() => {
  repo = confinementRepo();
  expect(scout('index').status).toBe(0);
});
afterAll(() => repo.cleanup());

describe('confinement through the CLI', () => {
  it('ask: the question from the report names nothing behind the link and says what it left out', () => {
    const run = scout('ask', 'What does leakedValue contain and where is it defined?', '--json');
    expect(run.status).toBe(0);
    expectConfined(run.out, 'scout ask');
    const answer = JSON.parse(run.out) as { meta: { notes: string[] } };
    expect(answer.meta.notes.join('\n')).toMatch(/outside the repository root, reached through a symbolic link/);
  }, 120_000);

  it('ask: an inside function that uses the linked code is answered from inside files only', () => {
    for (const question of ['how does readLeaked work?', 'what breaks if I change the signature of readLeaked?', 'where is escapedThroughDir defined?']) {
      const run = scout('ask', question, '--json');
      expect(run.status).toBe(0);
      expectConfined(run.out, `scout ask "${question}"`);
    }
    const run = scout('ask', 'how does readLeaked work?');
    expect(run.out).toMatch(/src\/main\.ts/);
  }, 180_000);

  it('symbol, callers, validate and search quote inside files only', () => {
    const symbol = scout('symbol', 'leakedValue', '--include-context', '--json');
    expect(symbol.status).toBe(0);
    expectConfined(symbol.out, 'scout symbol');
    expect(symbol.out).toMatch(/src\/main\.ts/);

    const callers = scout('callers', 'readLeaked', '--callees', '--json');
    expect(callers.status).toBe(0);
    expectConfined(callers.out, 'scout callers');
    expect(callers.out).toMatch(/src\/main\.ts/);

    const validate = scout('validate', 'readLeaked', '--json');
    expect(validate.status).toBe(0);
    expectConfined(validate.out, 'scout validate');
    expect(validate.out).toMatch(/src\/main\.ts/);

    for (const args of [['leakedValue'], ['7f3a9c', '--literal'], ['SECRET-[0-9a-f]{6}', '--regex'], ['leaked helper value', '--mode', 'hybrid']]) {
      const search = scout('search', ...args, '--json');
      expect(search.status).toBe(0);
      expectConfined(search.out, `scout search ${args.join(' ')}`);
    }
    expect(scout('search', 'leakedValue', '--json').out).toMatch(/src\/main\.ts/);
  }, 120_000);

  it('context and summary do not read a manifest that is a link leading out', () => {
    const context = scout('context', '--json');
    expect(context.status).toBe(0);
    expectConfined(context.out, 'scout context');
    const summary = scout('summary');
    expectConfined(summary.out, 'scout summary');
    expect(summary.out).toMatch(/readLeaked/);
  });

  it('status lists the links as skipped without saying where they lead', () => {
    const run = scout('status', '--json');
    expect(run.status).toBe(0);
    expectConfined(run.out, 'scout status');
    const report = JSON.parse(run.out) as { skipped: { path: string; reason: string }[] };
    expect(report.skipped.map((s) => `${s.path}:${s.reason}`).sort()).toEqual(['package.json:symlink_outside_root', 'src/leak-link.ts:symlink_outside_root', 'src/linked-dir:symlink_outside_root']);
  });

  it('facts of a link that leads out is refused; an inside file is read', () => {
    const link = spawnSync(process.execPath, [CLI, 'facts', 'src/leak-link.ts'], { cwd: repo.root, encoding: 'utf8' });
    expect(link.status).toBe(1);
    expectConfined(`${link.stdout}${link.stderr}`, 'scout facts');
    expect(link.stderr).toMatch(/PATH_OUTSIDE_ROOT/);
    const inside = spawnSync(process.execPath, [CLI, 'facts', 'src/main.ts'], { cwd: repo.root, encoding: 'utf8' });
    expect(inside.stdout).toMatch(/function readLeaked/);
  });

  it('a path argument through a link is refused with the fix', () => {
    const run = scout('search', 'x', '--path-prefix', 'src/linked-dir/', '--json');
    expect(run.status).not.toBe(0);
    expect(run.out).toMatch(/symbolic link/);
    expectConfined(run.out, 'path-prefix through a link');
  });
});
