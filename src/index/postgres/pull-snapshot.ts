/**
 * Pull one shared snapshot into a new local SQLite database: the mirrored tables created from the DDL the
 * snapshot recorded, their rows streamed out of the store with COPY inside one REPEATABLE READ transaction
 * (a prune or a new publish meanwhile changes nothing of what is read), then the indexes and triggers built.
 * The file is written beside the index and renamed over it only when whole.
 */
import { renameSync, rmSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { to as copyTo } from 'pg-copy-streams';
import { loadVectorExtension } from '../vector-extension.js';
import { ScoutError } from '../../core/errors.js';
import { SHARED_META } from '../read/shared.js';
import { openSqlite, transaction, type DatabaseSync, type SQLInputValue } from '../sqlite.js';
import { LineSplitter, parseCopyLine, sqliteValue } from './copy-text.js';
import { checkMirrorSchema, vectorColumns, type MirroredTable, type MirrorSchema } from './mirrored-tables.js';
import { withClient, type PgStore } from './pg-connection.js';
import { quoteIdent, storeTableName } from './store-schema.js';

export interface SnapshotRef {
  id: number;
  repo: string;
  commit: string;
  schemaVersion: number;
  mirror: MirrorSchema;
}

export interface PullResult {
  rows: number;
  ms: number;
}

/** Rows per INSERT statement: one statement run per row cost about half of a pull's inserting (as it did in the indexer). */
const ROWS_PER_INSERT = 64;

/** An INSERT of `rows` rows of the table. */
function insertSql(table: MirroredTable, rows: number): string {
  const names = table.columns.map((c) => quoteIdent(c.name));
  const columns = table.rowidColumn ? names : ['rowid', ...names];
  // An int8 vector goes back through `vec_int8(?)` (sqlite-vec reads a bare blob as float32); the DDL says which (checked).
  const vectors = table.virtual ? vectorColumns(table.ddl) : new Map<string, string>();
  const values = table.columns.map((c) => (vectors.get(c.name) === 'int8' ? 'vec_int8(?)' : '?'));
  const row = `(${(table.rowidColumn ? values : ['?', ...values]).join(', ')})`;
  return `INSERT INTO ${quoteIdent(table.name)} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
}

async function pullTable(client: import('pg').PoolClient, db: DatabaseSync, snapshot: SnapshotRef, table: MirroredTable): Promise<number> {
  const source = quoteIdent(storeTableName(snapshot.schemaVersion, table.name));
  const columns = ['_rowid', ...table.columns.map((c) => quoteIdent(`c_${c.name}`))].join(', ');
  const stream = client.query(copyTo(`COPY (SELECT ${columns} FROM ${source} WHERE snapshot_id = ${Number(snapshot.id)} ORDER BY _rowid) TO STDOUT`));
  const insertMany = db.prepare(insertSql(table, ROWS_PER_INSERT));
  const insertOne = db.prepare(insertSql(table, 1));
  const rowidIndex = table.rowidColumn ? table.columns.findIndex((c) => c.name === table.rowidColumn) : -1;
  const perRow = table.columns.length + (rowidIndex < 0 ? 1 : 0);
  const decoder = new StringDecoder('utf8');
  const lines = new LineSplitter();
  let rows = 0;
  // The values of the rows not yet inserted, row after row (reused: filled and run every ROWS_PER_INSERT rows).
  const pending: SQLInputValue[] = new Array(ROWS_PER_INSERT * perRow);
  let held = 0;
  const onLine = (line: string): void => {
    const fields = parseCopyLine(line);
    let at = held * perRow;
    // A bigint binds as an SQLite integer; a number binds as a real, which vec0 refuses as a rowid.
    if (rowidIndex < 0) pending[at++] = BigInt(fields[0] as string);
    for (let i = 0; i < table.columns.length; i++) pending[at++] = sqliteValue(fields[i + 1] ?? null, (table.columns[i] as MirroredTable['columns'][number]).type) as SQLInputValue;
    if (++held === ROWS_PER_INSERT) {
      insertMany.run(...pending);
      held = 0;
    }
    rows++;
  };
  // Rows go in as they stream; the caller's transaction makes them one write.
  for await (const chunk of stream as AsyncIterable<Buffer>) lines.push(decoder.write(chunk), onLine);
  lines.push(decoder.end(), onLine);
  lines.end(onLine);
  for (let r = 0; r < held; r++) insertOne.run(...pending.slice(r * perRow, (r + 1) * perRow));
  return rows;
}

/** Write snapshot `snapshot` as the SQLite database at `dbPath` (replaced only when the pull is whole), recording where it came from. */
export async function pullSnapshot(store: PgStore, snapshot: SnapshotRef, dbPath: string): Promise<PullResult> {
  const started = performance.now();
  // The statements a snapshot makes this machine run must be this build's own, word for word.
  const foreign = checkMirrorSchema(snapshot.mirror);
  if (foreign) {
    throw new ScoutError('SNAPSHOT_MISSING', `the shared snapshot ${snapshot.id} of ${snapshot.repo} holds a schema this Scout does not write (${foreign}): refused; republish it with this version of Scout (\`scout index --store\`)`);
  }
  const partial = `${dbPath}.pull-${process.pid}`;
  rmSync(partial, { force: true });
  const db = openSqlite(partial);
  let rows = 0;
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF');
    if (snapshot.mirror.tables.some((t) => /USING\s+vec0/i.test(t.ddl))) loadVectorExtension(db);
    for (const table of snapshot.mirror.tables) db.exec(table.ddl);
    await withClient(store, async (client) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        // A bulk load into an empty file: one transaction, indexes after.
        db.exec('BEGIN');
        for (const table of snapshot.mirror.tables) rows += await pullTable(client, db, snapshot, table);
        db.exec('COMMIT');
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    refuseEscapingPaths(db);
    transaction(db, () => {
      for (const sql of snapshot.mirror.after) db.exec(sql);
      const setMeta = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
      // Where the copy came from (read/shared.ts): the freshness stamp names it, and the next attach compares it.
      const origin = { [SHARED_META.store]: store.description, [SHARED_META.repo]: snapshot.repo, [SHARED_META.commit]: snapshot.commit, [SHARED_META.snapshot]: String(snapshot.id) };
      for (const [key, value] of Object.entries(origin)) setMeta.run(key, value);
    });
    db.close();
  } catch (error) {
    try {
      if (db.isOpen) db.close();
    } catch {
      // already closed
    }
    rmSync(partial, { force: true });
    throw error;
  }
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  renameSync(partial, dbPath);
  return { rows, ms: Math.round(performance.now() - started) };
}

/**
 * A snapshot comes from a server, not from this checkout: a file path in it that is absolute or climbs out (`..`)
 * would let an answer name a file outside the repository. Such a snapshot is refused whole.
 */
function refuseEscapingPaths(db: DatabaseSync): void {
  // Every table that holds a repository path: the indexed files, the files the walk skipped, the folders it saw.
  for (const table of ['files', 'skipped', 'directories']) {
    const bad = db
      .prepare(`SELECT path FROM ${table} WHERE path LIKE '/%' OR path = '..' OR path LIKE '../%' OR path LIKE '%/../%' OR path LIKE '%/..' LIMIT 1`)
      .get() as { path: string } | undefined;
    if (bad) {
      throw new ScoutError('SNAPSHOT_MISSING', `the shared snapshot names a file outside the repository (${JSON.stringify(bad.path.slice(0, 80))}): refused; republish it from a clean checkout with \`scout index --store\``);
    }
  }
}
