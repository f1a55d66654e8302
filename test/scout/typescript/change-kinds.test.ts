/**
 * The TypeScript checker's change kinds other than "add a variant", on their own: real TypeScript over
 * the verify fixture (no language server, no index). Each kind's breaks, its refusals, and the user's tree
 * left as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeSpec, CheckOutcome, VariantCheck } from '../../../src/scout/verify/checker.js';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import { parsesAsType } from '../../../src/scout/typescript/change-edit.js';
import { applyEdits, originalPosition } from '../../../src/scout/typescript/variant-edit.js';
import { checked, fixtureForTests, lineOf as lineIn } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify');
const repo = fixtureForTests(FIXTURE, 'scout-change-kinds-', { after: () => checker.dispose() });
const checker = new TypeScriptChecker();

const text = (file: string): string => readFileSync(path.join(repo.root, file), 'utf8');
const lineOf = (file: string, needle: string): number => lineIn(repo.root, file, needle);

async function change(name: string, file: string, needle: string, spec: ChangeSpec): Promise<CheckOutcome> {
  const line = lineOf(file, needle);
  const column = (text(file).split('\n')[line - 1] ?? '').indexOf(name.split('.').pop() ?? name);
  return checker.applyChange({ root: repo.root, declaration: { name, file, line, column }, deadline: performance.now() + 60_000, change: spec });
}

const sites = (check: VariantCheck): string[] => check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name ?? '-'}`);

describe('edits that replace text', () => {
  it('map positions after a deletion or a replacement back to the original text', () => {
    const edits = [{ pos: 4, insert: 'XY', remove: 5 }];
    expect(applyEdits('abc hello world', edits)).toBe('abc XY world');
    expect(originalPosition(7, edits)).toBe(10); // the `w` of world
    expect(originalPosition(5, edits)).toBe(4); // inside the new text: where the edit starts
    expect(originalPosition(2, edits)).toBe(2);
  });

  it('a new type must parse as one type', () => {
    expect(parsesAsType('string | undefined')).toBe(true);
    expect(parsesAsType('Record<string, number>')).toBe(true);
    expect(parsesAsType('string |')).toBe(false);
    expect(parsesAsType('string; let x = 1')).toBe(false);
  });
});

describe('TypeScript checker: other change kinds', () => {
  it('remove an enum member: its uses break, nothing else', async () => {
    const check = checked(await change('Status.Running', 'src/status.ts', 'Running =', { kind: 'remove' }));
    expect(check.target).toMatchObject({ name: 'Status.Running', kind: 'enum member' });
    expect(check.edit).toBe('removed enum member `Status.Running`');
    expect(check.change).toEqual({ kind: 'remove' });
    const f = 'src/status-label.ts';
    const lines = text(f).split('\n').flatMap((l, i) => (l.includes('Status.Running') ? [i + 1] : []));
    expect(sites(check)).toEqual([`${f}:${lines[0]} TS2339 statusLabel`, `${f}:${lines[1]} TS2339 isFinal`, `${f}:${lines[2]} TS2339 isBusy`]);
  });

  it('remove a member named in the question ("remove `Done` from `Status`"), a union literal, an interface property', async () => {
    expect(sites(checked(await change('Status', 'src/status.ts', 'export enum Status', { kind: 'remove', member: 'Done' }))).map((s) => s.split(' ')[1])).toEqual(['TS2339', 'TS2339']);
    const mode = checked(await change('Mode', 'src/mode.ts', 'export type Mode', { kind: 'remove', member: 'fast' }));
    expect(mode.target.kind).toBe('union literal');
    expect(sites(mode)).toEqual([`src/mode.ts:${lineOf('src/mode.ts', "if (mode === 'fast')")} TS2367 describeMode`, `src/mode.ts:${lineOf('src/mode.ts', "return mode === 'fast'")} TS2367 isFast`]);
    const label = checked(await change('Config.label', 'src/config.ts', 'label: string', { kind: 'remove' }));
    expect(sites(label)).toEqual([`src/app.ts:${lineOf('src/app.ts', 'export const DEFAULTS')} TS2353 DEFAULTS`, `src/config.ts:${lineOf('src/config.ts', 'return { timeout')} TS2353 parseConfig`]);
  });

  it('rename a function: the declaration only; the importer breaks', async () => {
    const check = checked(await change('parseConfig', 'src/config.ts', 'export function parseConfig', { kind: 'rename', newName: 'loadConfig' }));
    expect(check.edit).toBe('renamed `parseConfig` to `loadConfig` (the declaration only)');
    expect(sites(check)).toEqual([`src/app.ts:1 TS2305 -`]);
    expect(check.errors[0]?.message).toMatch(/has no exported member 'parseConfig'/);
  });

  it('rename a property: reads and object literals of its type break', async () => {
    const check = checked(await change('Config.retries', 'src/config.ts', 'retries: number', { kind: 'rename', newName: 'attempts' }));
    expect(check.errors.map((e) => e.code).sort()).toEqual(['TS2339', 'TS2339', 'TS2353', 'TS2353']);
  });

  it('add a required parameter to a method: every call breaks', async () => {
    const check = checked(await change('Router.ask', 'src/router.ts', 'ask(question', { kind: 'add_parameter' }));
    expect(check.target).toMatchObject({ name: 'Router.ask', kind: 'method' });
    expect(sites(check)).toEqual([`src/app.ts:${lineOf('src/app.ts', 'return router.ask(`')} TS2554 start`, `src/app.ts:${lineOf('src/app.ts', 'return router.ask(String')} TS2554 retry`]);
  });

  it('add a required parameter to a class: its constructor', async () => {
    const check = checked(await change('Router', 'src/router.ts', 'export class Router', { kind: 'add_parameter' }));
    expect(check.target.name).toBe('Router constructor');
    expect(sites(check)).toEqual([`src/app.ts:${lineOf('src/app.ts', 'new Router(')} TS2554 start`]);
  });

  it('make a property optional: the reads that assume a value break', async () => {
    const check = checked(await change('Config.timeout', 'src/config.ts', 'timeout: number', { kind: 'make_optional' }));
    expect(check.edit).toBe('`Config.timeout` made optional');
    expect(sites(check)).toEqual([`src/app.ts:${lineOf('src/app.ts', 'config.timeout.toFixed')} TS18048 start`]);
  });

  it('change a property\'s type', async () => {
    const check = checked(await change('Config.retries', 'src/config.ts', 'retries: number', { kind: 'change_type', newType: 'string' }));
    expect(check.edit).toBe('`Config.retries` typed `string`');
    expect(sites(check)).toEqual([`src/app.ts:${lineOf('src/app.ts', 'export const DEFAULTS')} TS2322 DEFAULTS`, `src/config.ts:${lineOf('src/config.ts', 'return { timeout')} TS2322 parseConfig`]);
  });

  it('refuses what it cannot express, saying what would work', async () => {
    const notFn = await change('Config', 'src/config.ts', 'export interface Config', { kind: 'add_parameter' });
    expect(notFn).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Config` is an interface, not a function: a parameter can be added to a function, a method/) });
    const unknownMember = await change('Status', 'src/status.ts', 'export enum Status', { kind: 'remove', member: 'Paused' });
    expect(unknownMember).toEqual({ status: 'refused', reason: 'enum `Status` has no member `Paused` (its members: Queued, Running, Done)' });
    const badType = await change('Config.retries', 'src/config.ts', 'retries: number', { kind: 'change_type', newType: 'string |' });
    expect(badType).toEqual({ status: 'refused', reason: expect.stringMatching(/^`string \|` does not parse as a TypeScript type/) });
    const unknownType = await change('Config.retries', 'src/config.ts', 'retries: number', { kind: 'change_type', newType: 'Missing' });
    expect(unknownType).toEqual({ status: 'refused', reason: expect.stringMatching(/^the new type `Missing` does not resolve at src\/config.ts:4 \(TS2304/) });
    const already = await change('Config.timeout', 'src/config.ts', 'timeout: number', { kind: 'make_optional' });
    expect(already.status).toBe('checked');
    const badName = await change('parseConfig', 'src/config.ts', 'export function parseConfig', { kind: 'rename', newName: 'load-config' });
    expect(badName).toEqual({ status: 'refused', reason: expect.stringMatching(/^`load-config` is not a valid TypeScript identifier/) });
  });

  it('leaves the user\'s tree as it was', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
  });
});
