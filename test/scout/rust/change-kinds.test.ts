/**
 * The Rust checker's change kinds other than "add a variant", with real cargo over the verify-rust-changes
 * fixture (declarations in `config` and `parse`, used from `parse` and `report`): the edit itself (line-keeping,
 * found by line), then, per kind, the exact new error sites (file, line, code, enclosing function) and the
 * refusals with their reasons. cargo must be installed: without it these tests fail, they do not skip.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rustChangeEdit } from '../../../src/scout/rust/change-edit.js';
import { RustChecker } from '../../../src/scout/rust/checker.js';
import type { ChangeSpec, CheckOutcome } from '../../../src/scout/verify/checker.js';
import { applyLineEdits } from '../../../src/scout/verify/line-edits.js';
import { changeKindCases, checked, fixtureForTests, lineOf, sites, statListing } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-rust-changes');
const repo = fixtureForTests(FIXTURE, 'scout-verify-rs-changes-', { sub: 'repo', skip: /[\\/](target|\.scout)$/, after: () => checker?.dispose() });
let checker: RustChecker;
let statsBefore: string;

beforeAll(() => {
  expect(execFileSync('cargo', ['--version'], { encoding: 'utf8' })).toMatch(/^cargo \d+\.\d+/);
  checker = new RustChecker({ cacheDir: path.join(repo.tmp, 'cache') });
  statsBefore = statListing(repo.root);
});

const change = (name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> =>
  (checker.applyChange as NonNullable<RustChecker['applyChange']>)({ root: repo.root, declaration: { name, file, line: lineOf(repo.root, file, needle) }, deadline: performance.now() + 120_000, change: spec });

/** The edited text of a one-file case, checked to keep its line count. */
async function edited(text: string, name: string, line: number, spec: ChangeSpec): Promise<string> {
  const r = await rustChangeEdit(text, name, line, spec);
  if (!r.ok) throw new Error(r.reason);
  const out = applyLineEdits(text, r.edit.edits);
  expect(out.split('\n').length).toBe(text.split('\n').length);
  return out;
}

