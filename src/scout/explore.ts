/**
 * The exploration loop: seeds → frontier → expand through the language server
 * (index fallback) → rate every new link (Scorer) → decide (pure policy) → until
 * the frontier is empty or the budget is spent. Returns every visited link with
 * its rating and decision; synthesis turns that into the answer.
 */
import type { UsageRole } from '../core/types.js';
import type { IndexDb } from '../index/db.js';
import {
  callableNamePosition,
  constantNamed,
  definitionNamePosition,
  definitionNames,
  propertyDefinition as readPropertyDefinition,
  seedDefinitions,
  typeAliasExtent,
} from '../index/read/definitions.js';
import type { LspService, MemberScope } from '../lsp/lsp-service.js';
import type { ReferencesResult } from '../lsp/types.js';
import { search } from '../search/engine.js';
import { editDistance } from '../search/ranking.js';
import { FileCache } from './file-cache.js';
import { addHovers, MAX_HOVERS } from './hovers.js';
import { keySiteBudget, type KeySiteContext } from './language.js';
import { describeKeySites } from './languages.js';
import { siteLine, type ScoutLink } from './link.js';
import { annotatedName, followLocalFlows, MAX_LOCAL_FLOW_SITES } from './local-flows.js';
import { makeLink, siteLink } from './make-link.js';
import { namesOneVariant } from './site-text.js';
import { groupIntoPlaces, newPlaceMemory, seenSite, type PlaceMemory, type SetAsideSite } from './places.js';
import { clampLimits, DEFAULT_POLICY, shouldExpand, type ExpandDecision, type PolicyCoefficients } from './policy.js';
import { analyzeQuery, INTENT_PROFILES, type AnalyzedQuery } from './query-analysis.js';
import type { Rating, Scorer } from './scorers/scorer.js';
import { normalizeTag } from './tags.js';
import type { SeededQuestion } from './seeded-question.js';
import type { Exploration, ExploreOptions, ProgressEvent, VisitedLink } from './exploration.js';

export type { Exploration, ExploreOptions, ProgressEvent, VisitedLink } from './exploration.js';

/** Roles whose site annotates a property, parameter or variable whose own references carry the type further. */
const FLOW_ROLES: ReadonlySet<UsageRole> = new Set(['type_property', 'type_parameter', 'type_reference']);
/** Constants a derived union is computed from (`ValueOf<typeof CODES>`), added as seeds. */
const MAX_DERIVED_SEEDS = 2;

/** The question read once (with the caller's tags and their hints). */
export function readQuestion(question: string, tags: readonly string[] | null, tagHints: Record<string, string> | null): AnalyzedQuery {
  const query = analyzeQuery(question, tags ? [...tags] : null);
  if (tagHints && Object.keys(tagHints).length > 0) {
    query.tagHints = Object.fromEntries(Object.entries(tagHints).map(([tag, hint]) => [normalizeTag(tag), hint]));
  }
  return query;
}

/** The pipeline's first step after reading the question: the declarations it names (or search hits), as seeds. */
export async function seedQuestion(query: AnalyzedQuery, options: Pick<ExploreOptions, 'root' | 'db' | 'lsp'>): Promise<SeededQuestion> {
  const notes: string[] = [];
  const { seeds, suggestions } = await findSeeds(query, options, new FileCache(options.root), notes);
  return { query, seeds, suggestions, notes };
}

/**
 * Explore from a seeded question (ask.ts seeds it first, so the verify step can start beside the loop), or
 * from the question's text (read and seeded here).
 */
