/**
 * The index store. `IndexStore` is what the rest of Scout uses; `SqliteStore`
 * is the embedded implementation (node:sqlite, WAL, FTS5). A shared server
 * engine can implement the same interface later.
 */
import { rmSync } from 'node:fs';
import { pathTokens } from '../core/code-tokens.js';
import { ScoutError } from '../core/errors.js';
import type { FileFacts, Language } from '../core/types.js';
import type { SkippedFile, SkipReason } from '../workspace/walk.js';
import type { IndexDb } from './db.js';
import { indexLocation } from './location.js';
import { countFacts, FACT_TOTALS_KEY, readFactTotals, type FactTotals } from './fact-totals.js';
import { chunkIdsOfFiles } from './read/chunks.js';
import { indexGeneration } from './read/meta.js';
import { SCHEMA_SQL, SCHEMA_VERSION, SEARCH_FTS_SQL } from './schema.js';
import { firstValue, openSqlite, returningArrays, rollback, tuplesOf, type DatabaseSync, type SQLInputValue, type StatementSync } from './sqlite.js';

export interface StoredFile {
  id: number;
  path: string;
  language: Language;
  hash: string;
  size: number;
  mtimeMs: number;
  lines: number;
  syntaxErrors: number;
  invalidUtf8: boolean;
  parseError: string | null;
  /** Set when the file was read but not parsed (minified, nested too deep, parse budget...). */
  skipReason: SkipReason | null;
}

export interface FileRecord {
  path: string;
  language: Language;
  hash: string;
  size: number;
  mtimeMs: number;
  lines: number;
  invalidUtf8: boolean;
  /** Set when the file could not be parsed at all; facts are then empty. */
  parseError: string | null;
  /** Set when the file was deliberately not parsed; facts are then empty and status lists it as skipped. */
  skip?: { reason: SkipReason; detail: string } | null;
}

export interface IndexCounts {
  files: number;
  lines: number;
  definitions: number;
  usages: number;
  imports: number;
  calls: number;
  chunks: number;
  byLanguage: Record<string, { files: number; lines: number }>;
  byKind: Record<string, number>;
  filesWithSyntaxErrors: number;
  filesWithInvalidUtf8: number;
  filesFailedToParse: Array<{ path: string; error: string }>;
}

/** Milliseconds spent in parts of the writes, for the index's per-stage split (added to). */
export interface StoreTimings {
  /** Full-text (FTS5) inserts. */
  ftsMs: number;
  /** Rebuilding secondary indexes after a bulk build. */
  indexBuildMs: number;
}

export interface IndexStore {
  readonly dbPath: string;
  readonly timings: StoreTimings;
  /** Things the caller should tell the user (rebuilt schema, index outside the repo). */
  readonly notes: string[];
  getMeta(key: string): string | null;
  setMeta(key: string, value: string): void;
  listFiles(): StoredFile[];
  getFile(path: string): StoredFile | undefined;
  /** Just path, size and mtime of every file: what the freshness sweep needs, fetched cheaply. */
  listFileStats(): Array<[path: string, size: number, mtimeMs: number, language: Language]>;
  /** The ids of the chunks of these files. */
  chunkIdsOfFiles(paths: readonly string[]): number[];
  /** Facts counted in the whole index, or in these files (see fact-totals.ts). */
  countFacts(paths?: readonly string[]): FactTotals;
  beginWrite(): void;
  commit(): void;
  rollback(): void;
  writeFile(record: FileRecord, facts: FileFacts | null): void;
  /**
   * For a build into an empty index: drop secondary indexes and the full-text trigger
   * inside the write transaction, and rebuild them in bulk at the end (sorting once is
   * cheaper than maintaining b-trees row by row). DDL is transactional, so a killed run
   * still leaves the previous state.
   */
  suspendSecondaryIndexes(): void;
  restoreSecondaryIndexes(): void;
  /**
   * Remove every file and its facts in bulk, inside the write transaction (a forced rebuild, which then writes as
   * into an empty index): deleting file by file maintains every index and the full-text table row by row, and
   * made `scout index --force` at 1.5M lines take 46 s against 26 s for a fresh index. Call it after
   * suspendSecondaryIndexes; the full-text trigger comes back with restoreSecondaryIndexes.
   */
  clearFacts(): void;
  touchFile(path: string, size: number, mtimeMs: number): void;
  deleteFile(path: string): void;
  /** Replace the files the walker skipped (files skipped for their content live in `files`). */
  replaceSkipped(skipped: SkippedFile[]): void;
  /** Every skipped file: the walker's and those read but not parsed, by path. */
  listSkipped(): SkippedFile[];
  /** Just the files the walker skipped (the `replaceSkipped` list). */
  listWalkSkipped(): SkippedFile[];
  replaceDirectories(directories: Map<string, number>): void;
  /** Upsert directory mtimes; an mtime below 0 removes the directory. */
  updateDirectories(directories: Map<string, number>): void;
  listDirectories(): Map<string, number>;
  counts(): IndexCounts;
  close(): void;
}

