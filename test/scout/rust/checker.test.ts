/**
 * The Rust checker of the verify step, on its own: real cargo over the fixture crate (no language server, no
 * index). Exhaustive matches in a function, a method, a const and a closure are new errors with their
 * places; a `_` arm, `matches!` and `==` are not; an enum only compared is a negative; errors the crate had
 * already are not reported; refusals say why; a member of a workspace breaks another member; dependencies
 * not downloaded give advice; the deadline; and the user's tree is left as it was. cargo must be installed:
 * without it these tests fail (CI installs it), they do not skip.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckOutcome } from '../../../src/scout/verify/checker.js';
import { columnBeforeInsertion } from '../../../src/scout/verify/insertion.js';
import { RustChecker } from '../../../src/scout/rust/checker.js';
import { findCrate } from '../../../src/scout/rust/crate.js';
import { cargoFailure } from '../../../src/scout/rust/run-cargo.js';
import { newRustErrors } from '../../../src/scout/rust/diagnostic-diff.js';
import { enumVariantEdit } from '../../../src/scout/rust/variant-edit.js';
import { addVariantAt, checked, expectInsertions, fixtureForTests, lineOf, sites, statListing, writeFiles } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-rust');
const repo = fixtureForTests(FIXTURE, 'scout-verify-rs-', { sub: 'repo', skip: /[\\/](target|\.scout)$/, after: () => checker?.dispose() });
let checker: RustChecker;

const addVariant = (name: string, file: string, needle: string, options: { dir?: string; deadlineMs?: number; with?: RustChecker } = {}): Promise<CheckOutcome> =>
  addVariantAt(options.with ?? checker, options.dir ?? repo.root, name, file, needle, options.deadlineMs);

let statsBefore: string;
beforeAll(() => {
  // Fails loudly without cargo: the Rust checker is tested with the real one, never skipped.
  expect(execFileSync('cargo', ['--version'], { encoding: 'utf8' })).toMatch(/^cargo \d+\.\d+/);
  checker = new RustChecker({ cacheDir: path.join(repo.tmp, 'cache') });
  statsBefore = statListing(repo.root);
});

describe('Rust checker (cargo): the edit', () => {
  it('inserts __ScoutNew before the closing brace, a comma first when the last variant has none, without adding a line', async () => {
    const cases: [string, string][] = [
      ['enum A {\n    X,\n    Y,\n}\n', 'enum A {\n    X,\n    Y,\n __ScoutNew }\n'],
      ['enum A {\n    X { a: u8 },\n    Y(u8)\n}\n', 'enum A {\n    X { a: u8 },\n    Y(u8)\n, __ScoutNew }\n'],
      ['enum A { X = 1, Y = 2 /* } */ }\n', 'enum A { X = 1, Y = 2 /* } */ , __ScoutNew }\n'],
      ['enum A {\n    X, // last }\n    #[doc = "}"]\n    Y,\n}\n', 'enum A {\n    X, // last }\n    #[doc = "}"]\n    Y,\n __ScoutNew }\n'],
      ['enum Never {}\n', 'enum Never { __ScoutNew }\n'],
      ['pub(crate) enum G<T: Clone> where T: Copy {\n    V(T)\n}\n', 'pub(crate) enum G<T: Clone> where T: Copy {\n    V(T)\n, __ScoutNew }\n'],
    ];
    await expectInsertions(cases, /enum (\w+)/, enumVariantEdit);
  });

  it('finds the enum by line, its #[non_exhaustive], and maps columns after the insertion back', async () => {
    const text = readFileSync(path.join(FIXTURE, 'src/model/level.rs'), 'utf8');
    const r = await enumVariantEdit(text, 'Level', lineOf(FIXTURE, 'src/model/level.rs', 'pub enum Level'));
    if (!r.ok) throw new Error(r.reason);
    expect(r.edit).toMatchObject({ name: 'Level', kind: 'enum (#[non_exhaustive])', declLine: 4, line: 9, column: 0 });
    expect(columnBeforeInsertion(r.edit, 9, r.edit.insert.length)).toBe(0);
    expect(columnBeforeInsertion(r.edit, 8, 20)).toBe(20);
  });

  it('refuses what is not an enum, saying what it is', async () => {
    const text = 'pub struct S { a: u8 }\npub fn f() {}\npub type T = E;\nenum E { A }\ntrait Tr {}\n';
    expect(await enumVariantEdit(text, 'S', 1)).toEqual({ ok: false, reason: expect.stringMatching(/^`S` is a struct, not an enum/) });
    expect(await enumVariantEdit(text, 'f', 2)).toEqual({ ok: false, reason: expect.stringMatching(/^`f` is a function, not an enum/) });
    expect(await enumVariantEdit(text, 'T', 3)).toEqual({ ok: false, reason: expect.stringMatching(/^`T` is a type alias \(`pub type T = E;`\): ask about the enum it names/) });
    expect(await enumVariantEdit(text, 'A', 4)).toEqual({ ok: false, reason: expect.stringMatching(/^`A` at line 4 is a variant, not an enum: ask about its enum/) });
    expect(await enumVariantEdit(text, 'E', 4)).toMatchObject({ ok: true, edit: { name: 'E', insert: ', __ScoutNew ' } });
    expect(await enumVariantEdit(text, 'Tr', 5)).toEqual({ ok: false, reason: expect.stringMatching(/^`Tr` is a trait, not an enum/) });
    expect(await enumVariantEdit(text, 'X', 6)).toEqual({ ok: false, reason: expect.stringMatching(/^no declaration of `X` at line 6/) });
  });

  it('diffs errors as a multiset, blanking what rustc quotes', () => {
    const d = (line: number, message: string) => ({ file: 'src/a.rs', line, character: 4, code: 'E0004', message });
    expect(newRustErrors([d(3, 'non-exhaustive patterns: `E::B` and `E::__ScoutNew` not covered'), d(9, 'non-exhaustive patterns: `E::__ScoutNew` not covered')], [d(3, 'non-exhaustive patterns: `E::B` not covered')])).toEqual([
      d(9, 'non-exhaustive patterns: `E::__ScoutNew` not covered'),
    ]);
  });
});

