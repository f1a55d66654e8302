/**
 * The index's database handle, as the layers above see it: they pass it to the typed read functions in
 * read/ and never run SQL of their own.
 */
import type Database from 'better-sqlite3';

export type IndexDb = Database.Database;
