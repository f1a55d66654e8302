/**
 * The shared store's own tables, created or migrated on first use by a writer:
 * - `scout_store_meta(key, value)`: the store's version (STORE_VERSION);
 * - `scout_snapshots`: one row per published (repository, commit, index schema version), with the mirror
 *   schema its rows follow (mirrored-tables.ts). A row exists only once its snapshot is whole: it is
 *   inserted in the same transaction as the snapshot's rows, so a reader never sees a partial commit, and a
 *   killed indexer leaves nothing behind;
 * - one table per mirrored SQLite table and index schema version (`scout_v7_definitions`): `snapshot_id`,
 *   `_rowid`, then the SQLite columns. A new SCHEMA_VERSION writes new tables beside the old ones, so readers
 *   of the old version keep working until their snapshots are pruned.
 */
import type { PoolClient } from 'pg';
import { ScoutError } from '../../core/errors.js';
import type { ColumnType, MirroredTable } from './mirrored-tables.js';

export const STORE_VERSION = 1;

const STORE_SQL = `
CREATE TABLE IF NOT EXISTS scout_store_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS scout_snapshots (
  id bigserial PRIMARY KEY,
  repo text NOT NULL,
  commit text NOT NULL,
  schema_version integer NOT NULL,
  mirror jsonb NOT NULL,
  files integer NOT NULL,
  rows bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repo, commit, schema_version)
);
CREATE INDEX IF NOT EXISTS scout_snapshots_repo ON scout_snapshots (repo, schema_version, created_at);
`;

/** Create the store's tables when missing; refuse a store written by a newer Scout. Writers only. */
export async function migrateStore(client: PoolClient): Promise<void> {
  // One writer migrates at a time: the advisory lock is released with the transaction.
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(72010529)');
    await client.query(STORE_SQL);
    const row = await client.query<{ value: string }>("SELECT value FROM scout_store_meta WHERE key = 'store_version'");
    const version = row.rows[0] ? Number(row.rows[0].value) : null;
    if (version !== null && version > STORE_VERSION) {
      throw new ScoutError('USAGE', `the store was written by a newer Scout (store version ${version}, this one knows ${STORE_VERSION}): upgrade Scout`);
    }
    if (version === null) await client.query("INSERT INTO scout_store_meta (key, value) VALUES ('store_version', $1)", [String(STORE_VERSION)]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Whether the store's tables exist (a reader never creates them). */
export async function storeExists(client: PoolClient): Promise<boolean> {
  const row = await client.query<{ t: string | null }>("SELECT to_regclass('scout_snapshots')::text AS t");
  return Boolean(row.rows[0]?.t);
}

const PG_TYPES: Record<ColumnType, string> = { integer: 'double precision', real: 'double precision', text: 'text', blob: 'bytea' };

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The store table of one mirrored SQLite table for one index schema version. */
export function storeTableName(schemaVersion: number, table: string): string {
  return `scout_v${schemaVersion}_${table}`;
}

/**
 * SQLite's INTEGER columns hold what they are given (an mtime in fractional milliseconds stays fractional), so
 * they are stored as double precision: exact for every integer below 2^53, and never a failed COPY.
 */
export function createTableSql(schemaVersion: number, table: MirroredTable): string {
  const columns = table.columns.map((c) => `${quoteIdent(`c_${c.name}`)} ${PG_TYPES[c.type]}`).join(', ');
  return `CREATE TABLE IF NOT EXISTS ${quoteIdent(storeTableName(schemaVersion, table.name))} (snapshot_id bigint NOT NULL, _rowid bigint NOT NULL, ${columns}, PRIMARY KEY (snapshot_id, _rowid))`;
}
