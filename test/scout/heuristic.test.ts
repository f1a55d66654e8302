import { describe, expect, it } from 'vitest';
import { USAGE_ROLES, type UsageRole } from '../../src/core/types.js';
import { DEFAULT_POLICY, shouldExpand } from '../../src/scout/policy.js';
import { analyzeQuery, INTENTS } from '../../src/scout/query-analysis.js';
import { validateRubric, type Rubric } from '../../src/scout/rubric.js';
import { guessRole, hasSilentDefault, heuristicRubric, HeuristicScorer, ROLE_TABLE, safelyIgnoredReason } from '../../src/scout/scorers/heuristic.js';
import type { ScoutLink } from '../../src/scout/link.js';
import { link } from './links.js';

const addVariant = analyzeQuery('what breaks if I add a variant to `LLMKind`?');
const ALL_ADD_TAGS = ['exhaustive', 'pattern-match', 'record-key', 'breaks-on-add', 'property-flow'];

function scores(r: Rubric): [number, number] {
  return [r.relevance, r.risk];
}

describe('heuristic scorer: add a variant', () => {
  it('a case over the type with no default is relevance 5 risk 5, exhaustive', () => {
    const r = heuristicRubric(
      addVariant,
      link({ file: 'src/pricing.ts', role: 'case_pattern', enclosing: 'pricePerMillion', code: 'switch (kind) {\n>>  case LLMKind.OpenAI:\n    return 15;\n  case LLMKind.Anthropic:' }),
    );
    expect(scores(r)).toEqual([5, 5]);
    expect(r.tags).toEqual(['exhaustive', 'pattern-match', 'breaks-on-add']);
    expect(r.reason).toMatch(/needs a case here/);
  });

  it('a switch ending in assertNever is an exhaustiveness check', () => {
    const code = '    case LLMKind.Ollama:\n      return new OllamaClient(model);\n    default:\n>>      return assertNever(config.kind);';
    for (const role of ['case_pattern', 'member_access', 'other'] as UsageRole[]) {
      const r = heuristicRubric(addVariant, link({ role, symbol: 'kind', code }));
      expect(scores(r)).toEqual([5, 5]);
      expect(r.tags).toContain('exhaustive');
      expect(r.reason).toMatch(/exhaustiveness check nearby \(assertNever\)/);
    }
  });

  it.each([
    ['never', 'function check(k: LLMKind) {\n>>  if (k === LLMKind.OpenAI) return 1;\n  const _exhaustive: never = k;', 'comparison'],
    ['satisfies Record', '>>export const LABELS = { openai: 1 } satisfies Record<LLMKind, number>;', 'type_reference'],
    ['default that throws', 'switch (kind) {\n>>  case LLMKind.OpenAI: return 1;\n  default:\n    throw new Error(`unknown ${kind}`);', 'case_pattern'],
    ['wildcard that fails', 'match kind {\n>>    LLMKind::OpenAI => 1,\n    _ => unreachable!("kind"),', 'case_pattern'],
    ['assertNever', 'if (kind === LLMKind.Ollama) return 0;\n>>else assert_never(kind)', 'other'],
  ])('exhaustiveness marker: %s', (name, code, role) => {
    const r = heuristicRubric(addVariant, link({ role: role as UsageRole, code }));
    expect(scores(r)).toEqual([5, 5]);
    expect(r.tags).toContain('exhaustive');
    expect(r.tags).toContain('breaks-on-add');
    expect(r.reason).toContain(`(${name})`);
  });

  it('a switch with a silent default is risk 4, without the exhaustive tag', () => {
    const r = heuristicRubric(addVariant, link({ role: 'case_pattern', code: 'switch (kind) {\n>>  case LLMKind.OpenAI: return "hosted";\n  default: return "local";' }));
    expect(scores(r)).toEqual([5, 4]);
    expect(r.tags).toEqual(['pattern-match', 'breaks-on-add']);
    expect(r.reason).toMatch(/falls into it silently/);
  });

  it('Record and mapped-type keys are relevance 5 risk 5 (record-key)', () => {
    const record = heuristicRubric(addVariant, link({ file: 'src/kinds.ts', role: 'object_key', code: '>>export const DEFAULT_MODEL: Record<LLMKind, string> = {\n  [LLMKind.OpenAI]: "gpt-4o-mini",' }));
    expect(scores(record)).toEqual([5, 5]);
    expect(record.tags).toEqual(['exhaustive', 'record-key', 'breaks-on-add']);
    const entry = heuristicRubric(addVariant, link({ role: 'object_key', code: 'export const DEFAULT_MODEL: Record<LLMKind, string> = {\n>>  [LLMKind.OpenAI]: "gpt-4o-mini",' }));
    expect(scores(entry)).toEqual([5, 5]);
  });

  it('a Record or mapped type that only declares a type is followed, not a break site: relevance 4 risk 3', () => {
    const mapped = heuristicRubric(addVariant, link({ role: 'object_key', code: '>>export type KeyRequirement = { [K in LLMKind]: boolean };' }));
    expect(scores(mapped)).toEqual([4, 3]);
    const field = heuristicRubric(addVariant, link({ role: 'object_key', code: '>>  severities: Record<LLMKind, number>;' }));
    expect(scores(field)).toEqual([4, 3]);
  });

  it('an entry of an object literal: high only when its type requires every variant', () => {
    const entry = (builtObject: ScoutLink['builtObject']) =>
      heuristicRubric(addVariant, { ...link({ role: 'object_key', column: 3, code: 'export const NEEDS_KEY: KeyRequirement = {\n>>  [LLMKind.OpenAI]: true,' }), builtObject });
    expect(scores(entry(undefined))).toEqual([4, 3]); // no server: cautious
    expect(scores(entry({ line: 1, name: 'NEEDS_KEY', type: 'KeyRequirement', requiresEveryKey: true }))).toEqual([5, 5]);
    expect(scores(entry({ line: 1, name: 'maps', type: null, requiresEveryKey: false }))).toEqual([3, 2]);
  });

  it('optional keys (Partial Record, optional mapped type) need no entry for a new variant: low risk', () => {
    const partial = heuristicRubric(addVariant, link({ role: 'object_key', code: '>>export type TrackSet = Partial<Record<LLMKind, Track>>;' }));
    expect(scores(partial)).toEqual([4, 2]);
    const optional = heuristicRubric(addVariant, link({ role: 'object_key', code: '>>  timeRanges: { [key in LLMKind]?: TimeRanges };' }));
    expect(scores(optional)).toEqual([4, 2]);
  });

  it('a Map keyed by the type is not completeness-checked: relevance 4 risk 3', () => {
    const r = heuristicRubric(addVariant, link({ role: 'object_key', code: '>>  private readonly clients = new Map<LLMKind, ProviderClient>();' }));
    expect(scores(r)).toEqual([4, 3]);
    expect(r.tags).toEqual(['record-key']);
  });

  it('comparisons are risk 3', () => {
    const r = heuristicRubric(addVariant, link({ role: 'comparison', code: ">>  return kind === LLMKind.Ollama ? 'local' : 'hosted';" }));
    expect(scores(r)).toEqual([4, 3]);
    expect(r.tags).toEqual(['pattern-match']);
  });

  it.each(['type_parameter', 'type_property', 'type_return'] as UsageRole[])('%s: relevance 4 risk 2, a flow candidate the policy expands', (role) => {
    const r = heuristicRubric(addVariant, link({ role, code: '>>  kind: LLMKind;' }));
    expect(scores(r)).toEqual([4, 2]);
    expect(r.reason).toMatch(/follow/);
    expect(shouldExpand(r, addVariant.tags, 1, 3, 10).expand).toBe(true);
  });

  it('flow candidates still expand under a wide fan-out (the property-flow default tag)', () => {
    const r = heuristicRubric(addVariant, link({ file: 'src/config.ts', role: 'type_property', enclosing: 'ModelConfig.kind', code: 'export interface ModelConfig {\n>>  kind: LLMKind;' }));
    expect(r.tags).toEqual(['property-flow']);
    const d = shouldExpand(r, addVariant.tags, 1, 30, 10);
    expect(d.expand).toBe(true);
    expect(d.reason).toContain('− breadth 30>5 3');
    // while a member access under the same fan-out is pruned
    expect(shouldExpand(heuristicRubric(addVariant, link({ role: 'member_access' })), addVariant.tags, 1, 30, 10).expand).toBe(false);
  });

  it('a default whose body the snippet does not show is not called silent', () => {
    // the index's context: two lines either side; `default:` is the last line, `assertNever` is beyond it
    const code = "    case LLMKind.Anthropic:\n      return new AnthropicClient(model, readKey(config));\n>>    case LLMKind.Ollama:\n      return new OllamaClient(model, config.baseUrl ?? 'http://127.0.0.1:11434');\n    default:";
    const r = heuristicRubric(addVariant, link({ role: 'case_pattern', code }));
    expect(scores(r)).toEqual([5, 5]);
    expect(hasSilentDefault(code)).toBe(false);
    expect(hasSilentDefault('switch (k) {\n  default:\n    return 0;')).toBe(true);
    expect(hasSilentDefault('switch (k) {\n  default:\n    throw new Error(k);')).toBe(false);
    expect(hasSilentDefault('match k {\n    _ => 0,')).toBe(true);
    expect(hasSilentDefault('switch (k) {\n  case A: return 1;')).toBe(false);
  });

  it('a type alias over the type is followed', () => {
    const r = heuristicRubric(addVariant, link({ role: 'type_reference', code: ">>export type Provider = LLMKind | 'custom';" }));
    expect(scores(r)).toEqual([4, 3]);
    expect(heuristicRubric(addVariant, link({ role: 'type_reference', code: '>>const kinds: LLMKind[] = [];' })).relevance).toBe(3);
  });

  it.each(['import', 'export'] as UsageRole[])('%s sites are relevance 1 risk 1 and reported as safely ignored', (role) => {
    const l = link({ role, code: ">>import { LLMKind, DEFAULT_MODEL, assertNever } from './kinds.js';" });
    const r = heuristicRubric(addVariant, l);
    expect(scores(r)).toEqual([1, 1]);
    expect(r.tags).toEqual([]);
    expect(r.reason).toMatch(/safely ignored/);
    expect(safelyIgnoredReason(addVariant, l)).toMatch(/safely ignored/);
    expect(shouldExpand(r, addVariant.tags, 1, 3, 10).expand).toBe(false);
  });

  it('a variant named in a return value near a throwing default is not a break site', () => {
    // parseKind: switch over strings; `LLMKind.OpenAI` is the value returned
    const r = heuristicRubric(addVariant, link({ role: 'member_access', code: "  case 'openai':\n>>    return LLMKind.OpenAI;\n  default:\n    throw new Error(`unknown provider ${name}`);" }));
    expect(scores(r)).toEqual([3, 2]);
    expect(safelyIgnoredReason(addVariant, link({ role: 'member_access' }))).toBeNull();
  });

  it('calls are low, member accesses risk 2', () => {
    expect(scores(heuristicRubric(addVariant, link({ role: 'call', code: '>>parseKind(name)' })))).toEqual([2, 2]);
    expect(heuristicRubric(addVariant, link({ role: 'member_access', code: '>>const k = LLMKind.OpenAI;' })).risk).toBe(2);
  });

  it('a type family is relevance 5 risk 5 (type-family when the caller asks for it)', () => {
    const q = analyzeQuery('LLMKind - adding a fourth variant', ['exhaustive', 'pattern-match', 'type-family', 'breaks-on-add']);
    const r = heuristicRubric(q, link({ file: 'src/Edges.hs', role: 'type_reference', kind: 'type_family', code: '>>type family NodeHandler (k :: LLMKind) :: Type -> Type where' }));
    expect(scores(r)).toEqual([5, 5]);
    expect(r.tags).toEqual(['exhaustive', 'type-family', 'breaks-on-add']);
  });

  it('the definition of the type is where the variant goes', () => {
    const r = heuristicRubric(addVariant, link({ relation: 'definition', role: null, symbol: 'LLMKind', code: '>>export enum LLMKind {' }));
    expect(r.relevance).toBe(5);
    expect(r.reason).toMatch(/add the variant here/);
    const other = heuristicRubric(addVariant, link({ relation: 'definition', role: null, symbol: 'Router', code: '>>export class Router {' }));
    expect(other.relevance).toBe(3);
  });

  it('a property carrying the type is a flow node', () => {
    const r = heuristicRubric(addVariant, link({ relation: 'property_flow', role: 'type_property', symbol: 'ModelConfig.kind', kind: 'property', code: '>>  kind: LLMKind;' }));
    expect(scores(r)).toEqual([4, 2]);
    expect(shouldExpand(r, addVariant.tags, 1, 2, 10).expand).toBe(true);
  });

  it('guesses the role of an LSP-only site from its line, with lower confidence', () => {
    const r = heuristicRubric(addVariant, link({ role: null, source: 'lsp', code: 'switch (config.kind) {\n>>  case LLMKind.OpenAI:\n    return 1;' }));
    expect(scores(r)).toEqual([5, 5]);
    expect(r.confidence).toBe(4);
    expect(r.reason).toMatch(/role guessed from the code line: case_pattern/);
    const imp = heuristicRubric(addVariant, link({ role: null, source: 'lsp', code: ">>import { LLMKind } from './kinds.js';" }));
    expect(scores(imp)).toEqual([1, 1]);
  });

  it('incoming calls without a role count as calls', () => {
    const q = analyzeQuery('change the signature of createClient');
    const r = heuristicRubric(q, link({ relation: 'incoming_call', role: null, symbol: 'createClient', code: '>>    this.clients.set(config.kind, createClient(config));' }));
    expect(scores(r)).toEqual([5, 5]);
    expect(r.reason).not.toMatch(/guessed/);
  });
});

