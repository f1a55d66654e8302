/**
 * Call graph queries over the index: who calls a definition (callers) or what it calls
 * (callees), breadth-first up to a depth, each symbol visited once (cycles and recursion
 * stop there).
 *
 * The index records calls syntactically: the callee is a bare name, with a receiver for
 * `a.b()`, and a resolution: 'local' (a definition of that name in the same file), 'import'
 * (through an import, with the module as written) or 'name' (nothing better known). So
 * matches through 'local' or an import of the target's file are strong; 'name' matches are
 * by name only and may belong to another definition of the same name. Every answer says so.
 */
import path from 'node:path';
import { ScoutError } from '../core/errors.js';
import type { CallResolution } from '../core/types.js';
import type { IndexDb } from '../index/db.js';
import { callsMadeBy, callsToAny, type CallRow } from '../index/read/calls.js';
import { definitionQualifiedAround, definitionsByName } from '../index/read/definitions.js';
import { importReaches } from './import-target.js';
import { ambiguousTarget, resolveTarget, type AmbiguousTarget, type DefinitionRow } from './symbol-target.js';

export type CallDirection = 'callers' | 'callees';

export interface CallGraphOptions {
  /** Repository root, to confine file:line targets. */
  root: string;
  direction: CallDirection;
  /** Levels to follow, 1-5 (default 2). */
  depth?: number;
  /** Only list nodes whose file starts with this path prefix (the traversal still goes through others). */
  module?: string;
  /** Page size, 1-500 (default 50). */
  limit?: number;
  offset?: number;
}

export interface CallGraphNode {
  symbol: string;
  /** Null for top-level code and for calls not resolved to one definition. */
  qualified_name: string | null;
  kind: string | null;
  /** Null when the other end is outside the index (a library, a built-in) or ambiguous. */
  file: string | null;
  /** Definition line; for top-level code the call line; null when file is null. */
  line: number | null;
  depth: number;
  /** The node one level closer to the root (its qualified name). */
  from: string;
  /** Line of the (first) call site: in this node's file for callers, in `from`'s file for callees. */
  via_line: number;
  /** Number of call sites linking this node and `from`. */
  call_sites: number;
  resolution: CallResolution;
  /** Import specifier, for calls through an import. */
  module: string | null;
}

export interface CallGraphResult {
  root: { symbol: string; qualified_name: string; kind: string; file: string; line: number; end_line: number };
  direction: CallDirection;
  depth: number;
  /** One page of nodes, by depth, strong matches first. */
  nodes: CallGraphNode[];
  counts: {
    /** Distinct symbols at depth 1. */
    direct: number;
    /** Distinct symbols at any depth up to `depth` (includes direct). */
    transitive: number;
    /** by_depth[0] is depth 1. */
    by_depth: number[];
  };
  /** Nodes matching the module filter (all pages). */
  total: number;
  offset: number;
  truncated: boolean;
  next_offset: number | null;
  notes: string[];
}

const DEFAULT_DEPTH = 2;
const MAX_DEPTH = 5;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
/** Stop the walk here: a popular name at depth 5 can reach most of a large repository. */
const MAX_NODES = 5000;
/** Kinds a call cannot target; dropping them keeps `kind()` from resolving to a `kind` property type. */
const NOT_CALLABLE = new Set(['interface', 'type_alias', 'variable', 'constant', 'module', 'type_class', 'type_family', 'instance', 'enum_member']);
const SELF = new Set(['this', 'self']);
const STRENGTH: Record<CallResolution, number> = { local: 2, import: 2, name: 1 };
/** Languages that call each other's definitions; any other pair never does. */
const FAMILY: Record<string, string> = { typescript: 'js', tsx: 'js', javascript: 'js' };

/** One link found while expanding a node: the other end, and the definition to expand next (if any). */
interface Edge {
  key: string;
  node: Omit<CallGraphNode, 'depth' | 'from'>;
  definition: DefinitionRow | null;
}

