/**
 * Reads of the `usages` table (joined to its file): the sites where a name is used, with the syntactic
 * role of each (call, import, type_reference, implements, ...) and the enclosing definition.
 */
import type { UsageRole } from '../../core/types.js';
import type { IndexDb } from '../db.js';
import type { CompiledFilters } from './filters.js';
import { plucked, rows as statement, rowsOnce } from './prepared.js';

/** A usage site with its file. */
export interface UsageSite {
  name: string;
  role: UsageRole;
  line: number;
  col: number;
  endCol: number;
  enclosing: string | null;
  file: string;
}

/**
 * Every usage site of a name, by path, line and column; with `inFilesNaming`, only in the files that use
 * or define that other name.
 */
export function usageSitesNamed(db: IndexDb, name: string, inFilesNaming?: string): UsageSite[] {
  const scoped = inFilesNaming !== undefined;
  return statement(
    db,
    `SELECT u.name, u.role, u.line, u.col, u.end_col AS endCol, u.enclosing, f.path AS file
         FROM usages u JOIN files f ON f.id = u.file_id WHERE u.name = ?
         ${scoped ? 'AND u.file_id IN (SELECT file_id FROM usages WHERE name = ? UNION SELECT file_id FROM definitions WHERE name = ?)' : ''}
         ORDER BY f.path, u.line, u.col`,
  ).all(...(scoped ? [name, inFilesNaming, inFilesNaming] : [name])) as UsageSite[];
}

/** How many usage sites a name has. */
export function usageCount(db: IndexDb, name: string): number {
  return (plucked(db, 'SELECT COUNT(*) FROM usages WHERE name = ?').get(name) as number | undefined) ?? 0;
}

/** The usages of a file on these lines: position, role and enclosing definition. */
export function usagesOnLines(db: IndexDb, file: string, lines: readonly number[]): Array<{ line: number; col: number; role: UsageRole; enclosing: string | null }> {
  const placeholders = lines.map(() => '?').join(',');
  return rowsOnce(db, `SELECT u.line, u.col, u.role, u.enclosing FROM usages u JOIN files f ON f.id = u.file_id WHERE f.path = ? AND u.line IN (${placeholders})`)
    .all(file, ...lines) as Array<{ line: number; col: number; role: UsageRole; enclosing: string | null }>;
}

/** The definitions (qualified name and file) whose implements or extends clause names `typeName`. */
export function implementsOrExtends(db: IndexDb, typeName: string): Array<{ enclosing: string; file: string }> {
  return statement(
    db,
    `SELECT u.enclosing, f.path AS file FROM usages u JOIN files f ON f.id = u.file_id WHERE u.name = ? AND u.role IN ('implements', 'extends') AND u.enclosing IS NOT NULL`,
  ).all(typeName) as Array<{ enclosing: string; file: string }>;
}

/**
 * The uses (not imports or exports) of a name in a file between two lines, except the one at
 * (`exceptLine`, `exceptCol`), in order; at most `limit`.
 */
export function usesBetween(
  db: IndexDb,
  file: string,
  name: string,
  fromLine: number,
  toLine: number,
  except: { line: number; col: number },
  limit: number,
): Array<{ line: number; col: number; role: UsageRole }> {
  return statement(
    db,
    `SELECT u.line, u.col, u.role FROM usages u JOIN files f ON f.id = u.file_id
      WHERE f.path = ? AND u.name = ? AND u.line BETWEEN ? AND ? AND u.role NOT IN ('import', 'export')
        AND NOT (u.line = ? AND u.col = ?) ORDER BY u.line, u.col LIMIT ?`,
  ).all(file, name, fromLine, toLine, except.line, except.col, limit) as Array<{ line: number; col: number; role: UsageRole }>;
}

/** The uses (not imports or exports) of a name in files the path filters admit, by path, line and column. */
export function usesForLookup(
  db: IndexDb,
  name: string,
  pathFilters: CompiledFilters,
): Array<{ name: string; role: string; line: number; enclosing: string | null; file: string }> {
  return rowsOnce(
    db,
    `SELECT u.name, u.role, u.line, u.enclosing, f.path AS file FROM usages u JOIN files f ON f.id = u.file_id WHERE u.name = ? AND u.role NOT IN ('import', 'export') AND ${pathFilters.where} ORDER BY f.path, u.line, u.col`,
  ).all(name, ...pathFilters.params) as Array<{ name: string; role: string; line: number; enclosing: string | null; file: string }>;
}
