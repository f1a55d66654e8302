/**
 * Prepared statements cached per database handle and SQL text, for the read functions of this folder:
 * a statement a reader runs on every question is compiled once per connection, not once per call.
 * SQL whose text varies with its arguments (IN lists, filters) goes through the `...Once` readers: the
 * same cache, which is emptied whenever it reaches MAX_CACHED statements, so that it stays bounded.
 */
import type { IndexDb } from '../db.js';
import { firstValue, firstValues, returningArrays, tupleOf, tuplesOf, type SQLInputValue, type SQLOutputValue, type StatementSync } from '../sqlite.js';

/**
 * A query read in one shape: `get` for the first row, `all` for every row. Object rows come back as
 * `unknown`: each reader states the row type its SQL's column aliases spell.
 */
export interface ShapedQuery<Row> {
  get(...params: SQLInputValue[]): Row | undefined;
  all(...params: SQLInputValue[]): Row[];
}

type Shape = 'objects' | 'arrays';

/** Statements kept per connection before the cache starts over (a few hundred distinct texts in practice). */
const MAX_CACHED = 1000;

const caches = new WeakMap<IndexDb, Map<string, StatementSync>>();

function cached(db: IndexDb, sql: string, shape: Shape): StatementSync {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${shape}\u0000${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    if (cache.size >= MAX_CACHED) cache.clear();
    statement = prepared(db, sql, shape);
    cache.set(key, statement);
  }
  return statement;
}

function prepared(db: IndexDb, sql: string, shape: Shape): StatementSync {
  const statement = db.prepare(sql);
  return shape === 'arrays' ? returningArrays(statement) : statement;
}

/** The statement for `sql`, returning rows as objects. */
export function rows(db: IndexDb, sql: string): ShapedQuery<unknown> {
  return objectRows(cached(db, sql, 'objects'));
}

/** `sql` whose text varies with the arguments, returning rows as objects. */
export function rowsOnce(db: IndexDb, sql: string): ShapedQuery<unknown> {
  return rows(db, sql);
}

/** `sql` whose text varies with the arguments, returning the first column of each row. */
export function pluckedOnce(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue> {
  return plucked(db, sql);
}

/** `sql` whose text varies with the arguments, returning each row as an array. */
export function rawOnce(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue[]> {
  return raw(db, sql);
}

function objectRows(statement: StatementSync): ShapedQuery<unknown> {
  return { get: (...params) => statement.get(...params), all: (...params) => statement.all(...params) };
}

/** The statement for `sql`, returning the first column of each row. */
export function plucked(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue> {
  return firstColumns(cached(db, sql, 'arrays'));
}

/** The statement for `sql`, returning each row as an array (its columns need distinct names). */
export function raw(db: IndexDb, sql: string): ShapedQuery<SQLOutputValue[]> {
  return tuples(cached(db, sql, 'arrays'));
}

function firstColumns(statement: StatementSync): ShapedQuery<SQLOutputValue> {
  return { get: (...params) => firstValue(statement, ...params), all: (...params) => firstValues(statement, ...params) };
}

function tuples(statement: StatementSync): ShapedQuery<SQLOutputValue[]> {
  return { get: (...params) => tupleOf(statement, ...params), all: (...params) => tuplesOf(statement, ...params) };
}
