/**
 * The index's database handle, as the layers above see it: they pass it to the typed read functions in
 * read/ and never run SQL of their own.
 */
import Database from 'better-sqlite3';

export type IndexDb = Database.Database;

/** Open an existing index database read-only (a watcher's look at what the index covers); the caller closes it. */
export function openIndexReadOnly(dbPath: string): IndexDb {
  return new Database(dbPath, { readonly: true, fileMustExist: true });
}
