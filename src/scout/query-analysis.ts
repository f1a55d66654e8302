/**
 * Query analysis: from a fuzzy question to what the exploration needs to start.
 *
 * - identifiers: names written in code style (backticks, CamelCase, snake_case, dotted `a.b` / `a::b`,
 *   quoted 'x' / "x", capitalized words inside a sentence) in order of appearance, plus a plain word
 *   the intent names ("rename foo to bar", "who calls route");
 * - intent: the first rule of `INTENT_RULES` whose pattern matches (the table is ordered, most specific first);
 * - change: for a change question, the change a checker can make and verify (change-request.ts);
 * - tags: the caller's, else the intent's defaults (`INTENT_PROFILES`);
 * - freeText: the remaining content words, for full-text search seeds;
 * - interpretation: one sentence saying how the question was read (answers quote it).
 *
 * Pure and table-driven: no I/O, the same question always gives the same analysis.
 */
import { CHANGE_TYPE, changeReading, MAKE_OPTIONAL, requestedChange } from './change-request.js';
import type { LinkRelation } from './link.js';
import { normalizeTags } from './tags.js';
import type { ChangeSpec } from './verify/checker.js';

import { INTENTS, type Intent } from './intent.js';

export { INTENTS, type Intent } from './intent.js';

export interface AnalyzedQuery {
  /** The question as asked (trimmed). */
  text: string;
  intent: Intent;
  /** Code names in the question, in order of appearance, without duplicates. */
  identifiers: string[];
  /** The identifier the question is about (the seed to look up first), or null when it names none. */
  target: string | null;
  /** For a rename: the new name ("rename parseConfig to loadConfig" → loadConfig), else null. */
  newName: string | null;
  /** The change the question asks about, which the verify step makes in memory; absent when it asks none a checker can make. */
  change?: ChangeSpec;
  /** File paths named in the question (`src/router.ts`). */
  paths: string[];
  /** Interest tags, normalized (see tags.ts). */
  tags: string[];
  /** Whether the tags are the caller's or this intent's defaults. */
  tagsFrom: 'caller' | 'intent';
  /** Content words left once code names, question words and intent cue words are removed. */
  freeText: string;
  /** One sentence: how the question was read. */
  interpretation: string;
  /** The caller's descriptions of its tags (for model scorers), when given. */
  tagHints?: Record<string, string>;
  /**
   * Set when the target is a plain word taken from after the intent's cue ("where are API keys read")
   * rather than a name written in code style: if nothing in the code has that name, the question is
   * searched as text instead.
   */
  targetFromProse?: true;
}

export interface IntentProfile {
  /** Reading of the question; `{target}` is replaced by the target (or what stands for it). */
  reading: string;
  /** What the exploration looks for, for the interpretation sentence. */
  lookingFor: string;
  /** Tags used when the caller gives none. */
  defaultTags: readonly string[];
  /** Relations worth following from a node for this intent (the loop's expansion set). */
  follow: readonly LinkRelation[];
}