describe('heuristic scorer: rename', () => {
  const q = analyzeQuery('rename parseConfig to loadConfig');
  it.each(USAGE_ROLES.map((r) => [r]))('%s: relevance 4 risk 3', (role) => {
    const r = heuristicRubric(q, link({ role, symbol: 'parseConfig', code: '>>parseConfig' }));
    expect(scores(r)).toEqual([4, 3]);
    expect(r.tags).toContain('rename-site');
    expect(safelyIgnoredReason(q, link({ role, symbol: 'parseConfig' }))).toBeNull();
  });

  it('re-exports are tagged re-export, the definition is renamed too', () => {
    expect(heuristicRubric(q, link({ role: 'export', symbol: 'parseConfig' })).tags).toEqual(['rename-site', 're-export']);
    const def = heuristicRubric(q, link({ relation: 'definition', role: null, symbol: 'parseConfig' }));
    expect(def.relevance).toBe(5);
    expect(def.reason).toMatch(/rename here/);
  });
});

describe('heuristic scorer: change signature', () => {
  const q = analyzeQuery('change the signature of createClient');
  it('calls are risk 5', () => {
    const r = heuristicRubric(q, link({ role: 'call', symbol: 'createClient', code: '>>const client = createClient(config);' }));
    expect(scores(r)).toEqual([5, 5]);
    expect(r.tags).toEqual(['call-site', 'breaks-on-change']);
  });
  it('implementations are risk 5; values passed around risk 4; type mentions risk 3', () => {
    expect(scores(heuristicRubric(q, link({ relation: 'implementation', role: null, symbol: 'createClient' })))).toEqual([5, 5]);
    expect(scores(heuristicRubric(q, link({ role: 'implements', symbol: 'createClient' })))).toEqual([5, 5]);
    expect(scores(heuristicRubric(q, link({ role: 'member_access', symbol: 'createClient', code: '>>configs.map(factory.createClient)' })))).toEqual([4, 4]);
    expect(scores(heuristicRubric(q, link({ role: 'type_reference', symbol: 'createClient', code: '>>type Factory = typeof createClient;' })))).toEqual([3, 3]);
  });
  it('imports and exports are safely ignored', () => {
    for (const role of ['import', 'export'] as UsageRole[]) {
      const l = link({ role, symbol: 'createClient' });
      expect(scores(heuristicRubric(q, l))).toEqual([1, 1]);
      expect(safelyIgnoredReason(q, l)).toMatch(/safely ignored/);
    }
  });
  it('the definition is where the signature changes', () => {
    const r = heuristicRubric(q, link({ relation: 'definition', role: null, symbol: 'createClient' }));
    expect(r.relevance).toBe(5);
    expect(r.tags).toEqual(['signature']);
  });
});

