import { describe, expect, it } from 'vitest';
import { analyzeQuery, INTENT_PROFILES, INTENTS, type Intent } from '../../src/scout/query-analysis.js';

interface Case {
  q: string;
  intent: Intent;
  identifiers?: string[];
  target?: string | null;
  newName?: string | null;
  freeText?: string;
  paths?: string[];
}

const CASES: Case[] = [
  { q: 'what breaks if I add a variant to `LLMKind`?', intent: 'add_variant', identifiers: ['LLMKind'], target: 'LLMKind', freeText: '' },
  { q: 'LLMKind - adding a fourth variant', intent: 'add_variant', identifiers: ['LLMKind'], target: 'LLMKind' },
  { q: 'add Gemini to LLMKind', intent: 'add_variant', identifiers: ['Gemini', 'LLMKind'], target: 'LLMKind' },
  { q: 'What happens when we introduce a new member in the Color enum?', intent: 'add_variant', target: 'Color' },
  { q: 'adding a new case to llm_kind', intent: 'add_variant', identifiers: ['llm_kind'], target: 'llm_kind' },
  { q: 'where are auth tokens validated?', intent: 'locate', identifiers: [], target: null, freeText: 'auth tokens validated' },
  { q: 'find the function that parses durations', intent: 'locate', target: null, freeText: 'parses durations' },
  { q: 'Where is the config loaded in src/core/config.ts?', intent: 'locate', paths: ['src/core/config.ts'], freeText: 'config loaded' },
  { q: 'rename parseConfig to loadConfig', intent: 'rename', identifiers: ['parseConfig', 'loadConfig'], target: 'parseConfig', newName: 'loadConfig', freeText: '' },
  { q: 'rename the function foo to bar', intent: 'rename', target: 'foo', newName: 'bar' },
  { q: 'Renaming `Router.route` as `Router.dispatch`', intent: 'rename', target: 'Router.route', newName: 'Router.dispatch' },
  { q: 'who calls Router.route', intent: 'find_usages', identifiers: ['Router.route'], target: 'Router.route', freeText: '' },
  { q: 'who calls route', intent: 'find_usages', identifiers: ['route'], target: 'route' },
  { q: "where is 'parse_duration' used?", intent: 'find_usages', identifiers: ['parse_duration'], target: 'parse_duration' },
  { q: 'find all references to ProviderClient', intent: 'find_usages', target: 'ProviderClient' },
  { q: 'what breaks if I change DEFAULT_MODEL', intent: 'find_usages', identifiers: ['DEFAULT_MODEL'], target: 'DEFAULT_MODEL' },
  { q: 'is response.json() still used', intent: 'find_usages', identifiers: ['response.json'] },
  { q: 'explain how retries work', intent: 'explain', identifiers: [], target: null, freeText: 'retries' },
  { q: 'how does the Router pick a provider?', intent: 'explain', identifiers: ['Router'], target: 'Router' },
  { q: 'What does "createClient" do?', intent: 'explain', identifiers: ['createClient'], target: 'createClient' },
  { q: 'remove the Local provider', intent: 'remove', identifiers: ['Local'], target: 'Local' },
  { q: 'can I safely delete `NEEDS_KEY`?', intent: 'remove', identifiers: ['NEEDS_KEY'], target: 'NEEDS_KEY' },
  { q: 'drop LLMKind.Ollama', intent: 'remove', identifiers: ['LLMKind.Ollama'], target: 'LLMKind.Ollama' },
  { q: 'change the signature of createClient', intent: 'change_signature', identifiers: ['createClient'], target: 'createClient', freeText: '' },
  { q: 'add an optional timeout parameter to createClient', intent: 'change_signature', target: 'createClient', freeText: 'timeout' },
  { q: 'what if pricePerMillion returned a bigint instead: change its return type', intent: 'change_signature', target: 'pricePerMillion' },
  { q: 'remove the second argument of Router.ask', intent: 'change_signature', target: 'Router.ask' },
  { q: 'ModelConfig', intent: 'locate', identifiers: ['ModelConfig'], target: 'ModelConfig' },
];

describe('analyzeQuery: phrasings', () => {
  it.each(CASES)('$q', (c) => {
    const a = analyzeQuery(c.q);
    expect(a.intent).toBe(c.intent);
    if (c.identifiers !== undefined) expect(a.identifiers).toEqual(c.identifiers);
    if (c.target !== undefined) expect(a.target).toBe(c.target);
    if (c.newName !== undefined) expect(a.newName).toBe(c.newName);
    if (c.freeText !== undefined) expect(a.freeText).toBe(c.freeText);
    if (c.paths !== undefined) expect(a.paths).toEqual(c.paths);
    expect(a.interpretation).toMatch(/^Read as: .+\.$/);
    expect(a.interpretation.split(/\. /)).toHaveLength(1);
  });
});

