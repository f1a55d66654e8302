/**
 * Prepared statements cached per database handle and SQL text, for the read functions of this folder:
 * a statement a reader runs on every question is compiled once per connection, not once per call.
 * Only fixed SQL is cached here; SQL whose text varies with its arguments (IN lists, filters) is prepared
 * by its reader on each call, as before.
 */
import type { Statement } from 'better-sqlite3';
import type { IndexDb } from '../db.js';

type StatementShape = 'rows' | 'pluck' | 'raw';

const caches = new WeakMap<IndexDb, Map<string, Statement>>();

function cached(db: IndexDb, sql: string, mode: StatementShape): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${mode}\u0000${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    else if (mode === 'raw') statement.raw();
    cache.set(key, statement);
  }
  return statement;
}

/** The statement for `sql`, returning rows as objects. */
export function rows(db: IndexDb, sql: string): Statement {
  return cached(db, sql, 'rows');
}

/** The statement for `sql`, returning the first column of each row. */
export function plucked(db: IndexDb, sql: string): Statement {
  return cached(db, sql, 'pluck');
}

/** The statement for `sql`, returning each row as an array. */
export function raw(db: IndexDb, sql: string): Statement {
  return cached(db, sql, 'raw');
}
