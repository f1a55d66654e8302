import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const source = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8');
const line = (file: string, needle: string) => {
  const index = source(file).split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no line with ${needle}`);
  return index + 1;
};

describe('TypeScript facts', () => {
  let kinds: FileFacts;
  let router: FileFacts;
  beforeAll(async () => {
    kinds = await factsOf('typescript', 'typescript/src/kinds.ts');
    router = await factsOf('typescript', 'typescript/src/router.ts');
  });

  it('matches the golden facts', async () => {
    expectGolden(path.join(GOLDEN, 'typescript-kinds.facts.txt'), formatFacts(kinds));
    expectGolden(path.join(GOLDEN, 'typescript-router.facts.txt'), formatFacts(router));
  });

  it('finds definitions with kinds, qualified names and exportedness', () => {
    const byName = new Map(router.definitions.map((d) => [d.qualifiedName, d]));
    expect(kinds.definitions.find((d) => d.name === 'LLMKind')?.kind).toBe('enum');
    expect(kinds.definitions.filter((d) => d.kind === 'enum_member').map((d) => d.qualifiedName)).toEqual([
      'LLMKind.OpenAI',
      'LLMKind.Anthropic',
      'LLMKind.Local',
    ]);
    expect(byName.get('Router')?.kind).toBe('class');
    expect(byName.get('Router.route')?.kind).toBe('method');
    expect(byName.get('Router.route')?.isExported).toBe(true);
    expect(byName.get('Router.callOpenAI')?.isExported).toBe(false);
    expect(byName.get('Router.#secret')?.isExported).toBe(false);
    expect(byName.get('ProviderConfig.kind')?.kind).toBe('property');
    expect(byName.get('makeRouter')?.kind).toBe('function');
    expect(byName.get('pick')?.isExported).toBe(true); // through `export { pick }`
    expect(byName.get('assertNever')?.isExported).toBe(true);
    expect(kinds.definitions.find((d) => d.name === 'DEFAULT_MODELS')?.kind).toBe('constant');
    // Function-local variables are not definitions.
    expect(byName.has('Router.callOpenAI.client')).toBe(false);
    expect(byName.has('client')).toBe(false);
  });

  it('reads docstrings, decorators and signatures', () => {
    const router_ = router.definitions.find((d) => d.name === 'Router');
    expect(router_?.docstring).toBe('Routes requests to a provider.\nPicks the model from the config.');
    expect(router_?.decorators).toEqual(['Injectable']);
    expect(router_?.signature).toBe('export class Router extends BaseRouter implements Disposable');
    const route = router.definitions.find((d) => d.qualifiedName === 'Router.route');
    expect(route?.decorators).toEqual(['Trace']);
    expect(route?.signature).toBe("route(prompt: string, config: ProviderConfig): string");
    expect(kinds.definitions.find((d) => d.name === 'LLMKind')?.docstring).toBe('The model providers the router knows.');
  });

  it('gives each usage site its syntactic role', () => {
    const f = 'typescript/src/router.ts';
    expect(rolesAt(router, 'LLMKind', 1)).toEqual(['import']);
    expect(rolesAt(router, 'LLMKind', line(f, 'kind: LLMKind;'))).toEqual(['type_property']);
    expect(rolesAt(router, 'ProviderConfig', line(f, 'route(prompt'))).toEqual(['type_parameter']);
    expect(rolesAt(router, 'Router', line(f, 'export const makeRouter'))).toEqual(['type_return', 'instantiation']);
    expect(rolesAt(router, 'kind', line(f, 'switch (config.kind)'))).toEqual(['case_pattern']);
    expect(rolesAt(router, 'LLMKind', line(f, 'case LLMKind.OpenAI'))).toEqual(['case_pattern']);
    expect(rolesAt(router, 'OpenAI', line(f, 'case LLMKind.OpenAI'))).toEqual(['case_pattern']);
    expect(rolesAt(router, 'LLMKind', line(f, '=== LLMKind.Local'))).toEqual(['comparison']);
    expect(rolesAt(router, 'kind', line(f, '=== LLMKind.Local'))).toEqual(['comparison']);
    expect(rolesAt(router, 'LLMKind', line(f, 'new Map<LLMKind'))).toEqual(['object_key']);
    expect(rolesAt(router, 'Client', line(f, 'new Client(defaults'))).toEqual(['instantiation']);
    expect(rolesAt(router, 'LLMKind', line(f, 'new Client(defaults'))).toEqual(['object_key']); // defaults[LLMKind.OpenAI]
    expect(rolesAt(router, 'BaseRouter', line(f, 'export class Router'))).toEqual(['extends']);
    expect(rolesAt(router, 'Disposable', line(f, 'export class Router'))).toEqual(['implements']);
    expect(rolesAt(router, 'callOpenAI', line(f, 'this.callOpenAI(prompt)'))).toEqual(['call']);
    expect(rolesAt(router, 'assertNever', line(f, 'return assertNever'))).toEqual(['call']);
    expect(rolesAt(router, 'current', line(f, 'current = LLMKind.Local'))).toEqual(['assignment']);
    expect(rolesAt(router, 'LLMKind', line(f, 'current = LLMKind.Local'))).toEqual(['assignment']);
    expect(rolesAt(router, 'wrap', line(f, 'log.wrap'))).toEqual(['call']);
    expect(rolesAt(router, 'log', line(f, 'log.wrap'))).toEqual(['member_access']);
    expect(rolesAt(router, 'pick', line(f, 'export { pick'))).toEqual(['export', 'export']);
    expect(rolesAt(router, 'Client', line(f, 'DefaultClient'))).toEqual(['export']);
    const k = 'typescript/src/kinds.ts';
    expect(rolesAt(kinds, 'LLMKind', line(k, 'Record<LLMKind'))).toEqual(['object_key']);
    expect(rolesAt(kinds, 'LLMKind', line(k, '[LLMKind.OpenAI]'))).toEqual(['object_key']);
    expect(rolesAt(kinds, 'LLMKind', line(k, '[K in LLMKind]'))).toEqual(['object_key']);
  });

  it('records imports, exports and resolved calls', () => {
    expect(router.imports).toEqual([
      { name: 'LLMKind', alias: null, module: './kinds', line: 1 },
      { name: 'DEFAULT_MODELS', alias: 'defaults', module: './kinds', line: 1 },
      { name: 'Mode', alias: null, module: './kinds', line: 1 },
      { name: '*', alias: 'log', module: './log', line: 2 },
      { name: 'default', alias: 'Client', module: './client', line: 3 },
    ]);
    expect(router.exports.map((e) => [e.name, e.alias, e.module])).toEqual([
      ['pick', null, null],
      ['pick', 'choose', null],
      ['*', null, './kinds'],
      ['Client', 'DefaultClient', './client'],
    ]);
    const wrap = router.calls.find((c) => c.callee === 'wrap');
    expect(wrap).toMatchObject({ caller: 'Router.route', receiver: 'log', resolution: 'import', module: './log' });
    expect(router.calls.find((c) => c.callee === 'assertNever')).toMatchObject({ caller: 'Router.route', resolution: 'local' });
    expect(router.calls.find((c) => c.callee === 'Client')).toMatchObject({ caller: 'Router.callOpenAI', resolution: 'import', module: './client' });
    expect(router.calls.find((c) => c.callee === 'send')).toMatchObject({ resolution: 'name', receiver: 'client' });
  });

  it('measures complexity per function', () => {
    const call = router.definitions.find((d) => d.qualifiedName === 'Router.callOpenAI');
    // for (+1), if (+1), || (+1), else-if's if (+1) → cyclomatic 5.
    // cognitive: for 1, if 2 (nested once), || 1, else 1, inner if 3 (nested twice) → 8.
    expect(call?.complexity).toEqual({ cyclomatic: 5, cognitive: 8, maxNesting: 3, lines: 13 });
    const route = router.definitions.find((d) => d.qualifiedName === 'Router.route');
    expect(route?.complexity?.cyclomatic).toBe(3); // 1 + two cases (default is not a decision)
  });

  it('keeps facts from the parts of a file that parse', async () => {
    const broken = await factsOf('typescript', 'typescript/src/broken.ts');
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    const names = broken.definitions.map((d) => d.qualifiedName);
    expect(names).toContain('good');
    expect(names).toContain('StillFound.method');
  });

  it('extracts JavaScript with its own grammar', async () => {
    const js = await factsOf('javascript', 'typescript/src/plain.js');
    expectGolden(path.join(GOLDEN, 'javascript-plain.facts.txt'), formatFacts(js));
    expect(js.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'function add',
      'class Counter',
      'property Counter.count',
      'method Counter.increment',
      'function double',
    ]);
    expect(js.definitions[0]?.docstring).toBe('Adds two numbers.');
    expect(js.calls.find((c) => c.callee === 'helper')).toMatchObject({ caller: 'add', resolution: 'import' });
  });
});
