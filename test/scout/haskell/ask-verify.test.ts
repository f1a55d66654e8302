/**
 * `scout ask "What breaks if I add a variant to <Type>?" --json` on the Haskell fixture, end to end, as a user
 * runs it: the built CLI, a fresh process, the tree-sitter index (no haskell-language-server here) for the
 * exploration and real GHC for the check (its shadow project and interfaces in a temporary XDG_CACHE_HOME).
 * The `data` declaration is the seed (constructors are not); the high pointers are exactly GHC's new
 * warnings: the equations of `route` in another module and the `case` in an instance method, not the record
 * construction in `makeConfig` nor the wildcard `case` in `isLocal`. GHC must be installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askCli, type CliAnswer, committedFixture } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

let tmp: string;
let root: string;
let hash: string;

const ask = (question: string): CliAnswer => askCli(question, root, path.join(tmp, 'cache'));

const high = (answer: CliAnswer): string[] => answer.pointers.filter((p) => p.risk === 'high').map((p) => `${p.location} ${p.verified}`);

beforeAll(() => {
  expect(execFileSync('ghc', ['--numeric-version'], { encoding: 'utf8' })).toMatch(/^\d+\.\d+/);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-hs-'));
  root = path.join(tmp, 'repo');
  committedFixture(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-haskell'), root, /[\\/](dist-newstyle|\.scout)$/);
  hash = treeHash(root, ['.scout', '.git']);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('scout ask + verify (Haskell, ghc)', () => {
  it('the data declaration is the seed; the high pointers are exactly the ghc warnings', () => {
    const answer = ask('What breaks if I add a variant to LLMKind?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'ghc', version: expect.stringMatching(/^\d+\.\d+\.\d+/), target: '`LLMKind`, data, src/Llm/Kind.hs:13', errors: 2, places: 2, edit: 'constructor ScoutNew__ added to data LLMKind' });
    expect(high(answer)).toEqual(['src/Llm/Report.hs:11 true', 'src/Llm/Route.hs:20 true']);
    const route = answer.pointers.find((p) => p.location === 'src/Llm/Route.hs:20');
    expect(route).toMatchObject({ what: expect.stringMatching(/^verified by ghc: -Wincomplete-patterns Pattern match\(es\) are non-exhaustive In an equation for ‘route’.*\(in route\)/), action: expect.stringMatching(/^add an equation or a case alternative for the new constructor/) });
    expect(answer.pointers.find((p) => p.location === 'src/Llm/Report.hs:11')?.what).toMatch(/\(in LLMKind\.pretty\)/);
    // The record construction in makeConfig and the wildcard case in isLocal compile: not high.
    expect(answer.pointers.filter((p) => /Kind\.hs:3[45]|Route\.hs:2[5-8]/.test(p.location) && p.risk === 'high')).toEqual([]);
    expect(answer.summary).toMatch(/verified by the ghc checker/);
  });

  it('a `\\case` enabled by the .cabal file\'s default-extensions, and a record update', () => {
    expect(high(ask('What breaks if I add a variant to Tier?'))).toEqual(['src/Llm/Route.hs:32 true']);
    const record = ask('What breaks if I add a variant to ModelConfig?');
    expect(record.meta.verified_by).toMatchObject({ checker: 'ghc', errors: 1 });
    expect(high(record)).toEqual(['src/Llm/Kind.hs:43 true']);
  });

  it('a type only compared and shown: verified, no high pointer', () => {
    const answer = ask('What breaks if I add a variant to Verdict?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'ghc', errors: 0 });
    expect(high(answer)).toEqual([]);
  });

  it('a type class: a clear refusal, and the exploration\'s answer', () => {
    const answer = ask('What breaks if I add a variant to Pretty?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: `Pretty` is a type class, not a data type/);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/, ghc\'s output in the cache)', () => {
    expect(treeHash(root, ['.scout', '.git'])).toBe(hash);
  });
});