describe('Rust change edits (no cargo)', () => {
  const src = '#[derive(Debug)]\n/// Doc.\npub struct S {\n    #[allow(dead_code)]\n    pub a: u8,\n    b: Vec<u8>\n}\nimpl S {\n    pub fn m(&self, x: u8) -> u8 { x }\n    fn n() {}\n}\npub struct T(pub u8, String);\nfn f<T: Clone>(a: T) {}\n';

  it('removes an item with its attributes and doc comments, a field with its attributes and comma, a method of the type by member', async () => {
    expect(await edited(src, 'S', 3, { kind: 'remove' })).toBe('\n\n\n\n\n\n\nimpl S {\n    pub fn m(&self, x: u8) -> u8 { x }\n    fn n() {}\n}\npub struct T(pub u8, String);\nfn f<T: Clone>(a: T) {}\n');
    expect((await edited(src, 'S.a', 5, { kind: 'remove' })).split('\n').slice(3, 6)).toEqual(['    ', '', '    b: Vec<u8>']);
    expect((await edited(src, 'S', 3, { kind: 'remove', member: 'n' })).split('\n')[9]).toBe('    ');
  });

  it('renames the declaration only, in its own case when the question gives no name', async () => {
    expect((await edited(src, 'S.m', 9, { kind: 'rename' })).split('\n')[8]).toBe('    pub fn m_renamed(&self, x: u8) -> u8 { x }');
    expect((await edited(src, 'S', 3, { kind: 'rename' })).split('\n')[2]).toBe('pub struct SRenamed {');
  });

  it('adds a parameter after the last one (after self; into an empty list), a field to a struct or a tuple struct', async () => {
    expect((await edited(src, 'S.m', 9, { kind: 'add_parameter' })).split('\n')[8]).toBe('    pub fn m(&self, x: u8, __scout_new: u8) -> u8 { x }');
    expect((await edited(src, 'S.n', 10, { kind: 'add_parameter' })).split('\n')[9]).toBe('    fn n(__scout_new: u8) {}');
    expect((await edited(src, 'S', 3, { kind: 'add_parameter' })).split('\n')[5]).toBe('    b: Vec<u8>, pub __scout_new: u8');
    expect((await edited(src, 'T', 12, { kind: 'add_parameter' })).split('\n')[11]).toBe('pub struct T(pub u8, String, pub u8);');
  });

  it('changes a type to a fresh unit struct declared before the module-level item (above its attributes), or to the question\'s type', async () => {
    const out = (await edited(src, 'S.m', 9, { kind: 'change_type' })).split('\n');
    expect(out[7]).toBe('pub struct __ScoutType; impl S {');
    expect(out[8]).toBe('    pub fn m(&self, x: u8) -> __ScoutType { x }');
    expect((await edited(src, 'S.a', 5, { kind: 'change_type' })).split('\n')[0]).toBe('pub struct __ScoutType; #[derive(Debug)]');
    expect((await edited(src, 'f', 13, { kind: 'change_type', newType: 'String' })).split('\n')[12]).toBe('fn f<T: Clone>(a: T) -> String {}');
    expect((await edited(src, 'S.a', 5, { kind: 'make_optional' })).split('\n')[4]).toBe('    pub a: Option<u8>,');
  });

  it('a function and its parameter of the same name on one line: the function is meant', async () => {
    const text = 'pub fn target(target: &str) -> u8 { 0 }\n';
    expect(await edited(text, 'target', 1, { kind: 'change_type', newType: 'u16' })).toBe('pub fn target(target: &str) -> u16 { 0 }\n');
  });

  it('refuses what it cannot express, saying why', async () => {
    const refusal = async (name: string, line: number, spec: ChangeSpec): Promise<string> => {
      const r = await rustChangeEdit(src + 'pub struct U;\n', name, line, spec);
      return r.ok ? 'edited' : r.reason;
    };
    expect(await refusal('S.m', 9, { kind: 'add_parameter', optional: true })).toMatch(/^Rust has no optional parameters/);
    expect(await refusal('U', 14, { kind: 'add_parameter' })).toMatch(/^`U` is a unit struct/);
    expect(await refusal('S.m', 9, { kind: 'make_optional' })).toMatch(/^`S\.m` is a method: the cargo checker makes a struct field, a parameter or a type alias optional/);
    expect(await refusal('S', 3, { kind: 'change_type' })).toMatch(/^`S` is a struct, which has no one type to change/);
    expect(await refusal('S.m', 9, { kind: 'rename', newName: 'not valid' })).toMatch(/^`not valid` is not a Rust identifier/);
    expect(await refusal('S', 3, { kind: 'remove', member: 'zz' })).toMatch(/^struct `S` has no field, variant, method or associated const `zz`/);
    expect(await refusal('nothing', 8, { kind: 'remove' })).toMatch(/^no Rust declaration of `nothing` at line 8/);
    expect(await refusal('S.a', 5, { kind: 'make_optional' })).toBe('edited');
  });
});

