/**
 * Other repositories' shared snapshots, for a search that spans repositories (`--repos a,b`): each repository's
 * newest published snapshot, pulled once into the per-user cache (`$XDG_CACHE_HOME/semantic-scout/shared/`), kept
 * until a newer one is published. Nothing is written into any checkout.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ScoutError } from '../../core/errors.js';
import { SCHEMA_VERSION } from '../schema.js';
import type { MirrorSchema } from './mirrored-tables.js';
import { withClient, type PgStore } from './pg-connection.js';
import { ensureLocalCopy } from './local-copy.js';
import type { SnapshotRef } from './pull-snapshot.js';
import { storeExists } from './store-schema.js';

export interface CachedRepository {
  repo: string;
  commit: string;
  snapshot: number;
  /** The pulled database, to open read-only. */
  dbPath: string;
  pulled: boolean;
}

/** The newest snapshot of each repository (this schema version), by name; a name without one is an error that lists those there are. */
async function newestSnapshots(store: PgStore, repos: string[]): Promise<SnapshotRef[]> {
  return withClient(store, async (client) => {
    const known = (await storeExists(client))
      ? (await client.query<{ id: number; repo: string; commit: string; mirror: MirrorSchema }>(
          'SELECT DISTINCT ON (repo) id, repo, commit, mirror FROM scout_snapshots WHERE schema_version = $1 ORDER BY repo, created_at DESC, id DESC',
          [SCHEMA_VERSION],
        )).rows
      : [];
    const byRepo = new Map(known.map((r) => [r.repo, r]));
    const missing = repos.filter((r) => !byRepo.has(r));
    if (missing.length > 0) {
      throw new ScoutError(
        'SNAPSHOT_MISSING',
        `no published index of ${missing.join(', ')} in ${store.description}; published repositories: ${known.map((r) => r.repo).join(', ') || 'none yet'} (names as \`scout index --store\` gave them: the origin remote's host/owner/name, or --repo-name)`,
      );
    }
    return repos.map((repo) => {
      const r = byRepo.get(repo) as (typeof known)[number];
      return { id: r.id, repo, commit: r.commit, schemaVersion: SCHEMA_VERSION, mirror: r.mirror };
    });
  });
}

function cacheDir(store: PgStore, repo: string): string {
  const root = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const key = createHash('sha1').update(`${store.description}\0${repo}`).digest('hex').slice(0, 16);
  return path.join(root, 'semantic-scout', 'shared', key);
}

/** Each repository's newest snapshot as a local database, pulled when the cache holds an older one. */
export async function cachedRepositories(store: PgStore, repos: string[]): Promise<CachedRepository[]> {
  const out: CachedRepository[] = [];
  for (const snapshot of await newestSnapshots(store, repos)) {
    const dbPath = path.join(cacheDir(store, snapshot.repo), 'index.db');
    const rows = await ensureLocalCopy(store, snapshot, dbPath);
    out.push({ repo: snapshot.repo, commit: snapshot.commit, snapshot: snapshot.id, dbPath, pulled: rows !== null });
  }
  return out;
}
