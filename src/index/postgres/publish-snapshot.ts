/**
 * Publish a local index as the shared snapshot of one commit: every mirrored table's rows COPied into the
 * store in ONE transaction that also inserts the snapshot's row, so readers see the whole snapshot or none
 * of it (a killed indexer's transaction is rolled back by the server). Then the repository's older snapshots
 * beyond `keep` are pruned.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SCHEMA_VERSION } from '../schema.js';
import { loadVectorExtension } from '../vector-extension.js';
import { returningArrays, type DatabaseSync } from '../sqlite.js';
import { copyField } from './copy-text.js';
import { mirrorSchema, type MirroredTable, type MirrorSchema } from './mirrored-tables.js';
import { withClient, type PgStore } from './pg-connection.js';
import { createTableSql, migrateStore, quoteIdent, storeTableName } from './store-schema.js';

/** Snapshots kept per repository and schema version when the caller does not say. */
export const DEFAULT_KEEP = 10;

export interface PublishResult {
  repo: string;
  commit: string;
  /** False when this commit was already published (nothing written). */
  published: boolean;
  snapshotId: number;
  rows: number;
  files: number;
  pruned: number;
  ms: number;
}

/** Rows read from SQLite per COPY chunk pushed to the server. */
const ROWS_PER_CHUNK = 2000;

function selectSql(table: MirroredTable): string {
  const rowid = table.rowidColumn ? quoteIdent(table.rowidColumn) : 'rowid';
  return `SELECT ${rowid} AS _rowid, ${table.columns.map((c) => quoteIdent(c.name)).join(', ')} FROM ${quoteIdent(table.name)}`;
}

/** A table's rows as COPY text, read from SQLite in chunks as the server takes them. */
function copyRows(db: DatabaseSync, table: MirroredTable, snapshotId: number, counter: { rows: number }): Readable {
  // Arrays where the driver can (Node >= 22.16), objects in column order before.
  const rows = returningArrays(db.prepare(selectSql(table))).iterate() as Iterator<unknown[] | Record<string, unknown>>;
  const prefix = `${snapshotId}\t`;
  return new Readable({
    read() {
      let chunk = '';
      for (let n = 0; n < ROWS_PER_CHUNK; n++) {
        const next = rows.next();
        if (next.done) {
          if (chunk) this.push(chunk);
          this.push(null);
          return;
        }
        const row = Array.isArray(next.value) ? next.value : Object.values(next.value);
        let line = prefix + String(row[0]);
        for (let i = 0; i < table.columns.length; i++) line += `\t${copyField(row[i + 1], (table.columns[i] as MirroredTable['columns'][number]).type)}`;
        chunk += `${line}\n`;
        counter.rows++;
      }
      this.push(chunk);
    },
  });
}

async function copyTable(client: PoolClient, db: DatabaseSync, table: MirroredTable, snapshotId: number, counter: { rows: number }): Promise<void> {
  const target = quoteIdent(storeTableName(SCHEMA_VERSION, table.name));
  const columns = ['snapshot_id', '_rowid', ...table.columns.map((c) => quoteIdent(`c_${c.name}`))].join(', ');
  await pipeline(copyRows(db, table, snapshotId, counter), client.query(copyFrom(`COPY ${target} (${columns}) FROM STDIN`)));
}

export async function publishSnapshot(store: PgStore, db: DatabaseSync, options: { repo: string; commit: string; keep?: number }): Promise<PublishResult> {
  const started = performance.now();
  const keep = options.keep ?? DEFAULT_KEEP;
  try {
    loadVectorExtension(db); // the vector table, when there is one, is read through sqlite-vec
  } catch {
    // no vectors in this index, or the extension cannot load: mirrorSchema then finds no vec0 table to read
  }
  const schema = mirrorSchema(db);
  const files = (db.prepare('SELECT count(*) AS n FROM files').get() as { n: number }).n;
  return withClient(store, async (client) => {
    await migrateStore(client);
    const notWritten = (snapshotId: number): PublishResult => ({ repo: options.repo, commit: options.commit, published: false, snapshotId, rows: 0, files, pruned: 0, ms: Math.round(performance.now() - started) });
    const existing = await snapshotIdOf(client, options.repo, options.commit);
    if (existing !== null) return notWritten(existing);
    for (const table of schema.tables) await client.query(createTableSql(SCHEMA_VERSION, table));
    const counter = { rows: 0 };
    await client.query('BEGIN');
    let snapshotId: number;
    try {
      const inserted = await client.query<{ id: number }>(
        'INSERT INTO scout_snapshots (repo, commit, schema_version, mirror, files, rows) VALUES ($1, $2, $3, $4, $5, 0) RETURNING id',
        [options.repo, options.commit, SCHEMA_VERSION, JSON.stringify(schema), files],
      );
      snapshotId = (inserted.rows[0] as { id: number }).id;
      for (const table of schema.tables) await copyTable(client, db, table, snapshotId, counter);
      await client.query('UPDATE scout_snapshots SET rows = $1 WHERE id = $2', [counter.rows, snapshotId]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      // Another writer published the same commit meanwhile: theirs stands.
      if ((error as { code?: string }).code === '23505') {
        return notWritten((await snapshotIdOf(client, options.repo, options.commit)) ?? 0);
      }
      throw error;
    }
    const pruned = await pruneSnapshots(client, options.repo, keep);
    return { repo: options.repo, commit: options.commit, published: true, snapshotId, rows: counter.rows, files, pruned, ms: Math.round(performance.now() - started) };
  });
}

/** The id of the repository's published snapshot of `commit` (this schema version), or null. */
async function snapshotIdOf(client: PoolClient, repo: string, commit: string): Promise<number | null> {
  const row = await client.query<{ id: number }>('SELECT id FROM scout_snapshots WHERE repo = $1 AND commit = $2 AND schema_version = $3', [repo, commit, SCHEMA_VERSION]);
  return row.rows[0]?.id ?? null;
}

/** Drop the repository's snapshots beyond the `keep` newest of each schema version, rows first, each in its own transaction. */
export async function pruneSnapshots(client: PoolClient, repo: string, keep: number): Promise<number> {
  const old = await client.query<{ id: number; schema_version: number; mirror: MirrorSchema }>(
    `SELECT id, schema_version, mirror FROM (
       SELECT id, schema_version, mirror, row_number() OVER (PARTITION BY schema_version ORDER BY created_at DESC, id DESC) AS n
       FROM scout_snapshots WHERE repo = $1) s
     WHERE n > $2`,
    [repo, Math.max(1, keep)],
  );
  for (const s of old.rows) {
    await client.query('BEGIN');
    try {
      // The snapshot's row goes first: from then on no reader can pick it, and a reader pulling it already
      // reads from its own REPEATABLE READ snapshot.
      await client.query('DELETE FROM scout_snapshots WHERE id = $1', [s.id]);
      for (const table of s.mirror.tables) await client.query(`DELETE FROM ${quoteIdent(storeTableName(s.schema_version, table.name))} WHERE snapshot_id = $1`, [s.id]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return old.rows.length;
}
