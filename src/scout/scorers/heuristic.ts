/**
 * The heuristic scorer (the default): syntactic role of the site + intent + tags → rubric.
 * Deterministic, no I/O, and every number comes from the tables below.
 *
 * How one link is rated:
 * 1. The role: the index's role of the site; for a call-hierarchy link without one, `call`; for a
 *    reference site without one, a guess from the site's code line (`import`, `export`, `case_pattern`, `comparison`, `instantiation`, `other`),
 *    which lowers the confidence by 1 and says so in the reason.
 * 2. Structural intents (add_variant, remove, rename, change_signature, find_usages): the row of
 *    `RELATION_TABLE[intent]` for definition / seed / implementation / property_flow / outgoing_call links,
 *    else the row of `ROLE_TABLE[intent][role]`.
 * 3. add_variant refinements from the snippet (`EXHAUSTIVE_MARKERS`): an exhaustiveness check
 *    (`assertNever(`, `: never`, `satisfies Record<`, a `default:` that throws, `unreachable!`, `absurd`,
 *    `assert_never`) in the snippet of a case / comparison / key / other site, or on the site's own line
 *    for any other role, or a type family, makes the site relevance 5 risk 5 (exhaustive, breaks-on-add); a case site whose default/wildcard branch is visible, body included, and does not fail is risk 4 without
 *    `exhaustive` (the new variant falls into it silently); a `Map<K, V>`/dict key is relevance 4 risk 3
 *    (not checked for completeness); a type alias whose body names the type is relevance 4 risk 3 (follow it).
 * 4. explain / locate: relevance from how many of the question's words (free text and identifier parts,
 *    stemmed) appear in the link's names (symbol, enclosing, file name: full weight) or code (snippet, hover,
 *    directories: 0.6 weight); an exact name match is relevance 5; definitions get +1; risk 1 (2 for definitions).
 * 5. Tags: the row's tags that are among the query's tags, plus any caller tag outside the known vocabulary
 *    whose words all appear in the link's names or code (a caller asking for `auth` gets it where auth appears).
 */
import { codeTokens, identifierParts, stem } from '../../core/code-tokens.js';
import type { UsageRole } from '../../core/types.js';
import { siteLine, type ScoutLink } from '../link.js';
import { buildsObjectAt, isComputedKey, isIndexByValue, namesOneVariant } from '../site-text.js';
import type { AnalyzedQuery, Intent } from '../query-analysis.js';
import { capReason, type Rubric } from '../rubric.js';
import { KNOWN_TAGS, normalizeTag } from '../tags.js';
import type { Rating, Scorer } from './scorer.js';

export { isIndexByValue } from '../site-text.js';

/** One row of the tables. */
export interface HeuristicRow {
  relevance: number;
  risk: number;
  complexity: number;
  confidence: number;
  /** Candidate tags; only those among the query's tags end up in the rubric. */
  tags: readonly string[];
  reason: string;
  /** Safely ignored for this intent: synthesis lists it under "ignored" rather than as a pointer. */
  ignored?: boolean;
}

function row(relevance: number, risk: number, complexity: number, confidence: number, tags: readonly string[], reason: string, ignored = false): HeuristicRow {
  return ignored ? { relevance, risk, complexity, confidence, tags, reason, ignored } : { relevance, risk, complexity, confidence, tags, reason };
}

type StructuralIntent = Exclude<Intent, 'explain' | 'locate'>;

const IGNORED_IMPORT = (what: string): HeuristicRow => row(1, 1, 1, 5, [], `import: safely ignored (${what})`, true);
const IGNORED_EXPORT = (what: string): HeuristicRow => row(1, 1, 1, 5, [], `export/re-export: safely ignored (${what})`, true);

