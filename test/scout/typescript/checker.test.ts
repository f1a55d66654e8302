/**
 * The TypeScript checker of the verify step, on its own: real TypeScript over a fixture repository (no
 * language server, no index). Each kind of "add a variant" target, a negative, refusals, the deadline, and
 * the user's tree left as it was.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckOutcome } from '../../../src/scout/verify/checker.js';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import { applyEdits, originalPosition } from '../../../src/scout/typescript/variant-edit.js';
import { checked, fixtureForTests, lineOf as lineIn } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify');
const repo = fixtureForTests(FIXTURE, 'scout-verify-', { after: () => checker.dispose() });
const checker = new TypeScriptChecker();

const lineOf = (file: string, needle: string): number => lineIn(repo.root, file, needle);

async function addVariant(name: string, file: string, needle: string, deadlineMs = 60_000): Promise<CheckOutcome> {
  const line = lineOf(file, needle);
  const column = (readFileSync(path.join(repo.root, file), 'utf8').split('\n')[line - 1] ?? '').indexOf(name.split('.').pop() ?? name);
  return checker.addVariant({ root: repo.root, declaration: { name, file, line, column }, deadline: performance.now() + deadlineMs });
}

describe('TypeScript checker: add a variant', () => {
  it('enum: breaks the switch with `satisfies never` and the one with assertNever, not the comparison', async () => {
    const check = checked(await addVariant('Status', 'src/status.ts', 'export enum Status'));
    expect(check.target).toMatchObject({ name: 'Status', kind: 'enum (string)', file: 'src/status.ts', line: 2 });
    expect(check.edit).toBe("__ScoutNew = '__scoutnew'"); // the values are lower-case names
    const sites = check.errors.map((e) => `${e.file}:${e.line} ${e.code}`);
    expect(sites).toEqual([`src/status-label.ts:${lineOf('src/status-label.ts', 'status satisfies never')} TS1360`, `src/status-label.ts:${lineOf('src/status-label.ts', 'return assertNever(status)')} TS2345`]);
    expect(check.errors[0]?.place).toMatchObject({ name: 'statusLabel', kind: 'function' });
    expect(check.errors[1]?.place).toMatchObject({ name: 'isFinal', kind: 'function' });
    expect(check.errors[0]?.message).toMatch(/__ScoutNew|__scout_new/);
    expect(check.checkedFiles).toBe(2);
  });

  it("enum whose values are its names: the new member follows the convention, so a test of the convention does not break", async () => {
    const check = checked(await addVariant('NodeType', 'src/node-type.ts', 'export enum NodeType'));
    expect(check.edit).toBe("__ScoutNew = '__ScoutNew'");
    expect(check.errors).toEqual([]);
  });

  it('string-literal union only compared with ===: no error (a negative)', async () => {
    const check = checked(await addVariant('Mode', 'src/mode.ts', 'export type Mode'));
    expect(check.target.kind).toBe('string-literal union');
    expect(check.errors).toEqual([]);
  });

  it('literal-union property Owner.prop: the annotation is edited in place; the switch no longer returns on every path', async () => {
    const check = checked(await addVariant('Job.priority', 'src/job.ts', "priority: 'low'"));
    expect(check.target).toMatchObject({ name: 'Job.priority', kind: 'property typed with a literal union' });
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([`src/job.ts:${lineOf('src/job.ts', 'export function weight')} TS2366 weight`]);
  });

  it('derived union: the entry goes into the const array it is derived from; the Record breaks', async () => {
    const check = checked(await addVariant('Color', 'src/colors.ts', 'export type Color'));
    expect(check.target.kind).toBe('derived literal union (variant added to const COLORS)');
    expect(check.edit).toBe(", '__scout_new'");
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([`src/colors.ts:${lineOf('src/colors.ts', 'export const HEX')} TS2741 HEX`]);
  });

  it('a target that is not a type gets a clear refusal', async () => {
    const outcome = await addVariant('someFunction', 'src/colors.ts', 'export function someFunction');
    expect(outcome.status).toBe('refused');
    expect(outcome.status === 'refused' && outcome.reason).toMatch(/`someFunction` is a function, not a type with variants: a variant can be added to an enum/);
    const member = await addVariant('Status.Done', 'src/status.ts', "Done = 'done'");
    expect(member.status === 'refused' && member.reason).toMatch(/member of enum `Status`.*ask about `Status`/);
    const nowhere = await checker.addVariant({ root: repo.root, declaration: { name: 'Nope', file: 'src/mode.ts', line: 1 }, deadline: performance.now() + 10_000 });
    expect(nowhere.status === 'refused' && nowhere.reason).toMatch(/no declaration of `Nope` at src\/mode.ts:1/);
  });

  it('gives up at its deadline with CheckTimeout', async () => {
    const cold = new TypeScriptChecker();
    await expect(cold.addVariant({ root: repo.root, declaration: { name: 'Status', file: 'src/status.ts', line: 2, column: 12 }, deadline: performance.now() - 1 })).rejects.toBeInstanceOf(CheckTimeout);
  });

  it('never writes to the tree; kept warm, it sees a file that changed on disk', async () => {
    const again = checked(await addVariant('Status', 'src/status.ts', 'export enum Status'));
    expect(again.errors).toHaveLength(2);
    expect(treeHash(repo.root)).toBe(repo.hash);
    // The user edits a file between two questions: the next answer reads it.
    const file = path.join(repo.root, 'src', 'status-label.ts');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('return assertNever(status);', 'return false;'));
    const later = checked(await addVariant('Status', 'src/status.ts', 'export enum Status'));
    expect(later.errors.map((e) => e.code)).toEqual(['TS1360']);
    writeFileSync(file, text);
  });
});

describe('edits keep positions mappable', () => {
  it('maps positions after an insertion back, on the edited line only', () => {
    const text = "type A = 'a';\nconst x: A = 'a';\n";
    const edits = [{ pos: 12, insert: " | 'b'" }];
    const edited = applyEdits(text, edits);
    expect(edited.split('\n')).toHaveLength(text.split('\n').length);
    expect(originalPosition(edited.indexOf(';'), edits)).toBe(text.indexOf(';'));
    expect(originalPosition(edited.indexOf('const'), edits)).toBe(text.indexOf('const'));
    expect(originalPosition(14, edits)).toBe(12);
    expect(originalPosition(3, edits)).toBe(3);
  });
});