describe('heuristic scorer: find usages and remove', () => {
  it('find usages: calls are relevance 4, imports ignored', () => {
    const q = analyzeQuery('who calls Router.route');
    expect(heuristicRubric(q, link({ role: 'call', symbol: 'route' }))).toMatchObject({ relevance: 4, tags: ['call-site'] });
    expect(scores(heuristicRubric(q, link({ role: 'import', symbol: 'Router' })))).toEqual([1, 1]);
  });
  it('remove: every use breaks, and the import must go too', () => {
    const q = analyzeQuery('remove the Local provider');
    expect(scores(heuristicRubric(q, link({ role: 'member_access', symbol: 'Local' })))).toEqual([5, 5]);
    expect(scores(heuristicRubric(q, link({ role: 'case_pattern', symbol: 'Local' })))).toEqual([5, 5]);
    const imp = link({ role: 'import', symbol: 'Local' });
    expect(scores(heuristicRubric(q, imp))).toEqual([3, 3]);
    expect(safelyIgnoredReason(q, imp)).toBeNull();
  });
});

describe('heuristic scorer: explain and locate', () => {
  it('locate: relevance follows the overlap between the question and the names', () => {
    const q = analyzeQuery('where are auth tokens validated?');
    const hit = heuristicRubric(q, link({ file: 'src/auth/tokens.ts', relation: 'seed', role: null, symbol: 'validateToken', kind: 'function', code: '>>export function validateToken(token: string): boolean {' }));
    const partial = heuristicRubric(q, link({ file: 'src/auth/session.ts', relation: 'seed', role: null, symbol: 'Session', kind: 'class', code: '>>export class Session {' }));
    const miss = heuristicRubric(q, link({ file: 'src/ui/page.ts', relation: 'seed', role: null, symbol: 'renderPage', kind: 'function', code: '>>export function renderPage() {' }));
    expect(hit.relevance).toBe(5);
    expect(hit.tags).toEqual(['definition', 'name-match']);
    expect(partial.relevance).toBeGreaterThan(miss.relevance);
    expect(partial.relevance).toBeLessThan(hit.relevance);
    expect(miss.relevance).toBe(1);
    expect(miss.reason).toMatch(/none of the question's words/);
    expect(shouldExpand(hit, q.tags, 0, 3, 10).expand).toBe(true);
    expect(shouldExpand(miss, q.tags, 0, 3, 10).expand).toBe(false);
  });

  it('explain: a definition named in the question is relevance 5; its outgoing calls are call sites', () => {
    const q = analyzeQuery('explain how Router.ask works');
    const def = heuristicRubric(q, link({ relation: 'seed', role: null, symbol: 'Router.ask', kind: 'method', code: '>>  async ask(messages: ChatMessage[]): Promise<string> {' }));
    expect(def.relevance).toBe(5);
    expect(def.confidence).toBe(5);
    const q2 = analyzeQuery('explain how retries work');
    const out = heuristicRubric(q2, link({ relation: 'outgoing_call', role: null, symbol: 'retryWithBackoff', code: '>>  return retryWithBackoff(() => client.complete(messages));' }));
    expect(out.relevance).toBeGreaterThanOrEqual(4);
    expect(out.tags).toContain('call-site');
    expect(scores(heuristicRubric(q2, link({ role: 'import', symbol: 'retryWithBackoff' })))).toEqual([1, 1]);
  });
});

describe('heuristic scorer: invariants', () => {
  const questions = [
    ...INTENTS.map((i) => i),
    'what breaks if I add a variant to `LLMKind`?',
    'remove the Local provider',
    'rename parseConfig to loadConfig',
    'change the signature of createClient',
    'who calls Router.route',
    'explain how retries work',
    'where are auth tokens validated?',
  ];
  it('every rubric is valid, within the query tags, for every role and relation', () => {
    for (const text of questions) {
      const q = analyzeQuery(text);
      for (const role of [...USAGE_ROLES, null]) {
        for (const relation of ['seed', 'reference', 'incoming_call', 'outgoing_call', 'implementation', 'property_flow', 'definition'] as const) {
          const r = heuristicRubric(q, link({ role, relation, code: '>>switch (x) { case LLMKind.OpenAI: assertNever(x) }' }));
          expect(validateRubric(r, q.tags)).toEqual({ rubric: r, problems: [] });
        }
      }
    }
  });

  it('the role table covers every role for every structural intent', () => {
    for (const table of Object.values(ROLE_TABLE)) expect(Object.keys(table).sort()).toEqual([...USAGE_ROLES].sort());
  });

  it('assigns caller tags outside the vocabulary where their words appear', () => {
    const q = analyzeQuery('who calls Router.route', ['auth', 'call-site']);
    expect(heuristicRubric(q, link({ role: 'call', code: '>>router.route(authHeader, req)' })).tags).toEqual(['auth', 'call-site']);
    expect(heuristicRubric(q, link({ role: 'call', code: '>>router.route(req)' })).tags).toEqual(['call-site']);
  });

  it('is deterministic', () => {
    const l = link({ role: 'case_pattern', code: '>>case LLMKind.OpenAI:' });
    expect(heuristicRubric(addVariant, l)).toEqual(heuristicRubric(addVariant, l));
  });

  it('guessRole reads a line', () => {
    expect(guessRole("import { A } from './a.js';")).toBe('import');
    expect(guessRole('from pkg.kinds import Kind')).toBe('import');
    expect(guessRole('use crate::kinds::Kind;')).toBe('import');
    expect(guessRole("export { A } from './a.js';")).toBe('export');
    expect(guessRole('  case Kind.A:')).toBe('case_pattern');
    expect(guessRole('    Kind::A => 1,')).toBe('case_pattern');
    expect(guessRole('if (k === Kind.A) {')).toBe('comparison');
    expect(guessRole('const c = new Client(k);')).toBe('instantiation');
    expect(guessRole('foo(k);')).toBe('other');
  });
});

describe('HeuristicScorer', () => {
  it('rates every link in order, as heuristic', async () => {
    const links = [link({ role: 'import' }), link({ role: 'case_pattern', code: '>>case LLMKind.OpenAI:' })];
    const ratings = await new HeuristicScorer().rate(addVariant, links);
    expect(ratings.map((r) => r.source)).toEqual(['heuristic', 'heuristic']);
    expect(ratings.map((r) => r.rubric.relevance)).toEqual([1, 5]);
    expect(await new HeuristicScorer().rate(addVariant, [])).toEqual([]);
    expect(ALL_ADD_TAGS).toEqual(addVariant.tags);
  });
  it('rejects when the caller aborted', async () => {
    const c = new AbortController();
    c.abort(new Error('stop'));
    await expect(new HeuristicScorer().rate(addVariant, [link()], c.signal)).rejects.toThrow('stop');
  });
  it('the default policy prunes what the heuristic ignores', () => {
    expect(DEFAULT_POLICY.threshold).toBe(8);
  });
});