export const INTENT_PROFILES: Readonly<Record<Intent, IntentProfile>> = {
  add_variant: {
    reading: 'what breaks when a variant is added to {target}',
    lookingFor:
      'exhaustive switches and matches, Record and mapped-type keys and exhaustiveness checks over it, through the properties and parameters that carry it',
    // property-flow: the seed formula prunes annotation sites under a wide fan-out without a tag match,
    // and the sites reached only through a property (`switch (config.kind)` with `kind: LLMKind`) need them expanded.
    defaultTags: ['exhaustive', 'pattern-match', 'record-key', 'breaks-on-add', 'property-flow'],
    follow: ['reference', 'property_flow', 'implementation'],
  },
  remove: {
    reading: 'what breaks when {target} is removed',
    lookingFor: 'every call, reference, pattern and key that stops compiling without it',
    defaultTags: ['breaks-on-remove', 'call-site', 'pattern-match', 'record-key'],
    follow: ['reference', 'incoming_call', 'property_flow', 'implementation'],
  },
  rename: {
    reading: 'renaming {target}',
    lookingFor: 'every site whose text must change, re-exports and implementations included',
    defaultTags: ['rename-site', 're-export', 'implementation'],
    follow: ['reference', 'implementation'],
  },
  change_signature: {
    reading: 'what breaks when the signature of {target} changes',
    lookingFor: 'call sites, implementations and overrides that must follow the new signature',
    defaultTags: ['call-site', 'breaks-on-change', 'implementation', 'signature'],
    follow: ['reference', 'incoming_call', 'implementation'],
  },
  find_usages: {
    reading: 'where {target} is used',
    lookingFor: 'its call sites, type annotations, implementations and pattern matches',
    defaultTags: ['call-site', 'type-annotation', 'implementation', 'pattern-match'],
    follow: ['reference', 'incoming_call', 'implementation', 'property_flow'],
  },
  explain: {
    reading: 'how {target} works',
    lookingFor: 'its definition, what it calls and who calls it',
    defaultTags: ['definition', 'name-match', 'call-site', 'implementation'],
    follow: ['definition', 'outgoing_call', 'incoming_call', 'reference'],
  },
  locate: {
    reading: 'where {target} is',
    lookingFor: 'definitions whose names and code match the question',
    defaultTags: ['definition', 'name-match', 'implementation'],
    follow: ['definition', 'reference', 'implementation'],
  },
};

export interface IntentRule {
  intent: Intent;
  /** Any match selects the intent. */
  patterns: readonly RegExp[];
  /** A match of one of these is followed by the target's name ("who calls X", "rename X"). */
  targetCues: readonly RegExp[];
  /** Words that only say which intent this is; removed from freeText. */
  cueWords: readonly string[];
}

// Whole words only: `ParameterSource` or `ArgsParser` named in a question is a name, not the word "parameter".
const PARAM_WORDS = String.raw`(?:param(?:eter)?s?|arg(?:ument)?s?|return\s+types?|overloads?)\b`;

