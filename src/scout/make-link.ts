/** Building links from sites: the location, its snippet and path facts, read through the file cache. */
import type { UsageRole } from '../core/types.js';
import type { Site } from '../lsp/types.js';
import type { FileCache } from './file-cache.js';
import { makeLinkId, pathFactsOf, type LinkRelation, type ScoutLink } from './link.js';
import { syntaxFactsOf } from './languages.js';

/** Lines of code shown around a site. */
const SNIPPET_RADIUS = 2;

export function siteLink(files: FileCache, site: Site, relation: LinkRelation, symbol: string | null, depth: number): ScoutLink {
  const role = site.role && site.role !== 'definition' ? site.role : null;
  return makeLink(files, { file: site.file, line: site.line, column: site.column }, relation, symbol, null, role, site.enclosing ?? null, depth, site.source);
}

export function makeLink(
  files: FileCache,
  location: { file: string; line: number; column?: number },
  relation: LinkRelation,
  symbol: string | null,
  kind: string | null,
  role: UsageRole | 'definition' | null,
  enclosing: string | null,
  depth: number,
  source: 'lsp' | 'index',
): ScoutLink {
  const { snippet, startLine } = files.snippet(location.file, location.line, SNIPPET_RADIUS);
  const link: ScoutLink = {
    id: makeLinkId({ file: location.file, line: location.line, ...(location.column !== undefined ? { column: location.column } : {}) }),
    relation,
    location: { file: location.file, line: location.line, ...(location.column !== undefined ? { column: location.column } : {}) },
    symbol,
    kind,
    role: role === 'definition' ? null : role,
    enclosing,
    snippet,
    snippetStartLine: startLine,
    hover: null,
    pathFacts: pathFactsOf(location.file),
    depth,
    source,
  };
  link.syntax = syntaxFactsOf(link);
  return link;
}

