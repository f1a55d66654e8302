/**
 * Symbol lookup by exact name and role: where a name is defined, exported,
 * imported and used (with the syntactic role of each usage site).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { ScoutError } from '../core/errors.js';
import { readInsideRoot } from '../workspace/confine.js';
import { compileFilters, describeFilters, validateFilters, type SearchFilters } from './filters.js';

export const SYMBOL_ROLES = ['definition', 'export', 'import', 'usage'] as const;
export type SymbolRole = (typeof SYMBOL_ROLES)[number];

export interface SymbolLookupRequest {
  name: string;
  kind?: string[];
  role?: SymbolRole[];
  filters?: Pick<SearchFilters, 'path_prefix' | 'path_contains' | 'path_not_contains' | 'path_glob' | 'extension'>;
  include_context?: boolean;
  limit?: number;
}

export interface SymbolHit {
  name: string;
  qualified_name: string | null;
  kind: string | null;
  role: SymbolRole;
  /** For usages: the syntactic role of the site (call, case_pattern, type_parameter, ...). */
  site_role?: string;
  /** Import/export module, when there is one. */
  module?: string | null;
  file: string;
  line: number;
  context?: string;
}

export interface SymbolLookupResponse {
  name: string;
  results: SymbolHit[];
  total_count: number;
  counts: Record<SymbolRole, number>;
  filters: string;
  notes: string[];
}

export function lookupSymbol(db: Database.Database, request: SymbolLookupRequest, root: string): SymbolLookupResponse {
  const name = (request.name ?? '').trim();
  if (!name) throw new ScoutError('USAGE', 'symbol lookup needs a name, e.g. scout symbol UserService');
  if (name.length > 200) throw new ScoutError('USAGE', 'symbol names are at most 200 characters');
  const roles = request.role?.length ? request.role : [...SYMBOL_ROLES];
  for (const r of roles) {
    if (!SYMBOL_ROLES.includes(r)) throw new ScoutError('USAGE', `unknown role "${r}"; use ${SYMBOL_ROLES.join(', ')}`);
  }
  const notes: string[] = [];
  let limit = request.limit ?? 50;
  if (!Number.isFinite(limit) || limit < 1 || limit > 500) {
    const clamped = Math.min(500, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : 50)));
    notes.push(`limit ${limit} clamped to ${clamped} (allowed 1-500)`);
    limit = clamped;
  }
  const filters = validateFilters({ ...(request.filters ?? {}), ...(request.kind ? { kind: request.kind } : {}) });
  const pathFilters = compileFilters({ ...filters, kind: undefined });
  if (pathFilters.glob) {
    const glob = pathFilters.glob;
    db.function('scout_glob', { deterministic: true }, (p: unknown) => (typeof p === 'string' && glob.test(p) ? 1 : 0));
  }
  const where = pathFilters.where;
  const params = pathFilters.params;
  const hits: SymbolHit[] = [];
  const counts: Record<SymbolRole, number> = { definition: 0, export: 0, import: 0, usage: 0 };
  const byName = name.includes('.') ? 'd.qualified_name = ?' : 'd.name = ?';
  if (roles.includes('definition')) {
    const kindClause = filters.kind?.length ? ` AND d.kind IN (${filters.kind.map(() => '?').join(',')})` : '';
    const rows = db
      .prepare(`SELECT d.name, d.qualified_name, d.kind, d.start_line AS line, f.path AS file FROM definitions d JOIN files f ON f.id = d.file_id WHERE ${byName}${kindClause} AND ${where} ORDER BY f.path, d.start_line`)
      .all(name, ...(filters.kind ?? []), ...params) as Array<{ name: string; qualified_name: string; kind: string; line: number; file: string }>;
    counts.definition = rows.length;
    for (const r of rows) hits.push({ name: r.name, qualified_name: r.qualified_name, kind: r.kind, role: 'definition', file: r.file, line: r.line });
  }
  if (filters.kind?.length && roles.some((r) => r !== 'definition')) notes.push('kind filters definitions only');
  const simple = name.split('.').pop() ?? name;
  if (roles.includes('export')) {
    const rows = db
      .prepare(`SELECT e.name, e.alias, e.module, e.line, f.path AS file FROM exports e JOIN files f ON f.id = e.file_id WHERE (e.name = ? OR e.alias = ?) AND ${where} ORDER BY f.path, e.line`)
      .all(simple, simple, ...params) as Array<{ name: string; alias: string | null; module: string | null; line: number; file: string }>;
    counts.export = rows.length;
    for (const r of rows) hits.push({ name: r.alias ?? r.name, qualified_name: null, kind: null, role: 'export', module: r.module, file: r.file, line: r.line });
  }
  if (roles.includes('import')) {
    const rows = db
      .prepare(`SELECT i.name, i.alias, i.module, i.line, f.path AS file FROM imports i JOIN files f ON f.id = i.file_id WHERE (i.name = ? OR i.alias = ?) AND ${where} ORDER BY f.path, i.line`)
      .all(simple, simple, ...params) as Array<{ name: string; alias: string | null; module: string; line: number; file: string }>;
    counts.import = rows.length;
    for (const r of rows) hits.push({ name: r.alias ?? r.name, qualified_name: null, kind: null, role: 'import', module: r.module, file: r.file, line: r.line });
  }
  if (roles.includes('usage')) {
    const rows = db
      .prepare(`SELECT u.name, u.role, u.line, u.enclosing, f.path AS file FROM usages u JOIN files f ON f.id = u.file_id WHERE u.name = ? AND u.role NOT IN ('import', 'export') AND ${where} ORDER BY f.path, u.line, u.col`)
      .all(simple, ...params) as Array<{ name: string; role: string; line: number; enclosing: string | null; file: string }>;
    counts.usage = rows.length;
    for (const r of rows) hits.push({ name: r.name, qualified_name: r.enclosing, kind: null, role: 'usage', site_role: r.role, file: r.file, line: r.line });
  }
  const total = hits.length;
  const page = hits.slice(0, limit);
  if (total > page.length) notes.push(`${total - page.length} more not shown: raise limit (max 500), narrow role or add path filters`);
  if (total === 0) {
    const near = db
      .prepare("SELECT DISTINCT name FROM definitions WHERE lower(name) LIKE '%' || lower(?) || '%' LIMIT 8")
      .pluck()
      .all(simple) as string[];
    notes.push(near.length > 0 ? `nothing named "${name}"; similar names: ${near.join(', ')}` : `nothing named "${name}" in the index`);
  }
  if (request.include_context) {
    const cache = new Map<string, string[]>();
    for (const hit of page) {
      let lines = cache.get(hit.file);
      if (!lines) {
        lines = readInsideRoot(root, hit.file)?.split('\n') ?? [];
        cache.set(hit.file, lines);
      }
      hit.context = lines.slice(Math.max(0, hit.line - 3), hit.line + 2).join('\n');
    }
  }
  return { name, results: page, total_count: total, counts, filters: describeFilters(filters), notes };
}
