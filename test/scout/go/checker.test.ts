/**
 * The Go checker of the verify step, on its own: real go build over the fixture module (no language server,
 * no index), the edited file given as an overlay. Each change kind gives exactly its new errors with their
 * places: calls with the old arity (a method's too), uses of a removed or renamed name, values of the old
 * type. Adding a constant to an iota group is refused with the reason (go never reports a missing case); a
 * change nothing uses breaks nothing; a package whose dependency is not on disk is skipped and named; the
 * user's tree is never written. Skipped, saying so, only when go is not installed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GoChecker } from '../../../src/scout/go/checker.js';
import { readGoMembers } from '../../../src/scout/go/members.js';
import type { ChangeSpec, CheckOutcome } from '../../../src/scout/verify/checker.js';
import { checked, fixtureForTests, lineOf, sites, statListing } from '../../helpers/checker-tests.js';
import { readFileSync } from 'node:fs';

function goInstalled(): boolean {
  try {
    return /^go version go\d/.test(execFileSync('go', ['version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return false;
  }
}
const HAS_GO = goInstalled();
if (!HAS_GO) console.warn('SKIPPED test/scout/go/checker.test.ts: go is not on PATH (apt-get install golang-go); the Go checker is only tested with the real go toolchain');

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-go');
const repo = fixtureForTests(FIXTURE, 'scout-verify-go-', { sub: 'repo', after: () => checker?.dispose() });
let checker: GoChecker;
let statsBefore: string;

/** Ask the checker for `spec` to `name`, declared on the line of `file` holding `needle`. */
function change(name: string, file: string, needle: string, spec: ChangeSpec, options: { dir?: string; with?: GoChecker } = {}): Promise<CheckOutcome> {
  const dir = options.dir ?? repo.root;
  return (options.with ?? checker).applyChange({ root: dir, declaration: { name, file, line: lineOf(dir, file, needle) }, deadline: performance.now() + 120_000, change: spec });
}
const at = (file: string, needle: string, code: string, place: string, dir = repo.root): string => `${file}:${lineOf(dir, file, needle)} ${code} ${place}`;

beforeAll(() => {
  if (!HAS_GO) return;
  checker = new GoChecker({ tempDir: path.join(repo.tmp, 'tmp') });
  statsBefore = statListing(repo.root);
});

describe.skipIf(!HAS_GO)('Go checker (go build): change kinds', () => {
  it('add a parameter to a function with a variadic last parameter: inserted before it, both calls break', async () => {
    const check = checked(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'add_parameter' }));
    expect(check.edit).toBe('required parameter `scoutNew struct{ scoutNew bool }` added to function `Total` before its variadic parameter');
    expect(check.change).toEqual({ kind: 'add_parameter' });
    expect(sites(check)).toEqual([at('checkout/checkout.go', 'orders.Total(o)', 'WrongArgCount', 'function Pay'), at('report/report.go', 'orders.Total(o, 1)', 'IncompatibleAssign', 'function Line')]);
    expect(check.notes[0]).toMatch(/^go \d+\.\d+\S* build -gcflags=-e \(offline: GOPROXY=off\) of 5 package\(s\) of the module at the repository root/);
  });

  it('add a parameter to a method: its one call breaks', async () => {
    const check = checked(await change('Order.Weight', 'orders/orders.go', 'func (o Order) Weight', { kind: 'add_parameter' }));
    expect(check.target).toMatchObject({ name: 'Order.Weight', kind: 'method' });
    expect(sites(check)).toEqual([at('checkout/checkout.go', 'o.Weight(3)', 'WrongArgCount', 'function Pay')]);
  });

  it('rename a function, and remove it: the same two calls', async () => {
    const renamed = checked(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'rename', newName: 'Sum' }));
    expect(renamed.edit).toBe('renamed function `Total` to `Sum` (the declaration only)');
    expect(sites(renamed)).toEqual([at('checkout/checkout.go', 'orders.Total(o)', 'UndeclaredName', 'function Pay'), at('report/report.go', 'orders.Total(o, 1)', 'UndeclaredName', 'function Line')]);
    const removed = checked(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'remove' }));
    expect(removed.edit).toBe('removed function `Total`; 1 import(s) it left unused made blank');
    expect(sites(removed)).toEqual(sites(renamed));
  });

  it('a struct field: removed, both uses break; its type changed, both uses break', async () => {
    const removed = checked(await change('Order.Quantity', 'orders/orders.go', 'Quantity int', { kind: 'remove' }));
    expect(removed.edit).toBe('removed field `Order.Quantity`');
    expect(sites(removed)).toEqual([at('checkout/checkout.go', 'o.Quantity', 'MissingFieldOrMethod', 'function Pay'), at('report/report.go', 'Quantity: q', 'MissingLitField', 'function Line')]);
    const typed = checked(await change('Order.Quantity', 'orders/orders.go', 'Quantity int', { kind: 'change_type', newType: 'string' }));
    expect(typed.edit).toBe('type of field `Order.Quantity` changed from `int` to `string`');
    expect(sites(typed)).toEqual([at('checkout/checkout.go', 'o.Quantity', 'MismatchedTypes', 'function Pay'), at('report/report.go', 'Quantity: q', 'IncompatibleAssign', 'function Line')]);
  });

  it('remove a constant from the iota group: its uses in the switch and the map break, in the package and outside', async () => {
    const check = checked(await change('Kind', 'kind/kind.go', 'type Kind int', { kind: 'remove', member: 'Music' }));
    expect(check.edit).toBe('removed constant `Kind.Music` (its name replaced by `_`)');
    expect(sites(check)).toEqual([at('kind/kind.go', 'case Music:', 'UndeclaredName', 'function Label')]);
    // The package itself breaks: go compiles none of its importers, and says so.
    expect(check.notes.join('\n')).toMatch(/the edited package itself fails after the change, so go compiled none of the packages that import it/);
  });

  it('a change nothing uses breaks nothing (a negative)', async () => {
    const check = checked(await change('legacyTotal', 'orders/orders.go', 'func legacyTotal', { kind: 'add_parameter' }));
    expect(check.errors).toEqual([]);
  });

  it('refuses what it cannot express, saying why', async () => {
    expect(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'change_type' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^the question gives no new type for `Total`: say which/) });
    expect(await change('Order.Quantity', 'orders/orders.go', 'Quantity int', { kind: 'make_optional' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^Go has no optional fields or parameters/) });
    expect(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'add_parameter', optional: true })).toEqual({ status: 'refused', reason: expect.stringMatching(/^Go has no optional parameters/) });
    expect(await change('Order', 'orders/orders.go', 'type Order struct', { kind: 'add_parameter' })).toEqual({ status: 'refused', reason: expect.stringMatching(/not a function or a method.*Go has no constructors/) });
  });
});

