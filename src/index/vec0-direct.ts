/**
 * Every stored int8 chunk vector, read from sqlite-vec's own tables instead of through the `chunk_vectors` virtual
 * table row by row: at 1.5M lines (133k vectors of 300 dimensions) about 30 ms against 650 ms, which is what loading
 * them into a long-lived process's memory cost (vector-memory.ts).
 *
 * The layout is sqlite-vec's storage as release v0.1.9 creates it (package.json pins that release, and the table
 * records the release that created it in `chunk_vectors_info`): vectors live in chunks of `size` slots; a row of
 * `chunk_vectors_chunks` holds the chunk's validity bitmap (one bit per slot, set when the slot holds a vector) and
 * its slots' rowids (int64, little-endian), and the row of `chunk_vectors_vector_chunks00` with the same id holds
 * the slots' vectors end to end (`dimensions` bytes each for int8). Anything else (another release, a float32
 * table, a chunk of another shape) gives null, and the caller reads through the virtual table.
 */
import { firstValue, transaction, type DatabaseSync } from './sqlite.js';
import { isInt8VectorTable } from './vector-extension.js';

/** The sqlite-vec release whose storage this file reads. */
export const VEC0_LAYOUT_RELEASE = 'v0.1.9';

/** Whether the vector table's storage is the layout read here (sqlite-vec's own tables, created by the pinned release). */
function isKnownLayout(db: DatabaseSync): boolean {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'chunk_vectors%'").all() as Array<{ name: string }>).map((r) => r.name),
  );
  if (!['chunk_vectors_info', 'chunk_vectors_chunks', 'chunk_vectors_rowids', 'chunk_vectors_vector_chunks00'].every((t) => tables.has(t))) return false;
  return firstValue(db.prepare("SELECT value FROM chunk_vectors_info WHERE key = 'CREATE_VERSION'")) === VEC0_LAYOUT_RELEASE;
}

/**
 * How many vectors are stored: one row each in `chunk_vectors_rowids` (0.1 ms at 133k vectors, where `COUNT(*)` of
 * the virtual table reads them all: 32 ms); null when the storage is not the layout read here.
 */
export function countVectorsDirect(db: DatabaseSync): number | null {
  return isKnownLayout(db) ? (firstValue(db.prepare('SELECT COUNT(*) FROM chunk_vectors_rowids')) as number) : null;
}

interface ChunkRow {
  id: number;
  size: number;
  validity: Uint8Array;
  rowids: Uint8Array;
}

const isSet = (validity: Uint8Array, slot: number): boolean => (((validity[slot >> 3] as number) >> (slot & 7)) & 1) === 1;

/**
 * Read every stored vector: `start(count)` once, then `each(index, chunkId, code)` for each vector in storage order
 * (`code` is a view, valid during the call). False, before `start`, when the storage is not the layout read here.
 * One read transaction: a sync committing meanwhile cannot mix two states of the table.
 */
export function readInt8VectorsDirect(
  db: DatabaseSync,
  dimensions: number,
  start: (count: number) => void,
  each: (index: number, chunkId: number, code: Int8Array) => void,
): boolean {
  return transaction(db, () => {
    if (!isKnownLayout(db)) return false;
    const ddl = firstValue(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunk_vectors'")) as string | undefined;
    // The dimensions are checked below, against every chunk's vector blob.
    if (!ddl || !isInt8VectorTable(ddl)) return false;

    const chunks = db.prepare('SELECT chunk_id AS id, size, validity, rowids FROM chunk_vectors_chunks ORDER BY chunk_id').all() as unknown as ChunkRow[];
    const lengthOf = db.prepare('SELECT length(vectors) FROM chunk_vectors_vector_chunks00 WHERE rowid = ?');
    // Every chunk is checked before any vector is used: a wrong shape anywhere means another layout.
    let count = 0;
    for (const chunk of chunks) {
      if (!(chunk.size > 0) || chunk.validity.length * 8 < chunk.size || chunk.rowids.length !== chunk.size * 8) return false;
      if (firstValue(lengthOf, chunk.id) !== chunk.size * dimensions) return false;
      for (let slot = 0; slot < chunk.size; slot++) if (isSet(chunk.validity, slot)) count++;
    }
    start(count);
    const vectorsOf = db.prepare('SELECT vectors FROM chunk_vectors_vector_chunks00 WHERE rowid = ?');
    let index = 0;
    for (const chunk of chunks) {
      const vectors = firstValue(vectorsOf, chunk.id) as Uint8Array;
      const rowids = new DataView(chunk.rowids.buffer, chunk.rowids.byteOffset, chunk.rowids.byteLength);
      for (let slot = 0; slot < chunk.size; slot++) {
        if (!isSet(chunk.validity, slot)) continue;
        each(index++, Number(rowids.getBigInt64(slot * 8, true)), new Int8Array(vectors.buffer, vectors.byteOffset + slot * dimensions, dimensions));
      }
    }
    return true;
  });
}
