/**
 * The index's database handle, as the layers above see it: they pass it to the typed read functions in
 * read/ and never run SQL of their own.
 */
import { openSqlite, type DatabaseSync } from './sqlite.js';

export type IndexDb = DatabaseSync;

/** Open an existing index database read-only (a watcher's look at what the index covers); the caller closes it. */
export function openIndexReadOnly(dbPath: string): IndexDb {
  return openSqlite(dbPath, { readOnly: true });
}

/** Open an existing index database that is not a checkout's (a shared snapshot in the per-user cache); the caller closes it. */
export function openIndexFile(dbPath: string): IndexDb {
  return openSqlite(dbPath);
}