describe.skipIf(!HAS_GO)('Go checker (go build): add a variant', () => {
  it('an iota group: refused, never a verified break, with the reason and the constants', async () => {
    expect(await change('Kind', 'kind/kind.go', 'type Kind int', { kind: 'add_variant' })).toEqual({
      status: 'refused',
      reason: 'adding a constant to an iota group never breaks compilation in Go: the enumeration sites below are where it must be handled (unverified); `Kind` has 3 constant(s): Book, Music, Video',
    });
  });

  it('readMembers: the constants of the type, the implicit lines after the iota line included; the range covers the type and its group', () => {
    const text = readFileSync(path.join(FIXTURE, 'kind/kind.go'), 'utf8');
    const set = readGoMembers(text, 'kind/kind.go', lineOf(FIXTURE, 'kind/kind.go', 'type Kind int'), 'Kind');
    expect(set).toMatchObject({ type: 'Kind', startLine: 5, endLine: 10, members: [{ name: 'Book', qualified: null, value: null }, { name: 'Music' }, { name: 'Video' }] });
    const other = 'package p\n\ntype Level uint8\n\ntype Mode string\n\nconst (\n\tLow Level = iota + 1\n\tHigh\n\tFast Mode = "fast"\n\tSlow\n\t_\n\tmaxLevel = 9\n)\n\nconst Top Level = 10\n';
    expect(readGoMembers(other, 'p.go', 3, 'Level')?.members.map((m) => m.name)).toEqual(['Low', 'High', 'Top']);
    expect(readGoMembers(other, 'p.go', 5, 'Mode')?.members.map((m) => m.name)).toEqual(['Fast', 'Slow']);
    expect(readGoMembers('package p\n\ntype Order struct{}\n', 'p.go', 3, 'Order')).toBeNull();
  });
});

describe.skipIf(!HAS_GO)('Go checker (go build): modules that do not build whole', () => {
  it('a package whose dependency is not on disk is skipped and named; the others are checked', async () => {
    const dir = path.join(repo.tmp, 'deps');
    cpSync(repo.root, dir, { recursive: true });
    writeFileSync(path.join(dir, 'go.mod'), 'module example.com/shop\n\ngo 1.19\n\nrequire github.com/pkg/errors v0.9.1\n');
    cpSync(path.join(dir, 'report'), path.join(dir, 'legacy'), { recursive: true });
    writeFileSync(path.join(dir, 'legacy', 'wrap.go'), 'package report\n\nimport "github.com/pkg/errors"\n\nfunc Wrap() error { return errors.New("x") }\n');
    const own = new GoChecker({ tempDir: path.join(repo.tmp, 'tmp') });
    const check = checked(await change('Total', 'orders/orders.go', 'func Total(', { kind: 'add_parameter' }, { dir, with: own }));
    expect(sites(check)).toEqual([at('checkout/checkout.go', 'orders.Total(o)', 'WrongArgCount', 'function Pay', dir), at('report/report.go', 'orders.Total(o, 1)', 'IncompatibleAssign', 'function Line', dir)]);
    expect(check.notes.join('\n')).toMatch(/skipped: 1 package\(s\) go cannot load here \(example\.com\/shop\/legacy: .*github\.com\/pkg\/errors/);
    own.dispose();
  });

  it('leaves the user\'s tree as it was (nothing written, nothing touched)', () => {
    expect(statListing(repo.root)).toBe(statsBefore);
  });
});