/** relevance, risk, complexity, confidence, tags, reason — per intent and syntactic role of the site. */
export const ROLE_TABLE: Readonly<Record<StructuralIntent, Readonly<Record<UsageRole, HeuristicRow>>>> = {
  add_variant: {
    case_pattern: row(5, 5, 2, 5, ['pattern-match', 'exhaustive', 'breaks-on-add'], 'switch/match over the type: the new variant needs a case here'),
    object_key: row(5, 5, 1, 5, ['record-key', 'exhaustive', 'breaks-on-add'], 'key of a Record / mapped type over the type: the new variant needs an entry'),
    comparison: row(4, 3, 2, 4, ['pattern-match'], 'compared with a variant: an if-chain may need a branch for the new one'),
    implements: row(4, 4, 3, 3, ['breaks-on-add'], 'instance / implementation for the type: may need a case for the new variant'),
    type_parameter: row(4, 2, 2, 4, ['type-annotation', 'property-flow'], 'parameter typed with it: the value flows into this function (follow it)'),
    type_property: row(4, 2, 2, 4, ['type-annotation', 'property-flow'], 'property typed with it: follow the property to its switches and maps'),
    type_return: row(4, 2, 2, 4, ['type-annotation', 'property-flow'], 'returned from here: the value flows to the callers (follow them)'),
    type_reference: row(3, 2, 2, 3, ['type-annotation'], 'other type position (variable, generic argument): may carry the value on'),
    extends: row(3, 3, 2, 3, [], 'extends the type: check what the subtype assumes about its variants'),
    member_access: row(3, 2, 2, 4, [], 'names one variant: unaffected by a new one, but shows where variants are handled'),
    assignment: row(3, 2, 2, 3, [], 'the value is assigned here and flows on'),
    instantiation: row(3, 2, 2, 3, [], 'constructs a value of the type: unaffected by a new variant'),
    call: row(2, 2, 2, 3, [], 'call site: unaffected by a new variant unless its result is matched on'),
    other: row(2, 2, 2, 2, [], 'other use of the type'),
    import: IGNORED_IMPORT('a new variant changes nothing here'),
    export: IGNORED_EXPORT('a new variant changes nothing here'),
  },
  remove: {
    call: row(5, 5, 2, 5, ['call-site', 'breaks-on-remove'], 'calls it: stops compiling once it is removed'),
    instantiation: row(5, 5, 2, 5, ['call-site', 'breaks-on-remove'], 'constructs it: stops compiling once it is removed'),
    case_pattern: row(5, 5, 2, 5, ['pattern-match', 'breaks-on-remove'], 'a case for it: the case must go'),
    object_key: row(5, 5, 1, 5, ['record-key', 'breaks-on-remove'], 'an entry keyed by it: the entry must go'),
    member_access: row(5, 5, 2, 5, ['breaks-on-remove'], 'names it: stops compiling once it is removed'),
    extends: row(5, 5, 3, 5, ['breaks-on-remove'], 'extends it: needs a new base'),
    implements: row(5, 5, 3, 5, ['breaks-on-remove'], 'implements it: needs rework'),
    comparison: row(5, 4, 2, 5, ['pattern-match', 'breaks-on-remove'], 'compared with it: the branch must go'),
    type_parameter: row(4, 4, 2, 5, ['breaks-on-remove'], 'parameter typed with it: stops compiling'),
    type_property: row(4, 4, 2, 5, ['breaks-on-remove'], 'property typed with it: stops compiling'),
    type_return: row(4, 4, 2, 5, ['breaks-on-remove'], 'returns it: stops compiling'),
    type_reference: row(4, 4, 2, 5, ['breaks-on-remove'], 'type position naming it: stops compiling'),
    assignment: row(4, 4, 2, 4, ['breaks-on-remove'], 'assigned from it: stops compiling'),
    import: row(3, 3, 1, 4, ['breaks-on-remove'], 'imports it: the import must go too'),
    export: row(3, 3, 1, 4, ['breaks-on-remove', 're-export'], 're-exports it: drop it from the export; importers of the re-export break too'),
    other: row(3, 3, 2, 3, ['breaks-on-remove'], 'other use: check it'),
  },
  rename: {
    call: row(4, 3, 1, 5, ['rename-site'], 'call: rename here'),
    instantiation: row(4, 3, 1, 5, ['rename-site'], 'construction: rename here'),
    case_pattern: row(4, 3, 1, 5, ['rename-site'], 'case / pattern: rename here'),
    object_key: row(4, 3, 1, 5, ['rename-site'], 'key: rename here'),
    member_access: row(4, 3, 1, 5, ['rename-site'], 'member access: rename here'),
    extends: row(4, 3, 1, 5, ['rename-site'], 'extends clause: rename here'),
    implements: row(4, 3, 1, 5, ['rename-site', 'implementation'], 'implements clause: rename here'),
    comparison: row(4, 3, 1, 5, ['rename-site'], 'comparison: rename here'),
    type_parameter: row(4, 3, 1, 5, ['rename-site'], 'parameter type: rename here'),
    type_property: row(4, 3, 1, 5, ['rename-site'], 'property type: rename here'),
    type_return: row(4, 3, 1, 5, ['rename-site'], 'return type: rename here'),
    type_reference: row(4, 3, 1, 5, ['rename-site'], 'type position: rename here'),
    assignment: row(4, 3, 1, 5, ['rename-site'], 'assignment: rename here'),
    import: row(4, 3, 1, 5, ['rename-site'], 'import: rename here (or alias it)'),
    export: row(4, 3, 1, 5, ['rename-site', 're-export'], 'export / re-export: rename here; importers of the re-export follow'),
    other: row(4, 3, 1, 4, ['rename-site'], 'names it: rename here'),
  },
  change_signature: {
    call: row(5, 5, 2, 5, ['call-site', 'breaks-on-change'], 'call site: the arguments must match the new signature'),
    instantiation: row(5, 5, 2, 5, ['call-site', 'breaks-on-change'], 'construction: the arguments must match the new signature'),
    implements: row(5, 5, 3, 4, ['implementation', 'breaks-on-change'], 'implements it: the implementation must follow the new signature'),
    extends: row(5, 5, 3, 4, ['implementation', 'breaks-on-change'], 'overrides / extends it: must follow the new signature'),
    member_access: row(4, 4, 2, 4, ['call-site', 'breaks-on-change'], 'used as a value (callback, bound method): its expected type must match'),
    assignment: row(4, 4, 2, 4, ['breaks-on-change'], 'assigned as a value: the target type must accept the new signature'),
    object_key: row(3, 3, 2, 3, [], 'stored in an object or map: check the expected function type'),
    type_parameter: row(3, 3, 2, 3, ['signature'], 'its type is spelled out in a parameter: check it'),
    type_property: row(3, 3, 2, 3, ['signature'], 'its type is spelled out in a property: check it'),
    type_return: row(3, 3, 2, 3, ['signature'], 'its type is spelled out in a return type: check it'),
    type_reference: row(3, 3, 2, 3, ['signature'], 'its type is referenced (typeof, alias): check it'),
    case_pattern: row(2, 2, 2, 3, [], 'matched on: unaffected by the signature'),
    comparison: row(2, 2, 2, 3, [], 'compared: unaffected by the signature'),
    other: row(3, 3, 2, 2, [], 'other use: check it'),
    import: IGNORED_IMPORT('a signature change does not touch imports'),
    export: IGNORED_EXPORT('a signature change does not touch exports'),
  },
  find_usages: {
    call: row(4, 2, 2, 5, ['call-site'], 'call site'),
    instantiation: row(4, 2, 2, 5, ['call-site'], 'constructs it'),
    extends: row(4, 3, 3, 5, ['implementation'], 'extends it'),
    implements: row(4, 3, 3, 5, ['implementation'], 'implements it'),
    type_parameter: row(3, 1, 2, 5, ['type-annotation'], 'parameter typed with it'),
    type_property: row(3, 1, 2, 5, ['type-annotation', 'property-flow'], 'property typed with it'),
    type_return: row(3, 1, 2, 5, ['type-annotation'], 'returns it'),
    type_reference: row(3, 1, 2, 4, ['type-annotation'], 'type position naming it'),
    case_pattern: row(3, 2, 2, 4, ['pattern-match'], 'matched on'),
    comparison: row(3, 2, 2, 4, ['pattern-match'], 'compared with'),
    object_key: row(3, 2, 2, 4, ['record-key'], 'used as a key'),
    member_access: row(3, 2, 2, 4, [], 'member access'),
    assignment: row(3, 2, 2, 4, [], 'assigned'),
    other: row(2, 1, 2, 2, [], 'other use'),
    import: IGNORED_IMPORT('an import is not a use'),
    export: IGNORED_EXPORT('a re-export is not a use'),
  },
};