/** Ordered: the first rule with a matching pattern decides. `locate` is the fallback. */
export const INTENT_RULES: readonly IntentRule[] = [
  {
    intent: 'rename',
    patterns: [/\brenam(?:e|es|ing|ed)\b/i],
    targetCues: [/\brenam(?:e|es|ing|ed)\b/gi],
    cueWords: ['rename', 'renames', 'renaming', 'renamed', 'to', 'as', 'into', 'name', 'change'],
  },
  {
    intent: 'change_signature',
    patterns: [
      /\bsignatures?\b/i,
      new RegExp(String.raw`\b(?:add|adding|remove|removing|drop|dropping|reorder|reordering|change|changing|rename|make|making|swap|swapping)\b[^.?!]*\b${PARAM_WORDS}`, 'i'),
      new RegExp(String.raw`\b(?:new|extra|optional|required|another)\s+${PARAM_WORDS}`, 'i'),
      // A property's or a parameter's type: "make `Config.timeout` optional", "change the type of `Options.retries` to string".
      MAKE_OPTIONAL,
      CHANGE_TYPE,
    ],
    targetCues: [new RegExp(String.raw`\b(?:signatures?|${PARAM_WORDS})\s+(?:of|to|for|in|from)\b`, 'gi'), /\b(?:to|of|from|for|in)\b/gi],
    cueWords: [
      'change', 'changing', 'changed', 'modify', 'modifying', 'alter', 'signature', 'signatures', 'parameter', 'parameters',
      'param', 'params', 'argument', 'arguments', 'arg', 'args', 'return', 'type', 'overload', 'add', 'adding', 'remove',
      'removing', 'drop', 'new', 'extra', 'optional', 'required', 'another', 'break', 'breaks', 'reorder', 'make',
      'types', 'nullable',
    ],
  },
  {
    intent: 'add_variant',
    patterns: [
      /\b(?:add|adds|adding|added|introduc\w*|insert\w*|extend\w*)\b[^.?!]*\b(?:variants?|members?|cases?|constructors?|kinds?|values?|options?|alternatives?|providers?|enum)\b/i,
      /\b(?:new|another|extra|fourth|third|fifth|sixth|additional)\s+(?:variant|member|case|constructor|enum\s+value|kind|alternative)s?\b/i,
      /\badd(?:s|ing|ed)?\s+[A-Z][\w$]*\s+(?:to|into)\s+[A-Z][\w$]*/,
    ],
    targetCues: [/\b(?:to|into|in|of|for)\b/gi],
    cueWords: [
      'add', 'adds', 'adding', 'added', 'introduce', 'introducing', 'insert', 'extend', 'extending', 'new', 'another', 'extra',
      'fourth', 'third', 'fifth', 'sixth', 'additional', 'variant', 'variants', 'member', 'members', 'case', 'cases',
      'constructor', 'constructors', 'kind', 'value', 'values', 'alternative', 'break', 'breaks', 'broken', 'enum',
    ],
  },
  {
    intent: 'remove',
    patterns: [/\b(?:remove|removes|removing|removed|delete|deletes|deleting|deleted|drop|drops|dropping|get\s+rid\s+of|deprecat\w*|eliminat\w*)\b/i],
    targetCues: [/\b(?:remove|removes|removing|removed|delete|deletes|deleting|deleted|drop|drops|dropping|rid\s+of|deprecate|deprecating|eliminate|eliminating)\b/gi],
    cueWords: [
      'remove', 'removes', 'removing', 'removed', 'delete', 'deletes', 'deleting', 'deleted', 'drop', 'drops', 'dropping',
      'get', 'rid', 'deprecate', 'deprecating', 'deprecated', 'eliminate', 'eliminating', 'break', 'breaks', 'safely',
    ],
  },
  {
    intent: 'find_usages',
    patterns: [
      /\b(?:who|what|which(?:\s+\w+)?)\s+(?:calls?|uses?|references?|imports?|depends?\s+on|instantiates?|extends?|implements?|reads?|writes?)\b/i,
      /\b(?:callers?|usages?|uses|references?|call\s+sites?|users|consumers|dependents|importers)\s+(?:of|to|for)\b/i,
      /\bwhere\s+(?:is|are|do|does)\b[^.?!]*\b(?:used|called|referenced|imported|instantiated|invoked|read|set)\b/i,
      /\bhow\s+(?:is|are)\s+\S+\s+used\b/i,
      /\b(?:find|list|show)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?(?:usages?|uses|references?|callers?|call\s+sites?)\b/i,
      /\bwhat\s+(?:breaks|would\s+break|will\s+break|is\s+affected|depends)\b/i,
      /\bimpact\s+of\b/i,
      /\bis\s+\S+\s+(?:still\s+)?(?:used|called)\b/i,
    ],
    targetCues: [
      /\b(?:calls?|uses?|references?|imports?|depends\s+on|instantiates?|extends?|implements?|callers?\s+of|usages?\s+of|uses\s+of|references?\s+to|call\s+sites?\s+of|users\s+of|consumers\s+of|dependents\s+of|importers\s+of|impact\s+of|change|changing|modify|modifying)\b/gi,
      /\b(?:where|how)\s+(?:is|are|do|does)\b/gi,
      /\bis\b/gi,
    ],
    cueWords: [
      'call', 'calls', 'called', 'caller', 'callers', 'use', 'uses', 'used', 'usage', 'usages', 'user', 'users', 'reference',
      'references', 'referenced', 'import', 'imports', 'imported', 'importers', 'depend', 'depends', 'dependents', 'instantiate',
      'instantiates', 'instantiated', 'extend', 'extends', 'implement', 'implements', 'invoked', 'site', 'sites', 'consumers',
      'break', 'breaks', 'affected', 'impact', 'change', 'changing', 'modify', 'still', 'read', 'reads', 'set',
    ],
  },
  {
    intent: 'explain',
    patterns: [
      /\b(?:explain|explains|describe|walk\s+(?:me\s+)?through|understand|overview\s+of|purpose\s+of)\b/i,
      /\bhow\s+(?:does|do|is|are|did|can|should|would)\b/i,
      /\bhow\b[^.?!]*\bworks?\b/i,
      /\bwhy\b/i,
      /\bwhat\s+(?:does|do|is|are)\b/i,
    ],
    targetCues: [/\b(?:explain|describe|through|understand|overview\s+of|purpose\s+of|how\s+(?:does|do|is|are)|what\s+(?:does|do|is|are))\b/gi],
    cueWords: [
      'explain', 'describe', 'walk', 'through', 'understand', 'overview', 'purpose', 'work', 'works', 'working', 'happen',
      'happens', 'mean', 'means', 'why',
    ],
  },
  {
    intent: 'locate',
    patterns: [/\bwhere\b/i, /\b(?:find|locate|which\s+file|look\s+for|search)\b/i],
    targetCues: [/\b(?:where\s+(?:is|are|do|does)|find|locate|look\s+for|search\s+for)\b/gi],
    cueWords: ['where', 'find', 'locate', 'look', 'search', 'defined', 'definition', 'file', 'files', 'located', 'live', 'lives', 'handled', 'implemented'],
  },
];

