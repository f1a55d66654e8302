/**
 * `get_context`: the first thing an agent asks about a repository, in about 200
 * tokens: which repo and branch, the last commit, whether the index is current,
 * what kind of project it is, where it starts, and its main languages.
 * Reports freshness without reindexing (checkFreshness, not ensureFresh): a first
 * look must be instant, and the query tools refresh the index themselves.
 */
import { checkFreshness } from '../index/freshness.js';
import { languageShares as readLanguageShares } from '../index/read/files.js';
import type { SqliteStore } from '../index/store.js';
import { getGitContext, type GitContextOptions, type LastCommit } from './git-context.js';
import { DEFAULT_EXCLUDE_PATTERNS } from './path-patterns.js';
import { detectProject } from './project-type.js';

export type IndexStatus = 'fresh' | 'stale' | 'not_indexed';

export interface LanguageShare {
  language: string;
  files: number;
  lines: number;
}

export interface ContextResult {
  repo_name: string;
  branch: string | null;
  detached: boolean;
  /** `host/owner/repo`, credentials removed. */
  remote: string | null;
  last_commit: LastCommit | null;
  index_status: IndexStatus;
  /** Files added, modified or deleted since indexing; null when never indexed. */
  stale_files: number | null;
  project_type: string | null;
  /** At most MAX_ENTRY_POINTS; `notes` says how many more exist. */
  entry_points: string[];
  /** Top 3 indexed languages by lines. */
  languages: LanguageShare[];
  /** What is missing or cut, and how to see it. */
  notes: string[];
}

const TOP_LANGUAGES = 3;
const MAX_ENTRY_POINTS = 8;

export function getContext(root: string, store: SqliteStore, options: GitContextOptions = {}): ContextResult {
  const git = getGitContext(root, options);
  const notes: string[] = git.note ? [git.note] : [];

  const freshness = checkFreshness(root, store);
  const staleFiles = freshness.modified.length + freshness.added.length + freshness.deleted.length;
  const indexStatus: IndexStatus = freshness.neverIndexed ? 'not_indexed' : freshness.fresh ? 'fresh' : 'stale';
  if (indexStatus === 'not_indexed') notes.push('not indexed yet: any query tool (or `scout index`) builds the index');
  else if (indexStatus === 'stale' && staleFiles === 0) notes.push('HEAD moved since indexing; the next query refreshes the index');
  else if (indexStatus === 'stale') notes.push('the next query refreshes the index');

  const project = detectProject(root, { exclude: DEFAULT_EXCLUDE_PATTERNS });
  const skipped = project.excluded_manifests;
  if (skipped.length > 0) {
    const shown = skipped.slice(0, 2).join(', ') + (skipped.length > 2 ? ` and ${skipped.length - 2} more` : '');
    notes.push(`not counted (excluded paths): ${shown}`);
  }
  const entryPoints = project.entry_points.slice(0, MAX_ENTRY_POINTS);
  if (project.entry_points.length > MAX_ENTRY_POINTS) {
    notes.push(`${project.entry_points.length - MAX_ENTRY_POINTS} more entry point(s): get_repo_summary lists them per project`);
  }

  const languages = languageShares(store);
  if (languages.length > TOP_LANGUAGES) notes.push(`${languages.length - TOP_LANGUAGES} more language(s) indexed`);

  return {
    repo_name: git.repo_name,
    branch: git.branch,
    detached: git.detached,
    remote: git.remote,
    last_commit: git.last_commit,
    index_status: indexStatus,
    stale_files: indexStatus === 'not_indexed' ? null : staleFiles,
    project_type: project.project_type,
    entry_points: entryPoints,
    languages: languages.slice(0, TOP_LANGUAGES),
    notes,
  };
}

/** Indexed languages, most lines first. */
export function languageShares(store: SqliteStore): LanguageShare[] {
  return readLanguageShares(store.database);
}
