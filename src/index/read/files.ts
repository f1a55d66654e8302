/**
 * Reads of the `files`, `skipped` and `directories` tables: which files are indexed, in which languages,
 * how large, and which paths the walker skipped or watches.
 */
import type { Language } from '../../core/types.js';
import type { IndexDb } from '../db.js';
import type { CompiledFilters } from './filters.js';
import { plucked, raw, rows as statement, rowsOnce } from './prepared.js';
import { perIndexVersion } from './version-cache.js';

/** True when the file (repository-relative path) is in the index. */
export function isIndexedFile(db: IndexDb, path: string): boolean {
  return statement(db, 'SELECT 1 FROM files WHERE path = ?').get(path) !== undefined;
}

/** The id of an indexed file, or undefined. */
export function fileIdOf(db: IndexDb, path: string): number | undefined {
  return (statement(db, 'SELECT id FROM files WHERE path = ?').get(path) as { id: number } | undefined)?.id;
}

/** Up to 5 indexed paths whose last segment is `base`, in path order. */
export function pathsNamed(db: IndexDb, base: string): string[] {
  return plucked(db, "SELECT path FROM files WHERE substr(path, -length(?) - 1) = '/' || ? ORDER BY path LIMIT 5").all(base, base) as string[];
}

/** The languages of the indexed files, in alphabetical order. */
export function indexedLanguages(db: IndexDb): string[] {
  return plucked(db, 'SELECT DISTINCT language FROM files ORDER BY language').all() as string[];
}

/** True when at least one indexed file is in this language. */
export function hasFileInLanguage(db: IndexDb, language: string): boolean {
  return plucked(db, 'SELECT 1 FROM files WHERE language = ? LIMIT 1').get(language) !== undefined;
}

/** Files and lines per language (parsed files only), most lines first. */
export function languageShares(db: IndexDb): Array<{ language: string; files: number; lines: number }> {
  return statement(
    db,
    'SELECT language, COUNT(*) AS files, COALESCE(SUM(lines), 0) AS lines FROM files WHERE skip_reason IS NULL GROUP BY language ORDER BY lines DESC, language',
  ).all() as Array<{ language: string; files: number; lines: number }>;
}

/** A parsed file: id, path, language and lines. */
export interface ParsedFile {
  id: number;
  path: string;
  language: Language;
  lines: number;
}

/** Every parsed file (not skipped for its content), in path order. */
export function parsedFiles(db: IndexDb): ParsedFile[] {
  return statement(db, 'SELECT id, path, language, lines FROM files WHERE skip_reason IS NULL ORDER BY path').all() as ParsedFile[];
}

/** The paths of the `limit` largest parsed files (most lines first). */
export function largestFiles(db: IndexDb, limit: number): string[] {
  return plucked(db, 'SELECT path FROM files WHERE skip_reason IS NULL ORDER BY lines DESC LIMIT ?').all(limit) as string[];
}

/** Every indexed file's path by its id, read once per version of the index (file ranking asks on every query). */
export function filePaths(db: IndexDb): ReadonlyMap<number, string> {
  return perIndexVersion(db, 'file paths', () => new Map(raw(db, 'SELECT id, path FROM files').all() as Array<[number, string]>));
}

/** The files (id and path) the path filters admit, in path order. */
export function filesMatching(db: IndexDb, pathFilters: CompiledFilters): Array<{ id: number; path: string }> {
  return rowsOnce(db, `SELECT f.id AS id, f.path AS path FROM files f WHERE ${pathFilters.where} ORDER BY f.path`).all(...pathFilters.params) as Array<{ id: number; path: string }>;
}

/** Repository-relative paths of the links the walker found leading outside the root (skipped, never indexed). Throws on an index without the table. */
export function linksOutsideRoot(db: IndexDb): string[] {
  return plucked(db, "SELECT path FROM skipped WHERE reason = 'symlink_outside_root'").all() as string[];
}

/** The directories the index covers (repository-relative). */
export function indexedDirectories(db: IndexDb): string[] {
  return plucked(db, 'SELECT path FROM directories').all() as string[];
}
