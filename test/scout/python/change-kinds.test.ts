/**
 * The Python checker's change kinds beyond "add a variant": remove an enum member and rename, through real
 * pyright over a shadow copy of the verify-python fixture; the other kinds are refused with what would work;
 * the user's tree is left as it was.
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

const text = (file: string): string => readFileSync(path.join(repo.root, file), 'utf8');
const lineOf = (file: string, needle: string): number => text(file).split('\n').findIndex((l) => l.includes(needle)) + 1;

function change(name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> {
  return checker.applyChange({ root: repo.root, declaration: { name, file, line: lineOf(file, needle) }, deadline: performance.now() + 60_000, change: spec });
}

const sites = (check: VariantCheck): string[] => check.errors.map((e) => `${e.file}:${e.line} ${e.place?.name ?? '-'}`);

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
    expect(await change('default_code', 'app/exit_code.py', 'def default_code', { kind: 'add_parameter' })).toEqual({ status: 'refused', reason: 'the pyright checker cannot express a new parameter yet (it verifies adding a variant, removing a class member (an enum member, an attribute), renaming)' });
    expect(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'remove', member: 'PAUSED' })).toEqual({ status: 'refused', reason: 'class `ExitCode` has no member `PAUSED`' });
    expect(await change('ExitCode', 'app/exit_code.py', 'class ExitCode', { kind: 'rename', newName: 'run-status' })).toEqual({ status: 'refused', reason: expect.stringMatching(/^`run-status` is not a valid Python identifier/) });
  });

  it('leaves the user\'s tree as it was', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
  });
});
