/**
 * The last walk, rebuilt from the index, so that a new walk lists again only the directories whose
 * mtime changed (WalkReuse in workspace/walk.ts): the freshness sweep has just stat'ed every stored
 * directory, so a walk costs what the changed directories cost, instead of a readdir per directory
 * and a stat and a binary sniff per file (about a second at 1.5M lines). A directory that changes
 * between the sweep and the walk keeps its old mtime in the index: the next sweep lists it.
 *
 * It holds only while what the walk depends on besides directory listings is unchanged: the caller
 * checks the walk inputs first (walk-inputs.ts), and `covers` tells afterwards whether the walk met
 * an ignore file the last one did not read (a new .gitignore changes what is kept below it, in
 * directories that were not listed again): then the caller walks again without reuse.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ScoutConfig } from '../core/config.js';
import { languageOf } from '../workspace/language.js';
import { fileSkip, type DirectoryListing, type SkippedFile, type WalkedFile, type WalkReuse } from '../workspace/walk.js';
import type { IndexStore } from './store.js';
import { IGNORE_FILE_NAMES, recordedWalk, WALK_INPUTS_KEY } from './walk-inputs.js';

export class StoredWalk implements WalkReuse {
  private readonly listings = new Map<string, DirectoryListing>();
  private readonly mtimes: Map<string, number>;
  private readonly ignoreFiles: Set<string>;

  private readonly changedDirectories: ReadonlyMap<string, number>;
  /** The stored files' rows it was built from, for the indexer to reuse (reading them costs 10-20 ms at 10k files). */
  readonly fileStats: ReturnType<IndexStore['listFileStats']>;

  /**
   * From the freshness sweep just taken: `modified`, files found changed (stat again, so that the walk
   * carries their new size and mtime: the indexer re-reads a file whose stats differ from the stored
   * ones); `changedDirectories`, directories whose mtime changed (listed again).
   */
  constructor(root: string, store: IndexStore, config: ScoutConfig, sweep: { modified: readonly string[]; changedDirectories: ReadonlyMap<string, number> }) {
    const { modified } = sweep;
    this.changedDirectories = sweep.changedDirectories;
    this.mtimes = store.listDirectories();
    const recorded = recordedWalk(store.getMeta(WALK_INPUTS_KEY));
    this.ignoreFiles = recorded?.ignoreFiles ?? new Set();
    const listing = (dir: string): DirectoryListing => {
      let entry = this.listings.get(dir);
      if (!entry) {
        entry = { files: [], skipped: [], subdirectories: [], links: [], ignoreFiles: [] };
        this.listings.set(dir, entry);
      }
      return entry;
    };
    const parent = (rel: string): string => {
      const slash = rel.lastIndexOf('/');
      return slash < 0 ? '' : rel.slice(0, slash);
    };
    const changed = new Set(modified);
    const prefix = root.endsWith(path.sep) ? root : root + path.sep;
    // Path, size and mtime only: reading every stored column of 10k files costs 50 ms.
    this.fileStats = store.listFileStats();
    for (const [rel, storedSize, storedMtime] of this.fileStats) {
      const language = languageOf(rel);
      if (!language) continue;
      const absolute = prefix + rel; // path.join would normalise 10k paths for nothing
      let size = storedSize;
      let mtimeMs = storedMtime;
      if (changed.has(rel)) {
        let stat;
        try {
          stat = statSync(absolute, { throwIfNoEntry: false });
        } catch {
          stat = undefined; // ELOOP and the like: listed again with its directory, which changed too
        }
        if (!stat?.isFile()) continue; // gone since the sweep: its directory changed too, and is listed again
        // The walk's own checks, as if it had listed the file.
        const skip = fileSkip(absolute, stat.size, config);
        if (skip) {
          listing(parent(rel)).skipped.push({ path: rel, ...skip });
          continue;
        }
        ({ size, mtimeMs } = stat);
      }
      listing(parent(rel)).files.push({ path: rel, absolute, language, size, mtimeMs } satisfies WalkedFile);
    }
    for (const skipped of store.listWalkSkipped()) listing(parent(skipped.path)).skipped.push(skipped satisfies SkippedFile);
    for (const dir of this.mtimes.keys()) {
      if (dir === '') continue;
      const name = dir.slice(dir.lastIndexOf('/') + 1);
      listing(parent(dir)).subdirectories.push(name);
      if (recorded?.linkedDirectories.has(dir)) listing(parent(dir)).links.push(name);
    }
    for (const file of this.ignoreFiles) {
      const dir = path.relative(root, path.dirname(file)).split(path.sep).join('/');
      listing(dir).ignoreFiles.push(path.basename(file));
    }
  }

  listing(relDir: string): (DirectoryListing & { mtimeMs: number }) | null {
    const mtimeMs = this.mtimes.get(relDir);
    if (mtimeMs === undefined || this.changedDirectories.has(relDir)) return null;
    return { mtimeMs, ...(this.listings.get(relDir) ?? { files: [], skipped: [], subdirectories: [], links: [], ignoreFiles: [] }) };
  }

  /** True when the walk read no ignore file that the last walk did not (see above). */
  covers(ignoreFilesRead: readonly string[]): boolean {
    return ignoreFilesRead.every((file) => !IGNORE_FILE_NAMES.has(path.basename(file)) || this.ignoreFiles.has(file));
  }
}
