/**
 * The checker never names a file behind a link that leads out of the root: an error the change causes
 * in such a file is left out, an error in an inside file is kept.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import { confinementRepo, expectConfined, type ConfinementRepo } from '../../helpers/confinement-repo.js';

let repo: ConfinementRepo;
beforeAll(() => {
  repo = confinementRepo();
  writeFileSync(path.join(repo.root, 'src', 'mode.ts'), "export type Mode = 'a' | 'b';\nexport const NAMES: Record<Mode, string> = { a: 'A', b: 'B' };\n");
  // The file behind the link (outside the root; TypeScript resolves its imports from the link) breaks too.
  appendFileSync(path.join(repo.root, '..', 'outside', 'secret.ts'), "import type { Mode } from './mode';\nexport const OUT: Record<Mode, string> = { a: 'OUTSIDE-SECRET', b: '' };\n");
});
afterAll(() => repo.cleanup());

it('reports the inside break and leaves out the one behind the link', async () => {
  const checker = new TypeScriptChecker();
  const outcome = await checker.addVariant({ root: repo.root, declaration: { name: 'Mode', file: 'src/mode.ts', line: 1, column: 12 }, deadline: performance.now() + 60_000 });
  expect(outcome.status).toBe('checked');
  if (outcome.status !== 'checked') return;
  expect(outcome.check.errors.map((e) => `${e.file}:${e.line} ${e.code}`)).toEqual(['src/mode.ts:2 TS2741']);
  expectConfined(JSON.stringify(outcome), 'checker outcome');
});
