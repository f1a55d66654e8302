import { mkdirSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValue, firstValues, openSqlite } from '../../src/index/sqlite.js';
import { mergeConfig } from '../../src/core/config.js';
import { checkFreshness, ensureFresh } from '../../src/index/freshness.js';
import { indexRepository } from '../../src/index/indexer.js';
import { definitionNames as readDefinitionNames } from '../../src/index/read/definitions.js';
import { SqliteStore } from '../../src/index/store.js';
import { SCHEMA_VERSION } from '../../src/index/schema.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
  repo?.cleanup();
});

const definitionNames = (s: SqliteStore, file: string): string[] =>
  firstValues(s.database.prepare('SELECT d.qualified_name FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? ORDER BY d.start_line'), file) as string[];

/** Bump mtime so an edit within the same millisecond still looks changed. */
function touchLater(r: TempRepo, rel: string, seconds = 5): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path.join(r.root, rel), when, when);
}

describe('incremental indexing', () => {
  it('indexes a repository and re-indexes only what changed', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    const first = await indexRepository(repo.root, store);
    expect(first.filesParsed).toBe(4);
    expect(store.counts().definitions).toBeGreaterThan(20);

    const again = await indexRepository(repo.root, store);
    expect(again.filesParsed).toBe(0);
    expect(again.filesUnchanged).toBe(4);

    // Edit: new definition appears, old one is gone.
    repo.write('src/kinds.ts', 'export enum LLMKind { OpenAI, Gemini }\n');
    touchLater(repo, 'src/kinds.ts');
    const edited = await indexRepository(repo.root, store);
    expect(edited.filesParsed).toBe(1);
    expect(definitionNames(store, 'src/kinds.ts')).toEqual(['LLMKind', 'LLMKind.OpenAI', 'LLMKind.Gemini']);

    // Touch without a content change: hash says unchanged, nothing re-parsed.
    touchLater(repo, 'src/router.ts', 10);
    const touched = await indexRepository(repo.root, store);
    expect(touched.filesParsed).toBe(0);
    expect(touched.filesUnchanged).toBe(4);

    // Add, delete, rename.
    repo.write('src/added.ts', 'export function added(): number { return 1; }\n');
    repo.remove('src/broken.ts');
    repo.write('src/renamed.js', 'export function add(a, b) { return a + b; }\n');
    repo.remove('src/plain.js');
    const moved = await indexRepository(repo.root, store);
    expect(moved.filesParsed).toBe(2);
    expect(moved.filesDeleted).toBe(2);
    const paths = store.listFiles().map((f) => f.path).sort();
    expect(paths).toEqual(['src/added.ts', 'src/kinds.ts', 'src/renamed.js', 'src/router.ts']);
    // No orphaned facts of deleted files.
    const orphans = firstValue(store.database.prepare('SELECT COUNT(*) FROM usages WHERE file_id NOT IN (SELECT id FROM files)'));
    expect(orphans).toBe(0);
    const ftsRows = firstValue(store.database.prepare("SELECT COUNT(*) FROM search_fts WHERE search_fts MATCH 'added'"));
    expect(ftsRows).toBe(1);
    // Deleted files leave no full-text rows behind.
    const ftsTotal = firstValue(store.database.prepare('SELECT COUNT(*) FROM search_fts'));
    expect(ftsTotal).toBe(firstValue(store.database.prepare('SELECT COUNT(*) FROM chunks')));
  });

  it('honors .gitignore, .scoutignore, default excludes and the size limit, and reports skips', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    repo.write('.gitignore', 'generated/\n');
    repo.write('generated/out.ts', 'export const x = 1;\n');
    repo.write('.scoutignore', '*.spec.ts\n');
    repo.write('src/a.spec.ts', 'export const y = 1;\n');
    repo.write('node_modules/pkg/index.js', 'module.exports = 1;\n');
    repo.write('lib/.gitignore', 'local.ts\n');
    repo.write('lib/local.ts', 'export const z = 1;\n');
    repo.write('lib/kept.ts', 'export const k = 1;\n');
    repo.write('big.ts', `export const big = "${'x'.repeat(2_000)}";\n`);
    repo.write('image.ts', Buffer.from([0x47, 0x49, 0x46, 0x00, 0x01]));
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store, { config: mergeConfig({ index: { maxFileBytes: 1000 } }) });
    const paths = store.listFiles().map((f) => f.path);
    expect(paths).toContain('lib/kept.ts');
    for (const excluded of ['generated/out.ts', 'src/a.spec.ts', 'node_modules/pkg/index.js', 'lib/local.ts', 'big.ts', 'image.ts']) {
      expect(paths).not.toContain(excluded);
    }
    const skipped = store.listSkipped();
    expect(skipped.find((s) => s.path === 'big.ts')?.reason).toBe('too_large');
    expect(skipped.find((s) => s.path === 'image.ts')?.reason).toBe('binary');
  });
});

