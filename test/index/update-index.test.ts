/**
 * `scout index` without --force (refreshIndex, update-index.ts): the sweep, the walk that lists only changed directories,
 * and the full walk must each leave exactly the index a from-scratch build of the same tree gives:
 * the same files with the same content, the same skipped files, directories and fact counts, and
 * vectors for every chunk. Checked after every kind of change, in a git checkout and in a plain folder.
 */
import { cpSync, mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeConfig, type ScoutConfig } from '../../src/core/config.js';
import { checkFreshness, ensureFresh, refreshIndex } from '../../src/index/freshness.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import type { UpdateResult } from '../../src/index/update-index.js';
import { WordVectorProvider } from '../../src/embed/word-vectors.js';
import { syncEmbeddedVectors } from '../../src/search/vector-searcher.js';
import { vectorsCanFollow } from '../../src/search/vector-follow.js';
import { syncChunkVectors } from '../../src/search/vector-store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
const extra: string[] = [];
afterEach(() => {
  store?.close();
  store = undefined;
  repo?.cleanup();
  repo = undefined;
  for (const dir of extra.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A size limit small enough for a test file to cross it. */
const config: ScoutConfig = mergeConfig({ index: { maxFileBytes: 2_000 } });

/** Move a file's mtime on, so that an edit within the same clock tick still shows. */
function later(r: TempRepo, rel: string, seconds: number): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path.join(r.root, rel), when, when);
}

/** What an index holds, without what depends on the moment it was built (ids, mtimes). */
function contents(s: SqliteStore): unknown {
  return {
    files: s.listFiles().map((f) => [f.path, f.language, f.hash, f.size, f.lines, f.skipReason]).sort(),
    skipped: s.listSkipped(),
    directories: [...s.listDirectories().keys()].sort(),
    counts: s.counts(),
  };
}

/** The index a from-scratch build of a copy of the tree gives. */
async function rebuilt(root: string): Promise<unknown> {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'scout-rebuilt-'));
  extra.push(copy);
  cpSync(root, copy, { recursive: true, verbatimSymlinks: true, filter: (src) => path.basename(src) !== '.scout' });
  const fresh = SqliteStore.open(copy);
  try {
    await indexRepository(copy, fresh, { config });
    return contents(fresh);
  } finally {
    fresh.close();
  }
}

async function update(s: SqliteStore, root: string): Promise<UpdateResult> {
  const result = await refreshIndex(root, s, { config });
  await syncEmbeddedVectors(s.database, config);
  return result;
}

