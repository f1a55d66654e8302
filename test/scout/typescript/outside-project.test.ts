/**
 * A file the checked TypeScript project does not compile (outside its tsconfig.json's `include`), end to end: real
 * index, typescript-language-server and tsc. Inside the project the non-exhaustive switch is a verified break; the
 * same switch in `scripts/` is never called "compiles": the answer says it lies outside the checked project.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { lineOf } from '../../helpers/checker-tests.js';
import { openExploredRepo, type ExploredRepo } from '../../helpers/explored-repo.js';

let repo: ExploredRepo;
let root: string;
let store: ExploredRepo['store'];
let lsp: ExploredRepo['lsp'];
const checkers = new Checkers();

const SWITCH = (from: string) => `import { Shade } from '${from}';

export function label(s: Shade): string {
  switch (s) {
    case Shade.Light:
      return 'light';
    case Shade.Dark:
      return 'dark';
  }
}
`;

beforeAll(async () => {
  repo = await openExploredRepo({
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] }),
    'src/shade.ts': "export enum Shade {\n  Light = 'light',\n  Dark = 'dark',\n}\n",
    'src/label.ts': SWITCH('./shade'),
    'scripts/report.ts': SWITCH('../src/shade'),
  }, 'scout-outside-project-');
  ({ root, store, lsp } = repo);
}, 120_000);
afterAll(async () => {
  checkers.dispose();
  await repo?.close();
});

describe('a TypeScript file outside the checked project', () => {
  // Twice: files found by reading the tree (no git), then by `git grep` once the folder is a git checkout.
  it.each([['read from the tree', false], ['found by git grep', true]])('inside: a verified break; outside: "not verified: outside the project", never "compiles" (%s)', async (_how, git) => {
    if (git) {
      execFileSync('git', ['init', '-q'], { cwd: root });
      execFileSync('git', ['add', '-A'], { cwd: root });
    }
    const { answer } = await answerQuestion('what breaks if I add a variant to `Shade`?', { root, db: store.database, lsp, config: loadConfig(root), checkers });
    expect(answer.meta.verified_by).toMatchObject({ checker: 'typescript' });
    const inside = lineOf(root, 'src/label.ts', 'switch (s)');
    expect(answer.pointers.find((p) => p.verified && p.location.startsWith('src/label.ts:') && Math.abs(Number(p.location.split(':')[1]) - inside) <= 5)).toBeDefined();
    const outside = answer.pointers.filter((p) => p.location.startsWith('scripts/report.ts:'));
    expect(outside.length).toBeGreaterThan(0);
    for (const p of outside) {
      expect(p.verified).not.toBe(true);
      expect(p.what).not.toMatch(/compiles: typescript reports no error|typescript reports no error here/);
    }
    expect(outside.some((p) => /not verified: outside the project typescript checked \(tsconfig\.json\), so not compiled/.test(p.what))).toBe(true);
  }, 120_000);
});
