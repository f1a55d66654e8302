/**
 * `scout ask ... --json` on the Java fixture, end to end, as a user runs it: the built CLI, a fresh process,
 * the tree-sitter index (no Java language server here) for the exploration, real javac for the check (its
 * shadow project in a temporary cache). For "add a variant to `Kind`": the verified break is the switch
 * expression; the switch statement without default (which javac accepts) is an enumeration site rated high,
 * not a verified one, and so are the if/else chain and the map entries; an enum only compared breaks
 * nothing; a new parameter breaks both calls. Skipped, saying so, only when javac is not installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askCli, type CliAnswer, committedFixture } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

function javacInstalled(): boolean {
  try {
    return /^javac \d+/.test(execFileSync('javac', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return false;
  }
}
const HAS_JAVAC = javacInstalled();
if (!HAS_JAVAC) console.warn('SKIPPED test/scout/java/ask-verify.test.ts: javac is not on PATH (apt-get install openjdk-17-jdk-headless)');

const PKG = 'src/main/java/com/example/shop';
let tmp: string;
let root: string;
let hash: string;

// The Java checker keeps its shadow project in the system's temp directory: this test's own.
const ask = (question: string): CliAnswer => askCli(question, root, path.join(tmp, 'cache'), { TMPDIR: path.join(tmp, 'tmp') });

beforeAll(() => {
  if (!HAS_JAVAC) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-java-'));
  root = path.join(tmp, 'repo');
  committedFixture(path.resolve(__dirname, '..', '..', 'fixtures', 'verify-java'), root, /[\\/]\.scout$/);
  hash = treeHash(root, ['.scout', '.git']);
  mkdirSync(path.join(tmp, 'tmp'));
});
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!HAS_JAVAC)('scout ask + verify (Java, javac)', () => {
  it('add a variant to an enum: the switch expression is verified; the switch statement, the if/else chain and the maps are high enumeration sites', () => {
    const answer = ask('What breaks if I add a variant to `Kind`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'javac', version: expect.stringMatching(/^\d+/), errors: 1, places: 1, edit: 'constant SCOUT_NEW added to enum Kind' });
    const verified = answer.pointers.filter((p) => p.verified);
    expect(verified.map((p) => p.location)).toEqual([`${PKG}/Pricing.java:8`]);
    expect(verified[0]).toMatchObject({ risk: 'high', what: expect.stringMatching(/^verified by javac: not\.exhaustive the switch expression does not cover all possible input values \(in Pricing\.basePrice\)/) });
    const high = answer.pointers.filter((p) => p.risk === 'high' && !p.verified);
    // The switch statement without default compiles (javac accepts it), so it is never verified, but it lists every constant: high.
    expect(high.find((p) => p.location === `${PKG}/Labels.java:10`)).toMatchObject({ what: expect.stringMatching(/^switch\/match arms listing (?:names of )?all 3 members of `Kind`, no default: `case BOOK:`/), action: expect.stringMatching(/^add the new member here/) });
    expect(high.map((p) => p.location).sort()).toEqual([`${PKG}/Catalog.java:11`, `${PKG}/Labels.java:10`, `${PKG}/Shipping.java:8`]);
    // The switch expression with a default compiles and is no enumeration of every member: never high.
    expect(answer.pointers.filter((p) => p.location.startsWith(`${PKG}/Pricing.java:1`) && p.risk === 'high')).toEqual([]);
    expect(answer.summary).toMatch(/verified by the javac checker/);
  });

  it('an enum only compared with ==: verified, no high pointer (a negative)', () => {
    const answer = ask('What breaks if I add a variant to Status?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'javac', errors: 0 });
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
  });

  it('add a parameter to a method: both calls are the verified breaks', () => {
    const answer = ask('What breaks if I add a parameter to Orders.total?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'javac', errors: 2, places: 2 });
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => `${p.location} ${p.verified} ${p.action}`)).toEqual([
      `${PKG}/Checkout.java:12 true pass the new argument here`,
      `${PKG}/Report.java:10 true pass the new argument here`,
    ]);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/, the shadow project in the cache)', () => {
    expect(treeHash(root, ['.scout', '.git'])).toBe(hash);
  });
});