describe('index file', () => {
  const pageSize = (s: SqliteStore): number => firstValue(s.database.prepare('PRAGMA page_size')) as number;

  it('makes a new index with 64 KB pages in WAL mode, and leaves an existing index its own page size', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    expect(pageSize(store)).toBe(65536);
    expect(firstValue(store.database.prepare('PRAGMA journal_mode'))).toBe('wal');
    const dbPath = store.dbPath;
    store.close();
    store = undefined;

    // An index made with SQLite's default pages (by an earlier build) is opened as it is, not rewritten.
    rmSync(path.dirname(dbPath), { recursive: true, force: true });
    mkdirSync(path.dirname(dbPath), { recursive: true });
    const old = openSqlite(dbPath);
    old.exec('PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE scratch(x)');
    old.close();
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    expect(pageSize(store)).toBe(4096);
    expect(store.listFiles().length).toBeGreaterThan(0);
  });
});

describe('freshness', () => {
  it('detects edits, additions and deletions, and ensureFresh repairs them partially', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    const cold = await ensureFresh(repo.root, store);
    expect(cold).toMatchObject({ refreshed: true, strategy: 'full' });

    const fresh = checkFreshness(repo.root, store);
    expect(fresh.fresh).toBe(true);
    const none = await ensureFresh(repo.root, store);
    expect(none).toMatchObject({ refreshed: false, files_updated: 0, strategy: 'none' });
    expect(none.note).toMatch(/^index fresh at [0-9a-f]{7}$/);

    repo.write('src/kinds.ts', 'export enum LLMKind { A }\n');
    touchLater(repo, 'src/kinds.ts');
    repo.write('src/new.ts', 'export const n = 1;\n');
    repo.remove('src/plain.js');
    const stale = checkFreshness(repo.root, store);
    expect(stale.fresh).toBe(false);
    expect(stale.modified).toEqual(['src/kinds.ts']);
    expect(stale.added).toEqual(['src/new.ts']);
    expect(stale.deleted).toEqual(['src/plain.js']);

    const repaired = await ensureFresh(repo.root, store);
    expect(repaired).toMatchObject({ refreshed: true, files_updated: 3, strategy: 'partial' });
    expect(repaired.note).toMatch(/^index refreshed: 3 files in \d+ ms$/);
    expect(checkFreshness(repo.root, store).fresh).toBe(true);
    expect(definitionNames(store, 'src/new.ts')).toEqual(['n']);
  });

  it('notices a new commit even when no file changed', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    await ensureFresh(repo.root, store);
    repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'empty', '--allow-empty');
    const report = checkFreshness(repo.root, store);
    expect(report.fresh).toBe(false);
    expect(report.headCommit).not.toBe(report.indexedCommit);
    await ensureFresh(repo.root, store);
    expect(store.getMeta('indexed_commit')).toBe(report.headCommit);
  });

  it('switches to a full pass above the incremental limit', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    await ensureFresh(repo.root, store);
    for (let i = 0; i < 4; i++) repo.write(`src/gen${i}.ts`, `export const g${i} = ${i};\n`);
    const result = await ensureFresh(repo.root, store, { config: mergeConfig({ freshness: { maxIncrementalFiles: 2 } }) });
    expect(result).toMatchObject({ refreshed: true, strategy: 'full', files_updated: 4 });
  });
});

