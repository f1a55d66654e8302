/**
 * Local flows: a parameter, local variable or type parameter that holds a value of the question's
 * type carries it through its scope (`queues[type]`, `switch (mode)`, `format: Format`). Its uses
 * are read from the index, bounded by the scope, rated like any other site and cost no budget.
 */
import { innermostScope } from '../index/read/definitions.js';
import { usesBetween } from '../index/read/usages.js';
import type { ExploreOptions, VisitedLink } from './exploration.js';
import type { FileCache } from './file-cache.js';
import { addHovers } from './hovers.js';
import type { KeySiteBudget, KeySiteContext } from './language.js';
import { describeKeySites } from './languages.js';
import type { ScoutLink } from './link.js';
import { makeLink } from './make-link.js';
import { groupIntoPlaces, seenSite, type PlaceMemory } from './places.js';
import type { ExpandDecision } from './policy.js';
import { INTENT_PROFILES, type AnalyzedQuery } from './query-analysis.js';
import type { Rating } from './scorers/scorer.js';
import { isIndexByValue, namesOneVariant, receivingProperty } from './site-text.js';

/** Uses of a typed parameter or local variable read from the index per exploration (they cost no budget). */
export const MAX_LOCAL_FLOW_SITES = 400;
const MAX_LOCAL_FLOW_SITES_PER_NAME = 60;
/** Rebindings followed inside one scope (`const { mode } = options` → `const m = mode` → ...). */
const MAX_LOCAL_FLOW_ROUNDS = 3;
const SCOPE_KINDS_OF_VALUES = ['function', 'method', 'constant', 'variable'];
const SCOPE_KINDS_OF_TYPE_PARAMETERS = ['function', 'method', 'constant', 'variable', 'interface', 'class', 'type_alias'];

/** What the local flows need from the exploration around them. */
export interface LocalFlowContext {
  query: AnalyzedQuery;
  options: ExploreOptions;
  files: FileCache;
  visited: Map<string, VisitedLink>;
  /** The places rated so far: a site already folded into one is not read again. */
  places: PlaceMemory;
  /** Sites left to read this exploration (MAX_LOCAL_FLOW_SITES at the start). */
  limit: { left: number };
  keySites: KeySiteContext;
  keyLookups: KeySiteBudget;
  /** Hover requests left for model scorers (see hovers.ts). */
  hoverBudget: { left: number };
  decide: (rubric: Rating['rubric'], depth: number, breadth: number) => ExpandDecision;
  /** Whether a link has anything behind it to expand (the exploration's rule). */
  expandable: (link: ScoutLink) => boolean;
}

/**
 * A parameter or local variable typed with the target (`type: SourceBufferName`) carries
 * it through its function: `queues[type]`, `switch (type)`, `type === 'audio'`. Its uses
 * lie inside that one function, so they are read from the index (no language server, no
 * budget: the scope bounds them) and rated like any other site. Without this, every such
 * parameter would cost two expansions and a 20-node budget reaches few of them.
 */
export async function followLocalFlows(links: readonly ScoutLink[], context: LocalFlowContext): Promise<Array<{ link: ScoutLink; score: number }>> {
  const { query, options, files, visited, places, limit, keySites, keyLookups, decide } = context;
  const toExpand: Array<{ link: ScoutLink; score: number }> = [];
  if (!INTENT_PROFILES[query.intent].follow.includes('property_flow')) return toExpand;
  // A use may bind the value again (`const { mode } = options`, `<R extends Kind>(kind: R)`): a few rounds follow those.
  let round: readonly ScoutLink[] = links;
  for (let r = 0; r < MAX_LOCAL_FLOW_ROUNDS && round.length > 0; r++) {
    const found = localFlowSites(round, options, files, (id) => seenSite(places, visited, id), limit);
    if (found.length === 0) break;
    await describeKeySites(found.map((f) => f.link), query, keySites, keyLookups);
    const nodes = groupIntoPlaces(query, found.map((f) => f.link), places, (link) => !context.expandable(link) || link.role !== 'type_property');
    const parentOf = new Map(found.map((f) => [f.link.id, f.parent]));
    if (options.scorer.wantsHover) await addHovers(options.lsp, nodes, context.hoverBudget, options.signal);
    const ratings = nodes.length > 0 ? await options.scorer.rate(query, nodes, options.signal) : [];
    nodes.forEach((link, i) => {
      const parent = parentOf.get(link.id) ?? null;
      const rating = ratings[i] ?? null;
      const decision = rating ? decide(rating.rubric, link.depth, found.length) : null;
      // A property typed with a type parameter (`format: Format`) leads out of the scope: it goes on the frontier.
      if (decision?.expand && link.role === 'type_property' && context.expandable(link)) {
        visited.set(link.id, { link, parent, rating, decision, expanded: true, leaf: false });
        toExpand.push({ link, score: decision.score });
        return;
      }
      const reason = 'a use of a parameter, local variable or type parameter that carries a value of the target, read from the index: a leaf, no budget spent';
      visited.set(link.id, { link, parent, rating, decision: decision ? { ...decision, expand: false, reason: `${decision.reason}; ${reason}` } : null, expanded: false, leaf: true });
    });
    round = found.map((f) => f.link);
  }
  return toExpand;
}

