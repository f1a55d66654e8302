/**
 * Reads of the `definitions` table (joined to its file): definitions by id, name, qualified name,
 * position and kind, in the row shapes the analyses (snake_case `TargetDefinition`), the index fallback
 * of the LSP layer (camelCase `SymbolDefinition`), search and the exploration use.
 */
import type { IndexDb } from '../db.js';
import type { SQLInputValue } from '../sqlite.js';
import type { CompiledFilters } from './filters.js';
import { plucked, rows as statement, pluckedOnce, rowsOnce } from './prepared.js';
import { perIndexVersion } from './version-cache.js';

// ---------------------------------------------------------------------------------------------------
// Analyses (analysis/symbol-target.ts, call-graph.ts, validate-symbol.ts)

/** One row of `definitions` with its file path: everything the analyses need. */
export interface TargetDefinition {
  id: number;
  file_id: number;
  file: string;
  language: string;
  name: string;
  qualified_name: string;
  kind: string;
  start_line: number;
  end_line: number;
  /** Qualified name of the enclosing definition (the class of a method), or null at top level. */
  parent: string | null;
  is_exported: number;
  cyclomatic: number | null;
  cognitive: number | null;
  max_nesting: number | null;
  lines: number | null;
}

/** SELECT list for TargetDefinition; queries alias definitions as d and files as f. */
const TARGET_COLUMNS =
  'd.id, d.file_id, f.path AS file, f.language, d.name, d.qualified_name, d.kind, d.start_line, d.end_line, d.parent, d.is_exported, d.cyclomatic, d.cognitive, d.max_nesting, d.lines';
const FROM_TARGETS = `SELECT ${TARGET_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id`;

export function definitionById(db: IndexDb, id: number): TargetDefinition | undefined {
  return statement(db, `${FROM_TARGETS} WHERE d.id = ?`).get(id) as TargetDefinition | undefined;
}

/** Definitions with this qualified name, by path and line. */
export function definitionsByQualifiedName(db: IndexDb, qualifiedName: string): TargetDefinition[] {
  return statement(db, `${FROM_TARGETS} WHERE d.qualified_name = ? ORDER BY f.path, d.start_line`).all(qualifiedName) as TargetDefinition[];
}

/** Definitions with this (simple) name, by path and line. */
export function definitionsByName(db: IndexDb, name: string): TargetDefinition[] {
  return statement(db, `${FROM_TARGETS} WHERE d.name = ? ORDER BY f.path, d.start_line`).all(name) as TargetDefinition[];
}

/** The innermost definition of a file spanning a line: the shortest span (a method rather than its class). */
export function innermostDefinitionAt(db: IndexDb, fileId: number, line: number): TargetDefinition | undefined {
  return statement(db, `${FROM_TARGETS} WHERE d.file_id = ? AND d.start_line <= ? AND d.end_line >= ? ORDER BY d.end_line - d.start_line, d.start_line DESC LIMIT 1`).get(
    fileId,
    line,
    line,
  ) as TargetDefinition | undefined;
}

/** The definition of a file with this qualified name, the one spanning `line` first, then the first. */
export function definitionQualifiedAround(db: IndexDb, fileId: number, qualifiedName: string | null, line: number): TargetDefinition | undefined {
  return statement(
    db,
    `${FROM_TARGETS} WHERE d.file_id = ? AND d.qualified_name = ?
         ORDER BY (d.start_line <= ? AND d.end_line >= ?) DESC, d.start_line LIMIT 1`,
  ).get(fileId, qualifiedName, line, line) as TargetDefinition | undefined;
}

/** The (at most 5) definitions of a file starting nearest a line. */
export function definitionsNearLine(db: IndexDb, fileId: number, line: number): Array<{ name: string; start_line: number; end_line: number }> {
  return statement(db, 'SELECT name, start_line, end_line FROM definitions WHERE file_id = ? ORDER BY abs(start_line - ?) LIMIT 5').all(fileId, line) as Array<{
    name: string;
    start_line: number;
    end_line: number;
  }>;
}