describe('bad input', () => {
  it('indexes invalid UTF-8 and syntax errors without crashing, and says so', async () => {
    repo = tempRepo();
    repo.write('bad.ts', Buffer.concat([Buffer.from('export const ok = 1;\nconst s = "'), Buffer.from([0xff, 0xfe]), Buffer.from('";\n')]));
    repo.write('broken.py', 'def fine():\n    return 1\n\ndef broken(:\n    pass\n');
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const counts = store.counts();
    expect(counts.filesWithInvalidUtf8).toBe(1);
    expect(counts.filesWithSyntaxErrors).toBe(1);
    expect(definitionNames(store, 'bad.ts')).toContain('ok');
    expect(definitionNames(store, 'broken.py')).toContain('fine');
  });

  it('skips a 50 MB minified file, survives a symlink loop and refuses symlinks out of the root', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    repo.write('huge.min.js', `var a=${'1+'.repeat(25 * 1024 * 1024)}1;`);
    const { symlinkSync } = await import('node:fs');
    symlinkSync('.', path.join(repo.root, 'loop'));
    symlinkSync('/etc', path.join(repo.root, 'etc-link'));
    symlinkSync('src', path.join(repo.root, 'src-again'));
    store = SqliteStore.open(repo.root);
    const stats = await indexRepository(repo.root, store);
    expect(stats.filesParsed).toBe(4);
    const skipped = new Map(store.listSkipped().map((s) => [s.path, s.reason]));
    expect(skipped.get('huge.min.js')).toBe('too_large');
    expect(skipped.get('loop')).toBe('symlink_loop');
    expect(skipped.get('etc-link')).toBe('symlink_outside_root');
    expect(skipped.get('src-again')).toBe('symlink_loop'); // same real directory as src/
  });

  it('skips files that turn minified, binary or deeply nested on a partial reindex, and indexes them again once fixed', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    expect(definitionNames(store, 'src/plain.js').length).toBeGreaterThan(0);
    repo.write('src/plain.js', `!function(){${'var a=function(b){return b+1};'.repeat(400)}}();`);
    repo.write('src/kinds.ts', Buffer.concat([Buffer.from('export enum K { A }\n'), Buffer.alloc(64, 0)]));
    repo.write('src/router.ts', `export const deep = ${`${'['.repeat(100)}\n`.repeat(50)}${`${']'.repeat(100)}\n`.repeat(50)};\n`);
    for (const f of ['src/plain.js', 'src/kinds.ts', 'src/router.ts']) touchLater(repo, f);
    const result = await ensureFresh(repo.root, store);
    expect(result.strategy).toBe('partial');
    const skipped = new Map(store.listSkipped().map((s) => [s.path, s.reason]));
    expect(Object.fromEntries(skipped)).toEqual({ 'src/plain.js': 'minified', 'src/kinds.ts': 'binary', 'src/router.ts': 'nesting_too_deep' });
    expect(definitionNames(store, 'src/plain.js')).toEqual([]);
    expect(store.counts().files).toBe(1);
    expect(checkFreshness(repo.root, store).fresh).toBe(true); // skipped files are known, not "added"
    repo.write('src/plain.js', 'function back() { return 1; }\n');
    touchLater(repo, 'src/plain.js', 10);
    await ensureFresh(repo.root, store);
    expect(definitionNames(store, 'src/plain.js')).toEqual(['back']);
    expect(store.listSkipped().map((s) => s.path)).toEqual(['src/kinds.ts', 'src/router.ts']);
  });

  it('drops a file deleted in the middle of a run', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    store = SqliteStore.open(repo.root);
    const all = ['src/kinds.ts', 'src/router.ts', 'src/broken.ts', 'src/plain.js'];
    const done = new Set<string>();
    let victim: string | undefined;
    const stats = await indexRepository(repo.root, store, {
      onProgress: ({ path: finished }) => {
        done.add(finished);
        if (!victim) {
          victim = all.find((p) => !done.has(p)); // walked already, read later in the run
          if (victim) repo.remove(victim);
        }
      },
    });
    expect(victim).toBeDefined();
    expect(stats.filesDeleted).toBe(1);
    expect(store.listFiles().map((f) => f.path)).not.toContain(victim);
    expect(store.listFiles()).toHaveLength(3);
  });

  it('keeps the index outside the repository when .scout cannot be created there', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    repo.write('.scout', 'not a directory');
    process.env.XDG_CACHE_HOME = path.join(repo.root, '..', `${path.basename(repo.root)}-cache`);
    try {
      store = SqliteStore.open(repo.root);
      expect(store.notes.join()).toMatch(/read-only: index kept at/);
      expect(store.dbPath.startsWith(`${repo.root}/`)).toBe(false);
      await indexRepository(repo.root, store);
      expect(store.counts().files).toBe(4);
    } finally {
      delete process.env.XDG_CACHE_HOME;
    }
  });

  it('keeps BM25 statistics exact through reindexed files: scores equal those of a fresh index of the same files', async () => {
    // A contentless_delete FTS5 table never takes deleted rows out of its row count and token totals, so scores drifted
    // with every reindex; this failed with that table (ratio of scores far from 1).
    const content = (round: number, i: number): string =>
      `/** Parses the ${round % 2 === 0 ? 'token' : 'header'} of request ${i}. */\nexport function parse${i}x${round}(input: string): string {\n  return input.trim() + '${'filler '.repeat(round + i)}';\n}\n`;
    repo = tempRepo();
    const fresh = tempRepo();
    try {
      store = SqliteStore.open(repo.root);
      for (let round = 0; round < 8; round++) {
        for (let i = 0; i < 6; i++) {
          repo.write(`src/f${i}.ts`, content(round, i));
          touchLater(repo, `src/f${i}.ts`, round + 1);
        }
        await indexRepository(repo.root, store);
      }
      for (let i = 0; i < 6; i++) fresh.write(`src/f${i}.ts`, content(7, i));
      const freshStore = SqliteStore.open(fresh.root);
      await indexRepository(fresh.root, freshStore);
      const scores = (s: SqliteStore): number[] =>
        firstValues(s.database.prepare(`SELECT bm25(search_fts) FROM search_fts WHERE search_fts MATCH 'header OR request' ORDER BY rowid`)) as number[];
      const incremental = scores(store);
      const expected = scores(freshStore);
      freshStore.close();
      expect(incremental.length).toBe(expected.length);
      expect(incremental.length).toBeGreaterThan(0);
      incremental.forEach((score, k) => expect(score).toBeCloseTo(expected[k] as number, 9));
    } finally {
      fresh.cleanup();
    }
  });

  it('rebuilds an index written with another schema version, with a message', async () => {
    repo = tempRepo({ fixture: 'typescript' });
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    store.setMeta('schema_version', '0');
    store.close();
    store = SqliteStore.open(repo.root);
    expect(store.notes.join()).toMatch(new RegExp(`schema changed \\(v0 → v${SCHEMA_VERSION}\\): rebuilt`));
    expect(store.counts().files).toBe(0);
  });
});

