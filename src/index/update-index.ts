/**
 * `scout index` without --force, and every query's ensureFresh: the least work that brings the index up to date. Edited and deleted
 * files are found by the freshness sweep (one stat per indexed file, directory and walk input: about
 * 50 ms at 1.5M lines) and re-indexed alone. When a directory changed (an entry was added, removed or
 * renamed), or more files changed than an incremental pass takes, the repository pass runs with a walk
 * that lists only the changed directories (walk-reuse.ts). The full walk (about a second at that size: a
 * readdir per directory, ignore rules, a stat and a binary sniff per file) runs only when the sweep cannot
 * vouch for the rest: never indexed, --force, or an ignore file, a skipped file or the walk's settings changed.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/config.js';
import { fileSkip } from '../workspace/walk.js';
import type { FreshnessReport } from './freshness-report.js';
import type { IndexOptions, IndexStats } from './indexer.js';
import { INDEX_GENERATION_KEY } from './read/meta.js';
import type { IndexStore } from './store.js';
import { StoredWalk } from './walk-reuse.js';

export interface UpdateResult extends IndexStats {
  /**
   * 'none': the sweep found nothing to do; 'files': the changed files only; 'changed-directories': a repository
   * pass listing only the directories that changed; 'full': a repository pass with a full walk.
   */
  strategy: 'none' | 'files' | 'changed-directories' | 'full';
}

/**
 * `report`: the freshness check just taken (a sweep, or a watcher's events); null to walk everything
 * (--force, never indexed). See refreshIndex and ensureFresh in freshness.ts.
 */
export async function updateIndex(root: string, store: IndexStore, report: FreshnessReport | null, options: IndexOptions = {}): Promise<UpdateResult> {
  const started = performance.now();
  const config = options.config ?? loadConfig(root);
  // The indexer (and with it tree-sitter) loads only when there is something to index.
  const indexer = (): Promise<typeof import('./indexer.js')> => import('./indexer.js');
  const full = async (): Promise<UpdateResult> => ({ ...(await (await indexer()).indexRepository(root, store, { ...options, config })), strategy: 'full' });
  if (report === null || options.force || report.neverIndexed || report.walkInputsChanged) return full();
  const changed = [...report.modified, ...report.deleted];
  // An edited file the walk would now skip (grown past the size limit, turned binary) goes to the skipped
  // list and the walk inputs, which only a repository pass writes.
  const walkWouldSkip = (rel: string): boolean => {
    const size = statSync(path.join(root, rel), { throwIfNoEntry: false })?.size;
    return size !== undefined && fileSkip(path.join(root, rel), size, config) !== null;
  };
  // (Added files count too when the report walked to list them.)
  if (report.changedDirectories.size > 0 || changed.length + report.added.length > config.freshness.maxIncrementalFiles || report.modified.some(walkWouldSkip)) {
    const reuse = new StoredWalk(root, store, config, report);
    return { ...(await (await indexer()).indexRepository(root, store, { ...options, config, reuse })), strategy: 'changed-directories' };
  }
  const base = { filesSeen: report.filesChecked, filesSkipped: store.listSkipped().length };
  if (report.fresh) {
    const ms = Math.round(performance.now() - started);
    const stages = { walk: 0, readHash: 0, parse: 0, extract: 0, write: 0, fts: 0, indexBuild: 0, commit: 0, parseWall: 0, total: ms };
    return { ...base, filesParsed: 0, filesUnchanged: report.filesChecked, filesDeleted: 0, linesParsed: 0, parseFailures: 0, workers: 0, durationMs: ms, commit: report.indexedCommit, generation: Number(store.getMeta(INDEX_GENERATION_KEY) ?? '0') || 0, stages, strategy: 'none' };
  }
  // Also reached with no changed file when only HEAD moved: the write records the new commit.
  const stats = await (await indexer()).updatePaths(root, store, changed, new Map(), { ...options, config });
  return {
    ...stats,
    ...base,
    filesUnchanged: report.filesChecked - changed.length + stats.filesUnchanged,
    durationMs: Math.round(performance.now() - started),
    strategy: 'files',
  };
}
