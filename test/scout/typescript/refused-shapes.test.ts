/**
 * Shapes the TypeScript checker used to refuse, now verified (real TypeScript over test/fixtures/verify-shapes):
 * a literal union with a boolean or null member, a tagged union where one member carries two tag values, and a
 * name declared twice (each declaration verified).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import type { ScoutLink } from '../../../src/scout/link.js';
import { analyzeQuery } from '../../../src/scout/query-analysis.js';
import type { CheckOutcome } from '../../../src/scout/verify/checker.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { verifyAddVariant } from '../../../src/scout/verify/verify.js';
import { addVariantAt, checked, fixtureForTests, lineOf as lineIn } from '../../helpers/checker-tests.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-shapes');
const repo = fixtureForTests(FIXTURE, 'scout-verify-shapes-', { after: () => checker.dispose() });
const checker = new TypeScriptChecker();
const lineOf = (file: string, needle: string): number => lineIn(repo.root, file, needle);

const addVariant = (name: string, file: string, needle: string): Promise<CheckOutcome> => addVariantAt(checker, repo.root, name, file, needle);

describe('TypeScript checker: shapes that used to be refused', () => {
  it("a literal union with a boolean member ('shallow' | 'deep' | true): the new string member breaks the exhaustive switch only", async () => {
    const check = checked(await addVariant('Depth', 'src/depth.ts', 'export type Depth'));
    expect(check.target.kind).toBe('literal union with boolean members');
    expect(check.edit).toContain("'__scout_new'");
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([`src/depth.ts:${lineOf('src/depth.ts', 'export function depthLevel')} TS2366 depthLevel`]);
  });

  it("a literal union with null ('memory' | 'disk' | null): the Record over its non-null members misses the new key", async () => {
    const check = checked(await addVariant('CacheMode', 'src/nullable-mode.ts', 'export type CacheMode'));
    expect(check.target.kind).toBe('literal union with null members');
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code}`)).toEqual([`src/nullable-mode.ts:${lineOf('src/nullable-mode.ts', 'export const CACHE_LABELS')} TS2741`]);
  });

  it("a tagged union with a member tagged twice (type: 'mysql' | 'mariadb'): a new tagged member breaks the exhaustive switch, not the comparison", async () => {
    const check = checked(await addVariant('DriverOptions', 'src/driver.ts', 'export type DriverOptions'));
    expect(check.target.kind).toMatch(/^tagged union \(a member like the first, tagged `type: '__scout_new'`\)$/);
    expect(check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name}`)).toEqual([`src/driver.ts:${lineOf('src/driver.ts', 'export function defaultPort')} TS2366 defaultPort`]);
  });

  it('a name declared twice (`Level` in billing and in shipping): each declaration is changed and checked, each break says which', async () => {
    const seed = (file: string): ScoutLink =>
      ({ id: file, relation: 'seed', location: { file, line: lineOf(file, 'export type Level'), column: 12 }, symbol: 'Level', kind: 'type_alias', role: 'definition', enclosing: null, snippet: '', snippetStartLine: 1, hover: null, depth: 0, source: 'index' }) as unknown as ScoutLink;
    const question = { query: analyzeQuery('what breaks if I add a variant to `Level`?'), seeds: [seed('src/billing/level.ts'), seed('src/shipping/level.ts')] };
    const v = await verifyAddVariant(question, { root: repo.root, checkers: new Checkers([checker]), timeoutMs: 60_000 });
    expect(v.status).toBe('verified');
    expect(v.check?.errors.map((e) => `${e.file}:${e.line} ${e.code} <- ${e.declaration}`)).toEqual([
      `src/billing/level.ts:${lineOf('src/billing/level.ts', 'export function monthlyFee')} TS2366 <- src/billing/level.ts:2`,
      `src/shipping/level.ts:${lineOf('src/shipping/level.ts', 'export const DAYS')} TS2741 <- src/shipping/level.ts:2`,
    ]);
    expect(v.check?.notes.join()).toContain('`Level` is declared 2 times; each declaration was changed and checked on its own');
  });
});
