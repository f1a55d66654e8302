/**
 * The verify step inside `ask` on a Python repository, end to end: real index, real pyright language
 * server for the exploration, real pyright CLI for the check (over a shadow copy). An Enum matched with
 * assert_never, an Enum only compared with ==, a Literal alias indexing a TypedDict, a Literal-annotated
 * attribute, a function (refused), a checker timeout; remove, rename, add a parameter, change a type, make
 * optional (app/settings.py); the user's tree the same before and after.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import { indexRepository } from '../../../src/index/indexer.js';
import { SqliteStore } from '../../../src/index/store.js';
import { LspService } from '../../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../../src/scout/index-fallback.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import type { ScoutAnswer } from '../../../src/scout/synthesis.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { treeHash } from '../../helpers/tree-hash.js';

let root: string;
let store: SqliteStore;
let lsp: LspService;
let hash: string;
const checkers = new Checkers();
/** How long each change kind's `ask` took (printed after the tests, for bench/results/change-kinds.md). */
const timings: [string, number][] = [];

async function ask(question: string, extra: { verifyTimeoutMs?: number } = {}): Promise<ScoutAnswer> {
  const { answer } = await answerQuestion(question, { root, db: store.database, lsp, config: loadConfig(root), checkers, ...extra });
  return answer;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-py-'));
  cpSync(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python'), root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  hash = treeHash(root);
  store = SqliteStore.open(root);
  await indexRepository(root, store);
  lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
}, 120_000);
afterAll(async () => {
  if (timings.length > 0) console.log(`ask timings: ${timings.map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join(', ')}`);
  checkers.dispose();
  await lsp?.shutdown();
  store?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('ask + verify (Python, pyright)', () => {
  it('an IntEnum matched with `case _: assert_never` and a match without `case _`: every high pointer is a pyright error', async () => {
    const answer = await ask('what breaks if I add a variant to `ExitCode`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', version: expect.stringMatching(/^\d+\.\d+\.\d+/), errors: 3, places: 2, edit: 'SCOUT_NEW = -987654321' });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location)).toEqual(['app/report.py:16', 'app/report.py:23']);
    for (const p of high) {
      expect(p.verified).toBe(true);
      expect(p.what).toMatch(/^verified by pyright: report\w+ /);
    }
    expect(high[0]?.what).toMatch(/\(in describe\)/);
    expect(high[1]?.what).toMatch(/reportMatchNotExhaustive.*\(in short\)/);
    // The != comparison compiles: at most medium.
    expect(answer.pointers.find((p) => p.location === 'app/report.py:20')?.risk).not.toBe('high');
    expect(answer.summary).toMatch(/breaks 2 place\(s\) in 1 file\(s\), verified by the pyright checker/);
    expect(answer.meta.notes.join('\n')).toMatch(/reportMatchNotExhaustive on/);
    expect(JSON.stringify(answer).length / 4).toBeLessThanOrEqual(2000);
  });

  it('an Enum only compared with == (also in tests): pyright finds nothing, no pointer is high', async () => {
    const answer = await ask('what breaks if I add a variant to `Outcome`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', errors: 0 });
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
    expect(JSON.stringify(answer).length / 4).toBeLessThanOrEqual(2000);
  });

  it('a Literal alias used to index a TypedDict', async () => {
    const answer = await ask('what breaks if I add a variant to `Mode`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', errors: 1 });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    // The break pyright verifies, then a dict annotated with the type that lists every member without a
    // default: it compiles, and it is where the new member must be added (the risk rule's other high).
    expect(high.map((p) => p.location)).toEqual(['app/use_modes.py:5', 'app/modes.py:16']);
    expect(high[0]).toMatchObject({ verified: true, action: expect.stringMatching(/key/) });
    expect(high[1]).toMatchObject({ lists: { members: 2, of: 2, default: false }, action: 'add the new member here' });
    expect(high[1]?.verified).toBeUndefined();
    // The TypedDict keyed by the modes (`fast: int`, `slow: int`) mirrors the names of both members, but two
    // names side by side may be chance and it does not name `Mode`: medium, worth a look.
    const costs = answer.pointers.find((p) => p.location === 'app/modes.py:11');
    expect(costs).toMatchObject({ risk: 'medium', lists: { members: 2, of: 2, mirrors: 'names' } });
  });

  it('a Literal-annotated attribute (`Job.priority`)', async () => {
    const answer = await ask('what breaks if I add a variant to `Job.priority`?');
    expect(answer.meta.verified_by).toMatchObject({ target: expect.stringContaining('Job.priority'), errors: 2, places: 1 });
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => p.what)).toEqual([expect.stringMatching(/^verified by pyright: .*\(in weight\)/)]);
  });

  it('a function gets a clear refusal, and the exploration\'s answer', async () => {
    const answer = await ask('what breaks if I add a variant to `default_code`?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: `default_code` is a function, not a type with variants/);
  });

  it('remove an enum member: the high pointers are pyright\'s errors on its uses', async () => {
    const answer = await ask('what breaks if I remove `ExitCode.TESTS_FAILED`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', edit: 'removed `ExitCode.TESTS_FAILED`' });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.length).toBeGreaterThan(0);
    for (const p of high) {
      expect(p.verified).toBe(true);
      expect(p.what).toMatch(/^verified by pyright: reportAttributeAccessIssue .*TESTS_FAILED/);
      expect(p.action).toBe('remove or replace this use of the removed member');
    }
    expect(answer.summary).toMatch(/^Removing `ExitCode.TESTS_FAILED` breaks \d+ place\(s\)/);
  });

  it('rename a class: its importers break', async () => {
    const renamed = await ask('what breaks if I rename `ExitCode` to `RunStatus`?');
    expect(renamed.meta.verified_by).toMatchObject({ checker: 'pyright', edit: 'renamed `ExitCode` to `RunStatus` (the declaration only)' });
    expect(renamed.pointers.filter((p) => p.risk === 'high' && !p.verified)).toEqual([]);
  });

  it('a checker that runs out of time degrades to the exploration with a note', async () => {
    const answer = await ask('what breaks if I add a variant to `ExitCode`?', { verifyTimeoutMs: 1 });
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: the pyright checker did not finish within 1 ms; pointers come from the exploration alone/);
    expect(answer.pointers.length).toBeGreaterThan(0);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/)', () => {
    expect(treeHash(root)).toBe(hash);
  });
});

