/**
 * Row filters of search and symbol lookup, compiled to a SQL condition over `chunks c JOIN files f` (and
 * the chunk's definition `d`, LEFT JOINed, for definition facts), for the readers in fulltext.ts,
 * definitions.ts, usages.ts and imports.ts. The filters themselves (validation, globs) are search's
 * (search/filters.ts); only their SQL lives here.
 */
import type { IndexDb } from '../db.js';
import type { SQLInputValue } from '../sqlite.js';

/** The filter fields that select rows (search/filters.ts `SearchFilters` has these and more). */
export interface RowFilters {
  path_prefix?: string | undefined;
  path_contains?: string[] | undefined;
  path_not_contains?: string[] | undefined;
  kind?: string[] | undefined;
  extension?: string[] | undefined;
  is_exported?: boolean | undefined;
  decorator_contains?: string | undefined;
  has_docstring?: boolean | undefined;
}

export interface CompiledFilters {
  /** SQL condition (without WHERE), or '1' when unfiltered. */
  where: string;
  params: SQLInputValue[];
  /** Path-glob matcher registered as a SQL function, when a glob was given. */
  glob: RegExp | null;
}

/** Whose kind a kind filter tests: the chunk's (search results) or the definition's (definition mode). */
export type KindOf = 'chunk' | 'definition';

/** `glob`: the compiled path glob (search/filters.ts globToRegExp), or null. */
export function compileRowFilters(filters: RowFilters, glob: RegExp | null, kindOf: KindOf = 'chunk'): CompiledFilters {
  const kindColumn = kindOf === 'definition' ? 'd.kind' : 'c.kind';
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  if (filters.path_prefix) {
    clauses.push('substr(f.path, 1, ?) = ?');
    params.push(filters.path_prefix.length, filters.path_prefix);
  }
  for (const s of filters.path_contains ?? []) {
    clauses.push('instr(f.path, ?) > 0');
    params.push(s);
  }
  for (const s of filters.path_not_contains ?? []) {
    clauses.push('instr(f.path, ?) = 0');
    params.push(s);
  }
  if (filters.kind?.length) {
    clauses.push(`${kindColumn} IN (${filters.kind.map(() => '?').join(', ')})`);
    params.push(...filters.kind);
  }
  if (filters.extension?.length) {
    clauses.push(`(${filters.extension.map(() => "f.path LIKE '%' || ?").join(' OR ')})`);
    params.push(...filters.extension);
  }
  if (filters.is_exported !== undefined) {
    clauses.push(filters.is_exported ? 'd.is_exported = 1' : '(d.is_exported IS NULL OR d.is_exported = 0)');
  }
  if (filters.decorator_contains) {
    clauses.push("instr(lower(COALESCE(d.decorators, '')), lower(?)) > 0");
    params.push(filters.decorator_contains);
  }
  if (filters.has_docstring !== undefined) {
    clauses.push(filters.has_docstring ? "COALESCE(d.docstring, '') <> ''" : "COALESCE(d.docstring, '') = ''");
  }
  if (glob) clauses.push('scout_glob(f.path) = 1');
  return { where: clauses.length > 0 ? clauses.join(' AND ') : '1', params, glob };
}

/** True when the filters select every row. */
export function isUnfiltered(compiled: CompiledFilters): boolean {
  return compiled.where === '1' && compiled.params.length === 0;
}

/** Register the path glob of these filters with the connection (the SQL function `scout_glob`), when they have one. */
export function registerPathGlob(db: IndexDb, compiled: CompiledFilters): void {
  const glob = compiled.glob;
  if (!glob) return;
  db.function('scout_glob', { deterministic: true }, (p: unknown) => (typeof p === 'string' && glob.test(p) ? 1 : 0));
}
