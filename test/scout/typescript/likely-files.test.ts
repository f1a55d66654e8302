/**
 * A check cut short keeps to the files likely to break: which files are likely (the tiers), and the checker's
 * partial answer past its soft deadline (real TypeScript on a small repository written here).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { TypeScriptChecker } from '../../../src/scout/typescript/checker.js';
import { likelihoodTier, likelyFirst, mentionWords, strongStringPattern } from '../../../src/scout/typescript/likely-files.js';
import { checked } from '../../helpers/checker-tests.js';

function declarationOf(source: string): ts.Node {
  const sf = ts.createSourceFile('x.ts', source, ts.ScriptTarget.ES2022, true);
  return sf.statements[0] as ts.Node;
}

describe('likely files', () => {
  const union = mentionWords(declarationOf("export type DatabaseType = 'mysql' | 'postgres';"));
  const pattern = strongStringPattern(union.strings);

  it('reads the name and the string members of a union, and the names of an enum', () => {
    expect(union).toEqual({ names: ['DatabaseType'], strings: ['mysql', 'postgres'] });
    expect(mentionWords(declarationOf('enum Color { Red, Green }'))).toEqual({ names: ['Color', 'Red', 'Green'], strings: [] });
  });

  it("a property's words include its owner's name: the owner assigned to a type with the same property breaks where the property is never named", () => {
    const cls = declarationOf("class TableColumn {\n  generationStrategy?: 'uuid' | 'increment';\n}") as ts.ClassDeclaration;
    expect(mentionWords(cls.members[0] as ts.Node)).toEqual({ names: ['generationStrategy', 'TableColumn'], strings: ['uuid', 'increment'] });
    const iface = declarationOf("interface Options { mode: 'a' | 'b' }") as ts.InterfaceDeclaration;
    expect(mentionWords(iface.members[0] as ts.Node).names).toEqual(['mode', 'Options']);
  });

  it('ranks naming the type over matching a member over mentioning one', () => {
    expect(likelihoodTier('const m: Record<DatabaseType, number> = {}', union, pattern)).toBe(0);
    expect(likelihoodTier("switch (t) {\n  case 'mysql': return 1;\n}", union, pattern)).toBe(1);
    expect(likelihoodTier('const names = { mysql: 1, postgres: 2 };', union, pattern)).toBe(1);
    expect(likelihoodTier("if (type === 'postgres') {}", union, pattern)).toBe(1);
    expect(likelihoodTier('enabledDrivers: ["mysql", "postgres"]', union, pattern)).toBe(2);
    expect(likelihoodTier('const mysqlPool = createPool()', union, pattern)).toBe(3);
  });

  it('orders the edited file first, then by tier (a test matching a member after the code doing so), and names the strong ones', () => {
    const texts: Record<string, string> = { a: 'nothing', b: '"mysql"', c: "case 'mysql':", d: 'DatabaseType', e: 'x', 'test/t.ts': "case 'mysql':" };
    const { ordered, strong } = likelyFirst(['a', 'test/t.ts', 'b', 'c', 'd', 'e'], 'e', union, (f) => texts[f]);
    expect(ordered).toEqual(['e', 'd', 'c', 'test/t.ts', 'b', 'a']);
    expect([...strong].sort()).toEqual(['c', 'd', 'e']);
  });
});

describe('TypeScript checker: a check past its soft deadline', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scout-likely-'));
  const checker = new TypeScriptChecker();
  afterAll(() => {
    checker.dispose();
    rmSync(root, { recursive: true, force: true });
  });
  mkdirSync(path.join(root, 'src'));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] }),
    'src/kind.ts': "export type Kind = 'alpha' | 'beta';\nexport function kindOf(s: string): Kind {\n  return s === 'alpha' ? 'alpha' : 'beta';\n}\n",
    // Matches on the members: strong, and breaks (the switch no longer returns on every path).
    'src/label.ts': "import { kindOf } from './kind.js';\nexport function label(s: string): number {\n  switch (kindOf(s)) {\n    case 'alpha':\n      return 1;\n    case 'beta':\n      return 2;\n  }\n}\n",
    // Mentions the members only in a type: weak, and breaks too (the new member is not assignable).
    'src/narrow.ts': "import { kindOf } from './kind.js';\nexport function narrow(s: string): 'alpha' | 'beta' {\n  return kindOf(s);\n}\n",
    // Passes the value along: weak, no break.
    'src/pass.ts': "import { kindOf } from './kind.js';\nexport const k = kindOf('x');\n",
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  const request = (soft: number | undefined) => ({
    root,
    declaration: { name: 'Kind', file: 'src/kind.ts', line: 1, column: 12 },
    deadline: performance.now() + 60_000,
    ...(soft !== undefined ? { likelyOnlyAfterMs: soft } : {}),
  });

  it('without a soft deadline: every dependent is checked, both breaks found', async () => {
    const check = checked(await checker.addVariant(request(undefined)));
    expect(check.errors.map((e) => e.file)).toEqual(['src/label.ts', 'src/narrow.ts']);
    expect(check.checkedFiles).toBe(4);
    expect(check.unchecked).toBeUndefined();
  });

  it('past the soft deadline: the strong files are checked, the weak ones are named as not checked', async () => {
    const check = checked(await checker.addVariant(request(0)));
    expect(check.errors.map((e) => e.file)).toEqual(['src/label.ts']);
    expect(check.checkedFiles).toBe(2);
    expect(check.unchecked).toEqual(['src/narrow.ts', 'src/pass.ts']);
    expect(check.notes.join(' ')).toMatch(/partial check: 2 of 4 file\(s\)/);
  });
});
