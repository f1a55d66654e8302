/**
 * The Python checker's change kinds beyond "add a variant": remove an enum member, rename, add a parameter,
 * change a type, make optional, through real pyright over a shadow copy of the verify-python fixture
 * (verify-python-changes for the last three: a fixture of their own, so verify-python's golden answer stays); declarations a change does not apply to are
 * refused with what would work; the user's tree is left as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeSpec, CheckOutcome, VariantCheck } from '../../../src/scout/verify/checker.js';
import { PythonChecker } from '../../../src/scout/python/checker.js';
import { applyEdit, originalColumn } from '../../../src/scout/python/variant-edit.js';
import { changeEditFor } from '../../../src/scout/python/change-edit.js';
import { scanPython } from '../../../src/scout/python/source-lines.js';
import { checked, fixtureForTests } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python');
const repo = fixtureForTests(FIXTURE, 'scout-py-change-', { after: () => checker.dispose() });
const checker = new PythonChecker();
const CHANGES = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python-changes');
const changes = fixtureForTests(CHANGES, 'scout-py-kinds-');

const text = (file: string): string => readFileSync(path.join(repo.root, file), 'utf8');
const lineOf = (file: string, needle: string): number => text(file).split('\n').findIndex((l) => l.includes(needle)) + 1;

function change(name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> {
  return checker.applyChange({ root: repo.root, declaration: { name, file, line: lineOf(file, needle) }, deadline: performance.now() + 60_000, change: spec });
}

const sites = (check: VariantCheck): string[] => check.errors.map((e) => `${e.file}:${e.line} ${e.place?.name ?? '-'}`);
const where = (check: VariantCheck): string[] => [...new Set(check.errors.map((e) => `${e.file}:${e.line}`))];

/** The edited text of `code` for `spec` on the declaration of `name` at the line holding `needle`. */
function edited(code: string, name: string, needle: string, spec: ChangeSpec, options: { pythonMinor?: number } = {}): string {
  const src = scanPython(code);
  const result = changeEditFor(src, name, code.split('\n').findIndex((l) => l.includes(needle)) + 1, spec, options);
  if (!result.ok) throw new Error(result.reason);
  expect(result.edit.insert).not.toContain('\n');
  return applyEdit(src.text, src, result.edit);
}
const refusal = (code: string, name: string, needle: string, spec: ChangeSpec): string => {
  const result = changeEditFor(scanPython(code), name, code.split('\n').findIndex((l) => l.includes(needle)) + 1, spec);
  if (result.ok) throw new Error(`expected a refusal, got ${result.edit.insert}`);
  return result.reason;
};
const REQ: ChangeSpec = { kind: 'add_parameter' };
const OPT: ChangeSpec = { kind: 'add_parameter', optional: true };

describe('Python edits for other change kinds', () => {
  it('a rename replaces the name on its line; columns after it map back', () => {
    const src = scanPython('class ExitCode(IntEnum):  # codes\n    OK = 0\n    FAIL = 1\n');
    const result = changeEditFor(src, 'ExitCode', 1, { kind: 'rename', newName: 'Status' });
    if (!result.ok) throw new Error(result.reason);
    expect(applyEdit(src.text, src, result.edit).split('\n')[0]).toBe('class Status(IntEnum):  # codes');
    expect(originalColumn(result.edit, 0, 12)).toBe(14); // `(` after the shorter name
    const removed = changeEditFor(src, 'ExitCode.OK', 2, { kind: 'remove' });
    if (!removed.ok) throw new Error(removed.reason);
    expect(applyEdit(src.text, src, removed.edit).split('\n')[1]).toBe('    ');
  });
});

