/**
 * The C/C++ checker of the verify step, on its own: real clang over the fixture projects (no language
 * server, no index), the edited files given through -ivfsoverlay. Each change kind gives exactly its new
 * errors with their places: a switch without a default missing the new enumerator, uses of a removed or
 * renamed name (the prototype and the definition changed together), calls with the old arity, values of the
 * old type. A unit that already failed reports only its new errors; a project's compile_commands.json is
 * used when present; a soft deadline checks the units that name the declaration first; what cannot be
 * expressed is refused with what would work; the user's tree is never written. Skipped, saying so, only
 * when clang is not installed.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CChecker } from '../../../src/scout/clang/checker.js';
import type { ChangeSpec, CheckOutcome } from '../../../src/scout/verify/checker.js';
import { checked, copiedFixture, fixtureForTests, lineOf, sites, statListing, writeFiles } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

function clangInstalled(): boolean {
  try {
    return /clang version \d+/.test(execFileSync('clang', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return false;
  }
}
const HAS_CLANG = clangInstalled();
if (!HAS_CLANG) console.warn('SKIPPED test/scout/clang/checker.test.ts: clang is not on PATH (apt-get install clang); the C/C++ checker is only tested with the real clang');

const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures');
const c = fixtureForTests(path.join(FIXTURES, 'verify-c'), 'scout-verify-c-', { sub: 'repo', after: () => checker?.dispose() });
const cpp = fixtureForTests(path.join(FIXTURES, 'verify-cpp'), 'scout-verify-cpp-', { sub: 'repo' });
let checker: CChecker;
let statsBefore: string;

/** Ask the checker for `spec` to `name`, declared on the line of `file` holding `needle`. */
function change(dir: string, name: string, file: string, needle: string, spec: ChangeSpec, extra: { likelyOnlyAfterMs?: number; with?: CChecker } = {}): Promise<CheckOutcome> {
  return (extra.with ?? checker).applyChange({
    root: dir,
    declaration: { name, file, line: lineOf(dir, file, needle) },
    deadline: performance.now() + 120_000,
    ...(extra.likelyOnlyAfterMs !== undefined ? { likelyOnlyAfterMs: extra.likelyOnlyAfterMs } : {}),
    change: spec,
  });
}
/** `file:line code kind name` of the line of `file` holding `needle`. */
const at = (dir: string, file: string, needle: string, code: string, place: string): string => `${file}:${lineOf(dir, file, needle)} ${code} ${place}`;

beforeAll(() => {
  if (!HAS_CLANG) return;
  checker = new CChecker({ tempDir: path.join(c.tmp, 'tmp') });
  statsBefore = statListing(c.root) + statListing(cpp.root);
});

