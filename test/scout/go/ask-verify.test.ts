/**
 * `scout ask ... --json` on the Go fixture, end to end, as a user runs it: the built CLI, a fresh process, the
 * tree-sitter index (no gopls here) for the exploration, real go for the check. For "add a variant to `Kind`"
 * (an iota group) nothing is verified: the answer says why (go never reports a missing case), and the
 * enumeration sites carry it: the switch without default and the map keyed by every constant are high, the
 * switch with a default is not, and none of them is marked verified. A new parameter breaks both calls,
 * verified; a function nothing calls breaks nothing. Skipped, saying so, only when go is not installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askCli, type CliAnswer, committedFixture } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

function goInstalled(): boolean {
  try {
    return /^go version go\d/.test(execFileSync('go', ['version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return false;
  }
}
const HAS_GO = goInstalled();
if (!HAS_GO) console.warn('SKIPPED test/scout/go/ask-verify.test.ts: go is not on PATH (apt-get install golang-go)');

let tmp: string;
let root: string;
let hash: string;

// Overlays go to the system's temp directory: this test's own.
const ask = (question: string): CliAnswer => askCli(question, root, path.join(tmp, 'cache'), { TMPDIR: path.join(tmp, 'tmp') });

beforeAll(() => {
  if (!HAS_GO) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-go-'));
  root = path.join(tmp, 'repo');
  committedFixture(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-go'), root, /[\\/]\.scout$/);
  hash = treeHash(root, ['.scout', '.git']);
  mkdirSync(path.join(tmp, 'tmp'));
});
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!HAS_GO)('scout ask + verify (Go, go build)', () => {
  it('add a variant to an iota group: not verified, with the reason; the switch without default and the map are high enumeration sites, none verified', () => {
    const answer = ask('What breaks if I add a variant to `Kind`?');
    expect(answer.meta.verified_by).toBeNull();
    const reason = 'adding a constant to an iota group never breaks compilation in Go: the enumeration sites below are where it must be handled (unverified)';
    expect(answer.summary).toContain(`Not verified: ${reason}`);
    expect(answer.meta.notes).toContainEqual(expect.stringContaining(`not verified: ${reason}`));
    expect(answer.pointers.filter((p) => p.verified)).toEqual([]);
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location).sort()).toEqual(['kind/kind.go:16', 'pricing/pricing.go:8']);
    expect(high.find((p) => p.location === 'kind/kind.go:16')).toMatchObject({ what: expect.stringMatching(/^switch\/match arms listing all 3 members of `Kind`, no default: `case Book:`/), action: expect.stringMatching(/^add the new member here/) });
    // The switch with a default lists 2 of 3 constants: listed, never high.
    expect(answer.pointers.find((p) => p.location === 'pricing/pricing.go:16')).toMatchObject({ risk: 'medium', what: expect.stringMatching(/has a default/) });
  });

  it('add a parameter to a function: both calls are the verified breaks', () => {
    const answer = ask('What breaks if I add a parameter to Total?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'go', version: expect.stringMatching(/^\d+\.\d+/), errors: 2, places: 2 });
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => `${p.location} ${p.verified}`)).toEqual(['checkout/checkout.go:8 true', 'report/report.go:12 true']);
  });

  it('a function nothing calls: verified, nothing breaks, no high pointer (a negative)', () => {
    const answer = ask('What breaks if I add a parameter to legacyTotal?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'go', errors: 0 });
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/, the overlay in the temp directory)', () => {
    expect(treeHash(root, ['.scout', '.git'])).toBe(hash);
  });
});
