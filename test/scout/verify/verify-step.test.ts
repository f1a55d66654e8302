/**
 * The verify step's orchestration with stand-in checkers: which declaration is handed over, and how a
 * missing, crashing or hanging checker degrades the answer to the exploration with a note.
 */
import { describe, expect, it } from 'vitest';
import type { Exploration } from '../../../src/scout/explore.js';
import type { ScoutLink } from '../../../src/scout/link.js';
import { analyzeQuery } from '../../../src/scout/query-analysis.js';
import type { Checker, CheckOutcome, CheckRequest } from '../../../src/scout/verify/checker.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { verifyAddVariant, verifyChange, wantsVerification } from '../../../src/scout/verify/verify.js';

function seed(file: string, symbol: string, kind: string, line = 3): ScoutLink {
  return { id: `${file}:${line}`, relation: 'seed', location: { file, line, column: 12 }, symbol, kind, role: 'definition', enclosing: null, snippet: '', snippetStartLine: line, hover: null, depth: 0, source: 'index' } as unknown as ScoutLink;
}

function exploration(question: string, seeds: ScoutLink[]): Exploration {
  return { query: analyzeQuery(question), visited: [], setAside: [], sitesSeen: 0, seeds, budget: 20, budgetRemaining: 20, expansions: 0, notes: [], sources: { lsp: 0, index: 0 }, suggestions: [], elapsedMs: 0 };
}

function fake(run: (r: CheckRequest) => Promise<CheckOutcome>): Checker & { requests: CheckRequest[] } {
  const requests: CheckRequest[] = [];
  return { name: 'fake', version: '1', handles: (f) => f.endsWith('.ts'), dispose: () => undefined, requests, addVariant: (r) => (requests.push(r), run(r)) };
}

const ok: CheckOutcome = { status: 'checked', check: { target: { name: 'Kind', kind: 'enum (string)', file: 'src/kind.ts', line: 3 }, edit: 'x', errors: [], checkedFiles: 1, notes: [] } };

