/**
 * sqlite-vec's storage read directly (vec0-direct.ts): the same vectors, ids and order as reading the virtual table,
 * deleted vectors left out, and nothing read (false) from a table another sqlite-vec release created.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { firstValue, openSqlite, transaction, type DatabaseSync } from '../../src/index/sqlite.js';
import { loadVectorExtension } from '../../src/index/vector-extension.js';
import { countVectorsDirect, readInt8VectorsDirect } from '../../src/index/vec0-direct.js';
import { ensureVectorTables, storedVectors } from '../../src/search/vector-store.js';
import { int8Blob } from '../../src/search/vector-quantize.js';

const DIMS = 20;
let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scout-vec0-'));
  db = openSqlite(path.join(dir, 'index.db'));
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  loadVectorExtension(db);
  ensureVectorTables(db, 'test:direct', DIMS);
  // Three chunks of vec0 storage (1,024 slots each), with gaps: ids are not dense.
  const insert = db.prepare('INSERT INTO chunk_vectors(rowid, embedding, text_hash) VALUES (?, vec_int8(?), ?)');
  const remove = db.prepare('DELETE FROM chunk_vectors WHERE rowid = ?');
  transaction(db, () => {
    for (let id = 1; id <= 2500; id++) {
      const code = Int8Array.from({ length: DIMS }, (_, d) => ((id * 7 + d * 13) % 255) - 127);
      insert.run(BigInt(id * 3), int8Blob(code), `h${id}`);
    }
    for (let id = 5; id <= 2500; id += 97) remove.run(BigInt(id * 3));
  });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function direct(): Map<number, number[]> | null {
  const out = new Map<number, number[]>();
  let announced = -1;
  const read = readInt8VectorsDirect(db, DIMS, (count) => (announced = count), (_, id, code) => out.set(id, [...code]));
  if (!read) return null;
  expect(announced).toBe(out.size);
  return out;
}

it('reads every stored vector, as the virtual table gives them, without the deleted ones', () => {
  const throughTable = new Map([...storedVectors(db)].map(({ chunkId, blob }) => [chunkId, [...new Int8Array(blob.buffer, blob.byteOffset, blob.byteLength)]]));
  const read = direct();
  expect(read).not.toBeNull();
  expect(read!.size).toBe(2500 - 26);
  expect(read!.has(5 * 3)).toBe(false);
  expect(read).toEqual(throughTable);
  expect(countVectorsDirect(db)).toBe(firstValue(db.prepare('SELECT COUNT(*) FROM chunk_vectors')));
});

it('reads nothing from a table another sqlite-vec release created, or of other dimensions', () => {
  expect(readInt8VectorsDirect(db, DIMS + 1, () => undefined, () => undefined)).toBe(false);
  // sqlite-vec guards its tables on a connection that loaded it: another release's table is written on one that did not.
  const plain = openSqlite(path.join(dir, 'index.db'));
  plain.prepare("UPDATE chunk_vectors_info SET value = 'v0.2.0' WHERE key = 'CREATE_VERSION'").run();
  plain.close();
  let started = false;
  expect(readInt8VectorsDirect(db, DIMS, () => (started = true), () => undefined)).toBe(false);
  expect(started).toBe(false);
  expect(countVectorsDirect(db)).toBeNull();
});
