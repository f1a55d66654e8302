/**
 * The Haskell checker's change kinds other than "add a variant", with real ghc over the
 * verify-haskell-changes fixture (Shop.Types used by Shop.Checkout, both used by Shop.Report): the edit
 * itself (every line keeps its number, the fresh type after the last line, a `let` block opened on an
 * equation's first line keeps its alignment), then, per kind, the exact new diagnostic sites (file, line,
 * code, enclosing function) and the refusals with their reasons. ghc must be installed: without it these
 * tests fail, they do not skip.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { haskellChangeEdit } from '../../../src/scout/haskell/change-edit.js';
import { HaskellChecker } from '../../../src/scout/haskell/checker.js';
import type { ChangeSpec, CheckOutcome } from '../../../src/scout/verify/checker.js';
import { applyLineEdits } from '../../../src/scout/verify/line-edits.js';
import { changeKindCases, checked, fixtureForTests, lineOf, sites, statListing } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-haskell-changes');
const repo = fixtureForTests(FIXTURE, 'scout-verify-hs-changes-', { sub: 'repo', after: () => checker?.dispose() });
let checker: HaskellChecker;
let statsBefore: string;
const T = 'src/Shop/Types.hs';
const C = 'src/Shop/Checkout.hs';

beforeAll(() => {
  expect(execFileSync('ghc', ['--numeric-version'], { encoding: 'utf8' })).toMatch(/^\d+\.\d+/);
  checker = new HaskellChecker({ cacheDir: path.join(repo.tmp, 'cache') });
  statsBefore = statListing(repo.root);
});

const change = (name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> =>
  (checker.applyChange as NonNullable<HaskellChecker['applyChange']>)({ root: repo.root, declaration: { name, file, line: lineOf(repo.root, file, needle) }, deadline: performance.now() + 120_000, change: spec });

/** The fixture file edited for `spec` at the declaration on the line holding `needle`. */
async function edited(file: string, name: string, needle: string, spec: ChangeSpec): Promise<string[]> {
  const text = readFileSync(path.join(FIXTURE, file), 'utf8');
  const r = await haskellChangeEdit(text, name, lineOf(FIXTURE, file, needle), spec);
  if (!r.ok) throw new Error(r.reason);
  return applyLineEdits(text, r.edit.edits).split('\n');
}

