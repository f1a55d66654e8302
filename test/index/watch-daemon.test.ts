import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFreshness, ensureFresh } from '../../src/index/freshness.js';
import { SqliteStore } from '../../src/index/store.js';
import { readWatchState } from '../../src/index/watch-state.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

// The daemon runs as its own process from the build (`npm test` builds first).
const DAEMON = path.resolve(import.meta.dirname, '../../dist/cli/watch-daemon.js');

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
let daemon: ChildProcess | undefined;
afterEach(() => {
  daemon?.kill();
  daemon = undefined;
  store?.close();
  store = undefined;
  repo?.cleanup();
  repo = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll (events and the daemon's writes are asynchronous) until `ok` holds. */
async function until(what: string, ok: () => boolean, indexDir?: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (ok()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}${indexDir ? `; daemon state: ${JSON.stringify(readWatchState(indexDir))}` : ''}`);
}

/**
 * Until the daemon lists no pending change. An event that lands after a check read the state (the
 * utimes after a write, say) stays pending until a later ensureFresh acknowledges it: run one then.
 */
async function settle(root: string, s: SqliteStore, indexDir: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (readWatchState(indexDir)?.changes.length === 0) return;
    await ensureFresh(root, s);
    await sleep(50);
  }
  throw new Error(`the daemon state did not settle: ${JSON.stringify(readWatchState(indexDir))}`);
}

describe.skipIf(!existsSync(DAEMON))('freshness from a watch daemon (CLI calls)', () => {
  it('answers the no-change check from the persisted state, and still sees edits and new files', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    const root = repo.root;
    store = SqliteStore.open(root);
    await ensureFresh(root, store);
    const indexDir = path.dirname(store.dbPath);
    const indexedAt = () => store?.getMeta('indexed_at');
    daemon = spawn(process.execPath, [DAEMON, root, indexDir], { stdio: 'ignore' });
    await until('the daemon state', () => readWatchState(indexDir)?.syncedIndexedAt === indexedAt());

    // Until a check has swept with the daemon running, its state cannot vouch for anything.
    expect(checkFreshness(root, store)).toMatchObject({ fresh: true, method: 'sweep' });
    await ensureFresh(root, store); // sweeps and acknowledges
    await settle(root, store, indexDir);
    const quiet = checkFreshness(root, store);
    expect(quiet).toMatchObject({ fresh: true, method: 'watch-state', filesChecked: 0 });

    // An edit in place (no directory change) is seen.
    repo.write('src/kinds.ts', 'export enum LLMKind { A, B }\n');
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(root, 'src/kinds.ts'), later, later);
    await until('the edit in the state', () => (readWatchState(indexDir)?.changes ?? []).some(([p]) => p === 'src/kinds.ts'));
    expect(checkFreshness(root, store)).toMatchObject({ fresh: false, method: 'watch-state', modified: ['src/kinds.ts'] });
    expect(await ensureFresh(root, store)).toMatchObject({ files_updated: 1, strategy: 'partial' });
    // The index changed: until the daemon has re-read it, checks sweep; then they are cheap again.
    await until('the daemon re-synced', () => readWatchState(indexDir)?.syncedIndexedAt === indexedAt());
    await settle(root, store, indexDir);
    expect(checkFreshness(root, store)).toMatchObject({ fresh: true, method: 'watch-state' });

    // A new directory with a source file needs a walk: the check sweeps and finds it.
    repo.write('lib/extra.ts', 'export const extra = 1;\n');
    await until('the new directory in the state', () => (readWatchState(indexDir)?.changes ?? []).some(([p]) => p === 'lib'));
    expect(checkFreshness(root, store)).toMatchObject({ fresh: false, method: 'sweep', added: ['lib/extra.ts'] });
    await ensureFresh(root, store);
    // The daemon now watches lib/ as well; the first check after that sweeps once more.
    await until('the daemon re-synced', () => readWatchState(indexDir)?.syncedIndexedAt === indexedAt() && (readWatchState(indexDir)?.changes.length ?? 0) > 0);
    await settle(root, store, indexDir);
    repo.write('lib/extra.ts', 'export const extra = 2; export const more = 3;\n');
    await until('the edit in lib', () => (readWatchState(indexDir)?.changes ?? []).some(([p]) => p === 'lib/extra.ts'));
    expect(checkFreshness(root, store)).toMatchObject({ fresh: false, method: 'watch-state', modified: ['lib/extra.ts'] });

    // A daemon that is gone is not trusted.
    daemon.kill();
    await until('the daemon exit', () => daemon?.exitCode !== null || daemon?.signalCode !== null);
    expect(checkFreshness(root, store)).toMatchObject({ method: 'sweep' });
  });
});