describe('verify step', () => {
  it('hands the checker the declaration the exploration found (file, line, column), type-like seeds first', async () => {
    const checker = fake(async () => ok);
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Kind`?', [seed('src/make.ts', 'Kind', 'function', 9), seed('src/kind.ts', 'Kind', 'enum')]), { root: '/r', checkers: new Checkers([checker]), timeoutMs: 5000 });
    expect(v.status).toBe('verified');
    expect(checker.requests[0]?.declaration).toEqual({ name: 'Kind', file: 'src/kind.ts', line: 3, column: 12 });
    expect(v.check?.notes.join()).toMatch(/`Kind` has 2 declarations; the checker changed the one at src\/kind.ts:3/);
  });

  it('a bare name is the declaration named exactly so, before a method of that name', async () => {
    const checker = fake(async () => ok);
    const seeds = [seed('src/flags.ts', 'FlagSet.sliceP', 'method', 130), seed('src/flags.ts', 'sliceP', 'function', 143)];
    await verifyChange(exploration('what breaks if I remove `sliceP`?', seeds), { root: '/r', checkers: new Checkers([Object.assign(checker, { applyChange: (r: CheckRequest) => (checker.requests.push(r), Promise.resolve(ok)) })]), timeoutMs: 5000 });
    expect(checker.requests[0]?.declaration).toMatchObject({ name: 'sliceP', line: 143 });
  });

  it('a language without a checker: exploration only, and says so', async () => {
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Kind`?', [seed('kinds.go', 'Kind', 'type_alias')]), { root: '/r', checkers: new Checkers([fake(async () => ok)]), timeoutMs: 5000 });
    expect(v).toMatchObject({ status: 'no_checker', check: null });
    expect(v.note).toMatch(/not verified: no checker for \.go files yet \(verification covers fake\); pointers come from the exploration alone/);
  });

  it('a declaration file is not something the checker edits', async () => {
    const dts = fake(async () => ok);
    dts.handles = (f) => f.endsWith('.ts') && !f.endsWith('.d.ts');
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Kind`?', [seed('types/kind.d.ts', 'Kind', 'enum')]), { root: '/r', checkers: new Checkers([dts]), timeoutMs: 5000 });
    expect(v.note).toMatch(/no checker for declaration \(\.d\.ts\) files yet/);
  });

  it('a checker that crashes degrades with a note', async () => {
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Kind`?', [seed('src/kind.ts', 'Kind', 'enum')]), { root: '/r', checkers: new Checkers([fake(async () => { throw new Error('out of memory\nstack'); })]), timeoutMs: 5000 });
    expect(v).toMatchObject({ status: 'failed', checker: { name: 'fake' } });
    expect(v.note).toBe('not verified: the fake checker failed (out of memory); pointers come from the exploration alone');
  });

  it('a checker that never answers is cut off by the timer', async () => {
    const started = performance.now();
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Kind`?', [seed('src/kind.ts', 'Kind', 'enum')]), { root: '/r', checkers: new Checkers([fake(() => new Promise(() => undefined))]), timeoutMs: 10 });
    expect(v.status).toBe('timeout');
    expect(v.note).toMatch(/did not finish within 10 ms/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('nothing to change: no declaration found', async () => {
    const v = await verifyAddVariant(exploration('what breaks if I add a variant to `Nope`?', []), { root: '/r', checkers: new Checkers([fake(async () => ok)]), timeoutMs: 10 });
    expect(v).toMatchObject({ status: 'no_target' });
    expect(v.note).toMatch(/no declaration of `Nope` was found/);
  });

  it('other change kinds: a checker without applyChange leaves them to the exploration, and says which', async () => {
    const rust = fake(async () => ok);
    const question = exploration('what breaks if I rename `Kind` to `Sort`?', [seed('src/kind.ts', 'Kind', 'enum')]);
    expect(wantsVerification(question)).toBe(true);
    const v = await verifyChange(question, { root: '/r', checkers: new Checkers([Object.assign(rust, { name: 'rust' })]), timeoutMs: 5000 });
    expect(v).toMatchObject({ status: 'no_checker', check: null });
    expect(v.note).toBe('not verified: the rust checker cannot express a rename yet (it verifies added variants only); pointers come from the exploration alone');
    expect(rust.requests).toEqual([]);
  });

  it('other change kinds: applyChange gets the change, the seeds it applies to first', async () => {
    const changes: unknown[] = [];
    const checker = { ...fake(async () => ok), applyChange: async (r: CheckRequest & { change: unknown }) => (changes.push([r.declaration.file, r.change]), ok) };
    const question = exploration('what breaks if I add a required parameter to `ask`?', [seed('src/types.ts', 'ask', 'property'), seed('src/router.ts', 'ask', 'method')]);
    const v = await verifyChange(question, { root: '/r', checkers: new Checkers([checker]), timeoutMs: 5000 });
    expect(v.status).toBe('verified');
    expect(changes).toEqual([['src/router.ts', { kind: 'add_parameter' }]]);
  });

  it('a name declared twice (two enums `Kind`): each declaration is changed and checked, every break kept and tagged with its declaration', async () => {
    const error = (file: string, line: number) => ({ file, line, column: 3, code: 'TS2366', message: 'Function lacks ending return statement', place: null });
    const checker = fake(async (r) => ({
      status: 'checked',
      check: { target: { name: 'Kind', kind: 'enum (string)', file: r.declaration.file, line: r.declaration.line }, edit: 'x', errors: [error(r.declaration.file.replace('kind', 'use'), 7)], checkedFiles: 2, notes: [] },
    }));
    const question = exploration('what breaks if I add a variant to `Kind`?', [seed('src/a/kind.ts', 'Kind', 'enum'), seed('src/b/kind.ts', 'Kind', 'enum', 5), seed('src/c.ts', 'Kind', 'function')]);
    const v = await verifyAddVariant(question, { root: '/r', checkers: new Checkers([checker]), timeoutMs: 5000 });
    expect(v.status).toBe('verified');
    expect(checker.requests.map((r) => `${r.declaration.file}:${r.declaration.line}`)).toEqual(['src/a/kind.ts:3', 'src/b/kind.ts:5']);
    expect(v.check?.errors.map((e) => `${e.file}:${e.line} ${e.declaration}`)).toEqual(['src/a/use.ts:7 src/a/kind.ts:3', 'src/b/use.ts:7 src/b/kind.ts:5']);
    expect(v.check?.checkedFiles).toBe(4);
    expect(v.check?.notes.join()).toContain('`Kind` is declared 2 times; each declaration was changed and checked on its own: src/a/kind.ts:3 (1 error(s)), src/b/kind.ts:5 (1 error(s))');
  });

  it('a second declaration the time does not reach is named as not checked', async () => {
    let calls = 0;
    const checker = fake(async (r) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 120)); // the first check uses up the step's time
      return { status: 'checked', check: { target: { name: 'Kind', kind: 'enum', file: r.declaration.file, line: r.declaration.line }, edit: 'x', errors: [], checkedFiles: 1, notes: [] } };
    });
    const question = exploration('what breaks if I add a variant to `Kind`?', [seed('src/a/kind.ts', 'Kind', 'enum'), seed('src/b/kind.ts', 'Kind', 'enum')]);
    const v = await verifyAddVariant(question, { root: '/r', checkers: new Checkers([checker]), timeoutMs: 100 });
    expect(calls).toBe(1);
    expect(v.check?.notes.join()).toMatch(/`Kind` is declared 2 times; .*src\/a\/kind.ts:3 \(0 error\(s\)\); not checked: src\/b\/kind.ts:3/);
  });

  it('a question that asks no change a checker can make gets no verify step', () => {
    expect(wantsVerification(exploration('who calls `Router.route`?', []))).toBe(false);
    expect(wantsVerification(exploration('can we deprecate `OldApi`?', []))).toBe(false);
  });

  it('a file named in the question picks among declarations of one name', async () => {
    const changes: string[] = [];
    const checker = { ...fake(async () => ok), applyChange: async (r: CheckRequest) => (changes.push(r.declaration.file), ok) };
    const question = exploration('what breaks if I rename `Schema` in src/v4/mini.ts to `Shape`?', [seed('src/v3/types.ts', 'Schema', 'class'), seed('src/v4/mini.ts', 'Schema', 'class')]);
    await verifyChange(question, { root: '/r', checkers: new Checkers([checker]), timeoutMs: 5000 });
    expect(changes).toEqual(['src/v4/mini.ts']);
  });
});
