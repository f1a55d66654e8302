/**
 * The freshness check on a worker thread (the built worker: dist/index/freshness-sweep-worker.js, made by `npm test`
 * first, so this test imports the build): its report is the in-thread check's, for a fresh index and after edits.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

const built = (module: string): Promise<Record<string, unknown>> => import(path.resolve('dist', module));
const CLI = path.resolve('dist', 'cli', 'main.js');
type Report = { fresh: boolean; modified: string[]; added: string[]; deleted: string[]; method: string; filesChecked: number };
let repo: TempRepo | null = null;
afterEach(() => {
  repo?.cleanup();
  repo = null;
});

it('reports what the in-thread check reports: fresh, then an edit, an added and a removed file', async () => {
  repo = tempRepo({ fixture: 'typescript', git: true });
  expect(spawnSync(process.execPath, [CLI, 'index', '--repo', repo.root], { encoding: 'utf8' }).status).toBe(0);
  const { sweepOffThread } = (await built('index/sweep-off-thread.js')) as { sweepOffThread: (root: string, dbPath: string) => Promise<Report | null> };
  const { checkFreshness } = (await built('index/freshness.js')) as { checkFreshness: (root: string, store: unknown) => Report };
  const { SqliteStore } = (await built('index/store.js')) as { SqliteStore: { open(root: string): { dbPath: string; close(): void } } };
  const store = SqliteStore.open(repo.root);
  try {
    const same = (r: Report) => ({ fresh: r.fresh, modified: r.modified, added: r.added, deleted: r.deleted, method: r.method, filesChecked: r.filesChecked });
    const fresh = await sweepOffThread(repo.root, store.dbPath);
    expect(fresh).not.toBeNull();
    expect(same(fresh!)).toEqual(same(checkFreshness(repo.root, store)));
    expect(fresh!.fresh).toBe(true);

    appendFileSync(path.join(repo.root, 'src/router.ts'), '\nexport const edited = 1;\n');
    repo.write('src/added.ts', 'export const added = 1;\n');
    repo.remove('src/kinds.ts');
    const stale = await sweepOffThread(repo.root, store.dbPath);
    expect(same(stale!)).toEqual(same(checkFreshness(repo.root, store)));
    expect(stale).toMatchObject({ fresh: false, modified: ['src/router.ts'], added: ['src/added.ts'], deleted: ['src/kinds.ts'] });
  } finally {
    store.close();
  }
});

it('gives null, not an error, when the index cannot be read, so the caller checks in-thread', async () => {
  const { sweepOffThread } = (await built('index/sweep-off-thread.js')) as { sweepOffThread: (root: string, dbPath: string) => Promise<unknown> };
  expect(await sweepOffThread('/nonexistent-root', '/nonexistent-root/.scout/index.db')).toBeNull();
});