describe('Python edits: add a parameter', () => {
  it.each([
    ['def f():\n    pass\n', 'def f(scout_new_argument: ellipsis):'],
    ['def f(a, b):\n    pass\n', 'def f(a, b, scout_new_argument: ellipsis):'],
    ['def f(a, b=1, *args, **kw):\n    pass\n', 'def f(a, scout_new_argument: ellipsis, b=1, *args, **kw):'],
    ['def f(a, *, b):\n    pass\n', 'def f(a, scout_new_argument: ellipsis, *, b):'],
    ['def f(a, /, b: dict[str, int] = {"x,y": 1}):\n    pass\n', 'def f(a, /, scout_new_argument: ellipsis, b: dict[str, int] = {"x,y": 1}):'],
    ['def f[T](xs: list[T]) -> T:\n    pass\n', 'def f[T](xs: list[T], scout_new_argument: ellipsis) -> T:'],
    ['async def f(a: int = (1)):  # c\n    pass\n', 'async def f(scout_new_argument: ellipsis, a: int = (1)):  # c'],
  ])('required: %j', (code, first) => {
    expect(edited(code, 'f', 'def f', REQ).split('\n')[0]).toBe(first);
  });

  it('a multi-line signature with comments and a trailing comma: the line where the parameter goes, no line added', () => {
    const code = '@cache\ndef f(\n    a: int,  # first\n    b: int,  # second\n):\n    pass\n';
    const out = edited(code, 'f', '@cache', REQ).split('\n');
    expect(out).toHaveLength(code.split('\n').length);
    expect(out[3]).toBe('    b: int, scout_new_argument: ellipsis,  # second');
    expect(edited(code.replace('b: int,', 'b: int = 2,'), 'f', 'def f', REQ).split('\n')[3]).toBe('    scout_new_argument: ellipsis, b: int = 2,  # second');
  });

  it('optional: a default, after the defaulted and `*args` parameters, before `**kwargs`', () => {
    expect(edited('def f(a, b=1, *args):\n    pass\n', 'f', 'def f', OPT).split('\n')[0]).toBe('def f(a, b=1, *args, scout_new_argument: object = None):');
    expect(edited('def f(a, **kw):\n    pass\n', 'f', 'def f', OPT).split('\n')[0]).toBe('def f(a, scout_new_argument: object = None, **kw):');
  });

  it('a method after `self`; a class\'s `__init__`; a property and a non-function are refused', () => {
    const code = 'class A:\n    def __init__(self):\n        pass\n\n    @property\n    def size(self) -> int:\n        return 1\n\nX = 1\n';
    expect(edited(code, 'A', 'class A', REQ).split('\n')[1]).toBe('    def __init__(self, scout_new_argument: ellipsis):');
    expect(refusal(code, 'A.size', 'def size', REQ)).toMatch(/^`A.size` is a property/);
    expect(refusal(code, 'X', 'X = 1', REQ)).toMatch(/^`X` at line 9 is not a `def`/);
    expect(refusal('@dataclass\nclass D:\n    a: int\n', 'D', 'class D', REQ)).toMatch(/^class `D` defines no `__init__`/);
  });
});

