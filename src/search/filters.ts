/**
 * Transparent filters: explicit, validated, and echoed in every answer. They
 * compile to SQL over `chunks c JOIN files f` (and the chunk's definition `d`,
 * LEFT JOINed, for definition facts) in index/read/filters.ts.
 */
import { ScoutError } from '../core/errors.js';
import { DEFINITION_KINDS } from '../core/types.js';
import { compileRowFilters, type CompiledFilters, type KindOf } from '../index/read/filters.js';

export type { CompiledFilters } from '../index/read/filters.js';

export interface SearchFilters {
  path_prefix?: string;
  path_contains?: string[];
  path_not_contains?: string[];
  path_glob?: string;
  kind?: string[];
  extension?: string[];
  is_exported?: boolean;
  decorator_contains?: string;
  has_docstring?: boolean;
  /** Files the caller is working in: results there rank first (a boost, not a filter). */
  context_filepaths?: string[];
}

const KINDS: ReadonlySet<string> = new Set([...DEFINITION_KINDS, 'file']);

export function validateFilters(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = {};
  const list = (name: keyof SearchFilters, value: unknown): string[] => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length > 0)) {
      throw new ScoutError('USAGE', `filter ${name} must be a list of non-empty strings, e.g. ["src/api"]`);
    }
    return value as string[];
  };
  if (filters.path_prefix !== undefined) out.path_prefix = filters.path_prefix.replace(/^\.\//, '');
  if (filters.path_contains !== undefined) out.path_contains = list('path_contains', filters.path_contains);
  if (filters.path_not_contains !== undefined) out.path_not_contains = list('path_not_contains', filters.path_not_contains);
  if (filters.path_glob !== undefined) {
    globToRegExp(filters.path_glob); // throws on an invalid glob
    out.path_glob = filters.path_glob;
  }
  if (filters.kind !== undefined) {
    out.kind = list('kind', filters.kind);
    const unknown = out.kind.filter((k) => !KINDS.has(k));
    if (unknown.length > 0) throw new ScoutError('USAGE', `unknown kind ${unknown.join(', ')}; known kinds: ${[...KINDS].join(', ')}`);
  }
  if (filters.extension !== undefined) out.extension = list('extension', filters.extension).map((e) => (e.startsWith('.') ? e : `.${e}`));
  if (filters.is_exported !== undefined) out.is_exported = Boolean(filters.is_exported);
  if (filters.decorator_contains !== undefined) out.decorator_contains = filters.decorator_contains;
  if (filters.has_docstring !== undefined) out.has_docstring = Boolean(filters.has_docstring);
  if (filters.context_filepaths !== undefined) out.context_filepaths = list('context_filepaths', filters.context_filepaths);
  return out;
}

/** `src/**\/*.ts` style globs: `**` crosses directories, `*` and `?` do not; `{a,b}` alternatives. */
export function globToRegExp(glob: string): RegExp {
  if (glob.length === 0 || glob.length > 500) throw new ScoutError('USAGE', 'path_glob must be 1-500 characters, e.g. "src/**/*.ts"');
  let depth = 0;
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] ?? '';
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      depth++;
      out += '(?:';
    } else if (ch === '}') {
      if (depth === 0) throw new ScoutError('USAGE', `invalid path_glob "${glob}": "}" without "{"`);
      depth--;
      out += ')';
    } else if (ch === ',' && depth > 0) out += '|';
    else out += ch.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  if (depth !== 0) throw new ScoutError('USAGE', `invalid path_glob "${glob}": unclosed "{"`);
  return new RegExp(`^${out}$`);
}

/** `kindOf` lets definition-mode queries (no chunk row) reuse the same filters; the SQL is index/read/filters.ts's. */
export function compileFilters(filters: SearchFilters, kindOf: KindOf = 'chunk'): CompiledFilters {
  return compileRowFilters(filters, filters.path_glob ? globToRegExp(filters.path_glob) : null, kindOf);
}

/** Filters that need the chunk's definition row. */
export function needsDefinition(filters: SearchFilters): boolean {
  return filters.is_exported !== undefined || filters.decorator_contains !== undefined || filters.has_docstring !== undefined;
}

/** One line describing the active filters, for answers. */
export function describeFilters(filters: SearchFilters): string {
  const parts = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return parts.length > 0 ? parts.join(' ') : 'none';
}
