import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { FIXTURES, factsOf, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const source = (file: string): string => readFileSync(path.join(FIXTURES, file), 'utf8');

function def(facts: FileFacts, qualifiedName: string): Definition {
  const found = facts.definitions.find((d) => d.qualifiedName === qualifiedName);
  if (!found) throw new Error(`no definition ${qualifiedName}`);
  return found;
}

describe('go facts: golden files', () => {
  for (const name of ['router', 'generics', 'broken']) {
    it(`${name}.go`, async () => {
      const facts = await factsOf('go', `go/${name}.go`);
      expectGolden(path.join(GOLDEN, `go-${name}.facts.txt`), formatFacts(facts));
    });
  }
});

describe('go facts: router.go', () => {
  let facts: FileFacts;
  const src = source('go/router.go');
  const at = (needle: string): number => lineOf(facts, src, needle);
  beforeAll(async () => {
    facts = await factsOf('go', 'go/router.go');
  });

  it('reads definition kinds and qualified names', () => {
    const kinds = Object.fromEntries(facts.definitions.map((d) => [d.qualifiedName, d.kind]));
    expect(kinds).toMatchObject({
      Kind: 'type_alias',
      KindOpenAI: 'constant',
      KindAnthropic: 'constant',
      kindLocal: 'constant',
      MaxRetries: 'constant',
      defaultTimeout: 'variable',
      ErrNoBackend: 'variable',
      Backend: 'interface',
      'Backend.Complete': 'method',
      'Backend.Name': 'method',
      Streamer: 'interface',
      Base: 'class',
      'Base.Endpoint': 'property',
      Router: 'class',
      'Router.backends': 'property',
      'Router.Fallback': 'property',
      'Router.retries': 'property',
      'Router.limit': 'property',
      Handler: 'type_alias',
      Options: 'type_alias',
      NewRouter: 'function',
      // Methods live outside their receiver type; the receiver qualifies them.
      'Router.Route': 'method',
      'Router.describe': 'method',
      'Kind.String': 'method',
      inspect: 'function',
    });
    // Local variables are not definitions; embedded fields are not properties.
    expect(facts.definitions.map((d) => d.name)).not.toContain('current');
    expect(facts.definitions.filter((d) => d.parent === 'Router' && d.kind === 'property').map((d) => d.name)).toEqual([
      'backends',
      'Fallback',
      'retries',
      'limit',
    ]);
  });

  it('marks capitalized names exported', () => {
    expect(def(facts, 'Router').isExported).toBe(true);
    expect(def(facts, 'Router.Route').isExported).toBe(true);
    expect(def(facts, 'Router.describe').isExported).toBe(false);
    expect(def(facts, 'kindLocal').isExported).toBe(false);
    expect(def(facts, 'Router.Fallback').isExported).toBe(true);
    expect(def(facts, 'Router.backends').isExported).toBe(false);
    expect(def(facts, 'Backend.Name').isExported).toBe(true);
  });

  it('reads doc comments directly above, joined across lines', () => {
    expect(def(facts, 'Kind').docstring).toBe('Kind identifies an LLM provider.');
    expect(def(facts, 'Router.Route').docstring).toBe('Route picks a backend for the kind.\nIt falls back when none is registered.');
    expect(def(facts, 'Backend.Complete').docstring).toBe('Complete returns a completion.');
    expect(def(facts, 'MaxRetries').docstring).toBe('MaxRetries bounds retries.');
    expect(def(facts, 'defaultTimeout').docstring).toBeNull();
    expect(def(facts, 'Router.describe').docstring).toBeNull();
    // The group comment above `const (` is not the doc of its first constant.
    expect(def(facts, 'KindOpenAI').docstring).toBeNull();
  });

  it('builds signatures up to the body', () => {
    expect(def(facts, 'Router.Route').signature).toBe('func (r *Router) Route(kind Kind, prompt string) (string, error)');
    expect(def(facts, 'Router').signature).toBe('type Router struct');
    expect(def(facts, 'Backend').signature).toBe('type Backend interface');
    expect(def(facts, 'Options').signature).toBe('type Options = map[string]int');
    expect(def(facts, 'KindOpenAI').signature).toBe('const KindOpenAI Kind = iota');
    expect(def(facts, 'Router.Fallback').signature).toBe('Fallback *Backend `json:"fallback"`');
    expect(def(facts, 'Backend.Complete').signature).toBe('Complete(prompt string) (string, error)');
    expect(def(facts, 'Router.Route').decorators).toEqual([]);
  });

  it('reads grouped, aliased, dot and blank imports', () => {
    expect(facts.imports.map((i) => [i.name, i.alias, i.module, i.line])).toEqual([
      ['*', null, 'errors', 5],
      ['*', 'f', 'fmt', 6],
      ['*', null, 'net/http', 7],
      ['*', '.', 'strings', 8],
      ['*', '_', 'embed', 9],
      ['*', null, 'os', 12],
    ]);
    expect(rolesAt(facts, 'f', 6)).toEqual(['import']);
    expect(facts.exports).toEqual([]);
  });

  it('classifies type positions', () => {
    expect(rolesAt(facts, 'Kind', at('func (r *Router) Route('))).toEqual(['type_parameter']);
    expect(rolesAt(facts, 'Router', at('func (r *Router) Route('))).toEqual(['type_parameter']);
    expect(rolesAt(facts, 'Router', at('func NewRouter('))).toEqual(['type_return']);
    expect(rolesAt(facts, 'Backend', at('Fallback *Backend'))).toEqual(['type_property']);
    expect(rolesAt(facts, 'Kind', at('KindOpenAI Kind = iota'))).toEqual(['type_reference']);
    expect(rolesAt(facts, 'ResponseWriter', at('type Handler func'))).toEqual(['type_parameter']);
    expect(rolesAt(facts, 'http', at('type Handler func'))).toEqual(['member_access', 'member_access']);
  });

  it('classifies embedding as extends and map keys / literal keys as object_key', () => {
    const embedLine = src.split('\n').findIndex((l) => l.trim() === 'Backend') + 1;
    expect(rolesAt(facts, 'Backend', embedLine)).toEqual(['extends']);
    const baseEmbed = src.split('\n').findIndex((l) => l.trim() === 'Base') + 1;
    expect(rolesAt(facts, 'Base', baseEmbed)).toEqual(['extends']);
    expect(rolesAt(facts, 'Kind', at('backends map[Kind]Backend'))).toEqual(['object_key']);
    expect(rolesAt(facts, 'Backend', at('backends map[Kind]Backend'))).toEqual(['type_property']);
    const literal = at('r := &Router{');
    expect(rolesAt(facts, 'Base', literal)).toEqual(['object_key']);
    expect(rolesAt(facts, 'backends', literal)).toEqual(['object_key']);
    expect(rolesAt(facts, 'base', literal)).toEqual(['other']);
  });

  it('classifies instantiation, calls and member access', () => {
    const literal = at('r := &Router{');
    expect(rolesAt(facts, 'Router', literal)).toEqual(['instantiation']);
    // `map[Kind]Backend{}` instantiates a map, not a Backend.
    expect(rolesAt(facts, 'Backend', literal)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Options', at('opts := Options{'))).toEqual(['instantiation']);
    const call = at('b.Complete(prompt)');
    expect(rolesAt(facts, 'Complete', call)).toEqual(['call']);
    expect(rolesAt(facts, 'b', call)).toEqual(['member_access']);
    expect(rolesAt(facts, 'ToUpper', at('ToUpper('))).toEqual(['call']);
    expect(rolesAt(facts, 'r', at('b = *r.Fallback'))).toEqual(['member_access']);
    expect(rolesAt(facts, 'Fallback', at('b = *r.Fallback'))).toEqual(['member_access']);
  });

  it('classifies comparisons, case values and type cases', () => {
    const cond = at('if r.Fallback != nil && kind != kindLocal');
    expect(rolesAt(facts, 'r', cond)).toEqual(['comparison']);
    expect(rolesAt(facts, 'Fallback', cond)).toEqual(['comparison']);
    expect(rolesAt(facts, 'kindLocal', cond)).toEqual(['comparison']);
    expect(rolesAt(facts, 'b', at('if !ok || b == nil'))).toEqual(['comparison']);
    expect(rolesAt(facts, 'ok', at('if !ok || b == nil'))).toEqual(['other']);
    expect(rolesAt(facts, 'KindOpenAI', at('case KindOpenAI, KindAnthropic:'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'KindAnthropic', at('case KindOpenAI, KindAnthropic:'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'Backend', at('case Backend:'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'Router', at('case *Router, Base:'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'Base', at('case *Router, Base:'))).toEqual(['case_pattern']);
  });

  it('classifies assignment targets and bare assigned values', () => {
    expect(rolesAt(facts, 'r', at('r.retries = opts'))).toEqual(['assignment']);
    expect(rolesAt(facts, 'retries', at('r.retries = opts'))).toEqual(['assignment']);
    expect(rolesAt(facts, 'opts', at('r.retries = opts'))).toEqual(['other']);
    expect(rolesAt(facts, 'defaultTimeout', at('current := defaultTimeout'))).toEqual(['assignment']);
    expect(rolesAt(facts, 'MaxRetries', at('current = MaxRetries'))).toEqual(['assignment']);
    expect(rolesAt(facts, 'current', at('current = MaxRetries'))).toEqual(['assignment']);
    // `:=` targets and parameter names are bindings, not usages.
    expect(rolesAt(facts, 'current', at('current := defaultTimeout'))).toEqual([]);
    expect(rolesAt(facts, 'prompt', at('func (r *Router) Route('))).toEqual([]);
    expect(facts.usages.some((u) => u.name === '_' || u.name === '')).toBe(false);
  });

  it('records usages with their enclosing definition', () => {
    const usage = facts.usages.find((u) => u.name === 'Complete' && u.role === 'call');
    expect(usage?.enclosing).toBe('Router.Route');
    const field = facts.usages.find((u) => u.name === 'Backend' && u.role === 'type_property');
    expect(field?.enclosing).toBe('Router.backends');
  });

  it('resolves calls through imports, locally and by name', () => {
    const calls = facts.calls.map((c) => `${c.caller} ${c.receiver ?? ''}.${c.callee} ${c.resolution} ${c.module ?? ''}`.trim());
    expect(calls).toEqual([
      'ErrNoBackend errors.New import errors',
      'Router.Route b.Complete name',
      'Router.Route f.Errorf import fmt',
      'Router.describe .ToUpper name',
      'Router.describe kind.String name',
      'Kind.String f.Sprint import fmt',
      'Kind.String .int name',
      'inspect t.Name name',
      'inspect os.Exit import os',
    ]);
  });

  it('computes complexity (hand-checked for Route)', () => {
    // if (+1, cog 1) with || (+1, cog 1); nested if (+1, cog 2) with && (+1, cog 1) and else (cog 1);
    // for (+1, cog 1) with nested if (+1, cog 2).
    expect(def(facts, 'Router.Route').complexity).toEqual({ cyclomatic: 7, cognitive: 9, maxNesting: 2, lines: 17 });
    // switch (cog 1) with two cases (default does not count).
    expect(def(facts, 'Router.describe').complexity).toEqual({ cyclomatic: 3, cognitive: 1, maxNesting: 1, lines: 10 });
    expect(def(facts, 'Router').complexity).toBeNull();
  });
});

describe('go facts: generics.go', () => {
  let facts: FileFacts;
  const src = source('go/generics.go');
  const at = (needle: string): number => lineOf(facts, src, needle);
  beforeAll(async () => {
    facts = await factsOf('go', 'go/generics.go');
  });

  it('splits multi-name specs into separate definitions', () => {
    expect(def(facts, 'mu').kind).toBe('variable');
    expect(def(facts, 'lock').kind).toBe('variable');
    expect(def(facts, 'Low').kind).toBe('constant');
    expect(def(facts, 'High').kind).toBe('constant');
    expect(def(facts, 'Low').parent).toBeNull();
    expect(def(facts, 'High').parent).toBeNull();
    expect(def(facts, 'Pair').kind).toBe('class');
    expect(def(facts, 'Pair.Key').kind).toBe('property');
    expect(def(facts, 'Names').kind).toBe('type_alias');
    expect(def(facts, 'Number').kind).toBe('interface');
    // Function-local declarations are not definitions.
    expect(facts.definitions.map((d) => d.name)).not.toContain('fallback');
  });

  it('reads docs inside groups and trailing line comments', () => {
    expect(def(facts, 'Pair').docstring).toBe('Pair holds two values.');
    expect(def(facts, 'Pair.Value').docstring).toBe('the value');
    expect(def(facts, 'mu').docstring).toBe('guards the cache');
    // The trailing comment of the previous line is not part of the next doc.
    expect(def(facts, 'cache').docstring).toBe('cache maps names to kinds.');
    expect(def(facts, 'Low').docstring).toBe('Low is the low priority.');
    expect(def(facts, 'Names').docstring).toBeNull();
    expect(def(facts, 'Pair').signature).toBe('type Pair[K comparable, V any] struct');
  });

  it('classifies generic type positions', () => {
    const sum = at('func Sum[');
    expect(rolesAt(facts, 'Number', sum)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'T', sum)).toEqual(['type_parameter', 'type_return']);
    const pair = at('p := Pair[string, Kind]');
    expect(rolesAt(facts, 'Pair', pair)).toEqual(['instantiation']);
    expect(rolesAt(facts, 'Kind', pair)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Key', pair)).toEqual(['object_key']);
    expect(rolesAt(facts, 'Mutex', at('mu, lock sync.Mutex'))).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Kind', at('var fallback Kind = High'))).toEqual(['type_reference']);
    expect(rolesAt(facts, 'High', at('var fallback Kind = High'))).toEqual(['assignment']);
  });

  it('classifies comparisons inside closures and else-if chains', () => {
    const closure = at('handler := func');
    expect(rolesAt(facts, 'p', closure)).toEqual(['comparison']);
    expect(rolesAt(facts, 'Value', closure)).toEqual(['comparison']);
    expect(rolesAt(facts, 'Kind', closure)).toEqual(['type_parameter']);
    expect(rolesAt(facts, 'name', at('} else if name == ""'))).toEqual(['comparison']);
    expect(rolesAt(facts, 'len', at('len(name) > 10'))).toEqual(['call']);
  });

  it('computes complexity with else-if chains and select (hand-checked for Pick)', () => {
    // if +1 (cog 1); two else-ifs +1 each (cog 1 each for `else`); && and || +1 each (cog 1 each);
    // final else (cog 1) holding a select (cog 2 at nesting 1) with one receive case (+1).
    expect(def(facts, 'Pick').complexity).toEqual({ cyclomatic: 7, cognitive: 8, maxNesting: 2, lines: 22 });
    expect(def(facts, 'Sum').complexity).toEqual({ cyclomatic: 2, cognitive: 1, maxNesting: 1, lines: 6 });
  });

  it('records receiver calls and explicitly instantiated generic calls', () => {
    expect(facts.calls.map((c) => `${c.caller} ${c.receiver}.${c.callee} ${c.resolution}`)).toEqual([
      'Pick mu.Lock name',
      'Pick mu.Unlock name',
      'Pick null.len name',
      'Totals null.Sum local',
      'Totals sync.OnceValue import',
    ]);
    const line = at('return Sum[int](ints)');
    expect(rolesAt(facts, 'Sum', line)).toEqual(['call']);
    expect(rolesAt(facts, 'OnceValue', line)).toEqual(['call']);
    expect(rolesAt(facts, 'sync', line)).toEqual(['member_access']);
    expect(rolesAt(facts, 'Count', line)).toEqual(['member_access']);
  });

  it('does not define or reference the fields of a struct literal in a body', () => {
    expect(facts.definitions.map((d) => d.name)).not.toContain('Count');
    expect(rolesAt(facts, 'Count', at('local := struct{ Count int }'))).toEqual(['object_key']);
  });
});

describe('go facts: broken.go', () => {
  let facts: FileFacts;
  beforeAll(async () => {
    facts = await factsOf('go', 'go/broken.go');
  });

  it('counts syntax errors and keeps the facts of the parts that parse', () => {
    expect(facts.syntaxErrors).toBeGreaterThan(0);
    expect(facts.definitions.map((d) => d.qualifiedName)).toEqual(['Healthy', 'Broken', 'AfterBreak', 'AfterBreak.Ok', 'alsoFine']);
    expect(def(facts, 'AfterBreak').docstring).toBe('AfterBreak still counts.');
    expect(def(facts, 'Healthy').docstring).toBe('Healthy is parsed fine.');
    expect(facts.calls.map((c) => `${c.caller} -> ${c.callee}`)).toEqual(['Broken -> helper']);
    expect(rolesAt(facts, 'Ok', 22)).toEqual(['comparison']);
    expect(rolesAt(facts, 'AfterBreak', 21)).toEqual(['type_parameter']);
  });
});
