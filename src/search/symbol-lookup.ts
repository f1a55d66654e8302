/**
 * Symbol lookup by exact name and role: where a name is defined, exported,
 * imported and used (with the syntactic role of each usage site).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from '../core/errors.js';
import type { IndexDb } from '../index/db.js';
import { definitionNamesContaining, definitionsForLookup } from '../index/read/definitions.js';
import { registerPathGlob } from '../index/read/filters.js';
import { exportsNamed, importsNamed } from '../index/read/imports.js';
import { usesForLookup } from '../index/read/usages.js';
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

export function lookupSymbol(db: IndexDb, request: SymbolLookupRequest, root: string): SymbolLookupResponse {
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
  registerPathGlob(db, pathFilters);
  const hits: SymbolHit[] = [];
  const counts: Record<SymbolRole, number> = { definition: 0, export: 0, import: 0, usage: 0 };
  if (roles.includes('definition')) {
    const rows = definitionsForLookup(db, name, name.includes('.'), filters.kind ?? [], pathFilters);
    counts.definition = rows.length;
    for (const r of rows) hits.push({ name: r.name, qualified_name: r.qualified_name, kind: r.kind, role: 'definition', file: r.file, line: r.line });
  }
  if (filters.kind?.length && roles.some((r) => r !== 'definition')) notes.push('kind filters definitions only');
  const simple = name.split('.').pop() ?? name;
  if (roles.includes('export')) {
    const rows = exportsNamed(db, simple, pathFilters);
    counts.export = rows.length;
    for (const r of rows) hits.push({ name: r.alias ?? r.name, qualified_name: null, kind: null, role: 'export', module: r.module, file: r.file, line: r.line });
  }
  if (roles.includes('import')) {
    const rows = importsNamed(db, simple, pathFilters);
    counts.import = rows.length;
    for (const r of rows) hits.push({ name: r.alias ?? r.name, qualified_name: null, kind: null, role: 'import', module: r.module, file: r.file, line: r.line });
  }
  if (roles.includes('usage')) {
    const rows = usesForLookup(db, simple, pathFilters);
    counts.usage = rows.length;
    for (const r of rows) hits.push({ name: r.name, qualified_name: r.enclosing, kind: null, role: 'usage', site_role: r.role, file: r.file, line: r.line });
  }
  const total = hits.length;
  const page = hits.slice(0, limit);
  if (total > page.length) notes.push(`${total - page.length} more not shown: raise limit (max 500), narrow role or add path filters`);
  if (total === 0) {
    const near = definitionNamesContaining(db, simple);
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
