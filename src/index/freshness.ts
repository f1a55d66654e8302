/**
 * Is the index current? A quick check (git HEAD read from .git, one stat per
 * indexed file and directory and per input of the last walk, see walk-inputs.ts;
 * a walk only when a directory changed) and
 * `ensureFresh`, which every query runs first: it reindexes the changed files
 * when there are few, or everything when there are many, and says what it did.
 */
import type { IndexDb } from './db.js';
import { overlaidFiles, sharedOrigin } from './read/shared.js';
import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type ScoutConfig } from '../core/config.js';
import { dirtyFiles, headCommit } from '../workspace/git.js';
import { languageOf } from '../workspace/language.js';
import { walkRepository } from '../workspace/walk.js';
import type { FreshnessReport } from './freshness-report.js';
import type { IndexOptions } from './indexer.js';
import type { IndexStore } from './store.js';
import type { UpdateResult } from './update-index.js';
import { readPersistedWatch, writeWatchAck, type PersistedWatch } from './watch-state.js';
import type { ChangeWatcher } from './watcher.js';
import { IGNORE_FILE_NAMES, WALK_INPUTS_KEY, walkInputsChanged } from './walk-inputs.js';
import { StoredWalk } from './walk-reuse.js';

export type { FreshnessReport } from './freshness-report.js';

export interface FreshnessOptions {
  /** Also ask git for dirty files (slower: spawns git). */
  includeGitStatus?: boolean;
  config?: ScoutConfig;
  /** A watcher kept by a long-lived process: makes the no-change check O(1). */
  watcher?: ChangeWatcher;
  /**
   * Walk to list the added files when a directory changed (default true). `scout index` passes false:
   * it walks anyway in that case (indexRepository), and a walk costs about a second at 1.5M lines.
   */
  walk?: boolean;
}

export function checkFreshness(root: string, store: IndexStore, options: FreshnessOptions = {}): FreshnessReport {
  const started = performance.now();
  const indexedAt = store.getMeta('indexed_at');
  const indexedCommit = store.getMeta('indexed_commit') || null;
  const head = headCommit(root);
  const peek = indexedAt !== null ? (options.watcher?.peek() ?? null) : null;
  const persistedWatch: PersistedWatch | null = indexedAt !== null && !options.watcher ? readPersistedWatch(path.dirname(store.dbPath), indexedAt) : null;
  const persisted = persistedWatch
    ? { instance: persistedWatch.instance, generation: persistedWatch.generation, pending: persistedWatch.pending?.length ?? -1 }
    : null;
  // Events name the only files that may have changed: check those, not every file.
  const fromEvents = (paths: string[], method: 'watcher' | 'watch-state', watchGeneration: number | null): FreshnessReport | null => {
    const quick = changesFromEvents(root, store, paths);
    if (!quick) return null;
    return {
      fresh: quick.modified.length === 0 && quick.deleted.length === 0 && head === indexedCommit,
      indexedCommit,
      headCommit: head,
      neverIndexed: false,
      modified: quick.modified,
      added: [],
      deleted: quick.deleted,
      changedDirectories: new Map(),
      walkInputsChanged: false,
      gitDirty: options.includeGitStatus ? dirtyFiles(root) : null,
      filesChecked: paths.length,
      method,
      watchGeneration,
      persisted: method === 'watch-state' ? persisted : null,
      durationMs: performance.now() - started,
    };
  };
  const quick =
    (persistedWatch?.pending ? fromEvents(persistedWatch.pending, 'watch-state', null) : null) ??
    (peek ? fromEvents(peek.paths, 'watcher', peek.generation) : null);
  if (quick) return quick;
  const config = options.config ?? loadConfig(root);
  // A file's content edit changes its size or mtime (an editor that keeps both is not seen by any
  // stat-based check); an added, removed or renamed entry changes its directory's mtime. So one stat
  // per indexed file and per directory sees every change, and a walk is needed only when a directory changed.
  // Paths are joined by hand: path.join normalises each one, a third of the sweep's time at 10k files.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const files = store.listFileStats();
  const modified: string[] = [];
  const deleted: string[] = [];
  for (const [rel, size, mtimeMs] of files) {
    const stat = statSync(prefix + rel, { throwIfNoEntry: false });
    if (!stat || !stat.isFile()) deleted.push(rel);
    else if (stat.size !== size || stat.mtimeMs !== mtimeMs) modified.push(rel);
  }
  const changedDirectories = new Map<string, number>();
  const storedDirectories = store.listDirectories();
  for (const [dir, mtime] of storedDirectories) {
    const stat = statSync(dir ? prefix + dir : root, { throwIfNoEntry: false });
    if (!stat) changedDirectories.set(dir, -1);
    else if (stat.mtimeMs !== mtime) changedDirectories.set(dir, stat.mtimeMs);
  }
  let inputsChanged = indexedAt !== null && walkInputsChanged(store.getMeta(WALK_INPUTS_KEY), config);
  let added: string[] = [];
  if ((changedDirectories.size > 0 || indexedAt === null) && options.walk !== false) {
    // Something was added, removed or renamed: only a walk can tell what, honoring ignores. It lists
    // only the directories that changed, unless the walk inputs did (then a full pass follows anyway).
    const reuse = indexedAt !== null && !inputsChanged ? new StoredWalk(root, store, config, { modified, changedDirectories }) : undefined;
    let walk = walkRepository(root, config, reuse);
    if (reuse && !reuse.covers(walk.ignoreFiles)) {
      // A new ignore file may drop indexed files: that takes a full pass.
      inputsChanged = true;
      walk = walkRepository(root, config);
    }
    const known = new Set(files.map((f) => f[0]));
    added = walk.files.filter((f) => !known.has(f.path)).map((f) => f.path);
    for (const [dir, mtime] of walk.directories) {
      const previous = storedDirectories.get(dir);
      if (previous !== mtime) changedDirectories.set(dir, mtime);
    }
    for (const dir of [...changedDirectories.keys()]) if (!walk.directories.has(dir)) changedDirectories.delete(dir);
  }
  const gitDirty = options.includeGitStatus ? dirtyFiles(root) : null;
  const neverIndexed = indexedAt === null;
  const fresh = !neverIndexed && modified.length === 0 && deleted.length === 0 && added.length === 0 && changedDirectories.size === 0 && !inputsChanged && head === indexedCommit;
  return {
    fresh,
    indexedCommit,
    headCommit: head,
    neverIndexed,
    modified,
    added,
    deleted,
    changedDirectories,
    walkInputsChanged: inputsChanged,
    gitDirty,
    filesChecked: files.length,
    method: 'sweep',
    watchGeneration: peek?.generation ?? null,
    persisted,
    durationMs: performance.now() - started,
  };
}