describe.each([
  ['a git checkout', true],
  ['a plain folder', false],
])('scout index in %s', (_name, git) => {
  it('sees every edit, addition, deletion and rename, and leaves the index a full build would', async () => {
    repo = tempRepo({ fixture: 'typescript', git });
    const r = repo;
    r.write('.gitignore', 'ignored/\n');
    r.write('lib/util.ts', 'export function util(): number { return 1; }\n');
    store = SqliteStore.open(r.root);
    const s = store;
    expect((await update(s, r.root)).strategy).toBe('full');
    expect((await update(s, r.root)).strategy).toBe('none');

    const steps: Array<[string, () => void, UpdateResult['strategy']]> = [
      ['edit in place', () => (r.write('src/kinds.ts', 'export enum LLMKind { A, B, C }\n'), later(r, 'src/kinds.ts', 5)), 'files'],
      ['add a file', () => r.write('src/added.ts', 'export const added = 1;\n'), 'changed-directories'],
      ['link to an ignored folder', () => (r.write('ignored/kept.ts', 'export const kept = 1;\n'), symlinkSync('../ignored', path.join(r.root, 'src/ext'))), 'changed-directories'],
      ['add a file behind the link', () => r.write('ignored/more.ts', 'export const more = 1;\n'), 'changed-directories'],
      ['add a nested folder', () => r.write('src/deep/er/nested.ts', 'export function nested(): void {}\n'), 'changed-directories'],
      ['delete a file', () => r.remove('src/plain.js'), 'changed-directories'],
      ['rename a file across folders', () => renameSync(path.join(r.root, 'lib/util.ts'), path.join(r.root, 'src/deep/util.ts')), 'changed-directories'],
      ['rename a folder', () => renameSync(path.join(r.root, 'src/deep'), path.join(r.root, 'src/shallow')), 'changed-directories'],
      ['save by rename (a new inode)', () => (writeFileSync(path.join(r.root, 'src/tmp'), 'export enum LLMKind { A }\n'), renameSync(path.join(r.root, 'src/tmp'), path.join(r.root, 'src/kinds.ts'))), 'changed-directories'],
      ['add a file in an ignored folder', () => r.write('ignored/secret.ts', 'export const secret = 1;\n'), 'changed-directories'],
      ['grow a file past the size limit', () => (r.write('src/added.ts', `export const big = '${'x'.repeat(3_000)}';\n`), later(r, 'src/added.ts', 10)), 'changed-directories'],
      ['turn a file binary', () => (r.write('src/broken.ts', Buffer.from([0, 1, 2, 0, 255, 0])), later(r, 'src/broken.ts', 12)), 'changed-directories'],
      ['make it text again (a skipped file changed)', () => (r.write('src/broken.ts', 'export const fixed = 1;\n'), later(r, 'src/broken.ts', 14)), 'full'],
      ['shrink it back (a skipped file changed)', () => (r.write('src/added.ts', 'export const small = 1;\n'), later(r, 'src/added.ts', 15)), 'full'],
      ['ignore an indexed file by editing .gitignore in place', () => (r.write('.gitignore', 'ignored/\nsrc/router.ts\n'), later(r, '.gitignore', 20)), 'full'],
      ['a new .gitignore in a folder', () => r.write('src/shallow/.gitignore', 'nested.ts\n'), 'changed-directories'],
    ];
    for (const [name, change, strategy] of steps) {
      change();
      const result = await update(s, r.root);
      expect([name, result.strategy]).toEqual([name, strategy]);
      expect([name, contents(s)]).toEqual([name, await rebuilt(r.root)]);
      expect([name, checkFreshness(r.root, s, { config }).fresh]).toEqual([name, true]);
      // The vectors followed the changed chunks: a full sync finds nothing left to do.
      const full = await syncChunkVectors(s.database, new WordVectorProvider());
      expect([name, full.embedded, full.removed]).toEqual([name, 0, 0]);
    }
    const paths = (s.listFiles().map((f) => f.path) as string[]).sort();
    // router.ts and nested.ts are ignored now, plain.js deleted, util.ts moved twice.
    expect(paths).toEqual(['src/added.ts', 'src/broken.ts', 'src/ext/kept.ts', 'src/ext/more.ts', 'src/ext/secret.ts', 'src/kinds.ts', 'src/shallow/util.ts']);
    expect(s.listSkipped()).toEqual([]);
  });
});

describe('vectors after `scout index`', () => {
  it('are left to the next sync after small writes, which then embeds only the chunks those writes changed', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    const r = repo;
    store = SqliteStore.open(r.root);
    const s = store;
    await update(s, r.root);
    const chunks = s.counts().chunks;
    expect(chunks).toBeGreaterThan(5);
    expect(vectorsCanFollow(s.database, config)).toBe(true);
    // Two writes, no sync between them (what `scout index` does after small edits).
    r.write('src/kinds.ts', 'export enum LLMKind { A, B }\n');
    later(r, 'src/kinds.ts', 5);
    await refreshIndex(r.root, s, { config });
    r.write('src/added.ts', 'export function added(): number { return 2; }\n');
    await refreshIndex(r.root, s, { config });
    expect(vectorsCanFollow(s.database, config)).toBe(true);
    const note = await syncEmbeddedVectors(s.database, config);
    const embedded = Number(/vectors: (\d+) chunk/.exec(note ?? '')?.[1]);
    expect(embedded).toBeGreaterThan(0);
    expect(embedded).toBeLessThan(chunks / 2);
    const full = await syncChunkVectors(s.database, new WordVectorProvider());
    expect([full.embedded, full.removed]).toEqual([0, 0]);
    // Without a finished sync's mark (an interrupted one), `scout index` syncs by itself again.
    s.setMeta('vectors_synced', '');
    expect(vectorsCanFollow(s.database, config)).toBe(false);
  });
});

describe('ensureFresh (what every query runs first)', () => {
  it('takes the same decisions: a new file over the size limit is listed as skipped, and the index is what a full build gives', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    const r = repo;
    store = SqliteStore.open(r.root);
    const s = store;
    await ensureFresh(r.root, s, { config });
    r.write('src/big.ts', `export const big = '${'x'.repeat(3_000)}';\n`);
    r.write('src/small.ts', 'export const small = 1;\n');
    const result = await ensureFresh(r.root, s, { config });
    expect(result).toMatchObject({ refreshed: true, strategy: 'partial', files_updated: 1 });
    expect(s.listSkipped()).toEqual([{ path: 'src/big.ts', reason: 'too_large', detail: '3023 bytes > limit 2000' }]);
    expect(contents(s)).toEqual(await rebuilt(r.root));
    expect((await ensureFresh(r.root, s, { config })).strategy).toBe('none');
  });
});
