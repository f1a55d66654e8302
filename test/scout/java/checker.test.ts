/**
 * The Java checker of the verify step, on its own: real javac over the fixture project (no language server,
 * no index). Each change kind gives exactly its new errors with their places: a switch expression and a
 * pattern switch that stop covering their type; calls with the old arity; uses of a removed or renamed name; a
 * value of the old type. A switch statement without default over an enum compiles when a constant is added
 * (javac 17 accepts it: never a verified break), and an enum only compared with == breaks nothing. A project
 * whose dependencies are not on disk is still checked (its old errors are the baseline); refusals say why; the
 * deadline; the user's tree is never written. Skipped, saying so, only when javac is not installed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JavaChecker } from '../../../src/scout/java/checker.js';
import { findJavaProject } from '../../../src/scout/java/project.js';
import { type ChangeSpec, CheckTimeout, type CheckOutcome } from '../../../src/scout/verify/checker.js';
import { checked, fixtureForTests, lineOf, sites, statListing, writeFiles } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

function javacInstalled(): boolean {
  try {
    return /^javac \d+/.test(execFileSync('javac', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return false;
  }
}
const HAS_JAVAC = javacInstalled();
if (!HAS_JAVAC) console.warn('SKIPPED test/scout/java/checker.test.ts: javac is not on PATH (apt-get install openjdk-17-jdk-headless); the Java checker is only tested with the real javac');

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-java');
const PKG = 'src/main/java/com/example/shop';
const repo = fixtureForTests(FIXTURE, 'scout-verify-java-', { sub: 'repo', after: () => checker?.dispose() });
let checker: JavaChecker;
let statsBefore: string;

/** Ask the checker for `change` to `name`, declared on the line of `file` (in the shop package) holding `needle`. */
function change(name: string, file: string, needle: string, spec: ChangeSpec, options: { dir?: string; deadlineMs?: number; with?: JavaChecker } = {}): Promise<CheckOutcome> {
  const dir = options.dir ?? repo.root;
  const rel = `${PKG}/${file}`;
  return (options.with ?? checker).applyChange({ root: dir, declaration: { name, file: rel, line: lineOf(dir, rel, needle) }, deadline: performance.now() + (options.deadlineMs ?? 120_000), change: spec });
}
const at = (file: string, needle: string, code: string, place: string, dir = repo.root): string => `${PKG}/${file}:${lineOf(dir, `${PKG}/${file}`, needle)} ${code} ${place}`;

beforeAll(() => {
  if (!HAS_JAVAC) return;
  checker = new JavaChecker({ cacheDir: path.join(repo.tmp, 'cache') });
  statsBefore = statListing(repo.root);
});

describe.skipIf(!HAS_JAVAC)('Java checker (javac): add a variant', () => {
  it('an enum: the switch expression that listed every constant breaks; the switch statement without default and the one with default compile', async () => {
    const check = checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'add_variant' }));
    expect(check.target).toEqual({ name: 'Kind', kind: 'enum', file: `${PKG}/Kind.java`, line: 4 });
    expect(check.edit).toBe('constant SCOUT_NEW added to enum Kind');
    expect(sites(check)).toEqual([at('Pricing.java', 'return switch (kind) {', 'not.exhaustive', 'method Pricing.basePrice')]);
    expect(check.errors[0]).toMatchObject({ column: 16, message: 'the switch expression does not cover all possible input values' });
    expect(check.errors[0]?.place).toMatchObject({ startLine: 7, endLine: 13 });
    expect(check.errors.filter((e) => e.file.endsWith('Labels.java'))).toEqual([]);
    expect(check.checkedFiles).toBe(13);
    expect(check.notes[0]).toMatch(/^javac \d+\S* --release \d+ --enable-preview .* on a shadow copy of the repository root .*source roots src\/main\/java/);
    // SCOUT_NEW does not pass the constructor's argument: an error about the edit itself, not a break.
    expect(check.notes.join('\n')).toMatch(/1 error\(s\) on the edited text itself were left out/);
  });

  it('a sealed interface: the pattern switch over it breaks (javac 17 checks it with --enable-preview)', async () => {
    const check = checked(await change('Shape', 'Shape.java', 'public sealed interface Shape', { kind: 'add_variant' }));
    expect(check.edit).toBe('permitted class ScoutNew added to sealed interface Shape');
    expect(check.target.kind).toBe('sealed interface');
    expect(sites(check)).toEqual([at('Packing.java', 'return switch (shape) {', 'not.exhaustive', 'method Packing.material')]);
  });

  it('an enum only compared with ==: nothing breaks (a negative)', async () => {
    const check = checked(await change('Status', 'Status.java', 'public enum Status', { kind: 'add_variant' }));
    expect(check.errors).toEqual([]);
  });
});