describe('analyzeQuery: identifiers', () => {
  it('finds every code style, in order, once', () => {
    const a = analyzeQuery("does `LLMKind` reach parse_config, Router.route, Kind::A, 'quoted_name' and createClient() and LLMKind again?");
    expect(a.identifiers).toEqual(['LLMKind', 'parse_config', 'Router.route', 'Kind::A', 'quoted_name', 'createClient']);
  });

  it('ignores sentence-initial capitals, acronyms, the pronoun I and quoted phrases (they stay search words)', () => {
    const a = analyzeQuery('Where does the API send HTTP requests? I think "the retry loop" handles JSON.');
    expect(a.identifiers).toEqual([]);
    expect(a.freeText).toBe('API send HTTP requests think retry loop handles JSON');
  });

  it('takes code names out of backticked expressions', () => {
    expect(analyzeQuery('what does `switch (config.kind)` do').identifiers).toEqual(['config.kind']);
  });

  it('keeps possessives and file names apart from names', () => {
    const a = analyzeQuery("change createClient's parameters in router.ts and `src/providers/base.ts`");
    expect(a.identifiers).toEqual(['createClient']);
    expect(a.paths).toEqual(['router.ts', 'src/providers/base.ts']);
    expect(a.intent).toBe('change_signature');
  });

  it('does not take e.g. or and/or for names or paths', () => {
    const a = analyzeQuery('where are limits checked, e.g. quotas and/or rates');
    expect(a.identifiers).toEqual([]);
    expect(a.paths).toEqual([]);
  });
});

describe('analyzeQuery: tags', () => {
  it('uses the intent defaults when the caller gives none', () => {
    const a = analyzeQuery('what breaks if I add a variant to `LLMKind`?');
    expect(a.tags).toEqual(['exhaustive', 'pattern-match', 'record-key', 'breaks-on-add', 'property-flow']);
    expect(a.tagsFrom).toBe('intent');
    expect(a.interpretation).toContain('the defaults for this intent');
    for (const intent of INTENTS) expect(INTENT_PROFILES[intent].defaultTags.length).toBeGreaterThan(0);
  });

  it("uses the caller's tags, normalized, from an array or a comma-separated string", () => {
    const a = analyzeQuery('what breaks if I add a variant to LLMKind', ['Exhaustive', ' type family ', 'exhaustive', '']);
    expect(a.tags).toEqual(['exhaustive', 'type-family']);
    expect(a.tagsFrom).toBe('caller');
    expect(a.interpretation).toContain('given by the caller');
    expect(analyzeQuery('x', 'auth, pattern_match').tags).toEqual(['auth', 'pattern-match']);
    expect(analyzeQuery('explain retries', [' ', '']).tagsFrom).toBe('intent');
  });
});

describe('analyzeQuery: interpretation', () => {
  it('says how the question was read', () => {
    expect(analyzeQuery('rename parseConfig to loadConfig').interpretation).toBe(
      'Read as: renaming `parseConfig` to `loadConfig`: looking for every site whose text must change, re-exports and implementations included; tags rename-site, re-export, implementation (the defaults for this intent).',
    );
    expect(analyzeQuery('where are auth tokens validated?').interpretation).toContain('no code name in the question: seeds come from a text search for "auth tokens validated"');
  });

  it('is deterministic and trims the text', () => {
    expect(analyzeQuery('  who calls Router.route  ')).toEqual(analyzeQuery('who calls Router.route'));
    expect(analyzeQuery('  who calls Router.route  ').text).toBe('who calls Router.route');
  });

  it('never throws on odd input', () => {
    for (const q of ['', '???', '`', "''", '``', 'a.b.c.d.e', '日本語の質問', 'x'.repeat(5000)]) {
      const a = analyzeQuery(q);
      expect(INTENTS).toContain(a.intent);
    }
    expect(analyzeQuery('').intent).toBe('locate');
  });
});

describe('names that start with a signature word', () => {
  it('"add a variant to ParameterSource" is about a variant, not a parameter; "add a parameter to parseArgs" is about a parameter', () => {
    expect(analyzeQuery('What breaks if I add a variant to ParameterSource?')).toMatchObject({ intent: 'add_variant', target: 'ParameterSource' });
    expect(analyzeQuery('What breaks if I add a variant to `ArgumentKind`?')).toMatchObject({ intent: 'add_variant', target: 'ArgumentKind' });
    expect(analyzeQuery('what breaks if I add a required parameter to `parseArgs`?')).toMatchObject({ intent: 'change_signature', target: 'parseArgs' });
  });

  it('a name in backticks that is a signature word ("remove `Arg`") is the target, not the intent', () => {
    expect(analyzeQuery('what breaks if I remove `Arg`?')).toMatchObject({ intent: 'remove', target: 'Arg', change: { kind: 'remove' } });
    expect(analyzeQuery('what breaks if I rename `Params` to `Options`?')).toMatchObject({ intent: 'rename', target: 'Params' });
    expect(analyzeQuery('what breaks if I remove the `timeout` parameter of `fetch`?')).toMatchObject({ intent: 'change_signature' });
  });
});