/** Question and filler words: never identifiers on their own, never search terms. */
const STOP_WORDS = new Set(
  (
    'a an the of to in on for from with by at as if i we you it its it\'s this that these those and or not no is are was were be ' +
    'been being do does did can could should would will shall may might must me my our us your their there here any all some ' +
    'please show tell give get list what which who whom whose where when why how about into onto than then so also just only ' +
    'code codebase repo repository project thing things something anything every each one ones other else way ways need needs ' +
    'want wants let lets make makes happen happens work works i\'m i\'d i\'ll gets see'
  ).split(/\s+/),
);

/** Nouns that name a kind of symbol: skipped when looking for the name after a cue ("remove the function foo"). */
const GENERIC_NOUNS = new Set(
  (
    'function functions method methods class classes type types enum enums variant variants member members field fields ' +
    'property properties parameter parameters param params argument arguments arg args variable variables constant constants ' +
    'module modules file files provider providers interface interfaces struct structs trait traits case cases value values ' +
    'option options signature symbol constructor constructors new old current existing whole entire fourth third ' +
    'another extra additional'
  ).split(/\s+/),
);

/** Upper-case words that are acronyms in prose, not constants. */
/** Kind nouns that add nothing to a text search ("find the function that parses durations"). */
const SEARCH_FILLER = new Set('function functions method methods class classes variable variables logic stuff part parts place places'.split(' '));

const ACRONYMS = new Set('API APIS HTTP HTTPS JSON YAML TOML HTML CSS URL URLS URI ID IDS LLM LLMS LSP MCP CLI CPU GPU SQL REST RPC UI UX OS IO DB TS JS AST UTF OK TODO'.split(' '));

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const QUALIFIED = String.raw`${IDENT}(?:(?:\.|::)${IDENT})*`;
const IS_QUALIFIED = new RegExp(`^${QUALIFIED}$`);
const FILE_EXTENSIONS = 'ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|go|rs|java|kt|hs|lhs|c|h|cc|cpp|hpp|cs|rb|php|swift|scala|json|md|yaml|yml|toml|cabal|scm|sql|sh';
const HAS_EXTENSION = new RegExp(String.raw`^[\w.@/-]*[\w@-]\.(?:${FILE_EXTENSIONS})$`);

/**
 * A file path rather than a dotted name: ends in a known source extension (`config.ts`, `src/a.py`),
 * or (lenient, inside backticks or quotes) contains a slash; outside them a bare `a/b` is prose ("and/or")
 * unless it has two slashes.
 */
