/**
 * The shared snapshot a local index was pulled from (postgres/shared-index.ts), and the files indexed on top
 * of it since: files whose content differs from the snapshot's (`shared_files` keeps the snapshot's paths and
 * hashes), added, or deleted.
 */
import type { IndexDb } from '../db.js';
import { plucked, rows } from './prepared.js';
import { perIndexVersion } from './version-cache.js';

export interface SharedOrigin {
  store: string;
  repo: string;
  commit: string;
  snapshot: number;
}

export const SHARED_META = { store: 'shared_store', repo: 'shared_repo', commit: 'shared_commit', snapshot: 'shared_snapshot' } as const;

export function sharedOrigin(db: IndexDb): SharedOrigin | null {
  const meta = new Map((rows(db, "SELECT key, value FROM meta WHERE key LIKE 'shared_%'").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  const commit = meta.get(SHARED_META.commit);
  if (!commit) return null;
  return { store: meta.get(SHARED_META.store) ?? '', repo: meta.get(SHARED_META.repo) ?? '', commit, snapshot: Number(meta.get(SHARED_META.snapshot) ?? 0) };
}

/** Paths indexed differently from the shared snapshot (changed, added or deleted here), sorted. */
export function overlaidFiles(db: IndexDb): string[] {
  // Once per index version: the MCP server stamps every answer, and the index changes far less often.
  return perIndexVersion(db, 'overlaid-files', () => plucked(
    db,
    `SELECT f.path FROM files f LEFT JOIN shared_files s ON s.path = f.path WHERE s.hash IS NULL OR s.hash <> f.hash
     UNION SELECT s.path FROM shared_files s WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.path = s.path)
     ORDER BY 1`,
  ).all() as string[]);
}