export function callGraph(db: IndexDb, target: string | DefinitionRow, options: CallGraphOptions): CallGraphResult | AmbiguousTarget {
  const notes: string[] = [];
  const { depth, limit, offset } = checkOptions(options, notes);
  let root: DefinitionRow;
  if (typeof target === 'string') {
    const found = resolveTarget(db, options.root, target);
    if (found.length > 1) return ambiguousTarget(target, found);
    root = found[0] as DefinitionRow;
  } else {
    root = target;
  }
  const { visited, notes: walkNotes } = walk(new CallIndex(db), root, options.direction, depth);
  notes.push(...walkNotes);

  let nodes = [...visited.values()];
  const prefix = options.module?.replace(/^\.\//, '');
  if (prefix) {
    const all = nodes.length;
    nodes = nodes.filter((n) => n.file !== null && n.file.startsWith(prefix));
    if (nodes.length < all) notes.push(`module filter "${prefix}" left out ${all - nodes.length} of ${all} symbols (outside it, external or ambiguous)`);
  }
  nodes.sort(
    (a, b) =>
      a.depth - b.depth ||
      STRENGTH[b.resolution] - STRENGTH[a.resolution] ||
      (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.symbol.localeCompare(b.symbol),
  );
  const byDepth = Array.from({ length: depth }, (_, i) => nodes.filter((n) => n.depth === i + 1).length);
  const page = nodes.slice(offset, offset + limit);
  const end = offset + page.length;
  if (end < nodes.length) notes.push(`${nodes.length - end} more not shown: pass offset ${end}`);
  return {
    root: { symbol: root.name, qualified_name: root.qualified_name, kind: root.kind, file: root.file, line: root.start_line, end_line: root.end_line },
    direction: options.direction,
    depth,
    nodes: page,
    counts: { direct: byDepth[0] ?? 0, transitive: nodes.length, by_depth: byDepth },
    total: nodes.length,
    offset,
    truncated: end < nodes.length,
    next_offset: end < nodes.length ? end : null,
    notes: [...new Set(notes)],
  };
}

/** Breadth-first from `root`, each symbol once: the nodes found and what the walk has to say. */
function walk(graph: CallIndex, root: DefinitionRow, direction: CallDirection, depth: number): { visited: Map<string, CallGraphNode>; notes: string[] } {
  const notes: string[] = [];
  const rootKey = definitionKey(root);
  const visited = new Map<string, CallGraphNode>();
  let frontier: DefinitionRow[] = [root];
  let capped = false;
  let recursive = false;
  let weakStops = 0;
  const cyclesVia = new Set<string>();
  for (let level = 1; level <= depth && frontier.length > 0 && !capped; level++) {
    const next: DefinitionRow[] = [];
    for (const from of frontier) {
      const edges = direction === 'callers' ? graph.callersOf(from) : graph.calleesOf(from);
      for (const edge of edges) {
        if (edge.key === rootKey) {
          if (from === root) recursive = true;
          else cyclesVia.add(from.qualified_name);
          continue;
        }
        if (visited.has(edge.key)) continue;
        visited.set(edge.key, { ...edge.node, depth: level, from: from.qualified_name });
        // A by-name caller of a name several definitions share is a guess; guesses on guesses
        // (every `.run()` in the repository as a caller of a caller) would drown the real chain.
        const guess = direction === 'callers' && edge.node.resolution === 'name' && graph.sharedName(from);
        if (guess) weakStops += level < depth ? 1 : 0;
        else if (edge.definition) next.push(edge.definition);
        if (visited.size >= MAX_NODES) {
          capped = true;
          break;
        }
      }
      if (capped) break;
    }
    frontier = next;
  }
  if (recursive) notes.push(`${root.qualified_name} calls itself (recursive)`);
  if (cyclesVia.size > 0) notes.push(`cycle: ${[...cyclesVia].slice(0, 5).join(', ')}${cyclesVia.size > 5 ? ` and ${cyclesVia.size - 5} more` : ''} lead${cyclesVia.size === 1 ? 's' : ''} back to ${root.qualified_name}`);
  if (weakStops > 0) notes.push(`${weakStops} caller(s) matched by a shared name only were listed but not followed further`);
  if (capped) notes.push(`stopped after ${MAX_NODES} symbols: counts are lower bounds; lower depth or pass a module filter`);
  notes.push(...graph.notes(direction));
  return { visited, notes };
}

function checkOptions(options: CallGraphOptions, notes: string[]): { depth: number; limit: number; offset: number } {
  if (options.direction !== 'callers' && options.direction !== 'callees') {
    throw new ScoutError('USAGE', `direction must be "callers" or "callees", got "${String(options.direction)}"`);
  }
  let depth = options.depth ?? DEFAULT_DEPTH;
  if (!Number.isInteger(depth) || depth < 1) throw new ScoutError('USAGE', `depth must be a whole number from 1 to ${MAX_DEPTH}, got ${depth}`);
  if (depth > MAX_DEPTH) {
    notes.push(`depth ${depth} lowered to ${MAX_DEPTH} (the maximum)`);
    depth = MAX_DEPTH;
  }
  let limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ScoutError('USAGE', `limit must be a whole number from 1 to ${MAX_LIMIT}, got ${limit}`);
  if (limit > MAX_LIMIT) {
    notes.push(`limit ${limit} lowered to ${MAX_LIMIT} (the maximum)`);
    limit = MAX_LIMIT;
  }
  const offset = options.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw new ScoutError('USAGE', `offset must be a whole number, 0 or more, got ${offset}`);
  return { depth, limit, offset };
}

function definitionKey(d: DefinitionRow): string {
  return `d:${d.id}`;
}

function sameFamily(a: string, b: string): boolean {
  return (FAMILY[a] ?? a) === (FAMILY[b] ?? b);
}

/**
 * Can a by-name call `receiver.name()` reach `target`? A receiver call reaches a method, or a
 * top-level function through its module's name (`util::helper()`, `utils.helper()`); it never
 * reaches a top-level function of a module it does not name (`text.search()` is not `search()`).
 */
function receiverCanReach(receiver: string | null, target: DefinitionRow): boolean {
  if (receiver === null || target.parent !== null || target.kind === 'method') return true;
  if (SELF.has(receiver)) return false;
  const base = path.posix.basename(target.file).replace(/\.[^.]+$/, '');
  const module = ['index', '__init__', 'mod', 'lib'].includes(base) ? path.posix.basename(path.posix.dirname(target.file)) : base;
  return receiver.split(/::|\./).pop() === module;
}

/** True when `qualified` is `scope` or nested in it (`Router.route` in `Router`). */
function within(qualified: string, scope: string | null): boolean {
  return scope !== null && (qualified === scope || qualified.startsWith(`${scope}.`));
}

/** Queries behind the walk, with per-walk caches and the tallies the notes report. */
class CallIndex {
  private readonly named = new Map<string, DefinitionRow[]>();
  private readonly byName = { sites: 0, names: new Map<string, number>() };
  private readonly elsewhere = { sites: 0, modules: new Set<string>() };
  private readonly ambiguous = new Map<string, number>();

  constructor(private readonly db: IndexDb) {}

  /** Definitions a call to `name` could reach (any language; callers filter by theirs). */
  definitionsNamed(name: string): DefinitionRow[] {
    let rows = this.named.get(name);
    if (!rows) {
      rows = definitionsByName(this.db, name).filter((d) => !NOT_CALLABLE.has(d.kind));
      this.named.set(name, rows);
    }
    return rows;
  }

  /** Several callable definitions in the language of `d` have its name. */
  sharedName(d: DefinitionRow): boolean {
    return this.definitionsNamed(d.name).filter((x) => sameFamily(x.language, d.language)).length > 1;
  }

  /** Calls that reach `target`, grouped by the calling definition (or the file's top-level code). */
  callersOf(target: DefinitionRow): Edge[] {
    // A constructor is called by its class name: new Router(), Router().
    const names = [target.name];
    if ((target.name === 'constructor' || target.name === '__init__') && target.parent) names.push(target.parent.split('.').pop() ?? target.parent);
    const rows = callsToAny(this.db, names);
    const edges = new Map<string, Edge>();
    for (const row of rows) {
      if (!this.reaches(row, target)) continue;
      if (row.resolution === 'name') this.countByName(row.callee);
      const caller = row.caller === null ? undefined : this.enclosingDefinition(row);
      const key = caller ? definitionKey(caller) : `top:${row.file}`;
      const edge = edges.get(key);
      if (edge) {
        edge.node.call_sites++;
        if (STRENGTH[row.resolution] > STRENGTH[edge.node.resolution]) edge.node.resolution = row.resolution;
        continue;
      }
      edges.set(key, {
        key,
        definition: caller ?? null,
        node: {
          symbol: caller ? caller.name : (row.caller ?? '<top level>'),
          qualified_name: caller ? caller.qualified_name : null,
          kind: caller ? caller.kind : null,
          file: row.file,
          line: caller ? caller.start_line : row.line,
          via_line: row.line,
          call_sites: 1,
          resolution: row.resolution,
          module: row.module,
        },
      });
    }
    return [...edges.values()];
  }

  /** Calls made inside `source` (nested functions included), resolved to definitions where the index allows. */
  calleesOf(source: DefinitionRow): Edge[] {
    const rows = callsMadeBy(this.db, source.file_id, source.start_line, source.end_line, source.qualified_name);
    const edges = new Map<string, Edge>();
    for (const row of rows) {
      const callee = this.resolveCallee(row, source);
      const written = row.receiver ? `${row.receiver}.${row.callee}` : row.callee;
      const key = callee ? definitionKey(callee) : `x:${written}|${row.module ?? ''}`;
      const edge = edges.get(key);
      if (edge) {
        edge.node.call_sites++;
        continue;
      }
      if (row.resolution === 'name' && callee) this.countByName(row.callee);
      edges.set(key, {
        key,
        definition: callee,
        node: {
          symbol: callee ? callee.name : written,
          qualified_name: callee ? callee.qualified_name : null,
          kind: callee ? callee.kind : null,
          file: callee ? callee.file : null,
          line: callee ? callee.start_line : null,
          via_line: row.line,
          call_sites: 1,
          resolution: row.resolution,
          module: row.module,
        },
      });
    }
    return [...edges.values()];
  }

  notes(direction: CallDirection): string[] {
    const notes: string[] = [];
    if (this.byName.sites > 0) {
      const shared = [...this.byName.names.entries()]
        .map(([name]) => [name, this.definitionsNamed(name).length] as const)
        .filter(([, n]) => n > 1)
        .map(([name, n]) => `${n} definitions are named ${name}`);
      notes.push(
        `${this.byName.sites} call site(s) matched by name only (resolution "name": receiver calls or names the index could not resolve); ` +
          `they may ${direction === 'callers' ? 'call' : 'be'} another definition of the same name${shared.length > 0 ? ` (${shared.slice(0, 5).join('; ')})` : ''}`,
      );
    }
    if (this.elsewhere.sites > 0) {
      const modules = [...this.elsewhere.modules].slice(0, 5);
      notes.push(
        `${this.elsewhere.sites} call site(s) of the same name left out: they reach a same-named local definition, an import of another module, a method of the receiver or code in another language${modules.length > 0 ? ` (${modules.join(', ')})` : ''}`,
      );
    }
    for (const [name, n] of this.ambiguous) notes.push(`${name}: ${n} definitions share the name; not followed (pass file:line of the one you mean)`);
    return notes;
  }

  /**
   * Can this call reach `target`? 'local' only within its file; 'import' only through an import
   * of its file; by name only from the same language and with a receiver that fits.
   */
  private reaches(row: CallRow, target: DefinitionRow): boolean {
    let ok: boolean;
    if (row.resolution === 'local') ok = row.file_id === target.file_id;
    else if (row.resolution === 'import') ok = row.module !== null && importReaches(row.module, row.file, target.file);
    else ok = sameFamily(row.language, target.language) && receiverCanReach(row.receiver, target);
    if (!ok) {
      this.elsewhere.sites++;
      if (row.resolution === 'import' && row.module) this.elsewhere.modules.add(row.module);
    }
    return ok;
  }

  private countByName(name: string): void {
    this.byName.sites++;
    this.byName.names.set(name, (this.byName.names.get(name) ?? 0) + 1);
  }

  /** The definition a call row's `caller` names: same file, same qualified name, spanning the call line. */
  private enclosingDefinition(row: CallRow): DefinitionRow | undefined {
    return definitionQualifiedAround(this.db, row.file_id, row.caller, row.line);
  }

  private resolveCallee(row: CallRow, source: DefinitionRow): DefinitionRow | null {
    const candidates = this.definitionsNamed(row.callee).filter((d) => sameFamily(d.language, row.language) && receiverCanReach(row.receiver, d));
    const selfCall = row.receiver !== null && SELF.has(row.receiver);
    // this.x() / self.x() mean the caller's own class; a bare x() a function in scope, not a method.
    const inScope = (d: DefinitionRow): boolean => (selfCall ? d.parent !== null && within(source.qualified_name, d.parent) : d.parent === null || within(source.qualified_name, d.parent));
    if (row.resolution === 'local') {
      const local = candidates.filter((d) => d.file_id === row.file_id);
      return local.find(inScope) ?? local[0] ?? null;
    }
    if (row.resolution === 'import') {
      const module = row.module;
      return module === null ? null : (candidates.find((d) => importReaches(module, row.file, d.file)) ?? null);
    }
    if (candidates.length === 1) return candidates[0] ?? null;
    if (selfCall) {
      const own = candidates.filter((d) => d.file_id === row.file_id && inScope(d));
      if (own.length === 1) return own[0] ?? null;
    }
    if (candidates.length > 1) this.ambiguous.set(row.receiver ? `${row.receiver}.${row.callee}` : row.callee, candidates.length);
    return null;
  }
}
