/**
 * What a shared store holds, for `scout status --store`: the repositories published there and, for one of them,
 * its snapshots newest first (commit, when, files, rows). Reads only; a store with no tables yet holds nothing.
 */
import { SCHEMA_VERSION } from '../schema.js';
import { withClient, type PgStore } from './pg-connection.js';
import { storeExists } from './store-schema.js';

export interface StoreListing {
  store: string;
  repo: string;
  /** Every repository with a snapshot of this schema version, and how many. */
  repositories: Array<{ repo: string; snapshots: number }>;
  /** The named repository's snapshots, newest first (at most `limit`). */
  snapshots: Array<{ id: number; commit: string; createdAt: string; files: number; rows: number }>;
}

export async function listStore(store: PgStore, repo: string, limit = 10): Promise<StoreListing> {
  return withClient(store, async (client) => {
    if (!(await storeExists(client))) return { store: store.description, repo, repositories: [], snapshots: [] };
    const repositories = await client.query<{ repo: string; snapshots: number }>(
      'SELECT repo, count(*)::int AS snapshots FROM scout_snapshots WHERE schema_version = $1 GROUP BY repo ORDER BY repo',
      [SCHEMA_VERSION],
    );
    const snapshots = await client.query<{ id: number; commit: string; created_at: Date; files: number; rows: number }>(
      'SELECT id, commit, created_at, files, rows FROM scout_snapshots WHERE repo = $1 AND schema_version = $2 ORDER BY created_at DESC, id DESC LIMIT $3',
      [repo, SCHEMA_VERSION, limit],
    );
    return {
      store: store.description,
      repo,
      repositories: repositories.rows,
      snapshots: snapshots.rows.map((r) => ({ id: r.id, commit: r.commit, createdAt: r.created_at.toISOString(), files: r.files, rows: r.rows })),
    };
  });
}