describe('Python edits: change a type, make optional', () => {
  const code = [
    'class Settings:',
    '    retries: int = 3  # how many',
    '    name: "str"',
    '    tags: list[str] | None = None',
    '    plain = 1',
    '',
    'def parse(text: str, *, strict: bool = False) -> Settings:',
    '    return Settings()',
  ].join('\n');
  const line = (out: string, i: number): string => out.split('\n')[i] ?? '';

  it('change_type replaces the annotation, adds one where there is none, and a function\'s is its return type', () => {
    expect(line(edited(code, 'Settings.retries', 'retries', { kind: 'change_type', newType: 'str' }), 1)).toBe('    retries: str = 3  # how many');
    expect(line(edited(code, 'Settings.plain', 'plain', { kind: 'change_type', newType: 'str' }), 4)).toBe('    plain: str = 1');
    expect(line(edited(code, 'parse.strict', 'def parse', { kind: 'change_type', newType: 'int' }), 6)).toBe('def parse(text: str, *, strict: int = False) -> Settings:');
    expect(line(edited(code, 'parse', 'def parse', { kind: 'change_type', newType: 'Settings | None' }), 6)).toBe('def parse(text: str, *, strict: bool = False) -> Settings | None:');
  });

  it('change_type refuses a missing type and a type that is not Python, saying how to write it', () => {
    expect(refusal(code, 'Settings.retries', 'retries', { kind: 'change_type' })).toBe('the question does not say which type `Settings.retries` gets: ask e.g. "what breaks if I change the type of `Settings.retries` to str" (the new type written as Python, e.g. `str | None`)');
    expect(refusal(code, 'Settings.retries', 'retries', { kind: 'change_type', newType: 'string' })).toBe('`string` is not a Python type (`string` is `str` in Python): write the new type as Python, e.g. `str | None`');
    expect(refusal(code, 'Settings.retries', 'retries', { kind: 'change_type', newType: 'Array<int>' })).toMatch(/^`Array<int>` is not a Python type \(generics are written `list\[str\]`/);
    expect(refusal(code, 'Settings.retries', 'retries', { kind: 'change_type', newType: 'list[int' })).toMatch(/^`list\[int` does not parse as a Python type expression/);
    expect(line(edited(code, 'Settings.retries', 'retries', { kind: 'change_type', newType: 'Literal["null", 1] | Callable[[], int]' }), 1)).toBe('    retries: Literal["null", 1] | Callable[[], int] = 3  # how many');
  });

  it('make_optional appends `| None` (inside quotes for a quoted annotation; quoted whole before Python 3.10); refuses what admits None or has no annotation', () => {
    expect(line(edited(code, 'Settings.retries', 'retries', { kind: 'make_optional' }), 1)).toBe('    retries: int | None = 3  # how many');
    expect(line(edited(code, 'Settings.name', 'name:', { kind: 'make_optional' }), 2)).toBe('    name: "str | None"');
    expect(line(edited(code, 'Settings.retries', 'retries', { kind: 'make_optional' }, { pythonMinor: 8 }), 1)).toBe('    retries: "int | None" = 3  # how many');
    expect(line(edited(`from __future__ import annotations\n${code}`, 'Settings.retries', 'retries', { kind: 'make_optional' }, { pythonMinor: 8 }), 2)).toBe('    retries: int | None = 3  # how many');
    expect(line(edited(code, 'parse.text', 'def parse', { kind: 'make_optional' }), 6)).toBe('def parse(text: str | None, *, strict: bool = False) -> Settings:');
    expect(refusal(code, 'Settings.tags', 'tags', { kind: 'make_optional' })).toBe('`Settings.tags` is `list[str] | None`, which admits None already: nothing changes');
    expect(refusal(code, 'Settings.plain', 'plain', { kind: 'make_optional' })).toMatch(/^`Settings.plain` has no annotation, so its type is pyright's inference: ask to change its type instead/);
    expect(refusal(code, 'parse', 'def parse', { kind: 'make_optional' })).toMatch(/^`parse` is a function: ask about one of its parameters/);
  });
});

describe('Python checker: remove and rename', () => {
  it('remove an enum member: the uses of that member break', async () => {
    const check = checked(await change('ExitCode.OK', 'app/exit_code.py', 'OK = 0', { kind: 'remove' }));
    expect(check.edit).toBe('removed `ExitCode.OK`');
    expect(check.change).toEqual({ kind: 'remove' });
    const uses = ['app/exit_code.py', 'app/report.py'].flatMap((f) => text(f).split('\n').flatMap((l, i) => (l.includes('ExitCode.OK') ? [`${f}:${i + 1}`] : [])));
    expect(check.errors.map((e) => `${e.file}:${e.line}`)).toEqual(expect.arrayContaining(uses));
    expect(check.errors.every((e) => e.code === 'reportAttributeAccessIssue')).toBe(true);
    expect(sites(check)).toContain(`app/report.py:${lineOf('app/report.py', 'return code != ExitCode.OK')} is_failure`);
  });

  it('remove a member named in the question ("remove `INTERRUPTED` from `ExitCode`")', async () => {
    const check = checked(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'remove', member: 'INTERRUPTED' }));
    expect(check.target.name).toBe('ExitCode.INTERRUPTED');
    expect(check.errors.length).toBeGreaterThan(0);
    expect(check.errors.every((e) => e.file === 'app/report.py')).toBe(true);
  });

  it('rename a class: its importers break', async () => {
    const check = checked(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'rename', newName: 'RunStatus' }));
    expect(check.edit).toBe('renamed `ExitCode` to `RunStatus` (the declaration only)');
    expect(check.errors.some((e) => e.file === 'app/report.py' && e.line === lineOf('app/report.py', 'from .exit_code import ExitCode'))).toBe(true);
    expect(check.errors.some((e) => e.file === 'app/exit_code.py' && e.line === lineOf('app/exit_code.py', 'def default_code'))).toBe(true);
  });

  it('refuses what it cannot express', async () => {
    expect(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'remove', member: 'PAUSED' })).toEqual({ status: 'refused', reason: 'class `ExitCode` has no member `PAUSED`' });
    expect(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'rename', newName: 'run-status' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`run-status` is not a valid Python identifier/) });
  });

});