/** Every distinct definition name. */
export function definitionNames(db: IndexDb): readonly string[] {
  // Read once per version of the index: fuzzy definition search scans every name per query, and materializing
  // tens of thousands of rows each time was most of its cost.
  return perIndexVersion(db, 'definition names', () => plucked(db, 'SELECT DISTINCT name FROM definitions').all() as string[]);
}

/** Every distinct qualified definition name. */
export function qualifiedDefinitionNames(db: IndexDb): string[] {
  return plucked(db, 'SELECT DISTINCT qualified_name FROM definitions').all() as string[];
}

/** Up to 8 distinct names containing `text`, case-insensitive. */
export function definitionNamesContaining(db: IndexDb, text: string): string[] {
  return plucked(db, "SELECT DISTINCT name FROM definitions WHERE lower(name) LIKE '%' || lower(?) || '%' LIMIT 8").all(text) as string[];
}

// ---------------------------------------------------------------------------------------------------
// The index fallback of the LSP layer (scout/index-fallback.ts)

/** A definition as the index fallback answers LSP operations with it. */
export interface SymbolDefinition {
  name: string;
  qualifiedName: string;
  kind: string;
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  nameLine: number;
  nameCol: number;
  signature: string;
  docstring: string | null;
  parent: string | null;
  isExported: number;
  file: string;
}

const SYMBOL_COLUMNS = `d.name, d.qualified_name AS qualifiedName, d.kind, d.start_line AS startLine, d.start_col AS startCol,
  d.end_line AS endLine, d.end_col AS endCol, d.name_line AS nameLine, d.name_col AS nameCol, d.signature, d.docstring,
  d.parent, d.is_exported AS isExported, f.path AS file`;

/**
 * Definitions whose name is `query` or contains it (LIKE, escaped), in files of `languages` (all when empty):
 * exact first, then case-insensitive, exported, by path and line; at most `limit`.
 */
export function definitionsMatchingName(db: IndexDb, query: string, languages: readonly string[], limit: number): SymbolDefinition[] {
  const languageClause = languages.length > 0 ? ` AND f.language IN (${languages.map(() => '?').join(',')})` : '';
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rowsOnce(
    db,
    `SELECT ${SYMBOL_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id
       WHERE (d.name = ? OR d.name LIKE ? ESCAPE '\\')${languageClause}
       ORDER BY d.name = ? DESC, lower(d.name) = lower(?) DESC, d.is_exported DESC, f.path, d.start_line LIMIT ?`,
  ).all(query, pattern, ...languages, query, query, limit) as SymbolDefinition[];
}

/** The definitions of a file, in source order. */
export function definitionsInFile(db: IndexDb, file: string): SymbolDefinition[] {
  return statement(db, `SELECT ${SYMBOL_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? ORDER BY d.start_line, d.start_col`).all(
    file,
  ) as SymbolDefinition[];
}

/** Definitions with this name, by path and line. */
export function symbolDefinitionsNamed(db: IndexDb, name: string): SymbolDefinition[] {
  return statement(db, `SELECT ${SYMBOL_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id WHERE d.name = ? ORDER BY f.path, d.start_line`).all(
    name,
  ) as SymbolDefinition[];
}

/** Definitions of a file with this qualified name, by line. */
export function symbolDefinitionsQualified(db: IndexDb, qualifiedName: string, file: string): SymbolDefinition[] {
  return statement(
    db,
    `SELECT ${SYMBOL_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id WHERE d.qualified_name = ? AND f.path = ? ORDER BY d.start_line`,
  ).all(qualifiedName, file) as SymbolDefinition[];
}

/** Where the definitions of a file whose name lies on one of `lines` are named, and their parent. */
export function definitionNamesOnLines(db: IndexDb, file: string, lines: readonly number[]): Array<{ line: number; col: number; parent: string | null }> {
  const placeholders = lines.map(() => '?').join(',');
  return rowsOnce(db, `SELECT d.name_line AS line, d.name_col AS col, d.parent FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.name_line IN (${placeholders})`)
    .all(file, ...lines) as Array<{ line: number; col: number; parent: string | null }>;
}

/**
 * 1 for a file under tests, docs, examples or scripts, else 0: a server's project often leaves those out
 * (pydantic's `[tool.pyright] include = ['pydantic', …]`), and a probe name the server does not index is
 * never found, so its readiness waits out the whole timeout.
 */
