/** The node:sqlite driver helpers on real SQLite: transactions, row shapes, FTS5, sqlite-vec, no warning. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as sqliteVec from 'sqlite-vec';
import { firstValue, firstValues, openSqlite, returningArrays, rollback, transaction, tupleOf, tuplesOf, type DatabaseSync } from '../../src/index/sqlite.js';

let db: DatabaseSync | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

function table(): DatabaseSync {
  db = openSqlite(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  return db;
}
const names = (d: DatabaseSync) => firstValues(d.prepare('SELECT name FROM t ORDER BY id'));

describe('transaction', () => {
  it('commits what the body wrote, and rolls everything back when it throws', () => {
    const d = table();
    transaction(d, () => d.prepare('INSERT INTO t(name) VALUES (?)').run('a'));
    expect(() =>
      transaction(d, () => {
        d.prepare('INSERT INTO t(name) VALUES (?)').run('b');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(names(d)).toEqual(['a']);
    expect(d.isTransaction).toBe(false);
  });

  it('nests as a savepoint: an inner failure undoes only the inner writes', () => {
    const d = table();
    transaction(d, () => {
      d.prepare('INSERT INTO t(name) VALUES (?)').run('outer');
      expect(() =>
        transaction(d, () => {
          d.prepare('INSERT INTO t(name) VALUES (?)').run('inner');
          throw new Error('inner failed');
        }),
      ).toThrow('inner failed');
      transaction(d, () => d.prepare('INSERT INTO t(name) VALUES (?)').run('inner ok'));
    });
    expect(names(d)).toEqual(['outer', 'inner ok']);
  });

  it('inside a writer BEGIN IMMEDIATE it is a savepoint too, and rollback() is safe without a transaction', () => {
    const d = table();
    d.exec('BEGIN IMMEDIATE');
    transaction(d, () => d.prepare('INSERT INTO t(name) VALUES (?)').run('x'));
    expect(d.isTransaction).toBe(true);
    rollback(d);
    expect(names(d)).toEqual([]);
    expect(() => rollback(d)).not.toThrow();
  });
});

describe('row shapes', () => {
  it('reads first columns and tuples from object rows and from array rows alike', () => {
    const d = table();
    d.exec("INSERT INTO t(name) VALUES ('a'), ('b')");
    for (const statement of [d.prepare('SELECT name, id FROM t ORDER BY id'), returningArrays(d.prepare('SELECT name, id FROM t ORDER BY id'))]) {
      expect(firstValue(statement)).toBe('a');
      expect(firstValues(statement)).toEqual(['a', 'b']);
      expect(tupleOf(statement)).toEqual(['a', 1]);
      expect(tuplesOf(statement)).toEqual([['a', 1], ['b', 2]]);
    }
    expect(firstValue(d.prepare('SELECT name FROM t WHERE id = ?'), 99)).toBeUndefined();
  });
});

describe('the driver', () => {
  it('runs FTS5 with bm25() and loads sqlite-vec', () => {
    db = openSqlite(':memory:');
    db.exec("CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('parse the config'), ('render the page')");
    expect(firstValues(db.prepare("SELECT body FROM f WHERE f MATCH 'config' ORDER BY bm25(f)"))).toEqual(['parse the config']);
    sqliteVec.load(db);
    expect(firstValue(db.prepare('SELECT vec_version()'))).toMatch(/^v0\./);
  });

  it('prints nothing about the experimental API when a process opens a database', () => {
    const module = path.resolve(__dirname, '../../dist/index/sqlite.js');
    const script = `import(${JSON.stringify(module)}).then((m) => m.openSqlite(':memory:').close())`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
