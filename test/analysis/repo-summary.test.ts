import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDE_PATTERNS } from '../../src/analysis/path-patterns.js';
import { getRepoSummary, RISKY_COGNITIVE, type ModuleSummary, type RepoSummary } from '../../src/analysis/repo-summary.js';
import { formatSummary, runSummaryCommand } from '../../src/cli/context-command.js';
import { isScoutError } from '../../src/core/errors.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
  repo?.cleanup();
  repo = undefined;
});

const moduleNamed = (summary: RepoSummary, name: string): ModuleSummary | undefined => summary.modules.find((m) => m.name === name);

/**
 * src/core: two small exported functions, imported from three other modules (and from tests).
 * src/big: many symbols, imported by nobody. src/app imports core twice (two files) and util once.
 */
function writeTypeScriptRepo(r: TempRepo): void {
  r.write('package.json', JSON.stringify({ name: 'sample', type: 'module', main: 'src/app/main.ts' }));
  r.write('src/core/errors.ts', 'export class AppError extends Error {}\nexport function fail(): never { throw new AppError(); }\n');
  r.write('src/core/index.ts', "export { AppError } from './errors.js';\nexport function helper(): number { return 1; }\n");
  r.write('src/app/main.ts', "import { AppError } from '../core/errors.js';\nimport { helper } from '../core';\nimport { twice } from './util.js';\nexport function main(): number { return twice(helper()); }\n");
  r.write('src/app/util.ts', "import { fail } from '../core/errors.js';\nimport fs from 'node:fs';\nexport function twice(n: number): number { return n * 2; }\n");
  r.write('src/other/use.ts', "import { helper } from '../core/index.js';\nexport const used = helper();\n");
  const many = Array.from({ length: 25 }, (_, i) => `export function f${i}(): number { return ${i}; }`).join('\n');
  r.write('src/big/many.ts', `${many}\n`);
  // Cognitive complexity well above the threshold: nested branches.
  const nested = [
    'export function tangled(a: number, b: number, c: number): number {',
    '  let r = 0;',
    '  for (let i = 0; i < a; i++) {',
    '    if (i > b) {',
    '      while (c > 0) {',
    '        if (a && b || c) { r++; } else if (b) { r--; } else { r += 2; }',
    '        for (const x of [1, 2]) { if (x > 1) { if (x > 2) { r += x; } } }',
    '        c--;',
    '      }',
    '    }',
    '  }',
    '  return r;',
    '}',
  ].join('\n');
  r.write('src/big/tangled.ts', `${nested}\n`);
  r.write('test/core.test.ts', "import { helper } from '../src/core/index.js';\nimport { AppError } from '../src/core/errors.js';\nhelper();\n");
  r.write('test/fixtures/sample.ts', 'export const fixture = 1;\n');
}

async function indexed(r: TempRepo): Promise<SqliteStore> {
  const s = SqliteStore.open(r.root);
  await indexRepository(r.root, s);
  return s;
}