/**
 * Turn watcher events into modified/deleted files. Returns null when an event
 * could mean an added file or directory: only a walk (with ignore rules) can tell.
 */
function changesFromEvents(root: string, store: IndexStore, paths: string[]): { modified: string[]; deleted: string[] } | null {
  const modified: string[] = [];
  const deleted: string[] = [];
  for (const rel of paths) {
    if (rel === '.scout' || rel.startsWith('.scout/')) continue;
    const stored = store.getFile(rel);
    const stat = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (stored) {
      if (!stat || !stat.isFile()) deleted.push(rel);
      else if (stat.size !== stored.size || stat.mtimeMs !== stored.mtimeMs) modified.push(rel);
      continue;
    }
    // An ignore file created, edited or removed changes what the walk keeps: the sweep checks it against the last walk.
    if (IGNORE_FILE_NAMES.has(path.basename(rel))) return null;
    if (!stat) continue; // a temporary file that came and went
    if (stat.isDirectory() || languageOf(rel) !== null) return null;
    // Any other new file (README, editor swap file) cannot change the index.
  }
  return { modified, deleted };
}

/**
 * `scout index` without --force: the sweep (without the walk: a repository pass walks anyway when a directory
 * changed), then the least work that brings the index up to date (update-index.ts).
 */
export async function refreshIndex(root: string, store: IndexStore, options: IndexOptions = {}): Promise<UpdateResult> {
  const started = performance.now();
  const config = options.config ?? loadConfig(root);
  const report = options.force || store.getMeta('indexed_at') === null ? null : checkFreshness(root, store, { config, walk: false });
  const { updateIndex } = await import('./update-index.js');
  const result = await updateIndex(root, store, report, { ...options, config });
  return { ...result, durationMs: Math.round(performance.now() - started) }; // the sweep included
}

