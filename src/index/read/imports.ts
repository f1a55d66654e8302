/**
 * Reads of the `imports` and `exports` tables (joined to their file): which modules files import, how
 * often each name is imported, and the import and export sites of a name.
 */
import type { IndexDb } from '../db.js';
import type { CompiledFilters } from './filters.js';
import { rows as statement, rowsOnce } from './prepared.js';

/** The distinct (file id, module specifier) pairs of every import, in no particular order. */
export function importedModules(db: IndexDb): Array<{ file_id: number; module: string }> {
  return statement(db, 'SELECT DISTINCT file_id, module FROM imports').all() as Array<{ file_id: number; module: string }>;
}

/** How many import sites each imported name has. */
export function importCountsByName(db: IndexDb): Array<{ name: string; n: number }> {
  return statement(db, 'SELECT name, COUNT(*) AS n FROM imports GROUP BY name').all() as Array<{ name: string; n: number }>;
}

/** An import or export site of a name. */
export interface ImportExportSite<Module extends string | null> {
  name: string;
  alias: string | null;
  module: Module;
  line: number;
  file: string;
}

/** The exports of a name (as itself or as an alias) in files the path filters admit, by path and line. */
export function exportsNamed(db: IndexDb, name: string, pathFilters: CompiledFilters): Array<ImportExportSite<string | null>> {
  return rowsOnce(db, `SELECT e.name, e.alias, e.module, e.line, f.path AS file FROM exports e JOIN files f ON f.id = e.file_id WHERE (e.name = ? OR e.alias = ?) AND ${pathFilters.where} ORDER BY f.path, e.line`)
    .all(name, name, ...pathFilters.params) as Array<ImportExportSite<string | null>>;
}

/** The imports of a name (as itself or as an alias) in files the path filters admit, by path and line. */
export function importsNamed(db: IndexDb, name: string, pathFilters: CompiledFilters): Array<ImportExportSite<string>> {
  return rowsOnce(db, `SELECT i.name, i.alias, i.module, i.line, f.path AS file FROM imports i JOIN files f ON f.id = i.file_id WHERE (i.name = ? OR i.alias = ?) AND ${pathFilters.where} ORDER BY f.path, i.line`)
    .all(name, name, ...pathFilters.params) as Array<ImportExportSite<string>>;
}