describe('getRepoSummary', () => {
  it('ranks modules by symbols + fan-in, counts fan-in from other modules only, and reports complexity', async () => {
    repo = tempRepo({ git: true });
    writeTypeScriptRepo(repo);
    store = await indexed(repo);
    const summary = getRepoSummary(repo.root, store);

    const core = moduleNamed(summary, 'src/core');
    const big = moduleNamed(summary, 'src/big');
    // main.ts: '../core/errors.js' and '../core' (a directory import); util.ts: '../core/errors.js'; use.ts: '../core/index.js'.
    // errors.ts ← index.ts is inside the module and tests are excluded, so neither counts.
    expect(core?.fan_in).toBe(4);
    expect(moduleNamed(summary, 'src/app')?.fan_in).toBe(0); // './util.js' stays inside src/app
    expect(big?.fan_in).toBe(0);
    expect(big?.symbols).toBeGreaterThan(25);
    expect(core!.symbols).toBeLessThan(big!.symbols);
    // Fan-in outweighs size: core ranks first although big has far more symbols.
    expect(summary.modules.map((m) => m.name)).toEqual(['src/core', 'src/big', 'src/app', 'src/other']);
    expect(summary.ranking).toBe('symbols + 10×fan_in');

    expect(core?.files).toBe(2);
    expect(core?.exported).toBe(3); // AppError, fail, helper (the re-export is not a definition)
    expect(core?.top_symbols[0]).toBe('helper'); // imported by name three times
    expect(big?.top_symbols).toHaveLength(3);

    expect(summary.risky_threshold).toBe(RISKY_COGNITIVE);
    expect(big?.complexity.max_cognitive).toBeGreaterThan(RISKY_COGNITIVE);
    expect(big?.complexity.risky_functions).toBe(1);
    expect(core?.complexity.risky_functions).toBe(0);

    expect(summary.project_type).toBe('JavaScript/Node library (ESM)');
    expect(summary.entry_points).toEqual(['src/app/main.ts']);
    expect(summary.context.repo).toBe(path.basename(repo.root));
    expect(summary.context.last_commit).toMatch(/^[0-9a-f]{7,} \d{4}-\d{2}-\d{2} init$/);
  });

  it('echoes the exclude patterns and counts what they removed', async () => {
    repo = tempRepo({ git: true });
    writeTypeScriptRepo(repo);
    store = await indexed(repo);

    const byDefault = getRepoSummary(repo.root, store);
    expect(byDefault.excluded).toEqual({ patterns: [...DEFAULT_EXCLUDE_PATTERNS], files: 2, modules: 2, manifests: 0 });
    expect(byDefault.stats).toMatchObject({ files: 9, modules: 6 });
    expect(byDefault.total_modules).toBe(4);
    expect(byDefault.modules.some((m) => m.name.startsWith('test'))).toBe(false);

    // Other patterns: the tests now count (and import core twice more); src/big is gone.
    const custom = getRepoSummary(repo.root, store, { exclude_patterns: ['big/', '.fixture'] });
    expect(custom.excluded).toEqual({ patterns: ['big/', '.fixture'], files: 2, modules: 1, manifests: 0 });
    expect(moduleNamed(custom, 'src/big')).toBeUndefined();
    expect(moduleNamed(custom, 'test')).toBeDefined();
    expect(moduleNamed(custom, 'src/core')?.fan_in).toBe(6);

    const none = getRepoSummary(repo.root, store, { exclude_patterns: [] });
    expect(none.excluded).toEqual({ patterns: [], files: 0, modules: 0, manifests: 0 });
    expect(none.total_modules).toBe(6);
  });

  it('matches directory patterns at segment boundaries only', async () => {
    repo = tempRepo({ git: true });
    repo.write('src/latest/a.ts', 'export const a = 1;\n');
    repo.write('src/test/b.ts', 'export const b = 1;\n');
    store = await indexed(repo);
    const summary = getRepoSummary(repo.root, store, { exclude_patterns: ['test/'] });
    expect(summary.modules.map((m) => m.name)).toEqual(['src/latest']);
    expect(summary.excluded.files).toBe(1);
  });

  it('lists at most max_modules and says how many more there are', async () => {
    repo = tempRepo({ git: true });
    writeTypeScriptRepo(repo);
    store = await indexed(repo);
    const summary = getRepoSummary(repo.root, store, { max_modules: 2 });
    expect(summary.modules.map((m) => m.name)).toEqual(['src/core', 'src/big']);
    expect(summary.total_modules).toBe(4);
    expect(summary.notes).toContain('showing 2 of 4 modules; raise max_modules to see more');
  });

  it('rejects bad options with a message that says how to fix them', async () => {
    repo = tempRepo({ git: true });
    store = SqliteStore.open(repo.root);
    for (const options of [{ max_modules: 0 }, { max_modules: 2.5 }, { exclude_patterns: [''] }]) {
      let caught: unknown;
      try {
        getRepoSummary(repo.root, store, options);
      } catch (error) {
        caught = error;
      }
      expect(isScoutError(caught) && caught.code).toBe('USAGE');
    }
  });

  it('resolves Python relative and dotted imports and Go imports under the go.mod module', async () => {
    repo = tempRepo({ git: true });
    repo.write('pkg/__init__.py', '');
    repo.write('pkg/models.py', 'class User:\n    pass\n');
    repo.write('pkg/sub/helpers.py', 'from ..models import User\nfrom . import other\nimport os\n');
    repo.write('app/main.py', 'from pkg.models import User\nimport pkg.sub.helpers\nimport json\n');
    repo.write('go.mod', 'module example.com/svc\n');
    repo.write('internal/db/db.go', 'package db\n\nfunc Open() {}\n');
    repo.write('cmd/svc/main.go', 'package main\n\nimport (\n\t"fmt"\n\t"example.com/svc/internal/db"\n)\n\nfunc main() { db.Open(); fmt.Println() }\n');
    store = await indexed(repo);
    const summary = getRepoSummary(repo.root, store);
    expect(moduleNamed(summary, 'pkg')?.fan_in).toBe(2); // ..models from pkg/sub, pkg.models from app
    expect(moduleNamed(summary, 'pkg/sub')?.fan_in).toBe(1); // pkg.sub.helpers from app
    expect(moduleNamed(summary, 'internal/db')?.fan_in).toBe(1);
    expect(moduleNamed(summary, 'app')?.fan_in).toBe(0);
    expect(summary.project_type).toBe('Go program');
    expect(summary.entry_points).toEqual(['cmd/svc/main.go']);
  });

  // Measured on this repository's src/ (14 modules): about 3,100 characters, ~175 per module.
  // The requested module shape costs ~110 characters of keys alone, so 20 modules cannot fit in
  // 2,500; the bound below is per module so that growth in either part fails the test.
  it('stays compact on a real code base: small fixed part, under 200 characters per module', async () => {
    // This repository's own src/, copied so the index never lands in the working tree.
    const root = mkdtempSync(path.join(os.tmpdir(), 'scout-summary-'));
    try {
      cpSync(path.resolve('src'), root, { recursive: true });
      store = SqliteStore.open(root);
      await indexRepository(root, store);
      const summary = getRepoSummary(root, store);
      expect(summary.total_modules).toBeGreaterThanOrEqual(10);
      expect(summary.modules.length).toBe(Math.min(20, summary.total_modules));
      const { modules, ...fixed } = summary;
      // The fixed part includes the paging note once src/ has more than 20 modules (it has 21).
      expect(JSON.stringify(fixed).length).toBeLessThan(700);
      for (const m of modules) expect(JSON.stringify(m).length, m.name).toBeLessThan(200);
      expect(JSON.stringify(summary).length).toBeLessThan(700 + 200 * modules.length);
      expect(JSON.stringify(summary.modules.slice(0, 10)).length).toBeLessThan(2000);
    } finally {
      store?.close();
      store = undefined;
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('scout summary command', () => {
  it('refreshes the index first and reports it', async () => {
    repo = tempRepo({ git: true });
    writeTypeScriptRepo(repo);
    const result = await runSummaryCommand(repo.root, { 'max-modules': '3', exclude: ['test/,fixtures/'] });
    expect(result.freshness).toMatchObject({ refreshed: true, strategy: 'full' });
    expect(result.modules).toHaveLength(3);
    expect(result.excluded.patterns).toEqual(['test/', 'fixtures/']);
    const text = formatSummary(result);
    expect(text).toContain('src/core');
    expect(text).toContain('by patterns: test/ fixtures/');

    const again = await runSummaryCommand(repo.root, { exclude: ['none'] });
    expect(again.freshness.refreshed).toBe(false);
    expect(again.excluded.patterns).toEqual([]);
  });

  it('rejects bad flags before touching the index', async () => {
    repo = tempRepo({ git: true });
    for (const flags of [{ 'max-modules': 'ten' }, { 'max-modules': '0' }, { exclude: ['test/,'] }]) {
      await expect(runSummaryCommand(repo.root, flags)).rejects.toMatchObject({ code: 'USAGE' });
    }
    await expect(runSummaryCommand(repo.root, { 'max-modules': 'ten' })).rejects.toThrow(/--max-modules takes a whole number/);
  });
});
