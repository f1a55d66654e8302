/**
 * Change questions other than "add a variant", end to end as a user runs them: `scout ask --json` (the
 * built CLI, the real typescript-language-server, the real TypeScript checker) on a copy of the verify
 * fixture. The high-risk pointers are exactly the checker's breaks (the same change made by the checker on
 * its own), refusals say what would work, and nothing is written to the repository.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoutAnswer } from '../../../src/scout/synthesis.js';
import type { ChangeSpec, VariantCheck } from '../../../src/scout/verify/checker.js';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import { treeHash } from '../../helpers/tree-hash.js';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'main.js');
const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify');
let root: string;
let hashBefore: string;
const checker = new TypeScriptChecker();

function ask(question: string): ScoutAnswer {
  const run = spawnSync(process.execPath, [CLI, 'ask', question, '--repo', root, '--json'], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`scout ask failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as ScoutAnswer;
}

/** The same change made by the checker alone, at the declaration on the line that holds `needle`. */
async function checkerBreaks(name: string, file: string, needle: string, change: ChangeSpec): Promise<VariantCheck> {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(needle)) + 1;
  const column = (lines[line - 1] ?? '').indexOf(name.split('.').pop() ?? name);
  const outcome = await checker.applyChange({ root, declaration: { name, file, line, column }, deadline: performance.now() + 60_000, change });
  if (outcome.status !== 'checked') throw new Error(outcome.reason);
  return outcome.check;
}

/** Every high pointer is verified and sits on a checker error; every checker error is in a high pointer (its line or `also`). */
function expectExactlyTheBreaks(answer: ScoutAnswer, check: VariantCheck): void {
  const high = answer.pointers.filter((p) => p.risk === 'high');
  const errorSites = new Set(check.errors.map((e) => `${e.file}:${e.line}`));
  expect(check.errors.length).toBeGreaterThan(0);
  for (const p of high) {
    expect(p.verified).toBe(true);
    expect(errorSites.has(p.location)).toBe(true);
  }
  const covered = new Set(high.flatMap((p) => {
    const file = p.location.replace(/:\d+$/, '');
    return [p.location, ...(p.also ?? []).map((l) => `${file}:${l}`)];
  }));
  for (const site of errorSites) expect(covered.has(site)).toBe(true);
  expect(answer.meta.verified_by).toMatchObject({ checker: 'typescript', errors: check.errors.length, edit: check.edit });
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-change-'));
  cpSync(FIXTURE, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  hashBefore = treeHash(root);
  const index = spawnSync(process.execPath, [CLI, 'index', '--repo', root], { encoding: 'utf8' });
  if (index.status !== 0) throw new Error(index.stderr);
}, 120_000);
afterAll(() => {
  checker.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('scout ask --json: change questions verified by TypeScript', () => {
  it('remove an enum member: its three uses, nothing else high', async () => {
    const answer = ask('what breaks if I remove `Status.Running`?');
    expectExactlyTheBreaks(answer, await checkerBreaks('Status.Running', 'src/status.ts', 'Running =', { kind: 'remove' }));
    expect(answer.meta.verified_by?.edit).toBe('removed enum member `Status.Running`');
    expect(answer.summary).toMatch(/^Removing `Status.Running` breaks 3 place\(s\) in 1 file\(s\), verified by the typescript checker/);
    expect(answer.pointers.filter((p) => p.risk === 'high').every((p) => p.action === 'remove or replace this use of the removed member')).toBe(true);
  });

  it('rename a function: the declaration only, the importer breaks', async () => {
    const answer = ask('what breaks if I rename `parseConfig` to `loadConfig`?');
    expectExactlyTheBreaks(answer, await checkerBreaks('parseConfig', 'src/config.ts', 'export function parseConfig', { kind: 'rename', newName: 'loadConfig' }));
    expect(answer.pointers[0]).toMatchObject({ location: 'src/app.ts:1', action: 'import it under its new name `loadConfig`' });
    // What the exploration found and the checker did not confirm is never high.
    expect(answer.pointers.filter((p) => p.risk === 'high' && !p.verified)).toEqual([]);
  });

  it('add a required parameter to a method: its calls', async () => {
    const answer = ask('what breaks if I add a required parameter to `Router.ask`?');
    expectExactlyTheBreaks(answer, await checkerBreaks('Router.ask', 'src/router.ts', 'ask(question', { kind: 'add_parameter' }));
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => p.action)).toEqual(['pass the new argument here', 'pass the new argument here']);
    expect(answer.meta.interpretation).toMatch(/^Read as: what breaks when a required parameter is added to `Router.ask`/);
  });

  it('make a property optional: the read that assumes a value', async () => {
    const answer = ask('what breaks if I make `Config.timeout` optional?');
    expectExactlyTheBreaks(answer, await checkerBreaks('Config.timeout', 'src/config.ts', 'timeout: number', { kind: 'make_optional' }));
    expect(answer.pointers[0]?.action).toMatch(/^handle undefined here/);
  });

  it('a change that cannot be expressed: a clear message, the exploration\'s answer, nothing high claimed as verified', () => {
    const notFunction = ask('what breaks if I add a required parameter to `Config`?');
    expect(notFunction.meta.verified_by).toBeNull();
    expect(notFunction.summary).toMatch(/^Not verified: `Config` is an interface, not a function: a parameter can be added to a function, a method/);
    expect(notFunction.pointers.some((p) => p.verified)).toBe(false);
    const unknownMember = ask('what breaks if I remove `Paused` from `Status`?');
    expect(unknownMember.summary).toMatch(/^Not verified: enum `Status` has no member `Paused` \(its members: Queued, Running, Done\)/);
    const badType = ask('what breaks if I change the type of `Config.retries` to `string |`?');
    expect(badType.summary).toMatch(/^Not verified: `string \|` does not parse as a TypeScript type/);
  });

  it('writes nothing into the repository (the index lives in .scout/)', () => {
    expect(treeHash(root)).toBe(hashBefore);
  });
});