const OUTSIDE_PRODUCT_CODE = `(CASE WHEN ${['test', 'tests', '__tests__', 'spec', 'docs', 'doc', 'examples', 'example', 'scripts', 'benchmarks', 'bench']
  .flatMap((d) => [`f.path LIKE '${d}/%'`, `f.path LIKE '%/${d}/%'`])
  .join(' OR ')} THEN 1 ELSE 0 END)`;

/**
 * Names defined at top level in files of these languages (the first language first), the best of each
 * top-level folder, at most `folders` of them: a type or function in product code, exported first, not
 * private-looking, in the shortest path, not in a .d.ts. Several folders, because a server's project may
 * leave out any one of them (its `include`), and a name it does not index is never found.
 */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function probeDefinitions(db: IndexDb, languages: readonly string[], folders: number, within: readonly string[] | null = null): Array<{ name: string; file: string }> {
  // Language names are the index's own identifiers (`python`, `typescript`): inlined, so both rankings share them.
  const order = languages.filter((l) => /^[a-z0-9_+-]+$/.test(l)).map((l, i) => `WHEN '${l}' THEN ${i}`).join(' ');
  if (order === '') return [];
  const rank = `CASE f.language ${order} ELSE ${languages.length} END, ${OUTSIDE_PRODUCT_CODE}, d.is_exported DESC, length(f.path), f.path, d.start_line`;
  const topFolder = `CASE WHEN instr(f.path, '/') > 0 THEN substr(f.path, 1, instr(f.path, '/') - 1) ELSE '' END`;
  // Only files the server's project covers (a file named, or a folder's files), when its configuration narrows it.
  const inside = within ? ` AND (${within.map(() => "f.path = ? OR f.path LIKE ? ESCAPE '\\'").join(' OR ')})` : '';
  return rowsOnce(
    db,
    `SELECT name, file FROM (
       SELECT d.name, f.path AS file, ROW_NUMBER() OVER (PARTITION BY ${topFolder} ORDER BY ${rank}) AS n, ROW_NUMBER() OVER (ORDER BY ${rank}) AS overall
       FROM definitions d JOIN files f ON f.id = d.file_id
       WHERE f.language IN (${languages.map(() => '?').join(',')}) AND d.parent IS NULL
         AND d.kind IN ('class', 'function', 'interface', 'enum', 'data_type', 'type_alias') AND d.name NOT LIKE '\\_%' ESCAPE '\\'
         AND length(d.name) > 2 AND f.path NOT LIKE '%.d.ts'${inside})
     WHERE n = 1 ORDER BY overall LIMIT ?`,
  ).all(...languages, ...(within ?? []).flatMap((p) => [p, `${escapeLike(p)}/%`]), folders) as Array<{ name: string; file: string }>;
}

/** The qualified name of the definition of `name` in a file named on `line`, else the one named nearest it. */
export function qualifiedNameNear(db: IndexDb, file: string, name: string, line: number): string | undefined {
  const row = statement(
    db,
    'SELECT d.qualified_name AS qualifiedName FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.name = ? ORDER BY d.name_line = ? DESC, abs(d.name_line - ?) LIMIT 1',
  ).get(file, name, line, line) as { qualifiedName: string } | undefined;
  return row?.qualifiedName;
}

// ---------------------------------------------------------------------------------------------------
// The exploration (scout/)

/** A definition where an exploration may start or go. */
export interface PlacedDefinition {
  name: string;
  qualified_name: string;
  kind: string;
  name_line: number;
  name_col: number;
  path: string;
}

const SEED_ORDER = `CASE d.kind WHEN 'enum' THEN 0 WHEN 'type_alias' THEN 0 WHEN 'interface' THEN 0 WHEN 'class' THEN 0 WHEN 'data_type' THEN 0 WHEN 'function' THEN 1 ELSE 2 END, d.is_exported DESC`;

/**
 * Up to 3 definitions with this name (with this qualified name when `qualified`): types first, then
 * functions, exported first. A qualified name also matches the end of a longer one: `Builder.addType` is
 * Java's `TypeSpec.Builder.addType` (a nested class is asked by its own name), after the exact matches.
 */
