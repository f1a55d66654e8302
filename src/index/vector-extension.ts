/**
 * Loading sqlite-vec (shipped inside the `sqlite-vec` npm package) into a connection: the vector store's
 * tables are vec0 virtual tables, and any connection that reads or writes them (the vector store, a shared
 * snapshot's publish or pull) needs the extension first.
 */
import * as sqliteVec from 'sqlite-vec';
import { ScoutError } from '../core/errors.js';
import type { DatabaseSync } from './sqlite.js';

/** The vector store's tables (search/vector-store.ts creates them), here so that the shared store can check a snapshot's. */
export const EMBEDDING_CACHE_SQL = 'CREATE TABLE IF NOT EXISTS embedding_cache (hash TEXT PRIMARY KEY, provider TEXT NOT NULL, vector BLOB NOT NULL)';
/** The vectors are int8, each scaled on its own (search/vector-quantize.ts); indexes written before hold float[N]. */
export function chunkVectorsSql(dimensions: number): string {
  return `CREATE VIRTUAL TABLE chunk_vectors USING vec0(embedding int8[${dimensions}] distance_metric=cosine, +text_hash text)`;
}

/** Whether a chunk_vectors table (its CREATE statement) stores int8 vectors, as this build writes them. */
export function isInt8VectorTable(ddl: string): boolean {
  return /\bembedding\s+int8\[/i.test(ddl);
}

const loaded = new WeakSet<DatabaseSync>();

/** Load sqlite-vec into this connection (once per connection). */
export function loadVectorExtension(db: DatabaseSync): void {
  if (loaded.has(db)) return;
  try {
    sqliteVec.load(db);
  } catch (error) {
    throw new ScoutError(
      'USAGE',
      `could not load the sqlite-vec extension (${(error as Error).message}): reinstall dependencies with npm ci on a supported platform ` +
        '(linux or macOS on x64/arm64, windows x64), or set embeddings.provider to "none" to search without vectors',
    );
  }
  loaded.add(db);
}