export async function explore(question: string | SeededQuestion, options: ExploreOptions): Promise<Exploration> {
  const started = performance.now();
  const policy = options.policy ?? DEFAULT_POLICY;
  const seeded = typeof question === 'string' ? await seedQuestion(readQuestion(question, options.tags ?? null, options.tagHints ?? null), options) : question;
  const { query } = seeded;
  const limits = clampLimits(options.budget, options.depth, options.breadth, policy);
  const effective: PolicyCoefficients = { ...policy, maxDepth: limits.maxDepth, maxBreadth: limits.maxBreadth };
  const notes = [...limits.notes, ...seeded.notes];
  const files = new FileCache(options.root);
  const visited = new Map<string, VisitedLink>();
  const places: PlaceMemory = newPlaceMemory();
  const sources = { lsp: 0, index: 0 };
  let budgetLeft = limits.budget;
  const localFlowLimit = { left: MAX_LOCAL_FLOW_SITES };
  const keyLookups = keySiteBudget();
  const hoverBudget = { left: MAX_HOVERS };
  /** Set when the server finds far fewer references to the question's symbol than the index has. */
  const server = { incomplete: false };
  let expansions = 0;
  const progress = (kind: ProgressEvent['kind'], message: string): void =>
    options.onProgress?.({ kind, message, nodesVisited: visited.size, budgetRemaining: budgetLeft });

  const { seeds, suggestions } = seeded;
  const derivedFrom = seeds.filter((s) => s.relation === 'seed' && (s.kind === 'constant' || s.kind === 'variable') && s.symbol).map((s) => s.symbol as string);
  const keySites: KeySiteContext = { lsp: options.lsp, db: options.db, files, signal: options.signal, derivedFrom, notes };
  // Seeds are rated too: for "where is X" questions they are the answer, for "what breaks" the definition to edit.
  if (options.scorer.wantsHover) await addHovers(options.lsp, seeds, hoverBudget, options.signal);
  const seedRatings = seeds.length > 0 ? await options.scorer.rate(query, seeds, options.signal) : [];
  seeds.forEach((seed, i) => visited.set(seed.id, { link: seed, parent: null, rating: seedRatings[i] ?? null, decision: null, expanded: true, leaf: false }));
  progress('seeded', `${seeds.length} seed(s) for ${query.target ?? JSON.stringify(query.freeText)}`);

  // Frontier: best decision score first; seeds go first of all.
  const frontier: Array<{ link: ScoutLink; score: number }> = seeds.map((link) => ({ link, score: Number.POSITIVE_INFINITY }));
  const expandedSymbols = new Set<string>();
  let rounds = 0;
  while (frontier.length > 0) {
    options.signal?.throwIfAborted();
    // Out of time: the links left are not expanded (the seeds always are), and the answer says so.
    const spent = performance.now() - started;
    if (rounds > 0 && options.timeBudgetMs && spent > options.timeBudgetMs) {
      for (const { link } of frontier) {
        const entry = visited.get(link.id);
        if (entry) visited.set(link.id, notExpanded(entry, 'time budget spent'));
      }
      notes.push(`exploration stopped after ${Math.round(spent)} ms (scout.exploreTimeBudgetMs ${options.timeBudgetMs}): ${frontier.length} link(s) not expanded`);
      break;
    }
    rounds++;
    frontier.sort((a, b) => b.score - a.score);
    const next = frontier.shift();
    if (!next) break;
    const node = next.link;
    progress('expanding', `expanding ${node.location.file}:${node.location.line}${node.symbol ? ` (${node.symbol})` : ''}`);
    const children = await expandLink(node, query, options, files, sources, notes, expandedSymbols, server);
    const fresh = children.filter((c, i) => !seenSite(places, visited, c.id) && children.findIndex((d) => d.id === c.id) === i);
    if (fresh.length === 0) continue;
    await describeKeySites(fresh, query, keySites, keyLookups);
    const nodes = groupIntoPlaces(query, fresh, places, (link) => !canExpand(link, query));
    if (options.scorer.wantsHover) await addHovers(options.lsp, nodes, hoverBudget, options.signal);
    const ratings = nodes.length > 0 ? await options.scorer.rate(query, nodes, options.signal) : [];
    // Breadth counts the sites found (the fan-out of this step), not the places they were grouped into.
    const breadth = fresh.length;
    for (let i = 0; i < nodes.length; i++) {
      const link = nodes[i];
      const rating = ratings[i] ?? null;
      if (!link || !rating) continue;
      // A flow site's one child, the property it annotates, was paid for by expanding the site.
      const prepaid = link.relation === 'property_flow' && node.relation === 'reference';
      const decision = shouldExpand(rating.rubric, query.tags, link.depth, breadth, prepaid ? Math.max(1, budgetLeft) : budgetLeft, effective);
      // A leaf (a case label, an import) has nothing behind it: only spend budget where expansion can find more.
      const expandable = canExpand(link, query);
      const expand = decision.expand && expandable;
      const leaf = decision.expand && !expandable;
      visited.set(link.id, {
        link,
        parent: node.id,
        rating,
        decision: leaf ? { ...decision, expand: false, reason: `${decision.reason}, but a leaf: nothing to follow, no budget spent` } : decision,
        expanded: expand,
        leaf,
      });
      if (expand) {
        // Counted once: the site and the property it annotates are one step of the flow.
        if (!prepaid) {
          budgetLeft--;
          expansions++;
        }
        frontier.push({ link, score: decision.score });
      }
    }
    const flowsOut = await followLocalFlows(fresh, {
      query,
      options,
      files,
      visited,
      places,
      limit: localFlowLimit,
      keySites,
      keyLookups,
      hoverBudget,
      decide: (rubric, depth, width) => shouldExpand(rubric, query.tags, depth, width, budgetLeft, effective),
      expandable: (link) => canExpand(link, query),
    });
    for (const next of flowsOut) {
      const entry = visited.get(next.link.id);
      if (budgetLeft <= 0) {
        if (entry) visited.set(next.link.id, notExpanded(entry, 'budget spent'));
        continue;
      }
      budgetLeft--;
      expansions++;
      frontier.push(next);
    }
    progress('rated', `rated ${nodes.length} place(s) (${fresh.length} site(s)) from ${node.location.file}:${node.location.line}`);
  }
  progress('done', `visited ${visited.size} link(s), ${expansions} expansion(s)`);
  const nodeList = [...visited.values()];
  return {
    query,
    visited: nodeList,
    setAside: places.setAside,
    sitesSeen: nodeList.reduce((n, v) => n + 1 + (v.link.alsoAt?.length ?? 0), 0) + places.repeats + places.setAside.length,
    seeds,
    budget: limits.budget,
    budgetRemaining: budgetLeft,
    expansions,
    notes: [...new Set(notes)],
    sources,
    suggestions,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** A link that was to be expanded and is not, for want of budget (`why`: which one). */
function notExpanded(entry: VisitedLink, why: string): VisitedLink {
  return { ...entry, expanded: false, decision: entry.decision ? { ...entry.decision, expand: false, verdict: 'budget_exhausted', reason: `${entry.decision.reason}; ${why}` } : null };
}

/** A key site inside a type declaration (`type Prices = Record<Kind, number>`, `prices: Record<Kind, number>;`): its objects are elsewhere. */
function declaresRecordType(link: ScoutLink): boolean {
  return link.relation === 'reference' && link.role === 'object_key' && link.syntax?.record === 'declares_type';
}

/** Expanding a link means something only for symbols and for sites that carry the type on (property flows, calls into functions). */
function canExpand(link: ScoutLink, query: AnalyzedQuery): boolean {
  if (link.relation === 'seed' || link.relation === 'property_flow' || link.relation === 'definition' || link.relation === 'implementation') return true;
  if (link.role !== null && FLOW_ROLES.has(link.role)) {
    const line = siteLine(link);
    if (namesOneVariant(line, link.location.column)) return false;
    // A parameter's or local's uses are all in its function: the local flow reads them, free. A
    // constructor's parameter property (`private kind: Kind`) is a field too, used across the class.
    const local = (link.role === 'type_parameter' || link.role === 'type_reference') && INTENT_PROFILES[query.intent].follow.includes('property_flow');
    return !local || /\b(?:private|public|protected|readonly)\s+[\w$]+\??\s*:/.test(line);
  }
  if (declaresRecordType(link)) return true;
  const follow = INTENT_PROFILES[query.intent].follow;
  return (follow.includes('incoming_call') || follow.includes('outgoing_call')) && link.enclosing !== null;
}

async function findSeeds(
  query: AnalyzedQuery,
  options: Pick<ExploreOptions, 'root' | 'db' | 'lsp'>,
  files: FileCache,
  notes: string[],
): Promise<{ seeds: ScoutLink[]; suggestions: string[] }> {
  const seeds: ScoutLink[] = [];
  const names = query.target ? [query.target, ...query.identifiers.filter((i) => i !== query.target)] : query.identifiers;
  for (const name of names.slice(0, 3)) {
    const rows = seedDefinitions(options.db, name, name.includes('.'));
    for (const row of rows) {
      seeds.push(makeLink(files, { file: row.path, line: row.name_line, column: row.name_col }, 'seed', row.qualified_name, row.kind, 'definition', null, 0, 'index'));
    }
    if (rows.length > 0) {
      if (query.intent === 'add_variant') seeds.push(...derivedFromConstants(options.db, files, seeds));
      break;
    }
  }
  if (seeds.length === 0 && query.target) {
    const symbols = await options.lsp.workspaceSymbol(query.target);
    for (const s of symbols.value.filter((v) => v.name === query.target).slice(0, 3)) {
      seeds.push(makeLink(files, { file: s.position.file, line: s.position.line, column: s.position.column }, 'seed', s.name, s.kind, 'definition', s.container, 0, s.source));
    }
  }
  // Free-text questions ("where are auth tokens validated?") start from search; a named symbol that
  // does not exist is reported as such, with near names, rather than guessed at.
  // A target read from prose ("where are API keys read") that names nothing in the code is a word of the question.
  const searchText = !query.target ? query.freeText || query.text : query.targetFromProse ? `${query.target} ${query.freeText}`.trim() : '';
  if (seeds.length === 0 && searchText) {
    const answer = await search(options.db, { query: searchText, mode: 'hybrid', limit: 3 }, { root: options.root });
    for (const r of answer.results.filter((r) => r.symbol)) {
      seeds.push(makeLink(files, { file: r.file, line: r.line }, 'seed', r.symbol, r.kind, 'definition', null, 0, 'index'));
    }
    if (seeds.length > 0) notes.push(`${query.target ? `nothing in the code is named "${query.target}"` : 'no code name in the question'}: started from full-text search for "${searchText}"`);
  }
  const suggestions: string[] = [];
  if (seeds.length === 0) {
    const target = query.target ?? query.identifiers[0] ?? '';
    if (target) {
      const lower = target.toLowerCase();
      const names = definitionNames(options.db);
      const near = names
        .map((n) => ({ n, d: editDistance(n.toLowerCase(), lower, 3) }))
        .filter((x) => x.n.length >= 3 && (x.d <= Math.max(1, Math.floor(lower.length / 3)) || x.n.toLowerCase().includes(lower) || lower.includes(x.n.toLowerCase())))
        .sort((a, b) => a.d - b.d)
        .slice(0, 8)
        .map((x) => x.n);
      suggestions.push(...near);
    }
    notes.push(`nothing matched ${target ? `"${target}"` : 'the question'}${suggestions.length > 0 ? `; near names: ${suggestions.join(', ')}` : ''}`);
  }
  return { seeds, suggestions };
}

/**
 * A union derived from a constant (`type Code = ValueOf<typeof CODES>`, `(typeof Mode)[keyof typeof Mode]`)
 * gains a variant when the constant gains a key: the constant is a seed too, so the objects keyed by
 * `keyof typeof CODES` are reached. At most MAX_DERIVED_SEEDS, constants defined in the repository only.
 */
function derivedFromConstants(db: IndexDb, files: FileCache, seeds: readonly ScoutLink[]): ScoutLink[] {
  const out: ScoutLink[] = [];
  const seen = new Set(seeds.map((s) => s.symbol));
  for (const seed of seeds) {
    if (seed.kind !== 'type_alias') continue;
    const span = typeAliasExtent(db, seed.location.file, seed.location.line);
    if (!span) continue;
    let text = '';
    for (let l = span.start; l <= Math.min(span.end, span.start + 10); l++) text += `${files.line(seed.location.file, l)}\n`;
    for (const match of text.matchAll(/\btypeof\s+([A-Za-z_$][\w$]*)/g)) {
      const name = match[1];
      if (!name || seen.has(name) || out.length >= MAX_DERIVED_SEEDS) continue;
      seen.add(name);
      const row = constantNamed(db, name);
      if (row) out.push(makeLink(files, { file: row.path, line: row.name_line, column: row.name_col }, 'seed', row.qualified_name, row.kind, 'definition', null, 0, 'index'));
    }
  }
  return out;
}

/** The links one level below `node`, per the intent's relations. */
async function expandLink(
  node: ScoutLink,
  query: AnalyzedQuery,
  options: ExploreOptions,
  files: FileCache,
  sources: { lsp: number; index: number },
  notes: string[],
  expandedSymbols: Set<string>,
  server: { incomplete: boolean },
): Promise<ScoutLink[]> {
  const follow = INTENT_PROFILES[query.intent].follow;
  const depth = node.depth + 1;
  const out: ScoutLink[] = [];
  const position = { file: node.location.file, line: node.location.line, column: node.location.column ?? 0 };
  const note = (result: { notes: string[]; source: 'lsp' | 'index' }, count: number): void => {
    for (const n of result.notes) notes.push(n);
    sources[result.source] += count;
  };

  // A site whose role carries the type on: follow the property, parameter or variable it annotates,
  // or the type a Record over the target declares (`type Prices = Record<Kind, number>`).
  const declaresRecord = declaresRecordType(node);
  if (node.relation === 'reference' && node.role !== null && (FLOW_ROLES.has(node.role) || declaresRecord)) {
    const property = (node.role === 'type_property' || declaresRecord) && node.enclosing ? propertyDefinition(options.db, node.location.file, node.enclosing) : null;
    // The property as written at this site: overloads repeat an inline `{ mode?: X }` type, and
    // each copy is its own property (the implementation's is the one its body reads).
    const own = annotatedName(files, node.location.file, node.location.line, node.location.column ?? 0);
    const flow = property
      ? { ...property, ...(own ? { line: own.line, column: own.column } : {}), symbol: node.enclosing ?? property.kind }
      : own;
    if (flow && !expandedSymbols.has(`flow:${flow.file}:${flow.line}:${flow.column}`)) {
      expandedSymbols.add(`flow:${flow.file}:${flow.line}:${flow.column}`);
      // The property is this site's other half (one step of the flow): same distance from the seeds.
      const link = makeLink(files, flow, 'property_flow', flow.symbol, flow.kind, null, node.enclosing, node.depth, 'index');
      if ((declaresRecord && node.syntax?.recordRequiresEveryKey === true) || node.recordOfTarget) link.recordOfTarget = true;
      out.push(link);
    }
    return out;
  }

  const symbolKey = `${node.location.file}:${node.location.line}:${node.symbol ?? ''}`;
  const isSymbolNode = node.relation === 'seed' || node.relation === 'property_flow' || node.relation === 'definition' || node.relation === 'implementation';
  if (isSymbolNode && !expandedSymbols.has(symbolKey)) {
    expandedSymbols.add(symbolKey);
    // A quoted property name (`'state'?: …` in generated code) is written without its quotes at most sites.
    const name = ((node.symbol ?? '').split('.').pop() ?? '').replace(/^(['"])(.*)\1$/, '$2') || undefined;
    if (follow.includes('reference') || follow.includes('property_flow')) {
      // The completeness check compares with the index's sites of the same NAME: right for the
      // question's own symbol, wrong for a flow (a property called `type` shares its name with
      // hundreds of others), where merging by name would flood the answer with unrelated sites,
      // unless the server already proved incomplete on the question's symbol (no project loaded).
      const checked = node.relation === 'seed' || node.relation === 'definition' || server.incomplete;
      const refs = checked ? await options.lsp.referencesWithCompleteness(position, name, memberScope(options.db, node.location.file, node.symbol)) : await options.lsp.references(position);
      if (node.relation === 'seed' && checked && !(refs as ReferencesResult).completeness.complete) server.incomplete = true;
      note(refs, refs.value.length);
      for (const site of refs.value) {
        if (site.role === 'definition' || (site.file === node.location.file && site.line === node.location.line)) continue;
        const link = siteLink(files, site, 'reference', name ?? null, depth);
        // `{ kind: x }` sets the property a flow follows: an assignment, not a key of a map over the type
        // (`map[kind]`, an index, stays a key).
        // The same holds for a property asked about directly (`Owner.prop`): its references are the property's.
        const followsProperty = node.relation === 'property_flow' || (node.relation === 'seed' && (node.symbol ?? '').includes('.') && (node.kind === 'property' || node.kind === 'field'));
        if (followsProperty && link.role === 'object_key' && /^\s*\??:/.test(files.line(site.file, site.line).slice(site.column + (name ?? '').length))) {
          link.role = 'assignment';
        }
        if (node.relation === 'property_flow' && node.recordOfTarget) link.recordOfTarget = true;
        out.push(link);
      }
    }
    if (follow.includes('implementation') && (node.kind === 'interface' || node.kind === 'method' || node.kind === 'class' || node.kind === 'type_class')) {
      const impls = await options.lsp.implementation(position);
      note(impls, impls.value.length);
      for (const site of impls.value) out.push(siteLink(files, site, 'implementation', name ?? null, depth));
    }
  }
  if (follow.includes('incoming_call') && (node.kind === 'function' || node.kind === 'method' || (!isSymbolNode && node.enclosing))) {
    const target = isSymbolNode ? position : enclosingPosition(options.db, node.location.file, node.enclosing);
    const key = target ? `calls:${target.file}:${target.line}` : null;
    if (target && key && !expandedSymbols.has(key)) {
      expandedSymbols.add(key);
      const items = await options.lsp.prepareCallHierarchy(target);
      note(items, 0);
      for (const item of items.value.slice(0, 1)) {
        const incoming = await options.lsp.incomingCalls(item);
        note(incoming, incoming.value.length);
        for (const edge of incoming.value) {
          for (const site of edge.sites.slice(0, 3)) {
            out.push(makeLink(files, { file: site.file, line: site.line, column: site.column }, 'incoming_call', item.name, edge.item.kind, 'call', edge.item.name, depth, incoming.source));
          }
        }
      }
    }
  }
  return out;
}

/**
 * For a member (`Owner.prop`, `Owner.method`): its owner's name and declaration, so the completeness check
 * compares like with like (the owner's references, not every `prop` in the repository). Null for a
 * top-level name.
 */
function memberScope(db: IndexDb, file: string, symbol: string | null): MemberScope | undefined {
  const parts = (symbol ?? '').split('.');
  if (parts.length < 2) return undefined;
  const ownerQualified = parts.slice(0, -1).join('.');
  const owner = parts[parts.length - 2] ?? ownerQualified;
  const row = definitionNamePosition(db, file, ownerQualified);
  return { owner, ownerPosition: row ? { file, line: row.line, column: row.col } : null };
}

/** The definition of the property / field / variable `qualifiedName` declared in `file`. */
function propertyDefinition(db: IndexDb, file: string, qualifiedName: string): { file: string; line: number; column: number; kind: string } | null {
  const row = readPropertyDefinition(db, file, qualifiedName);
  return row ? { file: row.file, line: row.line, column: row.col, kind: row.kind } : null;
}

function enclosingPosition(db: IndexDb, file: string, qualifiedName: string | null): { file: string; line: number; column: number } | null {
  if (!qualifiedName) return null;
  const row = callableNamePosition(db, file, qualifiedName);
  return row ? { file, line: row.line, column: row.col } : null;
}
