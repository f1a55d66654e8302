/** Building ScoutLinks for tests: code snippets with the site line marked by `>>` (the marker is removed). */
import type { UsageRole } from '../../src/core/types.js';
import { makeLinkId, pathFactsOf, type ScoutLink } from '../../src/scout/link.js';
import { syntaxFactsOf } from '../../src/scout/languages.js';

export interface LinkSpec extends Partial<Omit<ScoutLink, 'location' | 'pathFacts' | 'id'>> {
  file?: string;
  /** Line of the snippet's first line (default 10). */
  at?: number;
  /** Code; the line starting with `>>` is the site (default: the first line). */
  code?: string;
  role?: UsageRole | null;
  id?: string;
  /** 0-based column of the site on its line (default: none). */
  column?: number;
}

export function link(spec: LinkSpec = {}): ScoutLink {
  const file = spec.file ?? 'src/router.ts';
  const at = spec.at ?? 10;
  const raw = (spec.code ?? spec.snippet ?? 'const x = LLMKind.OpenAI;').split('\n');
  const marked = raw.findIndex((l) => l.startsWith('>>'));
  const lines = raw.map((l) => (l.startsWith('>>') ? l.slice(2) : l));
  const line = at + Math.max(0, marked);
  const symbol = spec.symbol === undefined ? 'LLMKind' : spec.symbol;
  const location = spec.column === undefined ? { file, line } : { file, line, column: spec.column };
  const built: ScoutLink = {
    id: spec.id ?? makeLinkId(location, symbol),
    relation: spec.relation ?? 'reference',
    location,
    symbol,
    kind: spec.kind === undefined ? 'enum' : spec.kind,
    role: spec.role === undefined ? 'other' : spec.role,
    enclosing: spec.enclosing ?? null,
    snippet: lines.join('\n'),
    snippetStartLine: at,
    hover: spec.hover ?? null,
    pathFacts: pathFactsOf(file),
    depth: spec.depth ?? 1,
    source: spec.source ?? 'index',
  };
  // The facts the site's language reads from its code, as makeLink sets them.
  built.syntax = spec.syntax ?? syntaxFactsOf(built);
  return built;
}