describe.skipIf(!HAS_JAVAC)('Java checker (javac): other change kinds', () => {
  it('add a parameter: both calls break, with their methods', async () => {
    const check = checked(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'add_parameter' }));
    expect(check.edit).toBe('required parameter `java.lang.Void scoutNew` added to method `Orders.total`');
    expect(check.change).toEqual({ kind: 'add_parameter' });
    expect(sites(check)).toEqual([at('Checkout.java', 'Orders.total(kind, quantity)', 'cant.apply.symbol', 'method Checkout.pay'), at('Report.java', 'Orders.total(kind, quantity)', 'cant.apply.symbol', 'method Report.line')]);
    expect(check.errors[0]?.message).toMatch(/^method total in class Orders cannot be applied to given types; required: Kind,int,Void; found: Kind,int/);
  });

  it('rename a method, and remove it: the same two calls', async () => {
    const renamed = checked(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'rename', newName: 'sum' }));
    expect(renamed.edit).toBe('renamed method `Orders.total` to `sum` (the declaration only)');
    expect(sites(renamed)).toEqual([at('Checkout.java', 'Orders.total(kind, quantity)', 'cant.resolve', 'method Checkout.pay'), at('Report.java', 'Orders.total(kind, quantity)', 'cant.resolve', 'method Report.line')]);
    const removed = checked(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'remove' }));
    expect(sites(removed)).toEqual(sites(renamed));
  });

  it('remove an enum constant: every use, the case labels of both switches (a statement too), the map entries', async () => {
    const check = checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'remove', member: 'MUSIC' }));
    expect(check.edit).toBe('removed enum constant `Kind.MUSIC`');
    expect(sites(check)).toEqual([
      at('Catalog.java', 'SHELVES.put(Kind.MUSIC', 'cant.resolve', 'statement Catalog.static'),
      at('Catalog.java', 'Kind.MUSIC, 4', 'cant.resolve', 'field Catalog.STOCK'),
      at('Labels.java', 'case MUSIC:', 'enum.label.must.be.unqualified.enum', 'method Labels.label'),
      at('Pricing.java', 'case MUSIC -> 9;', 'enum.label.must.be.unqualified.enum', 'method Pricing.basePrice'),
      at('Report.java', 'line(Kind.MUSIC, 2)', 'cant.resolve', 'method Report.lines'),
      at('Shipping.java', 'kind == Kind.MUSIC', 'cant.resolve', 'method Shipping.days'),
    ]);
  });

  it('rename a public enum (its file moves with it): every file that names it, none in the enum itself', async () => {
    const check = checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'rename', newName: 'Category' }));
    expect(check.edit).toBe('renamed enum `Kind` to `Category` (the declaration only; its file becomes Category.java)');
    expect([...new Set(check.errors.map((e) => e.file.split('/').pop()))]).toEqual(['Catalog.java', 'Checkout.java', 'Labels.java', 'Orders.java', 'Pricing.java', 'Report.java', 'Shipping.java']);
    expect(check.errors.every((e) => e.code === 'cant.resolve')).toBe(true);
  });

  it('change a return type: the arithmetic that used it, and the method\'s own return', async () => {
    const check = checked(await change('Orders.discountPercent', 'Orders.java', 'public static int discountPercent', { kind: 'change_type', newType: 'String' }));
    expect(check.edit).toBe('return type of method `Orders.discountPercent` changed from `int` to `String`');
    expect(sites(check)).toEqual([at('Checkout.java', 'Orders.discountPercent()', 'operator.cant.be.applied', 'method Checkout.pay'), at('Orders.java', 'return 5;', 'prob.found.req', 'method Orders.discountPercent')]);
  });

  it('refuses what it cannot express, saying why', async () => {
    expect(await change('Shipping', 'Shipping.java', 'public final class Shipping', { kind: 'add_variant' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Shipping` is a class that is not sealed/) });
    expect(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'make_optional' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^Java has no optional fields or parameters/) });
    expect(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'add_parameter', optional: true })).toEqual({ status: 'refused', reason: expect.stringMatching(/^Java has no optional parameters/) });
  });
});

describe.skipIf(!HAS_JAVAC)('Java checker (javac): projects that do not compile alone', () => {
  it('a file whose dependency is not on disk: its errors are the baseline, and the switch expression in it is still checked', async () => {
    const dir = path.join(repo.tmp, 'deps');
    cpSync(repo.root, dir, { recursive: true });
    writeFileSync(
      path.join(dir, PKG, 'Legacy.java'),
      'package com.example.shop;\n\nimport org.apache.commons.lang3.StringUtils;\n\nfinal class Legacy {\n    static String pad(String s) {\n        return StringUtils.leftPad(s, 8);\n    }\n\n    static int weight(Kind kind) {\n        return switch (kind) {\n            case BOOK -> 1;\n            case MUSIC, VIDEO -> 2;\n        };\n    }\n}\n',
    );
    writeFileSync(path.join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>x</groupId><artifactId>shop</artifactId><version>1</version></project>\n');
    const own = new JavaChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    const check = checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'add_variant' }, { dir, with: own }));
    expect(sites(check)).toEqual([
      at('Legacy.java', 'return switch (kind) {', 'not.exhaustive', 'method Legacy.weight', dir),
      at('Pricing.java', 'return switch (kind) {', 'not.exhaustive', 'method Pricing.basePrice', dir),
    ]);
    expect(check.notes[0]).toMatch(/on a shadow copy of the repository root \(pom\.xml;/);
    expect(check.notes.join('\n')).toMatch(/already failing before the change: 2 javac error\(s\) in 1 file\(s\) \(src\/main\/java\/com\/example\/shop\/Legacy\.java\)/);
    own.dispose();
    // A new checker (a new process) takes the baseline saved beside the shadow: the old errors still do not count.
    const next = new JavaChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    expect(sites(checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'add_variant' }, { dir, with: next })))).toEqual(sites(check));
    next.dispose();
  });

  it('a large project is checked in the files that name the change (the others on -sourcepath): the same errors', async () => {
    const dir = path.join(repo.tmp, 'narrow');
    cpSync(repo.root, dir, { recursive: true });
    // Classes javac cannot find by package and file name: a second top-level class, a file whose folder is not its package.
    writeFileSync(path.join(dir, PKG, 'Helpers.java'), 'package com.example.shop;\n\nfinal class Helpers {\n}\n\nfinal class Fmt {\n    static String cents(int c) {\n        return c + "c";\n    }\n}\n');
    writeFiles(dir, { 'src/legacy/Util.java': 'package com.example.shop;\n\npublic final class Util {\n    static int twice(int x) {\n        return 2 * x;\n    }\n}\n' });
    const append = (file: string, method: string): void => {
      const f = path.join(dir, PKG, file);
      writeFileSync(f, readFileSync(f, 'utf8').replace(/}\n$/, `    ${method}\n}\n`));
    };
    append('Report.java', 'static String money(int c) { return Fmt.cents(c); }');
    append('Checkout.java', 'int twice(int q) { return Util.twice(q); }');
    const narrow = new JavaChecker({ cacheDir: path.join(repo.tmp, 'narrow-cache'), narrowFrom: 0 });
    const check = checked(await change('Orders.total', 'Orders.java', 'public static int total', { kind: 'add_parameter' }, { dir, with: narrow }));
    expect(sites(check)).toEqual([at('Checkout.java', 'Orders.total(kind, quantity)', 'cant.apply.symbol', 'method Checkout.pay', dir), at('Report.java', 'Orders.total(kind, quantity)', 'cant.apply.symbol', 'method Report.line', dir)]);
    expect(check.checkedFiles).toBe(5);
    expect(check.notes.join('\n')).toMatch(/javac checked the 5 of the 15 source files that name `total`, `Orders` \(or that javac cannot find by package\)/);
    // A whole class removed: javac must not find it by its file name (a 'bad source file' would hide its other uses).
    const removed = checked(await change('Orders', 'Orders.java', 'public final class Orders', { kind: 'remove' }, { dir, with: narrow }));
    expect(sites(removed).map((s) => s.split(' ')[0])).toEqual([
      `${PKG}/Checkout.java:${lineOf(dir, `${PKG}/Checkout.java`, 'Orders.total(kind, quantity)')}`,
      `${PKG}/Checkout.java:${lineOf(dir, `${PKG}/Checkout.java`, 'Orders.discountPercent()')}`,
      `${PKG}/Report.java:${lineOf(dir, `${PKG}/Report.java`, 'Orders.total(kind, quantity)')}`,
    ]);
    narrow.dispose();
  });

  it('finds the outermost build file between the file and the root as the project', () => {
    const dir = path.join(repo.tmp, 'deps');
    expect(findJavaProject(dir, `${PKG}/Kind.java`)).toEqual({ dir: '', buildFile: 'pom.xml' });
    expect(findJavaProject(repo.root, `${PKG}/Kind.java`)).toEqual({ dir: '', buildFile: null });
  });

  it('gives up at the deadline (CheckTimeout) and checks again afterwards', async () => {
    const cold = new JavaChecker({ cacheDir: path.join(repo.tmp, 'cold-cache') });
    await expect(change('Kind', 'Kind.java', 'public enum Kind', { kind: 'add_variant' }, { deadlineMs: 30, with: cold })).rejects.toBeInstanceOf(CheckTimeout);
    expect(checked(await change('Kind', 'Kind.java', 'public enum Kind', { kind: 'add_variant' }, { with: cold })).errors).toHaveLength(1);
    cold.dispose();
  });

  it('leaves the user\'s tree as it was: no file written, touched or added', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
    expect(statListing(repo.root)).toBe(statsBefore);
  });
});
