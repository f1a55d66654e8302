/** What a freshness check found (freshness.ts), in a file of its own so that update-index.ts can take it without importing the check. */
export interface FreshnessReport {
  fresh: boolean;
  indexedCommit: string | null;
  headCommit: string | null;
  /** Never indexed at all. */
  neverIndexed: boolean;
  modified: string[];
  added: string[];
  deleted: string[];
  /** Directories whose mtime changed, with their new mtimes. */
  changedDirectories: Map<string, number>;
  /**
   * An ignore file, a file the walk skipped, or the walk's settings changed since the last full walk
   * (see walk-inputs.ts): only a full walk can say which files the index should now hold.
   */
  walkInputsChanged: boolean;
  /** Files git reports as dirty (only when asked for: it costs a git process). */
  gitDirty: string[] | null;
  filesChecked: number;
  /**
   * 'watcher': answered from this process's file-system events; 'watch-state': from the events a
   * watch daemon persisted (see watch-state.ts); 'sweep': stat of every indexed file.
   */
  method: 'watcher' | 'watch-state' | 'sweep';
  /** The watch daemon this report can be acknowledged to (after the index is made current), else null. */
  persisted: { instance: string; generation: number; pending: number } | null;
  /** Watcher generation this report covers (for ensureFresh to acknowledge), else null. */
  watchGeneration: number | null;
  durationMs: number;
}
