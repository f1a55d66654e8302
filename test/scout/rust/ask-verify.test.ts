/**
 * `scout ask "What breaks if I add a variant to <Enum>?" --json` on the Rust fixture, end to end, as a user
 * runs it: the built CLI, a fresh process, the tree-sitter index (no rust-analyzer here) for the exploration
 * and real cargo for the check (its shadow crate and target directory in a temporary XDG_CACHE_HOME). The
 * enum's declaration is the seed; the high pointers are the verified ones. cargo must be installed.
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

beforeAll(() => {
  expect(execFileSync('cargo', ['--version'], { encoding: 'utf8' })).toMatch(/^cargo \d+\.\d+/);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-rs-'));
  root = path.join(tmp, 'repo');
  committedFixture(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-rust'), root, /[\\/](target|\.scout)$/);
  hash = treeHash(root, ['.scout', '.git']);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('scout ask + verify (Rust, cargo)', () => {
  it('the enum\'s declaration is the seed; the high pointers are the verified cargo errors', () => {
    const answer = ask('What breaks if I add a variant to ExitCode?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'cargo', version: expect.stringMatching(/^\d+\.\d+\.\d+/), errors: 1, places: 1, edit: 'variant __ScoutNew added to enum ExitCode' });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location)).toEqual(['src/lib.rs:17']);
    expect(high[0]).toMatchObject({ verified: true, what: expect.stringMatching(/^verified by cargo: E0004 non-exhaustive patterns: `ExitCode::__ScoutNew` not covered.*\(in code_number\)/) });
    expect(high[0]?.action).toMatch(/^add (?:an arm|a case) for the new variant/);
    // The `_` arm in is_ok compiles: not high.
    expect(answer.pointers.filter((p) => p.location.startsWith('src/lib.rs:2') && p.risk === 'high')).toEqual([]);
    expect(answer.summary).toMatch(/verified by the cargo checker/);
  });

  it('an enum used from another module through `use`: the method and the const', () => {
    const answer = ask('What breaks if I add a variant to Level?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'cargo', errors: 2, places: 2 });
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => `${p.location} ${p.verified}`)).toEqual(['src/report.rs:10 true', 'src/report.rs:23 true']);
  });

  it('an enum only compared with ==: verified, no high pointer', () => {
    const answer = ask('What breaks if I add a variant to Outcome?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'cargo', errors: 0 });
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
  });

  it('a struct: a clear refusal, and the exploration\'s answer', () => {
    const answer = ask('What breaks if I add a variant to Settings?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: `Settings` is a struct, not an enum/);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/, cargo\'s output in the cache)', () => {
    expect(treeHash(root, ['.scout', '.git'])).toBe(hash);
  });
});
