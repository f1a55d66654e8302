/**
 * The SQLite driver: Node's built-in `node:sqlite` (Node >= 22.13), so installing Scout compiles nothing
 * and runs no install script. This file is the only one that loads the driver; it also holds the few
 * helpers the driver lacks (transactions, first-column and array-shaped reads).
 *
 * Node 22 marks `node:sqlite` experimental and prints an ExperimentalWarning the first time it loads
 * (Node 24 does not). The module is loaded here, lazily, with that one warning filtered out: a CLI answer
 * or an MCP server's stderr should not carry a notice about an API the user never chose.
 */
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { ScoutError } from '../core/errors.js';

export type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync };

type SqliteModule = typeof import('node:sqlite');

let driver: SqliteModule | undefined;

/** `node:sqlite`, loaded once, without its experimental-feature warning. */
function sqliteModule(): SqliteModule {
  if (driver) return driver;
  const emitWarning = process.emitWarning;
  process.emitWarning = function filtered(this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    driver = process.getBuiltinModule('node:sqlite') as SqliteModule | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (!driver?.DatabaseSync) {
    throw new ScoutError('NODE_TOO_OLD', `Scout needs Node.js 22.13 or later (its built-in node:sqlite); this is Node.js ${process.versions.node}: install a current Node.js LTS`);
  }
  return driver;
}

export interface OpenOptions {
  /** Open read-only; the file must exist. */
  readOnly?: boolean;
  /**
   * The page size a new (empty) database takes; an existing one keeps its own. Set before the page cache's size,
   * which SQLite turns into a number of pages at the page size of the moment: set after it, 64 KB pages made the
   * 16 MB cache 256 MB (a full index at 1.5M lines peaked at 1.05 GB instead of 0.82 GB).
   */
  newPageSize?: number;
}

/**
 * Open a database file. Extensions may be loaded (sqlite-vec, see search/vector-store.ts); a writer that
 * finds the file locked waits up to 5 s (busy_timeout) instead of failing at once. The page cache is 16 MB
 * (SQLite's default is 2 MB): full-text queries over a large index reread the same b-tree pages, and with the
 * default cache exact-mode searches took about 1.5 times as long (bench/sqlite-driver.mjs).
 */
export function openSqlite(path: string, options: OpenOptions = {}): DatabaseSync {
  const { DatabaseSync } = sqliteModule();
  const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, allowExtension: true });
  try {
    if (options.newPageSize) db.exec(`PRAGMA page_size = ${Math.trunc(options.newPageSize)}`);
    db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -16000');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Depth of `transaction` calls running on each connection (nested ones use savepoints). */
const depth = new WeakMap<DatabaseSync, number>();

/**
 * Run `body` in a transaction: committed when it returns, rolled back when it throws. Inside a transaction
 * already open (another `transaction` call, or a writer's BEGIN IMMEDIATE) it becomes a savepoint, so the
 * inner body's failure undoes only its own writes.
 */
export function transaction<T>(db: DatabaseSync, body: () => T): T {
  const level = depth.get(db) ?? 0;
  // isTransaction exists from Node 22.16; before, only this helper's own nesting is known.
  const nested = typeof db.isTransaction === 'boolean' ? db.isTransaction : level > 0;
  const savepoint = `scout_${level}`;
  db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN');
  depth.set(db, level + 1);
  try {
    const result = body();
    db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
    return result;
  } catch (error) {
    if (nested) db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
    else rollback(db);
    throw error;
  } finally {
    depth.set(db, level);
  }
}

/** Roll back the open transaction, if any (SQLite may already have rolled it back after an error). */
export function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch (error) {
    if (!/no transaction is active/i.test((error as Error).message)) throw error;
  }
}

/**
 * Have `statement` return rows as arrays, when the driver can (Node >= 22.16): for the first-column and
 * tuple reads below that is cheaper than building an object per row and reading it back. The reads accept
 * either shape, so on an older Node nothing changes but speed.
 */
export function returningArrays(statement: StatementSync): StatementSync {
  (statement as StatementSync & { setReturnArrays?: (enabled: boolean) => void }).setReturnArrays?.(true);
  return statement;
}

type Row = Record<string, SQLOutputValue> | SQLOutputValue[];

/** The first column of the first row, or undefined without a row. */
export function firstValue(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue | undefined {
  const row = statement.get(...params) as Row | undefined;
  return row === undefined ? undefined : firstColumn(row);
}

/** The first column of every row. */
export function firstValues(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue[] {
  return (statement.all(...params) as Row[]).map(firstColumn);
}

/** The first row as an array of its columns, or undefined without a row. */
export function tupleOf(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue[] | undefined {
  const row = statement.get(...params) as Row | undefined;
  return row === undefined ? undefined : columns(row);
}

/** Every row as an array of its columns (in object rows, the columns need distinct names). */
export function tuplesOf(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue[][] {
  return (statement.all(...params) as Row[]).map(columns);
}

function columns(row: Row): SQLOutputValue[] {
  return Array.isArray(row) ? row : Object.values(row);
}

function firstColumn(row: Row): SQLOutputValue {
  if (Array.isArray(row)) return row[0] ?? null;
  for (const key in row) return row[key] as SQLOutputValue;
  return null;
}
