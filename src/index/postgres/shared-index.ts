/**
 * Answer from the team's shared index: before a command opens the local index, make it the snapshot of the
 * nearest ancestor of HEAD that was published to the store (a snapshot already here is kept while few files
 * differ from it, see KEEP_SNAPSHOT_UP_TO_CHANGED_FILES). The files of the working tree that differ from the
 * snapshot's commit are indexed on top by the usual freshness refresh (the overlay), and `shared_files`
 * remembers the snapshot's files so the freshness stamp can name the overlaid ones.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from '../../core/errors.js';
import { ancestorCommits, filesChangedSince, repositoryName } from '../../workspace/git-history.js';
import { indexLocation } from '../location.js';
import { SCHEMA_VERSION } from '../schema.js';
import { openSqlite, transaction } from '../sqlite.js';
import { WALK_INPUTS_KEY } from '../walk-inputs.js';
import { closeStore, connectStore, withClient, type PgStore } from './pg-connection.js';
import { ensureLocalCopy, localOrigin } from './local-copy.js';
import type { SnapshotRef } from './pull-snapshot.js';
import { storeExists } from './store-schema.js';
import type { MirrorSchema } from './mirrored-tables.js';

/** How far back from HEAD a published snapshot is looked for. */
export const ANCESTOR_DEPTH = 1000;

export interface SharedAttach {
  store: string;
  repo: string;
  commit: string;
  snapshot: number;
  /** True when this call pulled the snapshot (false: the local index already came from it). */
  pulled: boolean;
  rows: number;
  ms: number;
}

export async function findSnapshot(store: PgStore, repo: string, ancestors: string[]): Promise<SnapshotRef | null> {
  return withClient(store, async (client) => {
    if (!(await storeExists(client))) return null;
    const found = await client.query<{ id: number; commit: string; mirror: MirrorSchema }>(
      'SELECT id, commit, mirror FROM scout_snapshots WHERE repo = $1 AND schema_version = $2 AND commit = ANY($3)',
      [repo, SCHEMA_VERSION, ancestors],
    );
    const byCommit = new Map(found.rows.map((r) => [r.commit, r]));
    for (const commit of ancestors) {
      const row = byCommit.get(commit);
      if (row) return { id: row.id, repo, commit, schemaVersion: SCHEMA_VERSION, mirror: row.mirror };
    }
    return null;
  });
}

/**
 * Up to this many files changed since the snapshot already here, it is kept and the changes are indexed on top
 * (about 350 files a second) instead of asking the store for a nearer one: after a `git pull` of a few commits,
 * pulling the whole index again costs 15 s at 1.5M lines, reindexing the pulled files under a second. It also
 * spares the connection: a command on an up-to-date checkout does not touch the store at all.
 */
export const KEEP_SNAPSHOT_UP_TO_CHANGED_FILES = 200;

/** The shared commit the local index of `root` was pulled from, or null (a local index, or none). */
export function pulledCommit(root: string): string | null {
  return localOrigin(indexLocation(root).dbPath)?.commit ?? null;
}


/**
 * After a pull: what is this machine's and not the snapshot's. The walk's recorded inputs (absolute paths
 * of the machine that indexed) and folder mtimes are dropped, so the next refresh walks the tree; files that
 * git says are unchanged since the commit get this checkout's mtimes, so the refresh does not re-read them;
 * `shared_files` keeps the snapshot's files for the overlay.
 */
function localize(root: string, dbPath: string, commit: string): void {
  const changed = new Set(filesChangedSince(root, commit) ?? []);
  const db = openSqlite(dbPath);
  try {
    transaction(db, () => {
      // A folder mtime of -1 matches no folder here: the next freshness check walks the whole tree and finds
      // the files added since the commit (untracked ones included).
      db.exec('DROP TABLE IF EXISTS shared_files; CREATE TABLE shared_files(path TEXT PRIMARY KEY, hash TEXT NOT NULL); INSERT INTO shared_files SELECT path, hash FROM files; UPDATE directories SET mtime_ms = -1');
      db.prepare('DELETE FROM meta WHERE key = ?').run(WALK_INPUTS_KEY);
      const touch = db.prepare('UPDATE files SET mtime_ms = ? WHERE path = ?');
      for (const row of db.prepare('SELECT path, size FROM files').all() as Array<{ path: string; size: number }>) {
        if (changed.has(row.path)) continue;
        try {
          const stat = statSync(path.join(root, row.path));
          if (stat.size === row.size) touch.run(stat.mtimeMs, row.path);
        } catch {
          // deleted here: the refresh removes it
        }
      }
    });
  } finally {
    db.close();
  }
}

/**
 * The working tree's changes indexed on top of a snapshot just pulled, before any command reads it: `scout status`
 * (which never reindexes) would otherwise report the fresh copy as stale until the first query.
 */
async function overlayNow(root: string): Promise<void> {
  const [{ SqliteStore }, { ensureFresh }, { loadConfig }] = await Promise.all([import('../store.js'), import('../freshness.js'), import('../../core/config.js')]);
  const store = SqliteStore.open(root);
  try {
    await ensureFresh(root, store, { config: loadConfig(root) });
  } finally {
    store.close();
  }
}

/** Make the local index of `root` the store's snapshot of the nearest published ancestor of HEAD. */
export async function attachSharedIndex(root: string, url: string, options: { repo?: string } = {}): Promise<SharedAttach> {
  const started = performance.now();
  const repo = options.repo ?? repositoryName(root);
  const { dbPath } = indexLocation(root);
  const here = localOrigin(dbPath);
  if (here && here.repo === repo) {
    const changed = filesChangedSince(root, here.commit);
    if (changed !== null && changed.length <= KEEP_SNAPSHOT_UP_TO_CHANGED_FILES) {
      return { store: here.store, repo, commit: here.commit, snapshot: here.snapshot, pulled: false, rows: 0, ms: Math.round(performance.now() - started) };
    }
  }
  const ancestors = ancestorCommits(root, ANCESTOR_DEPTH);
  if (ancestors.length === 0) throw new ScoutError('SNAPSHOT_MISSING', `${root} has no git commit: a shared index is found by commit; run scout without --store, or commit first`);
  const store = await connectStore(url);
  try {
    const snapshot = await findSnapshot(store, repo, ancestors);
    if (!snapshot) {
      throw new ScoutError(
        'SNAPSHOT_MISSING',
        `the store ${store.description} holds no index of ${repo} for HEAD or its last ${ANCESTOR_DEPTH} ancestors (schema v${SCHEMA_VERSION}): publish one with \`scout index --store URL --repo DIR\` (in CI), or run without --store to index locally`,
      );
    }
    const base = { store: store.description, repo, commit: snapshot.commit, snapshot: snapshot.id };
    const rows = await ensureLocalCopy(store, snapshot, dbPath, async () => {
      localize(root, dbPath, snapshot.commit);
      await overlayNow(root);
    });
    return { ...base, pulled: rows !== null, rows: rows ?? 0, ms: Math.round(performance.now() - started) };
  } finally {
    await closeStore(store);
  }
}