describe('Rust checker (cargo): every change kind, with the sites it breaks', () => {
  const cases: [string, string, string, string, ChangeSpec, string[]][] = [
    ['remove a function', 'parse_port', 'src/parse.rs', 'pub fn parse_port', { kind: 'remove' }, ['src/parse.rs:15 E0425 function parse_config', 'src/report.rs:2 E0432 statement -']],
    ['remove a method', 'Config.address', 'src/config.rs', 'pub fn address', { kind: 'remove' }, ['src/config.rs:35 E0599 method Config.describe']],
    ['remove a field (by member)', 'Config', 'src/config.rs', 'pub struct Config', { kind: 'remove', member: 'port' }, [
      'src/config.rs:11 E0560 method Config.new', 'src/config.rs:15 E0609 method Config.address', 'src/parse.rs:15 E0609 function parse_config', 'src/parse.rs:20 E0560 function literal', 'src/report.rs:10 E0609 function run',
    ]],
    ['remove a variant', 'Token.Number', 'src/parse.rs', 'Number(u32)', { kind: 'remove' }, ['src/report.rs:25 E0599 function token_text']],
    ['remove a const', 'DEFAULT_PORT', 'src/config.rs', 'pub const DEFAULT_PORT', { kind: 'remove' }, ['src/parse.rs:1 E0432 statement -']],
    ['remove a trait method', 'Describe.describe', 'src/config.rs', 'fn describe(&self) -> String;', { kind: 'remove' }, ['src/config.rs:34 E0407 method Config.describe', 'src/report.rs:5 E0599 function summary']],
    ['rename a field', 'Config.verbose', 'src/config.rs', 'pub verbose', { kind: 'rename', newName: 'loud' }, [
      'src/config.rs:11 E0560 method Config.new', 'src/parse.rs:20 E0560 function literal', 'src/parse.rs:24 E0560 function with_defaults', 'src/report.rs:5 E0609 function summary',
    ]],
    ['rename a function', 'parse_config', 'src/parse.rs', 'pub fn parse_config', { kind: 'rename' }, ['src/report.rs:2 E0432 statement -']],
    ['add a parameter to a function', 'parse_port', 'src/parse.rs', 'pub fn parse_port', { kind: 'add_parameter' }, ['src/parse.rs:15 E0061 function parse_config', 'src/report.rs:10 E0061 function run']],
    ['add a parameter to a trait method', 'Describe.describe', 'src/config.rs', 'fn describe(&self) -> String;', { kind: 'add_parameter' }, ['src/config.rs:34 E0050 method Config.describe', 'src/report.rs:5 E0061 function summary']],
    ['add a field to a struct (a literal with `..` compiles)', 'Config', 'src/config.rs', 'pub struct Config', { kind: 'add_parameter' }, ['src/config.rs:11 E0063 method Config.new', 'src/parse.rs:20 E0063 function literal']],
    ['add a field to a tuple struct', 'Pair', 'src/config.rs', 'pub struct Pair', { kind: 'add_parameter' }, ['src/report.rs:14 E0023 function pair_sum', 'src/report.rs:19 E0061 function make_pair']],
    ['change a return type (fresh type)', 'parse_port', 'src/parse.rs', 'pub fn parse_port', { kind: 'change_type' }, [
      'src/parse.rs:10 E0277 function parse_port', 'src/parse.rs:10 E0308 function parse_port', 'src/parse.rs:15 E0308 function parse_config', 'src/report.rs:10 E0369 function run',
    ]],
    ['change a field type (given)', 'Config.port', 'src/config.rs', 'pub port: u16', { kind: 'change_type', newType: 'String' }, [
      'src/config.rs:11 E0308 method Config.new', 'src/parse.rs:15 E0308 function parse_config', 'src/parse.rs:20 E0308 function literal', 'src/report.rs:10 E0277 function run',
    ]],
    ['make a field optional', 'Config.port', 'src/config.rs', 'pub port: u16', { kind: 'make_optional' }, [
      'src/config.rs:11 E0308 method Config.new', 'src/config.rs:15 E0277 method Config.address', 'src/parse.rs:15 E0308 function parse_config', 'src/parse.rs:20 E0308 function literal', 'src/report.rs:10 E0277 function run',
    ]],
    ['make a parameter optional', 'text', 'src/parse.rs', 'pub fn parse_port', { kind: 'make_optional' }, ['src/parse.rs:10 E0599 function parse_port', 'src/parse.rs:15 E0308 function parse_config', 'src/report.rs:10 E0308 function run']],
  ];
  changeKindCases(cases, change);

  it('refuses through the checker with the edit\'s reason, and leaves the user\'s tree as it was', async () => {
    expect(await change('Marker', 'src/config.rs', 'pub struct Marker', { kind: 'add_parameter' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Marker` is a unit struct/) });
    expect(await change('parse_port', 'src/parse.rs', 'pub fn parse_port', { kind: 'make_optional' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`parse_port` is a function/) });
    expect(statListing(repo.root)).toBe(statsBefore);
    expect(treeHash(repo.root)).toBe(repo.hash);
  });
});
