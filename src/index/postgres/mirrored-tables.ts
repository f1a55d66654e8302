/**
 * What of a local SQLite index is published to the shared store, read from the database itself so that the
 * mirror follows the schema (schema.ts, the vector store) without a second list to keep in step: every table
 * with its columns and declared types, the DDL to recreate it, and the indexes and triggers to build after
 * the rows are in. Virtual tables (FTS5 `search_fts`, sqlite-vec `chunk_vectors`) are mirrored by their
 * columns; their shadow tables are not (the replica's virtual tables rebuild them as rows are inserted).
 */
import { SCHEMA_SQL } from '../schema.js';
import { openSqlite, type DatabaseSync } from '../sqlite.js';
import { EMBEDDING_CACHE_SQL } from '../vector-extension.js';

export type ColumnType = 'integer' | 'real' | 'text' | 'blob';

const LOCAL_ONLY = new Set(['shared_files']);

export interface MirroredTable {
  name: string;
  /** The CREATE statement as SQLite holds it. */
  ddl: string;
  virtual: boolean;
  /** Columns written explicitly; the row's rowid is always mirrored too (as `_rowid`), except for a table whose integer primary key is its rowid. */
  columns: Array<{ name: string; type: ColumnType }>;
  /** The column that is the rowid (an INTEGER PRIMARY KEY), or null: then `rowid` is read and written apart. */
  rowidColumn: string | null;
}

export interface MirrorSchema {
  tables: MirroredTable[];
  /** CREATE INDEX and CREATE TRIGGER statements, run on the replica after its rows are loaded. */
  after: string[];
}

function columnType(declared: string, virtual: boolean): ColumnType {
  const t = declared.toUpperCase();
  if (virtual && /FLOAT\[|INT8\[|BIT\[/.test(t)) return 'blob'; // a sqlite-vec vector column
  if (t.includes('INT')) return 'integer';
  if (/REAL|FLOA|DOUB/.test(t)) return 'real';
  if (t.includes('BLOB')) return 'blob';
  return 'text';
}

/** sqlite-vec declares `embedding int8[N]` in its CREATE statement, not in table_info: read it (and the element type) from there. */
export function vectorColumns(ddl: string): Map<string, string> {
  return new Map([...ddl.matchAll(/(\w+)\s+(float|int8|bit)\[\d+\]/gi)].map((m) => [m[1] as string, (m[2] as string).toLowerCase()]));
}

export function mirrorSchema(db: DatabaseSync): MirrorSchema {
  const entries = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as Array<{ type: string; name: string; sql: string }>;
  const virtualNames = entries.filter((e) => e.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(e.sql)).map((e) => e.name);
  // FTS5 and vec0 keep their data in shadow tables named `<table>_<suffix>`: the virtual table's rows stand for them.
  const isShadow = (name: string): boolean => virtualNames.some((v) => name.startsWith(`${v}_`));
  const tables: MirroredTable[] = [];
  const after: string[] = [];
  for (const e of entries) {
    // Only tables have shadows (`search_fts_data`); the trigger `search_fts_delete` is not one of them.
    if (e.type === 'table' && isShadow(e.name)) continue;
    if (e.type === 'index' || e.type === 'trigger') {
      after.push(e.sql);
      continue;
    }
    // `shared_files` records what this machine pulled (shared-index.ts): never part of a published snapshot.
    if (e.type !== 'table' || LOCAL_ONLY.has(e.name)) continue;
    const virtual = virtualNames.includes(e.name);
    const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(e.name) as Array<{ name: string; type: string; pk: number }>;
    const vectors = virtual ? vectorColumns(e.sql) : new Map<string, string>();
    const pks = info.filter((c) => c.pk > 0);
    const rowidColumn = !virtual && pks.length === 1 && pks[0]?.type.toUpperCase() === 'INTEGER' ? (pks[0]?.name ?? null) : null;
    tables.push({
      name: e.name,
      ddl: e.sql,
      virtual,
      rowidColumn,
      columns: info.map((c) => ({ name: c.name, type: vectors.has(c.name) ? 'blob' : columnType(c.type, virtual) })),
    });
  }
  return { tables, after };
}

const normalized = (sql: string): string => sql.replace(/\s+/g, ' ').replace(/ IF NOT EXISTS/i, '').trim();

/**
 * The statements a snapshot may make a reader run: exactly those this build writes itself (schema.ts, the vector
 * store's tables), read from a scratch database made with them. A snapshot comes from a server; a statement of any
 * other text (an ATTACH, a trigger that writes elsewhere) is refused, never run.
 */
export function checkMirrorSchema(schema: MirrorSchema, allowed: { tables: Map<string, string>; after: Set<string> } = expectedMirror()): string | null {
  for (const t of schema.tables) {
    const want = allowed.tables.get(t.name);
    const vector = t.name === 'chunk_vectors' && /^CREATE VIRTUAL TABLE chunk_vectors USING vec0\(embedding (?:float|int8)\[\d{1,4}\] distance_metric=cosine, \+text_hash text\)$/.test(normalized(t.ddl));
    if (!vector && want !== normalized(t.ddl)) return `table ${JSON.stringify(t.name.slice(0, 60))}`;
    if (!/^\w+$/.test(t.name) || t.columns.some((c) => !/^\w+$/.test(c.name)) || (t.rowidColumn !== null && !/^\w+$/.test(t.rowidColumn))) return `a name in table ${JSON.stringify(t.name.slice(0, 60))}`;
  }
  for (const sql of schema.after) if (!allowed.after.has(normalized(sql))) return `statement ${JSON.stringify(sql.slice(0, 60))}`;
  return null;
}

let expected: { tables: Map<string, string>; after: Set<string> } | null = null;

/** What this build's schema holds (schema.ts and the vector store's cache table), as checkMirrorSchema compares it. */
export function expectedMirror(): { tables: Map<string, string>; after: Set<string> } {
  if (expected) return expected;
  const db = openSqlite(':memory:');
  try {
    db.exec(SCHEMA_SQL);
    db.exec(EMBEDDING_CACHE_SQL);
    const schema = mirrorSchema(db);
    expected = { tables: new Map(schema.tables.map((t) => [t.name, normalized(t.ddl)])), after: new Set(schema.after.map(normalized)) };
    return expected;
  } finally {
    db.close();
  }
}
