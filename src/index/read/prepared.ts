/**
 * Prepared statements cached per database handle and SQL text, for the read functions of this folder:
 * a statement a reader runs on every question is compiled once per connection, not once per call.
 * Only fixed SQL is cached here; SQL whose text varies with its arguments (IN lists, filters) is prepared
 * by its reader on each call, as before.
 */
import type { IndexDb } from '../db.js';
import { firstValue, firstValues, tupleOf, tuplesOf, type SQLInputValue, type SQLOutputValue, type StatementSync } from '../sqlite.js';

/**
 * A query read in one shape: `get` for the first row, `all` for every row. Object rows come back as
 * `unknown`: each reader states the row type its SQL's column aliases spell.
 */
export interface ShapedQuery<Row> {
  get(...params: SQLInputValue[]): Row | undefined;
  all(...params: SQLInputValue[]): Row[];
}

const caches = new WeakMap<IndexDb, Map<string, StatementSync>>();

function cached(db: IndexDb, sql: string): StatementSync {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** The statement for `sql`, returning rows as objects. */
export function rows(db: IndexDb, sql: string): ShapedQuery<unknown> {
  return objectRows(cached(db, sql));
}

/** `sql` prepared for this call only (its text varies with the arguments), returning rows as objects. */
export function rowsOnce(db: IndexDb, sql: string): ShapedQuery<unknown> {
  return objectRows(db.prepare(sql));
}

/** `sql` prepared for this call only, returning the first column of each row. */
export function pluckedOnce(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue> {
  return firstColumns(db.prepare(sql));
}

/** `sql` prepared for this call only, returning each row as an array. */
export function rawOnce(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue[]> {
  return tuples(db.prepare(sql));
}

function objectRows(statement: StatementSync): ShapedQuery<unknown> {
  return { get: (...params) => statement.get(...params), all: (...params) => statement.all(...params) };
}

/** The statement for `sql`, returning the first column of each row. */
export function plucked(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue> {
  return firstColumns(cached(db, sql));
}

/** The statement for `sql`, returning each row as an array (its columns need distinct names). */
export function raw(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue[]> {
  return tuples(cached(db, sql));
}

function firstColumns(statement: StatementSync): ShapedQuery<SQLOutputValue> {
  return { get: (...params) => firstValue(statement, ...params), all: (...params) => firstValues(statement, ...params) };
}

function tuples(statement: StatementSync): ShapedQuery<SQLOutputValue[]> {
  return { get: (...params) => tupleOf(statement, ...params), all: (...params) => tuplesOf(statement, ...params) };
}