type Statements = ReturnType<typeof prepare>;

/** Usages are most of the rows: they go in multi-row INSERTs of this many (half the per-row cost). */
const USAGE_BATCH = 64;
const USAGE_COLUMNS = 7;

/** Indexes that only serve queries (deletes by file still have usages_file etc. rebuilt at the end). */
const SECONDARY_INDEXES = [
  'definitions_file',
  'definitions_name',
  'definitions_qualified',
  'usages_file',
  'usages_name',
  'imports_file',
  'imports_name',
  'exports_file',
  'calls_file',
  'calls_callee',
  'calls_caller',
  'chunks_file',
];

function prepare(db: DatabaseSync) {
  return {
    getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
    setMeta: db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
    listFiles: db.prepare('SELECT id, path, language, hash, size, mtime_ms AS mtimeMs, lines, syntax_errors AS syntaxErrors, invalid_utf8 AS invalidUtf8, parse_error AS parseError, skip_reason AS skipReason FROM files'),
    getFile: db.prepare('SELECT id, path, language, hash, size, mtime_ms AS mtimeMs, lines, syntax_errors AS syntaxErrors, invalid_utf8 AS invalidUtf8, parse_error AS parseError, skip_reason AS skipReason FROM files WHERE path = ?'),
    deleteFile: db.prepare('DELETE FROM files WHERE path = ?'),
    listFileStats: returningArrays(db.prepare('SELECT path, size, mtime_ms, language FROM files')),
    insertFile: db.prepare(
      'INSERT INTO files(path, language, hash, size, mtime_ms, lines, syntax_errors, invalid_utf8, parse_error, skip_reason, skip_detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    touchFile: db.prepare('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?'),
    insertDefinition: db.prepare(
      `INSERT INTO definitions(file_id, name, qualified_name, kind, start_line, start_col, end_line, end_col, name_line, name_col,
        signature, docstring, is_exported, decorators, parent, cyclomatic, cognitive, max_nesting, lines)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertUsage: db.prepare('INSERT INTO usages(file_id, name, role, line, col, end_col, enclosing) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertUsageBatch: db.prepare(
      `INSERT INTO usages(file_id, name, role, line, col, end_col, enclosing) VALUES ${Array(USAGE_BATCH).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    ),
    insertImport: db.prepare('INSERT INTO imports(file_id, name, alias, module, line) VALUES (?, ?, ?, ?, ?)'),
    insertExport: db.prepare('INSERT INTO exports(file_id, name, alias, module, line) VALUES (?, ?, ?, ?, ?)'),
    insertCall: db.prepare('INSERT INTO calls(file_id, caller, callee, receiver, line, col, resolution, module) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    insertChunk: db.prepare('INSERT INTO chunks(file_id, definition_id, symbol, kind, start_line, end_line, text) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertSearch: db.prepare('INSERT INTO search_fts(rowid, name, signature, docstring, path, body) VALUES (?, ?, ?, ?, ?, ?)'),
    clearSkipped: db.prepare('DELETE FROM skipped'),
    insertSkipped: db.prepare('INSERT OR REPLACE INTO skipped(path, reason, detail) VALUES (?, ?, ?)'),
    listWalkSkipped: db.prepare('SELECT path, reason, detail FROM skipped'),
    listSkipped: db.prepare(
      'SELECT path, reason, detail FROM skipped UNION ALL SELECT path, skip_reason, skip_detail FROM files WHERE skip_reason IS NOT NULL ORDER BY path',
    ),
    clearDirectories: db.prepare('DELETE FROM directories'),
    insertDirectory: db.prepare('INSERT INTO directories(path, mtime_ms) VALUES (?, ?)'),
    upsertDirectory: db.prepare('INSERT INTO directories(path, mtime_ms) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET mtime_ms = excluded.mtime_ms'),
    deleteDirectory: db.prepare('DELETE FROM directories WHERE path = ?'),
    listDirectories: db.prepare('SELECT path, mtime_ms FROM directories'),
  };
}

function skippedRows(statement: StatementSync): SkippedFile[] {
  return (statement.all() as Array<{ path: string; reason: SkippedFile['reason']; detail: string | null }>).map((s) => (s.detail ? { path: s.path, reason: s.reason, detail: s.detail } : { path: s.path, reason: s.reason }));
}

export class SqliteStore implements IndexStore {
  readonly dbPath: string;
  readonly notes: string[] = [];
  readonly timings: StoreTimings = { ftsMs: 0, indexBuildMs: 0 };
  private db: DatabaseSync;
  private statements: Statements;
  /** Reused argument array of the multi-row usage INSERT. */
  private readonly usageArgs: SQLInputValue[] = new Array(USAGE_BATCH * USAGE_COLUMNS);

  private constructor(dbPath: string, db: DatabaseSync, notes: string[]) {
    this.dbPath = dbPath;
    this.db = db;
    this.notes.push(...notes);
    this.statements = prepare(db);
  }

  /** Open (creating or rebuilding as needed) the index of the repository at `root`. */
  static open(root: string): SqliteStore {
    const location = indexLocation(root);
    const notes = location.note ? [location.note] : [];
    let db = openDatabase(location.dbPath);
    const version = readSchemaVersion(db);
    if (version !== null && version !== SCHEMA_VERSION) {
      db.close();
      removeDatabase(location.dbPath);
      notes.push(`index schema changed (v${version} → v${SCHEMA_VERSION}): rebuilt from scratch`);
      db = openDatabase(location.dbPath);
    }
    db.exec(SCHEMA_SQL);
    db.prepare('INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)').run('schema_version', String(SCHEMA_VERSION));
    return new SqliteStore(location.dbPath, db, notes);
  }

  /**
   * Open an existing index read-only, for a second thread's look at it (the freshness sweep of sweep-off-thread.ts):
   * no schema check and no writes; the thread that opened it with `open` owns the schema.
   */
  static openReadOnly(dbPath: string): SqliteStore {
    return new SqliteStore(dbPath, openSqlite(dbPath, { readOnly: true }), []);
  }

  getMeta(key: string): string | null {
    return (firstValue(this.statements.getMeta, key) as string | undefined) ?? null;
  }

  setMeta(key: string, value: string): void {
    this.statements.setMeta.run(key, value);
  }

  listFiles(): StoredFile[] {
    return (this.statements.listFiles.all() as Array<Omit<StoredFile, 'invalidUtf8'> & { invalidUtf8: number }>).map((f) => ({
      ...f,
      invalidUtf8: Boolean(f.invalidUtf8),
    }));
  }

  listFileStats(): Array<[path: string, size: number, mtimeMs: number, language: Language]> {
    return tuplesOf(this.statements.listFileStats) as Array<[string, number, number, Language]>;
  }

  chunkIdsOfFiles(paths: readonly string[]): number[] {
    return chunkIdsOfFiles(this.db, paths);
  }

  countFacts(paths?: readonly string[]): FactTotals {
    return countFacts(this.db, paths);
  }

  getFile(path: string): StoredFile | undefined {
    const row = this.statements.getFile.get(path) as (Omit<StoredFile, 'invalidUtf8'> & { invalidUtf8: number }) | undefined;
    return row ? { ...row, invalidUtf8: Boolean(row.invalidUtf8) } : undefined;
  }

  beginWrite(): void {
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw lockError(error);
    }
  }

  commit(): void {
    this.db.exec('COMMIT');
  }

  rollback(): void {
    rollback(this.db);
  }

  writeFile(record: FileRecord, facts: FileFacts | null): void {
    const s = this.statements;
    s.deleteFile.run(record.path);
    const fileId = Number(
      s.insertFile.run(
        record.path,
        record.language,
        record.hash,
        record.size,
        record.mtimeMs,
        record.lines,
        facts?.syntaxErrors ?? 0,
        record.invalidUtf8 ? 1 : 0,
        record.parseError,
        record.skip?.reason ?? null,
        record.skip?.detail ?? null,
      ).lastInsertRowid,
    );
    if (!facts) return;
    const definitionIds = new Map<string, number>();
    for (const d of facts.definitions) {
      const c = d.complexity;
      const definitionId = s.insertDefinition.run(
        fileId, d.name, d.qualifiedName, d.kind,
        d.span.startLine, d.span.startColumn, d.span.endLine, d.span.endColumn,
        d.nameSpan.startLine, d.nameSpan.startColumn,
        d.signature, d.docstring, d.isExported ? 1 : 0, d.decorators.join(','), d.parent,
        c?.cyclomatic ?? null, c?.cognitive ?? null, c?.maxNesting ?? null, c?.lines ?? null,
      ).lastInsertRowid;
      definitionIds.set(`${d.qualifiedName}:${d.span.startLine}`, Number(definitionId));
    }
    const usages = facts.usages;
    let next = 0;
    const args = this.usageArgs;
    for (; next + USAGE_BATCH <= usages.length; next += USAGE_BATCH) {
      for (let k = 0; k < USAGE_BATCH; k++) {
        const u = usages[next + k] as (typeof usages)[number];
        const at = k * USAGE_COLUMNS;
        args[at] = fileId;
        args[at + 1] = u.name;
        args[at + 2] = u.role;
        args[at + 3] = u.span.startLine;
        args[at + 4] = u.span.startColumn;
        args[at + 5] = u.span.endColumn;
        args[at + 6] = u.enclosing;
      }
      s.insertUsageBatch.run(...args);
    }
    for (; next < usages.length; next++) {
      const u = usages[next] as (typeof usages)[number];
      s.insertUsage.run(fileId, u.name, u.role, u.span.startLine, u.span.startColumn, u.span.endColumn, u.enclosing);
    }
    for (const i of facts.imports) s.insertImport.run(fileId, i.name, i.alias, i.module, i.line);
    for (const e of facts.exports) s.insertExport.run(fileId, e.name, e.alias, e.module, e.line);
    for (const c of facts.calls) s.insertCall.run(fileId, c.caller, c.callee, c.receiver, c.line, c.column, c.resolution, c.module);
    const pathText = pathTokens(record.path).join(' ');
    for (const c of facts.chunks) {
      const definitionId = c.symbol === null ? null : (definitionIds.get(`${c.symbol}:${c.startLine}`) ?? null);
      const chunkId = s.insertChunk.run(fileId, definitionId, c.symbol, c.kind, c.startLine, c.endLine, c.text).lastInsertRowid;
      const ftsStarted = performance.now();
      s.insertSearch.run(chunkId, c.tokens.name, c.tokens.signature, c.tokens.docstring, pathText, c.tokens.body);
      this.timings.ftsMs += performance.now() - ftsStarted;
    }
  }

  suspendSecondaryIndexes(): void {
    for (const index of SECONDARY_INDEXES) this.db.exec(`DROP INDEX IF EXISTS ${index}`);
  }

  clearFacts(): void {
    // Without the trigger and the secondary indexes (the caller suspends them first), a DELETE with no WHERE clears
    // a table without visiting its rows; the full-text table is dropped and made again, which FTS5 does at once.
    this.db.exec('DROP TRIGGER IF EXISTS search_fts_delete; DROP TABLE IF EXISTS search_fts');
    this.db.exec(SEARCH_FTS_SQL);
    this.db.exec('DELETE FROM chunks; DELETE FROM usages; DELETE FROM calls; DELETE FROM imports; DELETE FROM exports; DELETE FROM definitions; DELETE FROM files');
  }

  restoreSecondaryIndexes(): void {
    const started = performance.now();
    // SQLite sorts each index's keys with helper threads when allowed: at 1.5M lines the twelve indexes took
    // 1.8-1.9 s instead of 2.1-2.3 s with two (bench/results/scale.md). A larger page cache for the sort was slower.
    this.db.exec('PRAGMA threads = 2');
    try {
      this.db.exec(SCHEMA_SQL);
    } finally {
      this.db.exec('PRAGMA threads = 0');
    }
    this.statements = prepare(this.db);
    this.timings.indexBuildMs += performance.now() - started;
  }

  touchFile(path: string, size: number, mtimeMs: number): void {
    this.statements.touchFile.run(size, mtimeMs, path);
  }

  deleteFile(path: string): void {
    this.statements.deleteFile.run(path);
  }

  replaceSkipped(skipped: SkippedFile[]): void {
    this.statements.clearSkipped.run();
    for (const s of skipped) this.statements.insertSkipped.run(s.path, s.reason, s.detail ?? null);
  }

  listSkipped(): SkippedFile[] {
    return skippedRows(this.statements.listSkipped);
  }

  listWalkSkipped(): SkippedFile[] {
    return skippedRows(this.statements.listWalkSkipped);
  }

  replaceDirectories(directories: Map<string, number>): void {
    this.statements.clearDirectories.run();
    for (const [path, mtime] of directories) this.statements.insertDirectory.run(path, mtime);
  }

  updateDirectories(directories: Map<string, number>): void {
    for (const [path, mtime] of directories) {
      if (mtime < 0) this.statements.deleteDirectory.run(path);
      else this.statements.upsertDirectory.run(path, mtime);
    }
  }

  listDirectories(): Map<string, number> {
    return new Map((this.statements.listDirectories.all() as Array<{ path: string; mtime_ms: number }>).map((d) => [d.path, d.mtime_ms]));
  }

  counts(): IndexCounts {
    const one = (sql: string): number => (firstValue(this.db.prepare(sql)) as number | null) ?? 0;
    const byLanguage: IndexCounts['byLanguage'] = {};
    for (const row of this.db.prepare('SELECT language, COUNT(*) AS files, SUM(lines) AS lines FROM files WHERE skip_reason IS NULL GROUP BY language ORDER BY files DESC').all() as Array<{ language: string; files: number; lines: number }>) {
      byLanguage[row.language] = { files: row.files, lines: row.lines };
    }
    // Kept by the writes for the current generation; counted here for an index written before they were.
    const facts = readFactTotals(this.getMeta(FACT_TOTALS_KEY), indexGeneration(this.db)) ?? countFacts(this.db);
    const byKind = Object.fromEntries(Object.entries(facts.byKind).sort((a, b) => b[1] - a[1]));
    return {
      // Files skipped for their content are listed with the skipped ones, not counted here.
      files: one('SELECT COUNT(*) FROM files WHERE skip_reason IS NULL'),
      lines: one('SELECT COALESCE(SUM(lines), 0) FROM files WHERE skip_reason IS NULL'),
      definitions: facts.definitions,
      usages: facts.usages,
      imports: facts.imports,
      calls: facts.calls,
      chunks: facts.chunks,
      byLanguage,
      byKind,
      filesWithSyntaxErrors: one('SELECT COUNT(*) FROM files WHERE syntax_errors > 0'),
      filesWithInvalidUtf8: one('SELECT COUNT(*) FROM files WHERE invalid_utf8 = 1 AND skip_reason IS NULL'),
      filesFailedToParse: this.db
        .prepare('SELECT path, parse_error AS error FROM files WHERE parse_error IS NOT NULL ORDER BY path')
        .all() as Array<{ path: string; error: string }>,
    };
  }

  /** The handle the typed read functions (read/) take; the layers above run no SQL of their own. */
  get database(): IndexDb {
    return this.db;
  }

  close(): void {
    this.rollback();
    this.db.close();
  }
}

/**
 * The page size of a new index. SQLite's default (4 KB) made a full index at 1.5M lines write and read back about
 * 640k and 490k pages one system call each (the transaction outgrows the page cache, and the WAL is copied into the
 * database at the end); with 64 KB pages the same index took about 2-3 s less (bench/results/scale.md), and
 * searches, the CLI's and a one-file reindex were no slower. Only a new (empty) database takes it: an existing
 * index keeps the page size it was made with.
 */
const NEW_INDEX_PAGE_SIZE = 65536;

function openIndexFile(dbPath: string): DatabaseSync {
  const db = openSqlite(dbPath, { newPageSize: NEW_INDEX_PAGE_SIZE });
  db.exec('PRAGMA journal_mode = WAL');
  return db;
}

function openDatabase(dbPath: string): DatabaseSync {
  let db: DatabaseSync;
  try {
    db = openIndexFile(dbPath);
  } catch (error) {
    if (error instanceof ScoutError) throw error; // no driver (Node.js too old): the index is fine, keep it
    // Not a database (or corrupt beyond opening): start over rather than fail forever.
    removeDatabase(dbPath);
    db = openIndexFile(dbPath);
  }
  // NORMAL in WAL mode: a crash (kill -9) loses at most the last commits, never the database's consistency.
  db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
  return db;
}

function readSchemaVersion(db: DatabaseSync): number | null {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
    return row ? Number(row.value) : null;
  } catch {
    return null; // no meta table yet: a new database
  }
}

function removeDatabase(dbPath: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
}

function lockError(error: unknown): Error {
  const message = (error as Error).message ?? String(error);
  if (/busy|locked/i.test(message)) {
    return new ScoutError('INDEX_LOCKED', 'another scout process is writing this index; wait for it to finish and retry');
  }
  if (/readonly/i.test(message)) {
    return new ScoutError('INDEX_READ_ONLY', `the index database is read-only (${message}); fix its permissions or delete .scout/`);
  }
  return error as Error;
}