describe('Haskell change edits (no ghc)', () => {
  it('removes a function\'s signature, equations and export entry; a constructor with its `|`; a field with its comma', async () => {
    const lines = await edited(T, 'total', 'total ::', { kind: 'remove' });
    expect(lines.length).toBe(readFileSync(path.join(FIXTURE, T), 'utf8').split('\n').length);
    expect(lines[5]).toBe('  ');
    expect(lines.slice(23, 25)).toEqual(['', '']);
    expect((await edited(T, 'Shipped', 'data Status', { kind: 'remove' }))[20]).toBe('data Status = Open  | Closed');
    expect((await edited(T, 'orderPaid', 'data Order', { kind: 'remove' }))[17]).toBe('data Order = Order { orderItems :: [Item] }');
  });

  it('adds a parameter to the signature and every equation, indenting the equation\'s later lines so its `let` block stays aligned', async () => {
    const lines = await edited(C, 'discount', 'discount ::', { kind: 'add_parameter' });
    expect(lines.slice(20, 24)).toEqual(['discount :: ScoutType__ -> Int -> Int', 'discount _scoutNew p = let half = p `div` 2', '                           rest = p - half', '                       in rest']);
    expect(lines[lines.length - 1]).toBe('data ScoutType__ = ScoutType__ deriving (Show, Read, Eq, Ord, Bounded, Enum)');
    const renamed = await edited(C, 'discount', 'discount ::', { kind: 'rename', newName: 'cut' });
    expect(renamed[0]).toBe('module Shop.Checkout (checkout, receipt, cheap, ship, cut) where');
    expect(renamed.slice(21, 24)).toEqual(['cut p = let half = p `div` 2', '            rest = p - half', '        in rest']);
  });

  it('changes a result type or a field type; makes a field optional; adds a strict field to a record', async () => {
    expect((await edited(T, 'total', 'total ::', { kind: 'change_type' }))[23]).toBe('total :: Order -> ScoutType__');
    expect((await edited(T, 'itemPrice', 'itemPrice ::', { kind: 'make_optional' }))[13]).toBe('  , itemPrice :: Maybe (Int)');
    expect((await edited(T, 'Item', 'data Item', { kind: 'add_parameter' }))[13]).toBe('  , itemPrice :: Int, scoutNew__ :: !ScoutType__');
  });

  it('refuses what it cannot express, saying why', async () => {
    const reason = async (name: string, needle: string, spec: ChangeSpec, file = T): Promise<string> => {
      const r = await haskellChangeEdit(readFileSync(path.join(FIXTURE, file), 'utf8'), name, lineOf(FIXTURE, file, needle), spec);
      return r.ok ? 'edited' : r.reason;
    };
    expect(await reason('total', 'total ::', { kind: 'make_optional' })).toMatch(/^`total` is a function: Haskell has no optional parameters/);
    expect(await reason('Item', 'data Item', { kind: 'change_type' })).toMatch(/^`Item` is a data type: the ghc checker changes the type of a record field or a function's result/);
    expect(await reason('total', 'total ::', { kind: 'add_parameter', optional: true })).toMatch(/^Haskell has no optional parameters/);
    expect(await reason('total', 'total ::', { kind: 'rename', newName: 'Total' })).toMatch(/^`Total` is not a Haskell variable name/);
    expect(await reason('Status', 'data Status', { kind: 'remove', member: 'Gone' })).toMatch(/^data type `Status` has no constructor or record field `Gone`/);
    expect(await reason('Item', 'module Shop.Types', { kind: 'remove' })).toMatch(/^no top-level Haskell declaration, constructor or record field `Item` at line 2/);
  });
});

describe('Haskell checker (ghc): every change kind, with the sites it breaks', () => {
  const cases: [string, string, string, string, ChangeSpec, string[]][] = [
    ['remove a function: type errors deferred, so the importers of the importer are checked too', 'total', T, 'total ::', { kind: 'remove' }, [
      'src/Shop/Checkout.hs:10 -Wdeferred-out-of-scope-variables function receipt', 'src/Shop/Checkout.hs:17 -Wdeferred-out-of-scope-variables function ship', 'src/Shop/Report.hs:4 error - -',
    ]],
    ['remove a record field', 'itemPrice', T, 'itemPrice ::', { kind: 'remove' }, [
      'src/Shop/Checkout.hs:13 -Wdeferred-out-of-scope-variables function cheap', 'src/Shop/Report.hs:7 error function sample', 'src/Shop/Types.hs:25 -Wdeferred-out-of-scope-variables function total',
    ]],
    ['remove a constructor (by member): a pattern in the module itself', 'Status', T, 'data Status', { kind: 'remove', member: 'Closed' }, ['src/Shop/Types.hs:34 error function describe']],
    ['rename a function (its export follows)', 'total', T, 'total ::', { kind: 'rename' }, [
      'src/Shop/Checkout.hs:10 -Wdeferred-out-of-scope-variables function receipt', 'src/Shop/Checkout.hs:17 -Wdeferred-out-of-scope-variables function ship', 'src/Shop/Report.hs:4 error - -',
    ]],
    ['rename a record field', 'itemName', T, '{ itemName', { kind: 'rename', newName: 'label' }, ['src/Shop/Report.hs:7 error function sample']],
    ['add a parameter to a function', 'total', T, 'total ::', { kind: 'add_parameter' }, [
      'src/Shop/Checkout.hs:10 -Wdeferred-type-errors function receipt', 'src/Shop/Checkout.hs:17 -Wdeferred-type-errors function ship', 'src/Shop/Checkout.hs:17 -Wdeferred-type-errors function ship',
      'src/Shop/Report.hs:10 -Wdeferred-type-errors function report', 'src/Shop/Report.hs:10 -Wdeferred-type-errors function report',
    ]],
    ['add a parameter to a function with a `let` block on its first line', 'discount', C, 'discount ::', { kind: 'add_parameter' }, ['src/Shop/Report.hs:10 -Wdeferred-type-errors function report']],
    ['add a strict field to a record', 'Item', T, 'data Item', { kind: 'add_parameter' }, ['src/Shop/Report.hs:7 error function sample']],
    ['change a result type (fresh type): `show` of it still compiles', 'total', T, 'total ::', { kind: 'change_type' }, [
      'src/Shop/Checkout.hs:17 -Wdeferred-type-errors function ship', 'src/Shop/Report.hs:10 -Wdeferred-type-errors function report', 'src/Shop/Types.hs:25 -Wdeferred-type-errors function total',
    ]],
    ['change a field type (given)', 'itemPrice', T, 'itemPrice ::', { kind: 'change_type', newType: 'String' }, [
      'src/Shop/Checkout.hs:13 -Wdeferred-type-errors function cheap', 'src/Shop/Report.hs:7 -Wdeferred-type-errors function sample', 'src/Shop/Types.hs:25 -Wdeferred-type-errors function total',
    ]],
    ['make a field optional', 'itemPrice', T, 'itemPrice ::', { kind: 'make_optional' }, [
      'src/Shop/Checkout.hs:13 -Wdeferred-type-errors function cheap', 'src/Shop/Report.hs:7 -Wdeferred-type-errors function sample', 'src/Shop/Types.hs:25 -Wdeferred-type-errors function total',
    ]],
  ];
  changeKindCases(cases, change);

  it('says when the edited module fails with an error GHC cannot defer (its importers are then not checked)', async () => {
    const check = checked(await change('Shipped', T, 'data Status', { kind: 'remove' }));
    expect(sites(check)).toEqual(['src/Shop/Types.hs:33 error function describe']);
    expect(check.notes).toContainEqual(expect.stringMatching(/^the edited module itself has new errors GHC cannot defer/));
  }, 120_000);

  it('refuses through the checker, and leaves the user\'s tree as it was', async () => {
    expect(await change('total', T, 'total ::', { kind: 'make_optional' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`total` is a function/) });
    expect(statListing(repo.root)).toBe(statsBefore);
    expect(treeHash(repo.root)).toBe(repo.hash);
  });
});