describe('freshness with a watcher (long-lived processes)', () => {
  it('answers the no-change check from events, and still sees edits, additions and deletions', async () => {
    const { ChangeWatcher } = await import('../../src/index/watcher.js');
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    const watcher = new ChangeWatcher(repo.root);
    try {
      await ensureFresh(repo.root, store, { watcher });
      expect(watcher.watchedDirectories).toBe(2); // '' and src
      const quiet = checkFreshness(repo.root, store, { watcher });
      expect(quiet).toMatchObject({ fresh: true, method: 'watcher', filesChecked: 0 });

      // Wait until the watcher has seen an event for `rel` (events are asynchronous; poll, don't guess).
      const settle = async (rel: string) => {
        for (let i = 0; i < 100; i++) {
          if (watcher.peek()?.paths.includes(rel)) return;
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        throw new Error(`watcher saw no event for ${rel}`);
      };
      repo.write('src/kinds.ts', 'export enum LLMKind { A, B }\n');
      touchLater(repo, 'src/kinds.ts');
      await settle('src/kinds.ts');
      const edited = checkFreshness(repo.root, store, { watcher });
      expect(edited).toMatchObject({ fresh: false, method: 'watcher', modified: ['src/kinds.ts'] });
      // A read-only check does not swallow the event.
      expect(checkFreshness(repo.root, store, { watcher }).fresh).toBe(false);
      expect(await ensureFresh(repo.root, store, { watcher })).toMatchObject({ files_updated: 1, strategy: 'partial' });
      expect(checkFreshness(repo.root, store, { watcher })).toMatchObject({ fresh: true, method: 'watcher' });

      // Irrelevant files do not make the index stale.
      repo.write('notes.md', 'hello\n');
      await settle('notes.md');
      expect(checkFreshness(repo.root, store, { watcher })).toMatchObject({ fresh: true, method: 'watcher' });

      // A new source file and a new directory need a walk: the check falls back to a sweep.
      repo.write('lib/extra.ts', 'export const extra = 1;\n');
      await settle('lib');
      const added = checkFreshness(repo.root, store, { watcher });
      expect(added).toMatchObject({ fresh: false, method: 'sweep', added: ['lib/extra.ts'] });
      await ensureFresh(repo.root, store, { watcher });
      expect(watcher.watchedDirectories).toBe(3);
      repo.remove('lib/extra.ts');
      await settle('lib/extra.ts');
      expect(checkFreshness(repo.root, store, { watcher })).toMatchObject({ fresh: false, deleted: ['lib/extra.ts'] });
      await ensureFresh(repo.root, store, { watcher });
      expect(checkFreshness(repo.root, store, { watcher }).fresh).toBe(true);
    } finally {
      watcher.close();
    }
  });
});

describe('the distinct definition names (fuzzy search reads them once per index version)', () => {
  it('are read again after a reindex through this connection, and after one through another', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const before = readDefinitionNames(store.database);
    expect(before).toContain('LLMKind');
    expect(readDefinitionNames(store.database)).toBe(before); // the same index: the same list, not read again
    repo.write('src/extra.ts', 'export function freshlyAdded() {}\n');
    await indexRepository(repo.root, store);
    expect(readDefinitionNames(store.database)).toContain('freshlyAdded');
    // A writer on another connection (a watcher, another process) is seen too.
    const other = SqliteStore.open(repo.root);
    try {
      repo.write('src/other.ts', 'export function addedElsewhere() {}\n');
      await indexRepository(repo.root, other);
    } finally {
      other.close();
    }
    expect(readDefinitionNames(store.database)).toContain('addedElsewhere');
  });
});