describe.skipIf(!HAS_CLANG)('C checker (clang): change kinds on verify-c', () => {
  it('add a variant to a C enum: each switch without a default misses it, the switch with a default does not', async () => {
    const check = checked(await change(c.root, 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }));
    expect(check.edit).toBe('enumerator `SCOUT_NEW_VARIANT` added to enum `color` (after its 3 enumerator(s))');
    expect(check.target).toEqual({ name: 'color', kind: 'enum', file: 'include/color.h', line: 5 });
    expect(sites(check)).toEqual([at(c.root, 'src/checkout.c', 'switch (c)', '-Wswitch', 'function checkout_badge'), at(c.root, 'src/color.c', 'switch (c) {', '-Wswitch', 'function color_name')]);
    expect(check.errors[0]?.message).toBe("enumeration value 'SCOUT_NEW_VARIANT' not handled in switch");
    // Every unit includes color.h (order.h includes it too): five units checked.
    expect(check.checkedFiles).toBe(5);
    expect(check.notes[0]).toMatch(/^clang 14\.\S+ -fsyntax-only -Werror=switch .* on 5 translation unit\(s\) .* compilation database: none, guessed$/);
    expect(check.notes).toContain('already failing before the change: 1 unit(s) (legacy/broken.c): their old errors are not counted');
    expect(check.notes.some((n) => n.startsWith('no compile_commands.json (at the root or in build/): each source compiled alone with -std=gnu11 and -I include;'))).toBe(true);
  });

  it('remove an enumerator (a member of the enum): each use breaks, in the switches and in an initializer', async () => {
    const check = checked(await change(c.root, 'color', 'include/color.h', 'enum color {', { kind: 'remove', member: 'GREEN' }));
    expect(check.edit).toBe('removed enumerator `GREEN`');
    expect(sites(check)).toEqual([
      at(c.root, 'src/checkout.c', 'case GREEN', 'UndeclaredName', 'function checkout_badge'),
      at(c.root, 'src/color.c', 'case GREEN', 'UndeclaredName', 'function color_name'),
      at(c.root, 'src/report.c', '.tint = GREEN', 'UndeclaredName', 'function report'),
    ]);
  });

  it('remove a function asked at its prototype: its definition goes too, and its one call breaks', async () => {
    const check = checked(await change(c.root, 'color_name', 'include/color.h', 'color_name(', { kind: 'remove' }));
    expect(check.edit).toBe('removed function `color_name`');
    expect(check.notes).toContain(`the same change made to the other declaration(s) of \`color_name\`: src/color.c:${lineOf(c.root, 'src/color.c', 'const char *color_name(')}`);
    expect(sites(check)).toEqual([at(c.root, 'src/report.c', 'return color_name', '-Wimplicit-function-declaration', 'function tint_label'), at(c.root, 'src/report.c', 'return color_name', '-Wint-conversion', 'function tint_label')]);
  });

  it('rename a function asked at its definition: its prototype follows, the call breaks the same way', async () => {
    const check = checked(await change(c.root, 'color_name', 'src/color.c', 'const char *color_name(', { kind: 'rename', newName: 'colour_name' }));
    expect(check.edit).toBe('renamed function `color_name` to `colour_name` (its declarations only)');
    expect(check.notes).toContain('the same change made to the other declaration(s) of `color_name`: include/color.h:9');
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.place?.name}`)).toEqual(['src/report.c:5 tint_label', 'src/report.c:5 tint_label']);
  });

  it('a unit that already failed reports its new error only: removing color_rank breaks legacy/broken.c and report.c', async () => {
    const check = checked(await change(c.root, 'color_rank', 'include/color.h', 'color_rank(', { kind: 'remove' }));
    expect(sites(check)).toEqual([
      at(c.root, 'legacy/broken.c', 'color_rank(c)', '-Wimplicit-function-declaration', 'function legacy_weight'),
      at(c.root, 'src/report.c', 'color_rank(o->tint)', '-Wimplicit-function-declaration', 'function report_rank'),
    ]);
    // broken.c's own error (undefined_helper, before the change) is not new.
    expect(check.errors.some((e) => e.message.includes('undefined_helper'))).toBe(false);
  });

  it('add a parameter to a function: every call with the old arity breaks', async () => {
    const check = checked(await change(c.root, 'order_total', 'include/order.h', 'order_total(', { kind: 'add_parameter' }));
    expect(check.edit).toBe('required parameter `int scout_new` added to function `order_total`');
    expect(sites(check)).toEqual([
      at(c.root, 'src/checkout.c', 'if (o->qty', 'WrongArgCount', 'function checkout'),
      at(c.root, 'src/checkout.c', 'return order_total(o);', 'WrongArgCount', 'function checkout'),
      at(c.root, 'src/report.c', 'printf(', 'WrongArgCount', 'function report'),
    ]);
    expect((await change(c.root, 'order_total', 'include/order.h', 'order_total(', { kind: 'add_parameter', optional: true })).status).toBe('refused');
  });

  it('a struct field: removed, each use breaks (a designated initializer too); its type changed, each use of the value breaks', async () => {
    const removed = checked(await change(c.root, 'order.qty', 'include/order.h', 'int qty;', { kind: 'remove' }));
    expect(removed.edit).toBe('removed field `order.qty`');
    expect(sites(removed)).toEqual([
      at(c.root, 'src/checkout.c', 'o->qty', 'MissingMember', 'function checkout'),
      at(c.root, 'src/order.c', 'o->qty', 'MissingMember', 'function order_total'),
      at(c.root, 'src/order.c', 'orders[i].qty', 'MissingMember', 'function order_count'),
      at(c.root, 'src/report.c', '.qty = 2', 'error', 'function report'),
      at(c.root, 'src/report.c', 'o->qty', 'MissingMember', 'function report_rank'),
    ]);
    const typed = checked(await change(c.root, 'order.qty', 'include/order.h', 'int qty;', { kind: 'change_type', newType: 'const char *' }));
    expect(typed.edit).toBe('type of field `order.qty` changed from `int` to `const char *`');
    expect(sites(typed)).toEqual([
      at(c.root, 'src/order.c', 'o->qty', 'InvalidOperands', 'function order_total'),
      at(c.root, 'src/order.c', 'orders[i].qty', '-Wint-conversion', 'function order_count'),
      at(c.root, 'src/report.c', '.qty = 2', '-Wint-conversion', 'function report'),
      at(c.root, 'src/report.c', 'o->qty', '-Wint-conversion', 'function report_rank'),
    ]);
  });

  it('remove a macro: the array it sizes breaks, placed in its top-level declaration', async () => {
    const check = checked(await change(c.root, 'COLOR_COUNT', 'include/color.h', '#define COLOR_COUNT', { kind: 'remove' }));
    expect(check.edit).toBe('removed macro `COLOR_COUNT`');
    expect(sites(check)).toEqual([at(c.root, 'src/color.c', 'LABELS[COLOR_COUNT]', 'UndeclaredName', 'statement LABELS')]);
  });

  it('refuses what it cannot express, saying what would work', async () => {
    const optional = await change(c.root, 'order.qty', 'include/order.h', 'int qty;', { kind: 'make_optional' });
    expect(optional).toEqual({ status: 'refused', reason: expect.stringMatching(/^C has no optional type: ask to change the type to a pointer \(`change the type of order\.qty to T \*`\)/) });
    const variant = await change(c.root, 'order', 'include/order.h', 'struct order {', { kind: 'add_variant' });
    expect(variant).toEqual({ status: 'refused', reason: expect.stringContaining('`order` is a struct, not an enum with a body') });
    const nothing = await change(c.root, 'nothing', 'include/order.h', 'struct order {', { kind: 'remove' });
    expect(nothing).toEqual({ status: 'refused', reason: expect.stringMatching(/^no C or C\+\+ declaration of `nothing` at line 6/) });
  });

  it('refuses an enum whose enumerators a macro writes, and a header no source includes', async () => {
    const copy = copiedFixture(path.join(FIXTURES, 'verify-c'), 'scout-verify-c-macro-');
    writeFiles(copy.root, {
      'include/fruit.h': '#define FRUITS(X) X(APPLE) X(PEAR)\n#define AS_ENUM(n) n,\nenum fruit { FRUITS(AS_ENUM) };\n',
      'src/fruit.c': '#include "fruit.h"\nint fruit_count(void) { return 2; }\n',
      'include/orphan.h': 'enum orphan { LONELY };\n',
    });
    const macro = await change(copy.root, 'fruit', 'include/fruit.h', 'enum fruit', { kind: 'add_variant' });
    expect(macro).toEqual({ status: 'refused', reason: expect.stringContaining('the enumerators of `fruit` are written by a macro (`FRUITS(…)`)') });
    const orphan = await change(copy.root, 'orphan', 'include/orphan.h', 'enum orphan', { kind: 'add_variant' });
    expect(orphan).toEqual({ status: 'refused', reason: 'include/orphan.h is not compiled: no source file includes it (guessed build: each source compiled alone); a header is checked through the sources that include it' });
  });

  it("uses the project's compile_commands.json: only its units are checked, with its flags", async () => {
    const copy = copiedFixture(path.join(FIXTURES, 'verify-c'), 'scout-verify-c-db-');
    // Two units, as CMake (`command`, from the root) and Bear (`arguments`, from src/) write them, with output and dependency flags the checker drops.
    writeFileSync(
      path.join(copy.root, 'compile_commands.json'),
      JSON.stringify([
        { directory: copy.root, file: 'src/color.c', command: 'cc -Iinclude -Werror -c -o build/color.o src/color.c' },
        { directory: path.join(copy.root, 'src'), file: 'checkout.c', arguments: ['gcc', '-I../include', '-std=c99', '-MD', '-MF', 'checkout.d', '-c', 'checkout.c'] },
      ]),
    );
    const hash = treeHash(copy.root);
    const own = new CChecker({ tempDir: path.join(copy.tmp, 'tmp') });
    const check = checked(await change(copy.root, 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }, { with: own }));
    expect(check.checkedFiles).toBe(2);
    expect(check.notes[0]).toMatch(/compilation database: compile_commands\.json$/);
    expect(sites(check)).toEqual([at(copy.root, 'src/checkout.c', 'switch (c)', '-Wswitch', 'function checkout_badge'), at(copy.root, 'src/color.c', 'switch (c) {', '-Wswitch', 'function color_name')]);
    // Nothing written: no build/color.o, no checkout.d.
    expect(treeHash(copy.root)).toBe(hash);
  });

  it('a warm checker keeps its build between questions and sees the files changed since: a new unit is checked', async () => {
    const copy = copiedFixture(path.join(FIXTURES, 'verify-c'), 'scout-verify-c-warm-');
    const warm = new CChecker({ tempDir: path.join(copy.tmp, 'tmp') });
    await warm.prepare(copy.root, 'include/color.h');
    const first = checked(await change(copy.root, 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }, { with: warm }));
    expect(first.errors).toHaveLength(2);
    writeFiles(copy.root, { 'src/extra.c': '#include "color.h"\nint extra(enum color c) {\n  switch (c) {\n  case RED:\n    return 1;\n  }\n  return 0;\n}\n' });
    const second = checked(await change(copy.root, 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }, { with: warm }));
    expect(second.checkedFiles).toBe(6);
    expect(second.errors.map((e) => `${e.file}:${e.line} ${e.place?.name}`)).toEqual(['src/checkout.c:9 checkout_badge', 'src/color.c:11 color_name', 'src/extra.c:3 extra']);
    // A unit already failing before the change (extra.c misses GREEN and BLUE): the error's new message counts, the old one does not.
    expect(second.errors[2]?.message).toBe("enumeration values 'GREEN', 'BLUE', and 'SCOUT_NEW_VARIANT' not handled in switch");
    warm.dispose();
  });

  it('past the soft deadline (here at once), only the units whose source names the declaration are checked; the rest is unchecked', async () => {
    const check = checked(await change(c.root, 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }, { likelyOnlyAfterMs: 0 }));
    expect(check.unchecked).toEqual(['src/order.c', 'src/report.c']);
    expect(check.checkedFiles).toBe(3);
    expect(check.notes).toContain('partial check: 2 of 5 unit(s) that can see the change were not checked in time (units that name `color` were checked first)');
  });
});

describe.skipIf(!HAS_CLANG)('C++ checker (clang): change kinds on verify-cpp', () => {
  it('add a variant to an enum class: the method and the function switching without a default miss it, the switch with a default does not', async () => {
    const check = checked(await change(cpp.root, 'geo::Kind', 'include/shape.hpp', 'enum class Kind', { kind: 'add_variant' }));
    expect(check.target).toEqual({ name: 'Kind', kind: 'enum', file: 'include/shape.hpp', line: 5 });
    expect(sites(check)).toEqual([at(cpp.root, 'src/shape.cpp', 'switch (kind_)', '-Wswitch', 'method Shape::area'), at(cpp.root, 'src/shape.cpp', 'switch (k)', '-Wswitch', 'function kind_name')]);
    expect(check.notes.some((n) => n.includes('-std=gnu++17'))).toBe(true);
  });

  it('add a parameter to a method declared in its class and defined outside: both change, both calls break', async () => {
    const check = checked(await change(cpp.root, 'Shape::area', 'include/shape.hpp', 'double area(', { kind: 'add_parameter' }));
    expect(check.edit).toBe('required parameter `struct ScoutNewParameter *scout_new` added to method `Shape::area`');
    expect(check.notes).toContain('the same change made to the other declaration(s) of `Shape::area`: src/shape.cpp:5');
    expect(sites(check)).toEqual([at(cpp.root, 'src/draw.cpp', 's.area(1.0)', 'WrongArgCount', 'function describe'), at(cpp.root, 'src/draw.cpp', 'shapes[i].area', 'WrongArgCount', 'function total_area')]);
  });

  it('rename a class: its constructor follows; each use of the old name breaks, placed in the function whose parameter names it', async () => {
    const check = checked(await change(cpp.root, 'Shape', 'include/shape.hpp', 'class Shape', { kind: 'rename', newName: 'Figure' }));
    expect(check.edit).toBe('renamed class `Shape` to `Figure` (its declarations only)');
    expect(sites(check)).toEqual([
      at(cpp.root, 'src/draw.cpp', 'describe(', 'error', 'function describe'),
      at(cpp.root, 'src/draw.cpp', 'total_area(', 'error', 'function total_area'),
      at(cpp.root, 'src/shape.cpp', 'Shape::area', 'UndeclaredName', 'method Shape::area'),
    ]);
  });

  it("change a function's return type: its own returns and the caller break", async () => {
    const check = checked(await change(cpp.root, 'kind_name', 'src/shape.cpp', 'kind_name(Kind k) {', { kind: 'change_type', newType: 'int' }));
    expect(check.edit).toBe('return type of function `kind_name` changed from `const char *` to `int`');
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.place?.name}`)).toEqual(['src/draw.cpp:5 describe', 'src/shape.cpp:19 kind_name', 'src/shape.cpp:20 kind_name', 'src/shape.cpp:21 kind_name', 'src/shape.cpp:23 kind_name']);
  });
});

describe.skipIf(!HAS_CLANG)('C/C++ checker: the user tree', () => {
  it('is never written: same files, sizes and mtimes after every check, and the same content', () => {
    expect(statListing(c.root) + statListing(cpp.root)).toBe(statsBefore);
    expect(treeHash(c.root)).toBe(c.hash);
    expect(treeHash(cpp.root)).toBe(cpp.hash);
  });
});