describe('Rust checker (cargo): add a variant', () => {
  it('an enum matched exhaustively in a fn: E0004 there only; the `_` arm and matches! compile', async () => {
    const check = checked(await addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode'));
    expect(check.target).toEqual({ name: 'ExitCode', kind: 'enum', file: 'src/lib.rs', line: lineOf(repo.root, 'src/lib.rs', 'pub enum ExitCode') });
    expect(check.edit).toBe('variant __ScoutNew added to enum ExitCode');
    expect(sites(check)).toEqual([`src/lib.rs:${lineOf(repo.root, 'src/lib.rs', 'match code {')} E0004 function code_number`]);
    expect(check.errors[0]?.message).toMatch(/^non-exhaustive patterns: `(?:ExitCode::)?__ScoutNew` not covered/);
    expect(check.errors[0]?.place).toMatchObject({ startLine: lineOf(repo.root, 'src/lib.rs', 'pub fn code_number'), endLine: lineOf(repo.root, 'src/lib.rs', 'pub fn is_ok') - 3 });
    expect(check.checkedFiles).toBe(5);
    expect(check.notes[0]).toMatch(/^cargo check --offline on a shadow copy/);
  });

  it('a #[non_exhaustive] enum in another module, used through `use`: the method and the const that match it', async () => {
    const check = checked(await addVariant('Level', 'src/model/level.rs', 'pub enum Level'));
    expect(check.target.kind).toBe('enum (#[non_exhaustive])');
    expect(sites(check)).toEqual([
      `src/report.rs:${lineOf(repo.root, 'src/report.rs', 'match level {')} E0004 method Reporter.label`,
      `src/report.rs:${lineOf(repo.root, 'src/report.rs', 'pub const DEFAULT_WIDTH')} E0004 statement DEFAULT_WIDTH`,
    ]);
  });

  it('struct and tuple variants: the exhaustive match and the closure; the match with `_` compiles', async () => {
    const check = checked(await addVariant('Shape', 'src/shapes.rs', 'pub enum Shape'));
    expect(sites(check)).toEqual([
      `src/shapes.rs:${lineOf(repo.root, 'src/shapes.rs', 'match shape {')} E0004 function area`,
      `src/shapes.rs:${lineOf(repo.root, 'src/shapes.rs', '|shape| match shape')} E0004 function closure_sides`,
    ]);
  });

  it('an enum only compared with ==: nothing breaks (a negative)', async () => {
    const check = checked(await addVariant('Outcome', 'src/model/mod.rs', 'pub enum Outcome'));
    expect(check.errors).toEqual([]);
  });

  it('refuses a struct and a function with the reason', async () => {
    expect(await addVariant('Settings', 'src/lib.rs', 'pub struct Settings')).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Settings` is a struct, not an enum/) });
    expect(await addVariant('code_number', 'src/lib.rs', 'pub fn code_number')).toEqual({ status: 'refused', reason: expect.stringMatching(/^`code_number` is a function, not an enum/) });
  });

  it('errors the crate had before the edit are not reported; the edited file is mapped back', async () => {
    const dir = path.join(repo.tmp, 'broken');
    cpSync(repo.root, dir, { recursive: true });
    appendFileSync(path.join(dir, 'src/lib.rs'), '\npub fn broken() -> i32 { "not a number" }\n');
    // An error on the enum's closing line, after the insertion point, that was there before.
    writeFileSync(path.join(dir, 'src/shapes.rs'), readFileSync(path.join(dir, 'src/shapes.rs'), 'utf8').replace(/^}\n\npub fn area/m, '} const BAD: u8 = "x";\n\npub fn area'));
    const own = new RustChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    const exit = checked(await addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode', { dir, with: own }));
    expect(sites(exit)).toEqual([`src/lib.rs:${lineOf(dir, 'src/lib.rs', 'match code {')} E0004 function code_number`]);
    const shape = checked(await addVariant('Shape', 'src/shapes.rs', 'pub enum Shape', { dir, with: own }));
    expect(sites(shape).map((s) => s.split(' ')[1])).toEqual(['E0004', 'E0004']);
    own.dispose();
    // A fresh checker (a new process) takes the saved baseline: the pre-existing errors still do not count.
    const homes = readdirSync(path.join(repo.tmp, 'cache', 'cargo')).filter((h) => readdirSync(path.join(repo.tmp, 'cache', 'cargo', h)).includes('baseline.json'));
    expect(homes.length).toBeGreaterThan(0);
    const next = new RustChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    expect(sites(checked(await addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode', { dir, with: next })))).toEqual(sites(exit));
    next.dispose();
  });

  it('a workspace: the enum of one member breaks a match in another member', async () => {
    const ws = path.join(repo.tmp, 'ws');
    writeFiles(ws, {
      'Cargo.toml': '[workspace]\nmembers = ["core", "app"]\n',
      'core/Cargo.toml': '[package]\nname = "core-kinds"\nversion = "0.1.0"\nedition = "2021"\n',
      'core/src/lib.rs': 'pub enum Kind {\n    A,\n    B,\n}\n',
      'app/Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncore-kinds = { path = "../core" }\n',
      'app/src/main.rs': 'use core_kinds::Kind;\n\nfn name(k: Kind) -> &\'static str {\n    match k {\n        Kind::A => "a",\n        Kind::B => "b",\n    }\n}\n\nfn main() {\n    println!("{}", name(Kind::A));\n}\n',
    });
    const check = checked(await addVariant('Kind', 'core/src/lib.rs', 'pub enum Kind', { dir: ws }));
    expect(sites(check)).toEqual(['app/src/main.rs:4 E0004 function name']);
    expect(check.notes[0]).toMatch(/--workspace on a shadow copy of the repository root/);
  });

  it('a crate whose dependencies are not downloaded: refused with how to fix it', async () => {
    const dir = path.join(repo.tmp, 'deps');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'Cargo.toml'), '[package]\nname = "deps"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nscout-no-such-crate-zz = "1"\n');
    writeFileSync(path.join(dir, 'src/lib.rs'), 'pub enum E {\n    A,\n}\n');
    const outcome = await addVariant('E', 'src/lib.rs', 'pub enum E', { dir });
    expect(outcome).toEqual({ status: 'refused', reason: expect.stringMatching(/^cargo cannot check the crate offline: its dependencies are not downloaded .*run `cargo fetch` in \. once/) });
  });

  it('says how to fix what stops cargo before it compiles', () => {
    expect(cargoFailure('error: current package believes it\'s in a workspace when it\'s not:\ncurrent:   /x/Cargo.toml\n', 'crates/a')).toMatch(/^cargo cannot load the crate's workspace \(error: current package believes.*make `cargo check` work in crates\/a/);
    expect(cargoFailure('error: failed to parse lock file at: /x/Cargo.lock\n\nCaused by:\n  lock file version 4 requires `-Znext-lockfile-bump`\n', '.')).toMatch(/^the installed cargo is too old for this crate .*`rustup update`/);
    expect(cargoFailure('error: failed to run custom build command for `x`\n', '.')).toMatch(/^cargo check failed before compiling \(error: failed to run custom build command/);
  });

  it('a file outside any crate: refused', async () => {
    const dir = path.join(repo.tmp, 'nocrate');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'lone.rs'), 'enum E { A }\n');
    expect(await addVariant('E', 'lone.rs', 'enum E', { dir })).toEqual({ status: 'refused', reason: expect.stringMatching(/no Cargo.toml with a \[package\] between lone.rs and the repository root/) });
  });

  it('a module behind a link that leads outside the repository is not mirrored, and never named', async () => {
    const dir = path.join(repo.tmp, 'linked', 'repo');
    cpSync(repo.root, dir, { recursive: true });
    mkdirSync(path.join(repo.tmp, 'linked', 'outside'), { recursive: true });
    writeFileSync(path.join(repo.tmp, 'linked', 'outside', 'secret.rs'), 'use crate::ExitCode;\npub fn secret(c: ExitCode) -> u8 {\n    match c {\n        ExitCode::Ok => 0,\n        ExitCode::Failed => 1,\n        ExitCode::Interrupted => 2,\n    }\n}\n');
    symlinkSync(path.join(repo.tmp, 'linked', 'outside', 'secret.rs'), path.join(dir, 'src', 'secret.rs'));
    appendFileSync(path.join(dir, 'src', 'lib.rs'), 'pub mod secret;\n');
    const check = checked(await addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode', { dir }));
    // The crate without the module does not compile (E0583), before and after the edit: only the new error counts.
    expect(sites(check)).toEqual([`src/lib.rs:${lineOf(dir, 'src/lib.rs', 'match code {')} E0004 function code_number`]);
    expect(check.notes.join('\n')).toMatch(/left out of the check: 1 link\(s\) leading outside the repository \(src\/secret.rs\)/);
    expect(JSON.stringify(check)).not.toContain(path.join(repo.tmp, 'linked', 'outside'));
    expect(check.errors.filter((e) => e.file.includes('secret'))).toEqual([]);
  });

  it('gives up at the deadline (CheckTimeout) and checks again afterwards', async () => {
    const cold = new RustChecker({ cacheDir: path.join(repo.tmp, 'cold-cache') });
    await expect(addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode', { deadlineMs: 30, with: cold })).rejects.toBeInstanceOf(CheckTimeout);
    const again = checked(await addVariant('ExitCode', 'src/lib.rs', 'pub enum ExitCode', { with: cold }));
    expect(again.errors).toHaveLength(1);
    cold.dispose();
  });

  it('finds findCrate\'s package and workspace without leaving the root', () => {
    expect(findCrate(repo.root, 'src/model/level.rs')).toEqual({ ok: true, crate: { packageDir: '', checkDir: '', workspace: false } });
    expect(findCrate(path.join(repo.tmp, 'ws'), 'app/src/main.rs')).toEqual({ ok: true, crate: { packageDir: 'app', checkDir: '', workspace: true } });
    // The repository is `src/` of the crate: its Cargo.toml lies outside and is not used.
    expect(findCrate(path.join(repo.root, 'src'), 'lib.rs')).toMatchObject({ ok: false });
  });

  it('leaves the user\'s tree as it was: no file written, touched or added (no target/ either)', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
    expect(statListing(repo.root)).toBe(statsBefore);
  });
});