type RelationRow = 'target_definition' | 'other_definition' | 'implementation' | 'property_flow' | 'outgoing_call';

/** Rows for links whose relation says more than their role. */
export const RELATION_TABLE: Readonly<Record<StructuralIntent, Readonly<Record<RelationRow, HeuristicRow>>>> = {
  add_variant: {
    target_definition: row(5, 3, 2, 5, ['breaks-on-add'], 'definition of the type: add the variant here'),
    other_definition: row(3, 2, 2, 3, [], 'a related definition'),
    implementation: row(4, 4, 3, 4, ['breaks-on-add'], 'implementation / instance for the type: may need a case for the new variant'),
    property_flow: row(4, 2, 2, 4, ['property-flow', 'type-annotation'], 'carries a value of the type: its uses are followed'),
    outgoing_call: row(2, 1, 2, 3, [], 'called from here: does not depend on the variants'),
  },
  remove: {
    target_definition: row(5, 4, 2, 5, ['breaks-on-remove'], 'the definition: remove it here'),
    other_definition: row(3, 2, 2, 3, [], 'a related definition'),
    implementation: row(5, 5, 3, 5, ['breaks-on-remove'], 'implements it: needs rework once it is removed'),
    property_flow: row(4, 4, 2, 4, ['breaks-on-remove'], 'typed with it: stops compiling, and its uses may too'),
    outgoing_call: row(2, 1, 2, 3, [], 'called from here: unaffected'),
  },
  rename: {
    target_definition: row(5, 3, 1, 5, ['rename-site'], 'the definition: rename here'),
    other_definition: row(3, 2, 2, 3, [], 'a related definition'),
    implementation: row(4, 3, 2, 5, ['rename-site', 'implementation'], 'implementation / override: rename it too'),
    property_flow: row(2, 1, 1, 4, [], 'only carries the value: nothing to rename'),
    outgoing_call: row(1, 1, 1, 4, [], 'called from here: nothing to rename'),
  },
  change_signature: {
    target_definition: row(5, 4, 2, 5, ['signature'], 'the definition: change the signature here'),
    other_definition: row(3, 2, 2, 3, [], 'a related definition'),
    implementation: row(5, 5, 3, 5, ['implementation', 'breaks-on-change'], 'implementation / override: must follow the new signature'),
    property_flow: row(3, 3, 2, 3, ['signature'], 'holds the function as a value: its type must match'),
    outgoing_call: row(2, 1, 2, 3, [], 'called from here: unaffected'),
  },
  find_usages: {
    target_definition: row(5, 1, 2, 5, ['definition'], 'the definition'),
    other_definition: row(3, 1, 2, 3, [], 'a related definition'),
    implementation: row(4, 3, 3, 5, ['implementation'], 'implements it'),
    property_flow: row(3, 1, 2, 4, ['property-flow', 'type-annotation'], 'carries the value: its uses are followed'),
    outgoing_call: row(2, 1, 2, 3, [], 'called from here'),
  },
};

