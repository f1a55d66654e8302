/**
 * What of a local SQLite index is published to the shared store, read from the database itself so that the
 * mirror follows the schema (schema.ts, the vector store) without a second list to keep in step: every table
 * with its columns and declared types, the DDL to recreate it, and the indexes and triggers to build after
 * the rows are in. Virtual tables (FTS5 `search_fts`, sqlite-vec `chunk_vectors`) are mirrored by their
 * columns; their shadow tables are not (the replica's virtual tables rebuild them as rows are inserted).
 */
import type { DatabaseSync } from '../sqlite.js';

export type ColumnType = 'integer' | 'real' | 'text' | 'blob';

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

/** sqlite-vec declares `embedding float[N]` in its CREATE statement, not in table_info: read it from there. */
function vectorColumns(ddl: string): Set<string> {
  return new Set([...ddl.matchAll(/(\w+)\s+(?:float|int8|bit)\[\d+\]/gi)].map((m) => m[1] as string));
}

export function mirrorSchema(db: DatabaseSync): MirrorSchema {
  const entries = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as Array<{ type: string; name: string; sql: string }>;
  const virtualNames = entries.filter((e) => e.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(e.sql)).map((e) => e.name);
  // FTS5 and vec0 keep their data in shadow tables named `<table>_<suffix>`: the virtual table's rows stand for them.
  const isShadow = (name: string): boolean => virtualNames.some((v) => name.startsWith(`${v}_`));
  const tables: MirroredTable[] = [];
  const after: string[] = [];
  for (const e of entries) {
    if (isShadow(e.name)) continue;
    if (e.type === 'index' || e.type === 'trigger') {
      after.push(e.sql);
      continue;
    }
    if (e.type !== 'table') continue;
    const virtual = virtualNames.includes(e.name);
    const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(e.name) as Array<{ name: string; type: string; pk: number }>;
    const vectors = virtual ? vectorColumns(e.sql) : new Set<string>();
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
