/** Places: which sites are rated as one node, which are set aside, and what a model scorer is shown. */
import { describe, expect, it } from 'vitest';
import { groupIntoPlaces, newPlaceMemory, seenSite, sitesOf } from '../../src/scout/places.js';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { linkContentHash } from '../../src/scout/rating-cache.js';
import { heuristicRubric } from '../../src/scout/scorers/heuristic.js';
import { describeLinkForPrompt } from '../../src/scout/scorers/rating-prompt.js';
import { link } from './links.js';

const addVariant = analyzeQuery('what breaks if I add a variant to `LLMKind`?');
const rename = analyzeQuery('rename LLMKind to ProviderKind');
const leaf = (): boolean => true;

const SWITCH = ['  switch (config.kind) {', '    case LLMKind.OpenAI:', '      return a();', '    case LLMKind.Anthropic:', '      return b();', '    case LLMKind.Ollama:', '      return c();', '    default:', '      return assertNever(config.kind);', '  }'];
/** The site at `line` (1-based within SWITCH, snippet starting at line 11) of the switch in createClient. */
const inSwitch = (line: number, role: 'case_pattern' | 'member_access', column = 9) =>
  link({ code: SWITCH.map((l, i) => (i === line - 1 ? `>>${l}` : l)).join('\n'), at: 11, role, enclosing: 'createClient', column });

describe('groupIntoPlaces', () => {
  it('rates the case labels of one switch as one node, the others riding along', () => {
    const cases = [inSwitch(2, 'case_pattern'), inSwitch(4, 'case_pattern'), inSwitch(6, 'case_pattern')];
    const memory = newPlaceMemory();
    const nodes = groupIntoPlaces(addVariant, cases, memory, leaf);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.alsoAt?.map((l) => l.location.line)).toEqual([14, 16]);
    expect(sitesOf(nodes[0]!)).toHaveLength(3);
    // Folded sites are remembered: the next step does not find them again.
    expect(seenSite(memory, new Set<string>(), cases[1]!.id)).toBe(true);
  });

  it('keeps a site the heuristic reads differently in its own node, even in the same function', () => {
    const assertNever = inSwitch(9, 'member_access', 25);
    const cases = [inSwitch(2, 'case_pattern'), assertNever];
    expect(heuristicRubric(addVariant, assertNever)).not.toEqual(heuristicRubric(addVariant, cases[0]!));
    expect(groupIntoPlaces(addVariant, cases, newPlaceMemory(), leaf)).toHaveLength(2);
  });

  it('folds the same reading across definitions of one file, never across files, nor a site that leads on (not a leaf)', () => {
    const a = inSwitch(2, 'case_pattern');
    const b = { ...inSwitch(4, 'case_pattern'), enclosing: 'pricePerMillion' };
    expect(groupIntoPlaces(addVariant, [a, b], newPlaceMemory(), leaf)).toHaveLength(1);
    expect(describeLinkForPrompt(groupIntoPlaces(addVariant, [a, b], newPlaceMemory(), leaf)[0]!, 1)).toContain('14 (in pricePerMillion): case LLMKind.Anthropic:');
    const elsewhere = { ...inSwitch(4, 'case_pattern'), id: 'other-file', location: { file: 'src/pricing.ts', line: 14, column: 9 } };
    expect(groupIntoPlaces(addVariant, [a, elsewhere], newPlaceMemory(), leaf)).toHaveLength(2);
    const c = inSwitch(4, 'case_pattern');
    expect(groupIntoPlaces(addVariant, [a, c], newPlaceMemory(), () => false)).toHaveLength(2);
  });

  it('sets aside the imports the intent ignores, unrated, but rates them when they matter (rename)', () => {
    const imp = link({ code: "import { LLMKind } from './kinds.js';", file: 'src/config.ts', at: 1, role: 'import' });
    const memory = newPlaceMemory();
    expect(groupIntoPlaces(addVariant, [imp], memory, leaf)).toEqual([]);
    expect(memory.setAside).toHaveLength(1);
    expect(memory.setAside[0]!.reason).toMatch(/safely ignored/);
    expect(seenSite(memory, new Set<string>(), imp.id)).toBe(true);
    expect(groupIntoPlaces(rename, [imp], newPlaceMemory(), leaf)).toHaveLength(1);
  });

  it('does not rate a line again when another name reaches it and it reads the same', () => {
    const memory = newPlaceMemory();
    const viaType = link({ code: "return kind === LLMKind.Ollama ? 'local' : 'hosted';", at: 16, role: 'comparison', enclosing: 'label' });
    const viaParameter = { ...viaType, id: `${viaType.id}-kind`, symbol: 'kind' };
    expect(groupIntoPlaces(addVariant, [viaType], memory, leaf)).toHaveLength(1);
    expect(groupIntoPlaces(addVariant, [viaParameter], memory, leaf)).toHaveLength(0);
    expect(memory.repeats).toBe(1);
  });
});

describe('a node with folded sites', () => {
  it('shows a model scorer the folded lines, and its rating cache key covers them', () => {
    const node = groupIntoPlaces(addVariant, [inSwitch(2, 'case_pattern'), inSwitch(4, 'case_pattern')], newPlaceMemory(), leaf)[0]!;
    const prompt = describeLinkForPrompt(node, 1);
    expect(prompt).toMatch(/same kind of site at line 14/);
    expect(prompt).toContain('14: case LLMKind.Anthropic:');
    expect(linkContentHash(node)).not.toBe(linkContentHash({ ...node, alsoAt: [] }));
  });
});