export interface EnsureFreshResult {
  refreshed: boolean;
  files_updated: number;
  duration_ms: number;
  /** 'none' when fresh, 'partial' for the changed files only, 'full' for a whole-repository pass. */
  strategy: 'none' | 'partial' | 'full';
  commit: string | null;
  /** One line for answers to quote. */
  note: string;
  /** Set when the index is a team snapshot pulled from a shared store: its commit, and the files indexed on top. */
  shared?: SharedStamp;
}

export interface SharedStamp {
  /** The store, without credentials. */
  store: string;
  commit: string;
  overlaid_files: number;
  /** The first overlaid paths (all of them up to 20). */
  overlaid: string[];
}

const OVERLAID_LISTED = 20;

/** The shared snapshot behind the index and the files overlaid on it, or undefined for a local index. */
function sharedStamp(store: IndexStore): SharedStamp | undefined {
  const db = (store as { database?: IndexDb }).database;
  const origin = db ? sharedOrigin(db) : null;
  if (!db || !origin) return undefined;
  const overlaid = overlaidFiles(db);
  return { store: origin.store, commit: origin.commit, overlaid_files: overlaid.length, overlaid: overlaid.slice(0, OVERLAID_LISTED) };
}

/** The stamp with the shared snapshot named in its note. */
function withShared(result: EnsureFreshResult, store: IndexStore): EnsureFreshResult {
  const shared = sharedStamp(store);
  if (!shared) return result;
  const overlay = shared.overlaid_files === 0 ? 'no local changes on top' : `${shared.overlaid_files} local file(s) indexed on top: ${shared.overlaid.slice(0, 3).join(', ')}${shared.overlaid_files > 3 ? ', …' : ''}`;
  return { ...result, shared, note: `${result.note}; shared index of ${shortSha(shared.commit)} from ${shared.store}, ${overlay}` };
}

export async function ensureFresh(
  root: string,
  store: IndexStore,
  options: { config?: ScoutConfig; watcher?: ChangeWatcher; report?: FreshnessReport } = {},
): Promise<EnsureFreshResult> {
  const started = performance.now();
  const config = options.config ?? loadConfig(root);
  const { watcher } = options;
  // A report may come from a check already run (sweep-off-thread.ts), with nothing written to the index since.
  const report = options.report ?? checkFreshness(root, store, { config, watcher });
  const settle = (): void => {
    // The index now reflects every change up to the generation read before the check: say so to
    // the watch daemon's readers (nothing to say when its state already showed no pending change).
    const p = report.persisted;
    if (p && !(report.method === 'watch-state' && p.pending === 0)) {
      writeWatchAck(path.dirname(store.dbPath), { instance: p.instance, generation: p.generation, indexedAt: store.getMeta('indexed_at') ?? '' });
    }
    if (!watcher) return;
    if (report.watchGeneration !== null) watcher.acknowledge(report.watchGeneration, report.method === 'sweep');
    // The folders to watch change only with the index: not when the watcher itself saw nothing (every warm query; the
    // list is a read of every folder, about 3 ms at 1.5M lines).
    if (report.fresh && report.method === 'watcher') return;
    watcher.sync(store.listDirectories().keys());
  };
  if (report.fresh) {
    settle();
    const ms = Math.round(performance.now() - started);
    return withShared({ refreshed: false, files_updated: 0, duration_ms: ms, strategy: 'none', commit: report.indexedCommit, note: `index fresh at ${shortSha(report.indexedCommit)}` }, store);
  }
  const changed = report.modified.length + report.added.length + report.deleted.length;
  // Loaded only now: the indexer brings the parser (tree-sitter and its grammars), which a query on a
  // fresh index never needs. The same decisions as `scout index` (see update-index.ts).
  const { updateIndex } = await import('./update-index.js');
  const result = await updateIndex(root, store, report, { config });
  const filesUpdated = result.filesParsed + result.filesDeleted;
  const strategy: EnsureFreshResult['strategy'] = result.strategy === 'full' || changed > config.freshness.maxIncrementalFiles ? 'full' : 'partial';
  settle();
  const ms = Math.round(performance.now() - started);
  return withShared({
    refreshed: true,
    files_updated: filesUpdated,
    duration_ms: ms,
    strategy,
    commit: store.getMeta('indexed_commit') || null,
    note: `index refreshed: ${filesUpdated} file${filesUpdated === 1 ? '' : 's'} in ${ms} ms${strategy === 'full' ? ' (full pass)' : ''}`,
  }, store);
}

function shortSha(sha: string | null): string {
  return sha ? sha.slice(0, 7) : 'working tree (no git commit)';
}