export function seedDefinitions(db: IndexDb, name: string, qualified: boolean): PlacedDefinition[] {
  const columns = 'SELECT d.name, d.qualified_name, d.kind, d.name_line, d.name_col, f.path FROM definitions d JOIN files f ON f.id = d.file_id';
  if (!qualified) return statement(db, `${columns} WHERE d.name = ? ORDER BY ${SEED_ORDER} LIMIT 3`).all(name) as PlacedDefinition[];
  const exact = statement(db, `${columns} WHERE d.qualified_name = ? ORDER BY ${SEED_ORDER} LIMIT 3`).all(name) as PlacedDefinition[];
  if (exact.length > 0) return exact;
  const last = name.slice(name.lastIndexOf('.') + 1);
  return statement(db, `${columns} WHERE d.name = ? AND substr(d.qualified_name, -length(?) - 1) = '.' || ? ORDER BY ${SEED_ORDER} LIMIT 3`).all(last, name, name) as PlacedDefinition[];
}

/** The lines of the type alias of a file named on `nameLine`. */
export function typeAliasExtent(db: IndexDb, file: string, nameLine: number): { start: number; end: number } | undefined {
  return statement(
    db,
    `SELECT d.start_line AS start, d.end_line AS end FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.name_line = ? AND d.kind = 'type_alias' LIMIT 1`,
  ).get(file, nameLine) as { start: number; end: number } | undefined;
}

/** A constant or variable with this name, exported first. */
export function constantNamed(db: IndexDb, name: string): Omit<PlacedDefinition, 'name'> | undefined {
  return statement(
    db,
    `SELECT d.qualified_name, d.kind, d.name_line, d.name_col, f.path FROM definitions d JOIN files f ON f.id = d.file_id
      WHERE d.name = ? AND d.kind IN ('constant', 'variable') ORDER BY d.is_exported DESC LIMIT 1`,
  ).get(name) as Omit<PlacedDefinition, 'name'> | undefined;
}

/** Where the definition with this qualified name in a file is named (any kind). */
export function definitionNamePosition(db: IndexDb, file: string, qualifiedName: string): { line: number; col: number } | undefined {
  return statement(db, 'SELECT d.name_line AS line, d.name_col AS col FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.qualified_name = ? LIMIT 1').get(
    file,
    qualifiedName,
  ) as { line: number; col: number } | undefined;
}

/** Where the function or method with this qualified name in a file is named. */
export function callableNamePosition(db: IndexDb, file: string, qualifiedName: string): { line: number; col: number } | undefined {
  return statement(
    db,
    `SELECT d.name_line AS line, d.name_col AS col FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.qualified_name = ? AND d.kind IN ('function', 'method') LIMIT 1`,
  ).get(file, qualifiedName) as { line: number; col: number } | undefined;
}

/** The property, variable, constant or type alias with this qualified name declared in a file. */
export function propertyDefinition(db: IndexDb, file: string, qualifiedName: string): { file: string; line: number; col: number; kind: string } | undefined {
  return statement(
    db,
    `SELECT f.path AS file, d.name_line AS line, d.name_col AS col, d.kind FROM definitions d JOIN files f ON f.id = d.file_id
       WHERE f.path = ? AND d.qualified_name = ? AND d.kind IN ('property', 'variable', 'constant', 'type_alias') LIMIT 1`,
  ).get(file, qualifiedName) as { file: string; line: number; col: number; kind: string } | undefined;
}

/** The smallest definition of one of `kinds` in a file spanning `line` over more than one line. */
export function innermostScope(db: IndexDb, file: string, kinds: readonly string[], line: number): { start: number; end: number } | undefined {
  return statement(
    db,
    `SELECT d.start_line AS start, d.end_line AS end FROM definitions d JOIN files f ON f.id = d.file_id
        WHERE f.path = ? AND d.kind IN (${kinds.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ')}) AND d.start_line <= ? AND d.end_line >= ? AND d.end_line > d.start_line
        ORDER BY d.end_line - d.start_line LIMIT 1`,
  ).get(file, line, line) as { start: number; end: number } | undefined;
}

