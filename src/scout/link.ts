/**
 * A candidate link: what a scorer sees of one place the exploration could visit next.
 *
 * Data only. The loop builds links from language-server answers (or the index when no server is
 * available), the scorers rate them, the policy decides whether to expand them. Everything in a link
 * is a fact read from the code, the server or the index; nothing here is an interpretation such as
 * "test file" (a scorer may draw such conclusions from `pathFacts`, visibly, in its reason).
 */
import type { UsageRole } from '../core/types.js';
import type { AnnotatedObject, AssignedObject, BuiltObject, Destination, IndexedObject, SyntaxFacts } from './site-facts.js';

/** How the link was reached from its parent node. */
export const LINK_RELATIONS = [
  'seed', // an entry point: a workspace symbol or search hit for the question
  'reference', // a site that names the parent's symbol (find references / index usages)
  'incoming_call', // a call site of the parent (call hierarchy incoming, or index call edges)
  'outgoing_call', // a function the parent calls (call hierarchy outgoing)
  'implementation', // an implementation / override / instance of the parent
  'property_flow', // a property, field, parameter or variable whose type annotation names the parent
  'definition', // the definition of the parent's symbol (or of a symbol found at a site)
] as const;
export type LinkRelation = (typeof LINK_RELATIONS)[number];

/** Where the link's information came from. */
export type LinkSource = 'lsp' | 'index';

/** Facts about the file path, never categories: the scorer decides what they mean. */
export interface PathFacts {
  /** Extension with its dot, lower-cased (`.ts`), or '' when the file name has none. */
  extension: string;
  /** Directory segments from the repository root (`['src', 'providers']`), [] at the root. */
  directories: string[];
  /** The last path segment (`openai.ts`). */
  fileName: string;
}

export interface LinkLocation {
  /** Path relative to the repository root, with `/` separators. */
  file: string;
  /** 1-based line of the site. */
  line: number;
  /** 0-based UTF-16 column of the site, when known (see core/positions). */
  column?: number;
}

export interface ScoutLink {
  /**
   * Stable identity of the site within one repository state (see `makeLinkId`). The same site reached
   * through two relations has the same id: the loop de-duplicates on it and the rating cache keys on it.
   */
  id: string;
  relation: LinkRelation;
  location: LinkLocation;
  /** The symbol the link is about: the target named at a reference site, the callee, the property carrying a flow. */
  symbol: string | null;
  /** Kind of `symbol` when known: a DefinitionKind from the index or an LSP SymbolKind name (`enum`, `method`, ...). */
  kind: string | null;
  /** Syntactic role of the site, from the index (`case_pattern`, `import`, ...); null when the index has none for it. */
  role: UsageRole | null;
  /** Qualified name of the enclosing definition (`Router.route`), or null at top level / unknown. */
  enclosing: string | null;
  /** A few lines of code around the site, as written. */
  snippet: string;
  /** 1-based line number of the snippet's first line, so `location.line - snippetStartLine` indexes the site's line. */
  snippetStartLine: number;
  /** The server's hover text, trimmed; null when there was none (or the link came from the index). */
  hover: string | null;
  /** What the site's language reads from its code (see site-facts.ts); absent: nothing read. */
  syntax?: SyntaxFacts;
  /**
   * At an element access by a value of the question's type (`queues[type]`): the indexed object's type
   * as the language server reports it, and whether that type lists its keys (see scout/indexed-object).
   */
  indexedObject?: IndexedObject | null;
  /** At a computed key (`[Kind.A]: …`): the object literal it belongs to and whether its type requires every variant. */
  builtObject?: BuiltObject | null;
  /** Inside the generic annotation of an object literal (`const X: G<typeof CODES> = {`): whether G makes the object list every variant. */
  annotatedObject?: AnnotatedObject | null;
  /** Where the site's value is given to another property (`severity: event.severity`), and whether its type has room for a new variant. */
  destination?: Destination | null;
  /** At `this.x = value` where `x` is typed with a Record over the question's type: the assigned value's type and whether it lists its keys. */
  assignedObject?: AssignedObject | null;
  /**
   * The site names (or is) a type, property or variable typed as a Record / mapped type over the
   * question's type, reached by following that declaration: an object built here needs every key.
   */
  recordOfTarget?: boolean;
  /**
   * Other sites folded into this node, found in the same step: leaf sites in the same file that the
   * heuristic reads exactly the same way (see scout/places). Rated with this link, as one node.
   */
  alsoAt?: ScoutLink[];
  pathFacts: PathFacts;
  /** Distance from the seeds: seeds are 0, their links 1, ... */
  depth: number;
  source: LinkSource;
}

/** Path facts of a repository-relative path (either separator accepted). */
export function pathFactsOf(file: string): PathFacts {
  const segments = file
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const fileName = segments.pop() ?? '';
  const dot = fileName.lastIndexOf('.');
  return {
    extension: dot > 0 ? fileName.slice(dot).toLowerCase() : '',
    directories: segments,
    fileName,
  };
}

/** `file:line[:column][#symbol]`: the id of a site (relation is not part of it). */
export function makeLinkId(location: LinkLocation, symbol?: string | null): string {
  const file = location.file.replace(/\\/g, '/');
  const column = location.column === undefined ? '' : `:${location.column}`;
  return `${file}:${location.line}${column}${symbol ? `#${symbol}` : ''}`;
}

/** `relpath:line`, the way answers and prompts show a location. */
export function formatLocation(location: LinkLocation): string {
  return `${location.file}:${location.line}`;
}

/** `relpath:line` (a trailing `:column` allowed) back to file and line; line 0 when there is none. */
export function parseLocation(location: string): { file: string; line: number } {
  const m = /^(.*):(\d+)(?::\d+)?$/.exec(location);
  return m ? { file: m[1] ?? location, line: Number(m[2]) } : { file: location, line: 0 };
}

/** The code line of the site itself, or '' when the snippet does not contain it. */
export function siteLine(link: Pick<ScoutLink, 'snippet' | 'snippetStartLine' | 'location'>): string {
  const lines = link.snippet.split(/\r?\n/);
  return lines[link.location.line - link.snippetStartLine] ?? '';
}