function looksLikePath(value: string, lenient: boolean): boolean {
  if (/\s/.test(value)) return false;
  if (HAS_EXTENSION.test(value)) return true;
  const slashes = (value.match(/\//g) ?? []).length;
  return /^[\w.@/-]+$/.test(value) && (lenient ? slashes >= 1 : slashes >= 2);
}
const NOT_DOTTED = new Set(['e.g', 'i.e', 'etc', 'vs', 'a.k.a']);

interface Found {
  value: string;
  index: number;
  /** Written in code style (backticks, quotes, camel/snake/dotted): a name rather than a word. */
  strong: boolean;
}

/** Replace a span with spaces so later passes skip it and indices stay valid. */
function mask(text: string, start: number, end: number): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

function cleanName(raw: string): string {
  return raw
    .trim()
    .replace(/\(\s*\)$/, '')
    .replace(/'s$/, '')
    .replace(/^[^\w$]+|[^\w$]+$/g, '');
}

function atSentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/\s+$/, '');
  return before === '' || /[.?!:;\n>*-]$/.test(before) || /["'(]$/.test(before);
}

/** Classify one bare word: a code name (strong), a capitalized word inside a sentence (weak), or prose (null). */
function classifyWord(word: string, text: string, index: number): Found | null {
  if (STOP_WORDS.has(word.toLowerCase())) return null;
  if (/_/.test(word) && /[A-Za-z]/.test(word)) return { value: word, index, strong: true };
  if (/\$/.test(word)) return { value: word, index, strong: true };
  const hasLower = /[a-z]/.test(word);
  if (hasLower && /[A-Z]/.test(word.slice(1))) return { value: word, index, strong: true }; // camelCase, PascalCase, LLMKind
  if (!hasLower && /^[A-Z][A-Z0-9]+$/.test(word)) {
    return word.length >= 4 && !ACRONYMS.has(word) ? { value: word, index, strong: true } : null;
  }
  if (/^[A-Z][a-z0-9]+$/.test(word) && !atSentenceStart(text, index) && !GENERIC_NOUNS.has(word.toLowerCase())) {
    return { value: word, index, strong: false };
  }
  return null;
}

interface Extraction {
  found: Found[];
  paths: string[];
  /** Text with backticks and quotes removed (their content kept), for intent and cue matching. */
  plain: string;
}

function extract(text: string): Extraction {
  const found: Found[] = [];
  const pathHits: Array<{ value: string; index: number }> = [];
  const addPath = (value: string, index: number): void => {
    if (!pathHits.some((p) => p.value === value)) pathHits.push({ value, index });
  };
  let masked = text;
  const addName = (raw: string, index: number, strong: boolean, lenientPath: boolean): void => {
    const isCall = /\(\s*\)$/.test(raw.trim());
    const value = cleanName(raw);
    if (value === '') return;
    if (!isCall && looksLikePath(value, lenientPath)) {
      addPath(value, index);
      return;
    }
    if (IS_QUALIFIED.test(value)) found.push({ value, index, strong });
  };

  // 1. Backticks: the author says this is code.
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const inner = m[1] ?? '';
    const cleaned = cleanName(inner);
    if (IS_QUALIFIED.test(cleaned) || looksLikePath(cleaned, true)) addName(inner, m.index, true, true);
    else {
      // A code expression: take the names in it that look like code.
      for (const w of inner.matchAll(new RegExp(QUALIFIED, 'g'))) {
        const word = w[0];
        if (/[.:]/.test(word) || classifyWord(word, 'x ' + word, 2)?.strong) addName(word, m.index + 1 + w.index, true, false);
      }
    }
    masked = mask(masked, m.index, m.index + m[0].length);
  }
  // 2. Quoted names: 'x' or "x" (a quoted phrase stays prose).
  for (const m of masked.matchAll(/(^|[\s([{,])(['"])([^'"\n]+?)\2(?=$|[\s)\]},.;:?!])/g)) {
    const inner = m[3] ?? '';
    const start = m.index + (m[1]?.length ?? 0);
    if (IS_QUALIFIED.test(cleanName(inner)) || looksLikePath(cleanName(inner), true)) {
      addName(inner, start, true, true);
      masked = mask(masked, start, start + inner.length + 2);
    }
  }
  // 3. Paths: a file name with a known extension, or a path with two or more slashes.
  for (const m of masked.matchAll(/(?<![\w.@/-])[\w.@-]+(?:\/[\w.@-]+)*(?![\w/(])/g)) {
    const value = m[0].replace(/\.+$/, '');
    if (!looksLikePath(value, false)) continue;
    addPath(value, m.index);
    masked = mask(masked, m.index, m.index + m[0].length);
  }
  // 4. Dotted and `::` names: Router.route, LLMKind.OpenAI, Kind::A.
  for (const m of masked.matchAll(new RegExp(String.raw`(?<![\w$.])${IDENT}(?:(?:\.|::)${IDENT})+(?:\(\))?`, 'g'))) {
    if (NOT_DOTTED.has(m[0].toLowerCase())) continue;
    addName(m[0], m.index, true, false);
    masked = mask(masked, m.index, m.index + m[0].length);
  }
  // 5. Single words.
  for (const m of masked.matchAll(new RegExp(String.raw`(?<![\w$'])${IDENT}`, 'g'))) {
    const hit = classifyWord(m[0], masked, m.index);
    if (hit) found.push(hit);
  }
  found.sort((a, b) => a.index - b.index);
  const paths = pathHits.sort((a, b) => a.index - b.index).map((p) => p.value);
  const plain = text.replace(/`([^`\n]+)`/g, ' $1 ').replace(/(^|[\s([{,])(['"])([^'"\n]+?)\2(?=$|[\s)\]},.;:?!])/g, '$1$3');
  return { found, paths, plain };
}

/**
 * The first usable name after one of the cues (skipping articles, filler and kind nouns, unless the
 * question writes the word as code: "rename `any`" is about a symbol named `any`).
 */
function nameAfterCues(plain: string, cues: readonly RegExp[], code: ReadonlySet<string> = new Set()): Array<{ value: string; index: number }> {
  const out: Array<{ value: string; index: number }> = [];
  for (const cue of cues) {
    const re = new RegExp(cue.source, cue.flags.includes('g') ? cue.flags : `${cue.flags}g`);
    for (const m of plain.matchAll(re)) {
      const after = plain.slice(m.index + m[0].length);
      const words = after.match(new RegExp(String.raw`${QUALIFIED}(?:\(\))?|[^\s\w$]+`, 'g')) ?? [];
      for (const raw of words.slice(0, 4)) {
        const word = cleanName(raw);
        if (word === '' || !IS_QUALIFIED.test(word)) break; // punctuation ends the phrase
        const lower = word.toLowerCase();
        if ((STOP_WORDS.has(lower) || GENERIC_NOUNS.has(lower)) && !code.has(word)) continue;
        out.push({ value: word, index: m.index + m[0].length });
        break;
      }
    }
  }
  return out;
}

/** Intents whose questions name a symbol: a plain word after the cue is taken as its name. */
const NAMES_A_SYMBOL: ReadonlySet<Intent> = new Set(['add_variant', 'remove', 'rename', 'change_signature', 'find_usages']);

export function detectIntent(text: string): IntentRule {
  for (const rule of INTENT_RULES) {
    if (rule.patterns.some((p) => p.test(text))) return rule;
  }
  return INTENT_RULES[INTENT_RULES.length - 1] as IntentRule;
}

/**
 * Analyze a question. `tags` (array or comma-separated string) replace the intent's defaults when
 * they contain at least one non-empty tag.
 */
export function analyzeQuery(text: string, tags?: readonly string[] | string | null): AnalyzedQuery {
  const question = text.trim();
  const { found, paths, plain } = extract(question);
  // A code span names a symbol, never the intent: "remove `Arg`" removes a function, it changes no argument.
  const rule = detectIntent(question.replace(/`[^`\n]+`/g, ' X '));
  const intent = rule.intent;

  const identifiers: string[] = [];
  for (const f of found) if (!identifiers.includes(f.value)) identifiers.push(f.value);
  const strong = found.filter((f) => f.strong).map((f) => f.value);

  // The target: a name right after one of the intent's cues, preferring code-style names.
  const cued = nameAfterCues(plain, rule.targetCues, new Set(strong));
  let target: string | null = null;
  const cuedKnown = cued.find((c) => identifiers.includes(c.value) && strong.includes(c.value)) ?? cued.find((c) => identifiers.includes(c.value));
  if (cuedKnown) target = cuedKnown.value;
  else if (strong.length > 0) target = strong[0] ?? null;
  else if (NAMES_A_SYMBOL.has(intent) && cued[0]) target = cued[0].value;
  else if (identifiers.length > 0) target = identifiers[0] ?? null;
  const plainTarget = target !== null && !identifiers.includes(target);
  if (target !== null && plainTarget) identifiers.unshift(target);

  let newName: string | null = null;
  if (intent === 'rename' && target !== null) {
    const at = plain.indexOf(target);
    const rest = at >= 0 ? plain.slice(at + target.length) : plain;
    const to = nameAfterCues(rest, [/^\s*(?:to|as|into|with|->|→|=>)(?=\s|$)/g])[0];
    if (to) {
      newName = to.value;
      if (!identifiers.includes(newName)) identifiers.push(newName);
    }
  }

  // The change to verify; "remove `B` from `Kind`" changes `Kind` (its member `B`).
  const requested = requestedChange(question, intent, target, newName);
  if (requested && requested.target !== target && requested.target !== null) {
    target = requested.target;
    if (!identifiers.includes(target)) identifiers.unshift(target);
  }

  const callerTags = normalizeTags(tags);
  const tagsFrom: 'caller' | 'intent' = callerTags.length > 0 ? 'caller' : 'intent';
  const finalTags = tagsFrom === 'caller' ? callerTags : [...INTENT_PROFILES[intent].defaultTags];

  const freeText = freeTextOf(plain, strong, newName, paths, rule);
  const interpretation = interpret(intent, target, newName, freeText, finalTags, tagsFrom, paths, requested?.change ?? null);
  const analyzed: AnalyzedQuery = { text: question, intent, identifiers, target, newName, paths, tags: finalTags, tagsFrom, freeText, interpretation };
  if (requested) analyzed.change = requested.change;
  if (target !== null && !strong.includes(target)) analyzed.targetFromProse = true;
  return analyzed;
}

function freeTextOf(plain: string, strong: string[], newName: string | null, paths: string[], rule: IntentRule): string {
  let rest = plain;
  for (const p of paths) rest = rest.split(p).join(' ');
  for (const name of [...strong, ...(newName ? [newName] : [])].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(String.raw`(?<![\w$.])${escapeRegExp(name)}(?:\(\))?(?:'s)?(?![\w$])`, 'g'), ' ');
  }
  const cue = new Set(rule.cueWords);
  const words: string[] = [];
  for (const m of rest.matchAll(/[\p{L}\p{N}_$][\p{L}\p{N}_$'-]*/gu)) {
    const word = m[0].replace(/'s$/, '').replace(/[-']+$/, '');
    const lower = word.toLowerCase();
    if (word === '' || STOP_WORDS.has(lower) || SEARCH_FILLER.has(lower) || cue.has(lower) || /^\d+$/.test(word)) continue;
    words.push(word);
  }
  return words.join(' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function interpret(
  intent: Intent,
  target: string | null,
  newName: string | null,
  freeText: string,
  tags: string[],
  tagsFrom: 'caller' | 'intent',
  paths: string[],
  change: ChangeSpec | null,
): string {
  const profile = INTENT_PROFILES[intent];
  let subject: string;
  if (target !== null) subject = `\`${target}\``;
  else if (freeText !== '') subject = `"${freeText}"`;
  else if (paths.length > 0) subject = `\`${paths[0]}\``;
  else subject = 'the code the question describes';
  const own = change ? changeReading(change, subject) : null;
  let reading = own?.reading ?? profile.reading.replace('{target}', subject);
  if (intent === 'rename' && newName !== null) reading += ` to \`${newName}\``;
  const seeds = target === null ? ` (no code name in the question: seeds come from a text search${freeText ? ` for "${freeText}"` : ''})` : '';
  const tagNote = tags.length > 0 ? `tags ${tags.join(', ')} (${tagsFrom === 'caller' ? 'given by the caller' : 'the defaults for this intent'})` : 'no tags';
  return `Read as: ${reading}${seeds}: looking for ${own?.lookingFor ?? profile.lookingFor}; ${tagNote}.`;
}