/** The uses, inside their scope, of the names the links bind (read from the index). */
function localFlowSites(
  links: readonly ScoutLink[],
  options: ExploreOptions,
  files: FileCache,
  seen: (id: string) => boolean,
  limit: { left: number },
): Array<{ link: ScoutLink; parent: string }> {
  const found: Array<{ link: ScoutLink; parent: string }> = [];
  if (links.length === 0) return found;
  // The innermost function (or constant holding one, `const f = (...) => ...`) around a binding;
  // for a type parameter, the declaration it belongs to.
  const scopeQuery = (kinds: readonly string[]) => (file: string, line: number) => innermostScope(options.db, file, kinds, line);
  const valueScope = scopeQuery(SCOPE_KINDS_OF_VALUES);
  const typeParameterScope = scopeQuery(SCOPE_KINDS_OF_TYPE_PARAMETERS);
  for (const link of links) {
    if (limit.left <= 0) break;
    const flow = localBinding(files, link);
    if (!flow) continue;
    const scope = (flow.typeParameter ? typeParameterScope : valueScope)(link.location.file, flow.line);
    if (!scope) continue;
    const uses = usesBetween(options.db, link.location.file, flow.symbol, Math.max(scope.start, flow.line), scope.end, { line: flow.line, col: flow.column }, Math.min(MAX_LOCAL_FLOW_SITES_PER_NAME, limit.left));
    for (const use of uses) {
      const useLine = files.line(link.location.file, use.line);
      // An unclassified use matters when it indexes an object (`level[`${type}Codec`]`) or is handed to a property; other ones are noise.
      if (use.role === 'other' && !isIndexByValue(useLine, use.col) && !receivingProperty(useLine, use.col, flow.symbol.length)) continue;
      // `{ type: x }` names a property that happens to share the name, not the variable.
      if (use.role === 'object_key' && /^\s*\??:/.test(useLine.slice(use.col + flow.symbol.length))) continue;
      // A type parameter carries the type where it is a whole annotation (`format: Format`, `kind: R`);
      // inside another type (`def: Def<Format>`) the value only contains it somewhere.
      if (flow.typeParameter && !isWholeAnnotation(useLine, use.col, flow.symbol)) continue;
      // A type parameter is the type under another name: its uses sit at the binding's own distance.
      const depth = flow.typeParameter ? link.depth : link.depth + 1;
      const child = makeLink(files, { file: link.location.file, line: use.line, column: use.col }, 'reference', flow.symbol, null, use.role, link.enclosing, depth, 'index');
      if (seen(child.id) || found.some((f) => f.link.id === child.id)) continue;
      found.push({ link: child, parent: link.id });
      limit.left--;
    }
  }
  return found;
}

/** `name: T`, `name?: T | undefined`, `(x: T)`: the name at `column` is the whole annotation (or one member of a union). */
function isWholeAnnotation(line: string, column: number, name: string): boolean {
  return /:\s*(?:readonly\s+)?(?:[\w$.]+\s*\|\s*)*$/.test(line.slice(0, column)) && /^\s*(?:[;,)=|]|$)/.test(line.slice(column + name.length));
}

/**
 * The local name a site hands the value to: the parameter or variable its type annotates
 * (`type: SourceBufferName`), or the variable its value initialises (`const mode = options?.mode`,
 * `const { mode } = options`). Null when the site binds nothing.
 */
export function localBinding(files: FileCache, link: ScoutLink): { line: number; column: number; symbol: string; typeParameter?: boolean } | null {
  const { file, line } = link.location;
  const column = link.location.column ?? 0;
  // `<Format extends Kind = Kind>`: the type parameter stands for the type inside its declaration.
  const generic = /(?:<|,)\s*([A-Za-z_$][\w$]*)\s+extends\s+(?:[\w$]+\.)*$/.exec(files.line(file, line).slice(0, column));
  if (generic?.[1] && link.role !== 'import' && link.role !== 'export') {
    return { line, column: generic.index + generic[0].indexOf(generic[1]), symbol: generic[1], typeParameter: true };
  }
  if (link.role === 'type_parameter' || link.role === 'type_reference') {
    return namesOneVariant(files.line(file, line), column) ? null : annotatedName(files, file, line, column);
  }
  if (link.relation !== 'reference' || link.role === 'import' || link.role === 'export') return null;
  const text = files.line(file, line);
  const destructuring = /\b(?:const|let|var)\s*\{[^}]*\}\s*=(?!=)/.exec(text);
  if (destructuring && column > destructuring.index && column < destructuring.index + destructuring[0].length) {
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(column))?.[0];
    return name ? { line, column, symbol: name } : null;
  }
  const declaration = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=(?!=)/.exec(text);
  if (declaration?.[1] && column >= declaration.index + declaration[0].length) {
    // The variable holds the value itself (`= options?.mode ?? 'x'`), not something computed from it
    // (`= tracks[type]`, `= f(type)`): a member chain up to the site, nothing but a fallback after it.
    const name = /^[\w$]+/.exec(text.slice(column))?.[0] ?? '';
    const between = text.slice(declaration.index + declaration[0].length, column);
    const after = text.slice(column + name.length);
    if (!/^\s*(?:await\s+)?(?:[\w$]+\s*[?!]?\.\s*)*$/.test(between) || !/^\s*(?:[;,)]|\?\?|\|\||as\b|$)/.test(after)) return null;
    return { line, column: text.indexOf(declaration[1], declaration.index), symbol: declaration[1] };
  }
  return null;
}

/**
 * The name a type annotation belongs to, read from the line: `timelineType: TimelineType`
 * (a parameter) or `const mode: Mode = ...` (a variable) → the name and its position.
 */
export function annotatedName(files: FileCache, file: string, line: number, column: number): { file: string; line: number; column: number; kind: string; symbol: string } | null {
  const text = files.line(file, line);
  const before = text.slice(0, column);
  const match = /([A-Za-z_$][\w$]*)\??\s*:\s*(?:readonly\s+)?[^:(){};=]*$/.exec(before);
  if (!match || match[1] === undefined) return null;
  const name = match[1];
  return { file, line, column: match.index, kind: /\b(const|let|var)\s+$/.test(before.slice(0, match.index)) ? 'variable' : 'parameter', symbol: name };
}