/** A type alias, interface or class with this name and where it is named: in `preferredFile` first, exported first. */
export function typeDeclarationNamed(db: IndexDb, name: string, preferredFile: string): { file: string; line: number } | undefined {
  return statement(
    db,
    `SELECT f.path AS file, d.name_line AS line FROM definitions d JOIN files f ON f.id = d.file_id
      WHERE d.name = ? AND d.kind IN ('type_alias', 'interface', 'class')
      ORDER BY (f.path = ?) DESC, d.is_exported DESC LIMIT 1`,
  ).get(name, preferredFile) as { file: string; line: number } | undefined;
}

/** Distinct names and kinds of the exported top-level types and functions, by kind and name. */
export function exportedTopLevelTypesAndFunctions(db: IndexDb): Array<{ name: string; kind: string }> {
  return statement(
    db,
    `SELECT DISTINCT d.name, d.kind FROM definitions d
       WHERE d.is_exported = 1 AND d.parent IS NULL AND d.kind IN ('enum', 'type_alias', 'data_type', 'function', 'class', 'interface')
       ORDER BY d.kind, d.name`,
  ).all() as Array<{ name: string; kind: string }>;
}

// ---------------------------------------------------------------------------------------------------
// Duplicates (cli/duplicates-command.ts)

/** A definition as the duplicates command lists it. */
export interface ListedDefinition {
  id: number;
  name: string;
  qualified_name: string;
  kind: string;
  path: string;
  start_line: number;
  end_line: number;
}

/** Definitions whose name or qualified name is `symbol`, by path and line. */
export function definitionsNamedOrQualified(db: IndexDb, symbol: string): ListedDefinition[] {
  return statement(
    db,
    `SELECT d.id, d.name, d.qualified_name, d.kind, f.path, d.start_line, d.end_line
       FROM definitions d JOIN files f ON f.id = d.file_id
       WHERE d.name = ? OR d.qualified_name = ?
       ORDER BY f.path, d.start_line`,
  ).all(symbol, symbol) as ListedDefinition[];
}

/** Qualified names of the first `limit` members of `parent` of one of `kinds`, in source order. */
export function memberNames(db: IndexDb, parent: string, kinds: readonly string[], limit: number): string[] {
  const sql = `SELECT qualified_name FROM definitions WHERE parent = ? AND kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY start_line LIMIT ?`;
  return pluckedOnce(db, sql).all(parent, ...kinds, limit) as string[];
}

/**
 * Distinct names of definitions of one of `kinds` that contain `wanted` (lower case) or share its first
 * three letters, case-insensitive; at most 2000, in no particular order.
 */
export function definitionNamesLike(db: IndexDb, kinds: readonly string[], wanted: string): string[] {
  const sql = `SELECT DISTINCT name FROM definitions
       WHERE kind IN (${kinds.map(() => '?').join(', ')}) AND (instr(lower(name), ?) > 0 OR substr(lower(name), 1, 3) = substr(?, 1, 3))
       LIMIT 2000`;
  return pluckedOnce(db, sql).all(...kinds, wanted, wanted) as string[];
}

// ---------------------------------------------------------------------------------------------------
// Repository summary (analysis/repo-summary.ts)

/** Per file: definitions, exported top-level ones, the highest cognitive complexity and the functions above a threshold. */
export interface FileDefinitionStats {
  file_id: number;
  symbols: number;
  exported: number;
  max_cognitive: number | null;
  risky: number;
}

/** Definition counts per file; `exported` counts top-level ones only, `risky` those with cognitive complexity above `riskyCognitive`. */
export function definitionStatsPerFile(db: IndexDb, riskyCognitive: number): FileDefinitionStats[] {
  return statement(
    db,
    `SELECT file_id, COUNT(*) AS symbols, SUM(is_exported = 1 AND parent IS NULL) AS exported,
              MAX(cognitive) AS max_cognitive, COALESCE(SUM(cognitive > ?), 0) AS risky
       FROM definitions GROUP BY file_id`,
  ).all(riskyCognitive) as FileDefinitionStats[];
}