/** Snippet evidence that the site checks it covers every variant. */
export const EXHAUSTIVE_MARKERS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'assertNever', pattern: /\bassert_?[Nn]ever\s*\(|\bassertUnreachable\s*\(|\bexhaustive(?:Check|ness)?\s*\(/ },
  { name: 'never', pattern: /:\s*never\b|\bas\s+never\b/ },
  { name: 'satisfies Record', pattern: /\bsatisfies\s+(?:Readonly<\s*)?Record\s*</ },
  { name: 'default that throws', pattern: /\bdefault\s*(?::|->)[\s{]*(?:throw|raise|panic)\b/ },
  { name: 'wildcard that fails', pattern: /\bcase\s+_\s*:[\s\n]*raise\b|\b_\s*=>\s*(?:unreachable!|panic!|todo!|unimplemented!)|\b_\s*->\s*(?:error|undefined|absurd)\b/ },
  { name: 'unreachable!', pattern: /\bunreachable!\s*\(/ },
  { name: 'absurd', pattern: /\babsurd\b/ },
];

/** A visible default / wildcard branch (a new variant would fall into it). */
const DEFAULT_BRANCH = /\bdefault\s*(?::|->)|\bcase\s+_\s*:|(?:^|[\s,{(])_\s*(?:=>|->)/m;
/** Type positions whose value could carry any variant onwards (unless they name one variant). */
const FLOW_LIKE_ROLES: ReadonlySet<UsageRole> = new Set(['type_property', 'type_parameter', 'type_reference', 'type_return']);
const MAP_KEY = /\b(?:Map|ReadonlyMap|WeakMap|HashMap|BTreeMap|dict|Dict|Mapping)\s*[<[]/;
const RECORD_KEY = /\bRecord\s*<|\[\s*\w+\s+in\s+/;
/** Keys the type does not require: `Partial<Record<K, V>>`, `{ [k in K]?: V }`. */
const OPTIONAL_KEYS = /\bPartial\s*<\s*(?:Readonly\s*<\s*)?Record\s*<|\[\s*\w+\s+in\s+[^\]]+\]\s*\?\s*:/;
const TYPE_ALIAS = /^\s*(?:export\s+)?(?:declare\s+)?type\s+\w+(?:<[^>]*>)?\s*=/;
const TYPE_FAMILY = /\btype\s+family\b/;

/**
 * Whether the snippet shows a default / wildcard branch whose body is visible and does not fail
 * (a `default:` on the snippet's last line, body unseen, is not evidence either way).
 */
export function hasSilentDefault(snippet: string): boolean {
  const match = DEFAULT_BRANCH.exec(snippet);
  if (!match) return false;
  const body = snippet.slice(match.index + match[0].length).split(/\r?\n/).slice(0, 3).join('\n').trim();
  if (body === '' || /^[{}\s]*$/.test(body)) return false;
  return !/^\{?\s*(?:throw|raise|panic|error|undefined|absurd|unreachable|assert_?[Nn]ever|assertUnreachable|return\s+assert_?[Nn]ever|return\s+assertUnreachable)\b/.test(body);
}

/** Guess a role from the site's code line when the index has none (LSP-only links). */
export function guessRole(line: string): UsageRole {
  if (/^\s*(?:import\b|from\s+\S+\s+import\b|use\s+[\w:{]|#include\b|using\s+[\w.]+\s*;)|\brequire\s*\(/.test(line)) return 'import';
  if (/^\s*export\s*(?:\{|\*)|^\s*export\s+.*\bfrom\b|^\s*pub\s+use\b|^\s*module\s+\S+\s*\(/.test(line)) return 'export';
  if (/^\s*(?:case\b|default\s*:)|\bswitch\s*\(|\bmatch\b.*\{|^\s*[\w.:]+(?:\s*\|\s*[\w.:]+)*\s*=>/.test(line)) return 'case_pattern';
  if (/[!=]==?|\bis\s+not\b|\bis\b/.test(line)) return 'comparison';
  if (/\bnew\s+[A-Z_$]/.test(line)) return 'instantiation';
  return 'other';
}

/** The words of a link, split into names (symbol, enclosing, file name) and code (snippet, hover, directories). */
function linkTerms(link: ScoutLink): { names: Set<string>; body: Set<string> } {
  const stems = (text: string): string[] => [...text.matchAll(/[A-Za-z0-9_$]+/g)].flatMap((m) => identifierParts(m[0]).map(stem));
  const names = new Set([...stems(link.symbol ?? ''), ...stems(link.enclosing ?? ''), ...stems(link.pathFacts.fileName.replace(/\.[^.]*$/, ''))]);
  const body = new Set([...stems(link.snippet), ...stems(link.hover ?? ''), ...stems(link.pathFacts.directories.join(' '))]);
  return { names, body };
}

const QUERY_NOISE = new Set(['the', 'and', 'for', 'get', 'set', 'new', 'use', 'all']);

/** The question's search terms: stemmed parts of its free text and identifiers. */
export function queryTerms(query: AnalyzedQuery): string[] {
  const out: string[] = [];
  const words = [...query.freeText.split(/\s+/), ...query.identifiers.flatMap((id) => id.split(/\.|::/))];
  for (const word of words) {
    for (const part of identifierParts(word)) {
      const s = stem(part);
      if (s.length < 2 || QUERY_NOISE.has(s) || out.includes(s)) continue;
      out.push(s);
    }
  }
  return out;
}

function lastSegment(name: string): string {
  const parts = name.split(/\.|::/);
  return parts[parts.length - 1] ?? name;
}

/** Whether the link's symbol is one of the question's identifiers (whole name, or last segment to last segment). */
export function namesQueryTarget(query: AnalyzedQuery, link: ScoutLink): boolean {
  if (!link.symbol) return false;
  const candidates = query.target ? [query.target, ...query.identifiers] : query.identifiers;
  return candidates.some((id) => id === link.symbol || lastSegment(id) === lastSegment(link.symbol as string));
}

interface Resolved {
  role: UsageRole;
  guessed: boolean;
}

function resolveRole(link: ScoutLink): Resolved {
  if (link.role) return { role: link.role, guessed: false };
  if (link.relation === 'incoming_call' || link.relation === 'outgoing_call') return { role: 'call', guessed: false };
  // Definitions, implementations and flows are rated by their relation; only reference sites need a role.
  if (link.relation !== 'reference') return { role: 'other', guessed: false };
  return { role: guessRole(siteLine(link)), guessed: true };
}

function isDefinitionLink(link: ScoutLink): boolean {
  return link.relation === 'definition' || (link.relation === 'seed' && link.role === null);
}

/** The row for a structural intent, before the snippet refinements. */
function structuralRow(intent: StructuralIntent, link: ScoutLink, query: AnalyzedQuery, role: UsageRole): HeuristicRow {
  const relations = RELATION_TABLE[intent];
  if (isDefinitionLink(link)) return namesQueryTarget(query, link) ? relations.target_definition : relations.other_definition;
  if (link.relation === 'implementation') return relations.implementation;
  if (link.relation === 'property_flow') return relations.property_flow;
  if (link.relation === 'outgoing_call') return relations.outgoing_call;
  return ROLE_TABLE[intent][role];
}

/** add_variant refinements from the snippet (see the file comment, step 3). */
function addVariantEvidence(base: HeuristicRow, link: ScoutLink, role: UsageRole): HeuristicRow {
  if (base.ignored) return base;
  const code = `${link.snippet}\n${link.hover ?? ''}`;
  if (link.kind === 'type_family' || TYPE_FAMILY.test(code)) {
    return row(5, 5, 2, 5, ['type-family', 'exhaustive', 'breaks-on-add'], 'type family over the type: needs an equation for the new variant');
  }
  const line = siteLine(link);
  const column = link.location.column;
  const annotated = link.annotatedObject;
  if (annotated?.requiresEveryKey === true) {
    return row(5, 5, 1, 5, ['record-key', 'exhaustive', 'breaks-on-add'], `types \`${annotated.name}\` with ${annotated.type}, which maps every variant to a key: the object needs an entry for the new variant`);
  }
  if (annotated?.requiresEveryKey === false) {
    return row(3, 2, 1, 4, [], `types \`${annotated.name}\` with ${annotated.type}, which does not make the object list the variants: compiles as it is`);
  }
  if (role === 'object_key' && namesOneVariant(line, column)) {
    // `[Kind.A]: …` lists one entry: it breaks only in an object that must list them all (typed with a
    // Record over the type just above), else the declaration is the place to look; `map[Kind.A]` is unaffected.
    if (!isComputedKey(line, column)) return row(3, 1, 1, 4, [], 'indexes with one named variant: unaffected by a new one');
    const built = link.builtObject;
    const named = built?.name ? `\`${built.name}\`` : 'the object';
    if (built?.requiresEveryKey === true) {
      return row(5, 5, 1, 5, ['record-key', 'exhaustive', 'breaks-on-add'], `an entry of ${named}, whose type (${built.type}) requires one per variant: the new variant needs an entry here`);
    }
    if (built?.requiresEveryKey === false) {
      return row(3, 2, 1, 4, ['record-key'], `an entry of ${named}${built.type ? ` (${built.type})` : ', an inferred object'}, whose type does not require every variant: compiles; add an entry if lookups by the new variant reach it`);
    }
    if (link.syntax?.record !== 'builds_value') {
      return row(4, 3, 1, 3, ['record-key'], 'an entry for one variant in an object literal: if the object must list every variant, it needs one for the new variant too');
    }
  }
  if (FLOW_LIKE_ROLES.has(role) && namesOneVariant(line, column)) {
    return row(3, 1, 1, 4, [], 'typed with one named variant: unaffected by a new one');
  }
  // A check nearby counts for the sites that make up the switch / map; for others only on their own line
  // (`return LLMKind.OpenAI` inside a switch over strings is not a break site).
  const nearbyCounts = role === 'case_pattern' || role === 'comparison' || role === 'object_key' || role === 'other';
  const marker = EXHAUSTIVE_MARKERS.find((m) => m.pattern.test(nearbyCounts ? link.snippet : line));
  if (marker) {
    const tags = role === 'case_pattern' || role === 'comparison' ? ['exhaustive', 'pattern-match', 'breaks-on-add'] : ['exhaustive', 'breaks-on-add'];
    return row(5, 5, 2, 5, tags, `exhaustiveness check nearby (${marker.name}): the new variant fails here until it is handled`);
  }
  const destination = link.destination;
  if (destination?.room === 'no_room') {
    return row(5, 5, 2, 4, ['breaks-on-add'], `gives a value of the type to \`${destination.name}\`, typed ${destination.type}: a closed list the new variant is not on`);
  }
  if (destination?.room === 'unknown') {
    return row(4, 3, 2, 3, [], `gives a value of the type to \`${destination.name}\`, typed ${destination.type} (another type): check the new variant fits there`);
  }
  if (role === 'case_pattern' && hasSilentDefault(link.snippet)) {
    return row(5, 4, 2, 4, ['pattern-match', 'breaks-on-add'], 'switch/match with a default branch: the new variant falls into it silently; check the default is right');
  }
  if (role === 'object_key' && OPTIONAL_KEYS.test(line)) {
    return row(4, 2, 1, 4, ['record-key'], 'optional keys (a Partial Record or an optional mapped type): a new variant needs no entry here');
  }
  if (role === 'object_key' && link.syntax?.record === 'declares_type') {
    return row(4, 3, 2, 4, ['record-key', 'property-flow'], 'declares a type keyed by the variants (a Record / mapped type): the objects built with it need an entry for the new variant, not this line; followed to them');
  }
  const assigned = link.assignedObject;
  if (assigned?.keys === 'listed') {
    return row(5, 5, 2, 4, ['record-key', 'breaks-on-add'], `assigns \`${assigned.name}\` (${assigned.type}), whose type lists its keys, where every variant needs one: it lacks the new variant`);
  }
  if (link.recordOfTarget && buildsObjectAt(line, link.location.column)) {
    return row(5, 5, 1, 4, ['record-key', 'exhaustive', 'breaks-on-add'], 'builds an object of a type keyed by the variants (a Record / mapped type over it): the new variant needs an entry here');
  }
  if ((role === 'object_key' || link.indexedObject) && isIndexByValue(line, link.location.column) && !RECORD_KEY.test(line)) {
    const object = link.indexedObject;
    if (object && !object.valueCarriesAny) {
      return row(3, 1, 1, 4, [], `indexes \`${object.name}\` with a value declared as specific variants: a new variant never reaches it`);
    }
    if (object?.keys === 'listed') {
      return row(5, 5, 2, 5, ['record-key', 'exhaustive', 'breaks-on-add'], `indexes \`${object.name}\` (${object.type}), whose type lists its keys: the new variant is not one of them, so this stops compiling until the type has an entry for it`);
    }
    if (object?.keys === 'open') {
      return row(3, 2, 2, 4, ['record-key'], `indexes \`${object.name}\` (${object.type}), whose type admits the new key: compiles; the entry is added where the object is built`);
    }
    // `queues[type]`: only breaks when the object's type spells out its keys; a Record over the type
    // (or a Partial one) already admits the new key. Which one it is takes the object's type: review it.
    return row(5, 3, 2, 4, ['record-key', 'breaks-on-add'], 'indexes an object with a value of the type: breaks if that object lists its keys (not a Record over the type); check it has an entry for the new variant');
  }
  if (role === 'object_key' && MAP_KEY.test(line) && !RECORD_KEY.test(line)) {
    return row(4, 3, 2, 4, ['record-key'], 'map keyed by the type: not checked for completeness, a missing entry fails at run time');
  }
  if (role === 'type_reference' && TYPE_ALIAS.test(line)) {
    return row(4, 3, 2, 4, ['type-annotation', 'property-flow'], 'type alias over the type: follow the alias to its switches and maps');
  }
  return base;
}

/** explain / locate: relevance from word overlap between the question and the link (file comment, step 4). */
function matchRow(query: AnalyzedQuery, link: ScoutLink, role: UsageRole): HeuristicRow {
  if (role === 'import' && !isDefinitionLink(link)) return IGNORED_IMPORT('the definition is elsewhere');
  if (role === 'export' && !isDefinitionLink(link)) return IGNORED_EXPORT('the definition is elsewhere');
  const terms = queryTerms(query);
  const { names, body } = linkTerms(link);
  let covered = 0;
  let nameHits = 0;
  const hit: string[] = [];
  for (const term of terms) {
    if (names.has(term)) {
      covered += 1;
      nameHits += 1;
      hit.push(term);
    } else if (body.has(term)) {
      covered += 0.6;
      hit.push(term);
    }
  }
  const coverage = terms.length > 0 ? covered / terms.length : 0;
  const exact = namesQueryTarget(query, link);
  const definition = isDefinitionLink(link);
  let relevance = terms.length === 0 ? 2 : 1 + Math.round(4 * coverage);
  if (exact) relevance = 5;
  if (definition && relevance < 5 && coverage > 0) relevance += 1;
  const isCall = role === 'call' || link.relation === 'incoming_call' || link.relation === 'outgoing_call';
  const tags: string[] = [];
  if (definition && relevance >= 3) tags.push('definition');
  if (exact || nameHits > 0) tags.push('name-match');
  if (relevance >= 3 && isCall) tags.push('call-site');
  if (relevance >= 3 && (link.relation === 'implementation' || role === 'implements' || role === 'extends')) tags.push('implementation');
  const lines = link.snippet.split(/\r?\n/).length;
  const confidence = terms.length === 0 ? 2 : exact ? 5 : nameHits > 0 ? 4 : 3;
  const what = definition ? 'definition' : link.relation === 'outgoing_call' ? 'called from the subject' : isCall ? 'call site' : role.replace(/_/g, ' ');
  const reason = exact
    ? `${what} of ${link.symbol}, named in the question`
    : hit.length > 0
      ? `${what}; matches ${hit.join(', ')} (${Math.round(coverage * 100)}% of the question's words)`
      : `${what}; none of the question's words appear here`;
  return row(relevance, definition ? 2 : 1, lines > 12 ? 3 : 2, confidence, tags, reason);
}

/** Caller tags outside the known vocabulary, assigned when all their words appear in the link. */
function customTags(query: AnalyzedQuery, link: ScoutLink): string[] {
  const unknown = query.tags.filter((t) => !KNOWN_TAGS.includes(normalizeTag(t)));
  if (unknown.length === 0) return [];
  const text = new Set(codeTokens(`${link.symbol ?? ''} ${link.enclosing ?? ''} ${link.snippet} ${link.hover ?? ''} ${link.location.file}`));
  return unknown.filter((tag) => {
    const words = tag.split(/[-_\s]+/).filter(Boolean);
    return words.length > 0 && words.every((w) => identifierParts(w).map(stem).every((s) => text.has(s)));
  });
}

/** The row used for a link (tags not yet filtered to the query's). */
export function heuristicRow(query: AnalyzedQuery, link: ScoutLink): HeuristicRow & { guessedRole: boolean; role: UsageRole } {
  const { role, guessed } = resolveRole(link);
  let base: HeuristicRow;
  if (query.intent === 'explain' || query.intent === 'locate') base = matchRow(query, link, role);
  else {
    base = structuralRow(query.intent, link, query, role);
    if (query.intent === 'add_variant' && (link.relation === 'reference' || link.relation === 'seed' || link.relation === 'incoming_call')) {
      base = addVariantEvidence(base, link, role);
    }
  }
  return { ...base, guessedRole: guessed, role };
}

/** The heuristic rubric of one link. Pure. */
export function heuristicRubric(query: AnalyzedQuery, link: ScoutLink): Rubric {
  const r = heuristicRow(query, link);
  // The query's tags that apply, in the query's order.
  const candidates = new Set([...r.tags, ...customTags(query, link)].map((t) => t.toLowerCase()));
  const tags = query.tags.filter((t, i) => candidates.has(t.toLowerCase()) && query.tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i);
  const confidence = r.guessedRole ? Math.max(1, r.confidence - 1) : r.confidence;
  const reason = r.guessedRole ? `${r.reason} (role guessed from the code line: ${r.role})` : r.reason;
  return { relevance: r.relevance, risk: r.risk, complexity: r.complexity, confidence, tags, reason: capReason(reason) };
}

/**
 * Why the link can be safely ignored for this question (imports and re-exports for most intents),
 * or null when it matters. Synthesis counts these by role instead of listing them as pointers.
 */
export function safelyIgnoredReason(query: AnalyzedQuery, link: ScoutLink): string | null {
  const r = heuristicRow(query, link);
  return r.ignored ? r.reason : null;
}

export class HeuristicScorer implements Scorer {
  readonly name = 'heuristic';

  async rate(query: AnalyzedQuery, links: readonly ScoutLink[], signal?: AbortSignal): Promise<Rating[]> {
    signal?.throwIfAborted();
    return links.map((link) => ({ rubric: heuristicRubric(query, link), source: 'heuristic' as const }));
  }
}