/** The change kinds beyond variants, on a fixture of their own (verify-python's golden answer stays as it is). */
describe('ask + verify (Python, pyright): add a parameter, change a type, make optional', () => {
  let rootC: string;
  let storeC: SqliteStore;
  let lspC: LspService;
  let hashC: string;
  const askChanges = async (question: string): Promise<ScoutAnswer> =>
    (await answerQuestion(question, { root: rootC, db: storeC.database, lsp: lspC, config: loadConfig(rootC), checkers })).answer;
  beforeAll(async () => {
    rootC = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-pykinds-'));
    cpSync(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python-changes'), rootC, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
    hashC = treeHash(rootC);
    storeC = SqliteStore.open(rootC);
    await indexRepository(rootC, storeC);
    lspC = new LspService({ root: rootC, fallback: new IndexFallback(storeC.database, rootC) });
  }, 120_000);
  afterAll(async () => {
    await lspC?.shutdown();
    storeC?.close();
    rmSync(rootC, { recursive: true, force: true });
  });

  it('add a required parameter: the calls that do not pass it are the verified high pointers', async () => {
    const started = performance.now();
    const answer = await askChanges('what breaks if I add a required parameter to `parse_config`?');
    timings.push(['add_parameter', performance.now() - started]);
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', edit: 'added a required parameter `scout_new_argument: ellipsis` to `parse_config`', errors: 3 });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.filter((p) => p.verified).map((p) => p.location).sort()).toEqual(['app/settings.py:29', 'app/settings.py:34', 'app/use_settings.py:33']);
    expect(high.filter((p) => !p.verified)).toEqual([]);
  });

  it('change the type of an attribute to str: its default, the constructor call and the arithmetic', async () => {
    const started = performance.now();
    const answer = await askChanges('what breaks if I change the type of `Settings.retries` to str?');
    timings.push(['change_type', performance.now() - started]);
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', edit: '`Settings.retries` typed `str` (was `int`)', errors: 3 });
    expect(answer.pointers.filter((p) => p.risk === 'high' && p.verified).map((p) => p.location).sort()).toEqual(['app/settings.py:16', 'app/settings.py:8', 'app/use_settings.py:19']);
  });

  it('make an attribute optional: the uses that are not None-safe', async () => {
    const started = performance.now();
    const answer = await askChanges('what breaks if I make `Settings.timeout` optional?');
    timings.push(['make_optional', performance.now() - started]);
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright', edit: '`Settings.timeout` made optional: `int` → `int | None`', errors: 2 });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location).sort()).toEqual(['app/use_settings.py:5', 'app/use_settings.py:9']);
    expect(high.every((p) => p.verified)).toBe(true);
    // The guarded use compiles: never high.
    expect(answer.pointers.find((p) => p.location === 'app/use_settings.py:14')?.risk).not.toBe('high');
  });

  it('change a type without saying which: a refusal that says how to ask', async () => {
    const answer = await askChanges('what breaks if I change the type of `Settings.retries`?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: the question does not say which type `Settings.retries` gets: ask e.g. "what breaks if I change the type of `Settings.retries` to str"/);
  });

  it('leaves the user\'s tree as it was', () => {
    expect(treeHash(rootC)).toBe(hashC);
  });
});