const SETTINGS = 'app/settings.py';
const USES = 'app/use_settings.py';
const textC = (file: string): string => readFileSync(path.join(changes.root, file), 'utf8');
const lineC = (file: string, needle: string): number => textC(file).split('\n').findIndex((l) => l.includes(needle)) + 1;
const atC = (file: string, needle: string): string => `${file}:${lineC(file, needle)}`;
function changeC(name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> {
  return checker.applyChange({ root: changes.root, declaration: { name, file, line: lineC(file, needle) }, deadline: performance.now() + 60_000, change: spec });
}

describe('Python checker: add a parameter', () => {
  it('required, to a function: every call that does not pass it breaks (a keyword argument after it does not help)', async () => {
    const check = checked(await changeC('parse_config', SETTINGS, 'def parse_config', REQ));
    expect(check.edit).toBe('added a required parameter `scout_new_argument: ellipsis` to `parse_config`');
    expect(check.target).toMatchObject({ name: 'parse_config', kind: 'function', line: lineC(SETTINGS, 'def parse_config') });
    expect(where(check)).toEqual([atC(SETTINGS, 'return parse_config(path)'), atC(SETTINGS, 'parse_config(path, strict=True)'), atC(USES, 'parse_config(t) for t')]);
    expect(check.errors.every((e) => e.code === 'reportCallIssue')).toBe(true);
    expect(sites(check)).toContain(`${atC(USES, 'parse_config(t) for t')} load_all`);
    expect(check.notes.join('\n')).toMatch(/accepts only `\.\.\.`: every call that does not pass it breaks/);
  });

  it('required, to an async function with a multi-line signature and `*`: the awaited call breaks', async () => {
    const check = checked(await changeC('fetch', SETTINGS, 'async def fetch', REQ));
    expect(where(check)).toEqual([atC(USES, 'await fetch(url')]);
  });

  it('required, to a method: its call and the override that lacks it break', async () => {
    const check = checked(await changeC('Loader.load', SETTINGS, 'def load(self, path: str)', REQ));
    expect(check.target).toMatchObject({ name: 'Loader.load', kind: 'method' });
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code}`)).toEqual([
      `${SETTINGS}:${lineC(SETTINGS, 'class FileLoader') + 1} reportIncompatibleMethodOverride`,
      `${atC(USES, 'loader.load(')} reportCallIssue`,
    ]);
  });

  it('optional: no call breaks (negative: nothing verified); on a method, the override that lacks it does', async () => {
    const fn = checked(await changeC('parse_config', SETTINGS, 'def parse_config', OPT));
    expect(fn.edit).toBe('added an optional parameter `scout_new_argument: object = None` to `parse_config`');
    expect(fn.errors).toEqual([]);
    expect(fn.notes.join('\n')).toMatch(/breaks no call: pyright reports the overrides in subclasses that lack it \(reportIncompatibleMethodOverride\)/);
    const method = checked(await changeC('Loader.load', SETTINGS, 'def load(self, path: str)', OPT));
    expect(method.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([`${SETTINGS}:${lineC(SETTINGS, 'class FileLoader') + 1} reportIncompatibleMethodOverride FileLoader.load`]);
  });
});

describe('Python checker: change a type', () => {
  it('an attribute to `str`: its own default, the constructor call and the arithmetic break; the f-string does not', async () => {
    const check = checked(await changeC('Settings.retries', SETTINGS, 'retries: int = 3', { kind: 'change_type', newType: 'str' }));
    expect(check.edit).toBe('`Settings.retries` typed `str` (was `int`)');
    expect(where(check)).toEqual([atC(SETTINGS, 'retries: int = 3'), atC(SETTINGS, 'retries=len(rest)'), atC(USES, 'cfg.retries * 2')]);
    expect(check.errors.map((e) => e.code)).toEqual(['reportAssignmentType', 'reportArgumentType', 'reportReturnType']);
    // The default's error is reported where the value is, after the annotation (mapped back to the original column).
    expect(check.errors[0]?.column).toBe(textC(SETTINGS).split('\n')[lineC(SETTINGS, 'retries: int = 3') - 1]!.indexOf('3') + 1);
  });

  it('negative: a type every use still fits breaks nothing', async () => {
    const check = checked(await changeC('Settings.name', SETTINGS, 'name: str', { kind: 'change_type', newType: 'object' }));
    expect(check.errors).toEqual([]);
  });

  it('refuses a missing type, a TypeScript spelling and a name that does not resolve there', async () => {
    expect(await changeC('Settings.retries', SETTINGS, 'retries: int = 3', { kind: 'change_type' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^the question does not say which type `Settings.retries` gets: ask e.g./) });
    expect(await changeC('Settings.retries', SETTINGS, 'retries: int = 3', { kind: 'change_type', newType: 'string' })).toEqual({ status: 'refused', reason: expect.stringMatching(/`string` is `str` in Python/) });
    expect(await changeC('Settings.retries', SETTINGS, 'retries: int = 3', { kind: 'change_type', newType: 'Path' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^the new type `Path` does not resolve at app\/settings.py:\d+ \(reportUndefinedVariable .*write a type that is in scope there/) });
  });
});

describe('Python checker: make optional', () => {
  it('an attribute: the uses that are not None-safe break, the guarded one does not', async () => {
    const check = checked(await changeC('Settings.timeout', SETTINGS, 'timeout: int = 30', { kind: 'make_optional' }));
    expect(check.edit).toBe('`Settings.timeout` made optional: `int` → `int | None`');
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([
      `${atC(USES, 'cfg.timeout + 1')} reportOptionalOperand deadline`,
      `${atC(USES, 'cfg.timeout.bit_length()')} reportOptionalMemberAccess timeout_bits`,
    ]);
  });

  it('negative: an attribute only used in a truth test breaks nothing', async () => {
    expect(checked(await changeC('Settings.verbose', SETTINGS, 'verbose: bool', { kind: 'make_optional' })).errors).toEqual([]);
  });

  it('leaves the user\'s tree as it was', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
    expect(treeHash(changes.root)).toBe(changes.hash);
  });
});