/** Every exported top-level definition: its file, name and length in lines (end minus start). */
export function exportedTopLevelDefinitions(db: IndexDb): Array<{ file_id: number; name: string; lines: number }> {
  return statement(db, 'SELECT file_id, name, COALESCE(end_line - start_line, 0) AS lines FROM definitions WHERE is_exported = 1 AND parent IS NULL').all() as Array<{
    file_id: number;
    name: string;
    lines: number;
  }>;
}

// ---------------------------------------------------------------------------------------------------
// Search (search/engine.ts, file-evidence.ts, symbol-lookup.ts)

/** The distinct (path, name) pairs of the definitions of these names. */
export function filesDefining(db: IndexDb, names: readonly string[]): Array<{ path: string; name: string }> {
  return rowsOnce(db, `SELECT DISTINCT f.path AS path, d.name AS name FROM definitions d JOIN files f ON f.id = d.file_id WHERE d.name IN (${names.map(() => '?').join(',')})`)
    .all(...names) as Array<{ path: string; name: string }>;
}

/** The smallest definition of a file spanning a line: its qualified name and kind. */
export function enclosingDefinition(db: IndexDb, fileId: number, line: number): { symbol: string; kind: string } | undefined {
  return statement(
    db,
    'SELECT qualified_name AS symbol, kind FROM definitions WHERE file_id = ? AND start_line <= ? AND end_line >= ? ORDER BY (end_line - start_line) ASC LIMIT 1',
  ).get(fileId, line, line) as { symbol: string; kind: string } | undefined;
}

/** A definition as definition-mode search shows it. */
export interface DefinitionHit {
  name: string;
  symbol: string;
  kind: string;
  startLine: number;
  endLine: number;
  signature: string;
  docstring: string | null;
  isExported: number;
  path: string;
}

/** Which definitions definition-mode search asks for: a (qualified) name, exactly or ignoring case, or one of several names. */
export type DefinitionNameMatch = { column: 'name' | 'qualified_name'; equals: string; ignoreCase: boolean } | { namesIn: readonly string[] };

/** Definitions matching a name and the filters (compiled for kind 'definition'), at most 500, in no particular order. */
export function definitionsForSearch(db: IndexDb, match: DefinitionNameMatch, filters: CompiledFilters): DefinitionHit[] {
  let condition: string;
  let params: SQLInputValue[];
  if ('namesIn' in match) {
    condition = `d.name IN (${match.namesIn.map(() => '?').join(',')})`;
    params = [...match.namesIn];
  } else {
    const column = `d.${match.column}`;
    condition = match.ignoreCase ? `lower(${column}) = lower(?)` : `${column} = ?`;
    params = [match.equals];
  }
  const base = `SELECT d.name AS name, d.qualified_name AS symbol, d.kind AS kind, d.start_line AS startLine, d.end_line AS endLine,
      d.signature AS signature, d.docstring AS docstring, d.is_exported AS isExported, f.path AS path
    FROM definitions d JOIN files f ON f.id = d.file_id`;
  return rowsOnce(db, `${base} WHERE ${condition} AND ${filters.where} LIMIT 500`).all(...params, ...filters.params) as DefinitionHit[];
}

/** Definitions with this name (qualified name when `qualified`), of one of `kinds` (any when empty), in files the path filters admit; by path and line. */
export function definitionsForLookup(
  db: IndexDb,
  name: string,
  qualified: boolean,
  kinds: readonly string[],
  pathFilters: CompiledFilters,
): Array<{ name: string; qualified_name: string; kind: string; line: number; file: string }> {
  const byName = qualified ? 'd.qualified_name = ?' : 'd.name = ?';
  const kindClause = kinds.length > 0 ? ` AND d.kind IN (${kinds.map(() => '?').join(',')})` : '';
  return rowsOnce(
    db,
    `SELECT d.name, d.qualified_name, d.kind, d.start_line AS line, f.path AS file FROM definitions d JOIN files f ON f.id = d.file_id WHERE ${byName}${kindClause} AND ${pathFilters.where} ORDER BY f.path, d.start_line`,
  ).all(name, ...kinds, ...pathFilters.params) as Array<{ name: string; qualified_name: string; kind: string; line: number; file: string }>;
}