describe('a forced rebuild of a built index', () => {
  it('clears every file in bulk and writes the same facts as a fresh index, full-text and its trigger included', async () => {
    repo = tempRepo({});
    // 60 files: past the bulk threshold, so --force clears and rebuilds instead of rewriting file by file.
    for (let i = 0; i < 60; i++) repo.write(`src/m${i}.ts`, `import { helper } from './helper';\nexport function handler${i}(x: number): number {\n  return helper(x) + ${i};\n}\nexport const value${i} = handler${i}(1);\n`);
    repo.write('src/helper.ts', 'export function helper(x: number): number { return x * 2; }\n');
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const count = (sql: string): number => Number(firstValue(store!.database.prepare(sql)));
    const tables = ['files', 'definitions', 'usages', 'calls', 'imports', 'chunks', 'search_fts'];
    const fresh = tables.map((t) => count(`SELECT count(*) FROM ${t}`));
    repo.remove('src/m59.ts');
    const forced = await indexRepository(repo.root, store, { force: true });
    expect(forced.filesParsed).toBe(60);
    expect(forced.filesDeleted).toBe(1);
    const after = tables.map((t) => count(`SELECT count(*) FROM ${t}`));
    // One file fewer: every table shrank by that file's rows, none kept a stale row.
    expect(after[0]).toBe(fresh[0]! - 1);
    expect(count('SELECT count(*) FROM search_fts')).toBe(count('SELECT count(*) FROM chunks'));
    expect(count("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'search_fts_delete'")).toBe(1);
    expect(count("SELECT count(*) FROM definitions WHERE name = 'handler59'")).toBe(0);
    expect(count("SELECT count(*) FROM definitions WHERE name = 'handler58'")).toBe(1);
    // The trigger works again: a later edit replaces the file's full-text rows instead of leaving the old ones.
    repo.write('src/m0.ts', 'export const replaced = 1;\n');
    touchLater(repo, 'src/m0.ts');
    await indexRepository(repo.root, store);
    expect(count('SELECT count(*) FROM search_fts')).toBe(count('SELECT count(*) FROM chunks'));
    for (let i = 1; i < tables.length; i++) expect(after[i]).toBeLessThan(fresh[i]!);
  });
});
