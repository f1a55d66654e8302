import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { extractFacts } from '../../src/parse/extract.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = ['Router', 'Kinds', 'Broken', 'BrokenBadly'] as const;
type FileName = (typeof FILES)[number];
const source = (file: FileName) => readFileSync(path.join(FIXTURES, 'haskell', `${file}.hs`), 'utf8');

describe('Haskell facts', () => {
  const facts = {} as Record<FileName, FileFacts>;
  const defs = (file: FileName, qualifiedName: string): Definition[] =>
    facts[file].definitions.filter((d) => d.qualifiedName === qualifiedName);
  const def = (file: FileName, qualifiedName: string): Definition => {
    const found = defs(file, qualifiedName);
    if (found.length !== 1) throw new Error(`${found.length} definitions ${qualifiedName} in ${file}`);
    return found[0] as Definition;
  };
  /** Roles of `name` on the first line of `file` containing `needle`. */
  const roles = (file: FileName, name: string, needle: string) => rolesAt(facts[file], name, lineOf(facts[file], source(file), needle));

  beforeAll(async () => {
    for (const f of FILES) facts[f] = await factsOf('haskell', `haskell/${f}.hs`);
  });

  it('matches the golden facts', () => {
    for (const f of FILES) expectGolden(path.join(GOLDEN, `haskell-${f.toLowerCase()}.facts.txt`), formatFacts(facts[f]));
  });

  it('finds definitions with kinds and qualified names', () => {
    expect(def('Router', 'LLMKind').kind).toBe('data_type');
    expect(defs('Router', 'LLMKind.OpenAI').map((d) => d.kind)).toEqual(['constructor']);
    expect(def('Router', 'LLMKind.Local').signature).toBe('Local FilePath');
    expect(def('Router', 'Config.Config').kind).toBe('constructor');
    expect(def('Router', 'Config.Config.configName').kind).toBe('property');
    expect(def('Router', 'Endpoint').kind).toBe('data_type'); // newtype
    expect(def('Router', 'Registry').kind).toBe('type_alias');
    expect(defs('Router', 'Provider')[0]?.kind).toBe('type_class');
    expect(def('Router', 'Cost').kind).toBe('type_family');
    // Instances are named by their class name node; their methods nest under them.
    expect(def('Router', 'Show').kind).toBe('instance');
    expect(def('Router', 'Show.show').kind).toBe('method');
    // The class method signature and the instance's implementation share a qualified name.
    expect(defs('Router', 'Provider').map((d) => d.kind)).toEqual(['type_class', 'instance']);
    expect(defs('Router', 'Provider.send').map((d) => `${d.kind} L${d.span.startLine}`)).toEqual(['method L36', 'method L40']);
    // One definition per function, at its first clause, whatever the number of clauses.
    expect(defs('Router', 'route')).toHaveLength(1);
    expect(def('Router', 'route').span.startLine).toBe(lineOf(facts.Router, source('Router'), 'route reg OpenAI'));
    expect(def('Router', 'describe').kind).toBe('function');
    expect(def('Router', 'helper').kind).toBe('function'); // no signature
    expect(def('Router', 'makeConfig').kind).toBe('function'); // a plain binding
    // Clauses separated by a comment and by a pragma are still one function.
    expect(defs('Kinds', 'countTokens')).toHaveLength(1);
    expect(def('Kinds', '<+>').kind).toBe('function'); // operator
    // Where-clause bindings are local.
    const names = facts.Router.definitions.map((d) => d.name);
    expect(names).not.toContain('label');
    expect(facts.Kinds.definitions.map((d) => d.name)).not.toContain('weight');
    // `a, b :: T` defines each name.
    expect(def('Kinds', 'Request.Request.reqFallback').signature).toBe('reqFallback :: ModelKind');
    expect(def('Kinds', 'Priced.surcharge').kind).toBe('method');
    expect(def('Kinds', 'Expr.Lit').kind).toBe('constructor'); // GADT
  });

  it('uses the export list for exportedness, and exports everything without one', () => {
    const exported = (q: string) => def('Router', q).isExported;
    expect(exported('LLMKind')).toBe(true);
    expect(exported('LLMKind.Anthropic')).toBe(true); // LLMKind(..)
    expect(exported('Config.Config.configName')).toBe(true); // Config(configName, configKind)
    expect(exported('Config.Config.configWeights')).toBe(false);
    expect(exported('Config.Config')).toBe(false); // the constructor is not listed
    expect(exported('Endpoint')).toBe(false);
    expect(exported('Registry')).toBe(false);
    expect(exported('Cost')).toBe(false);
    expect(exported('route')).toBe(true);
    expect(exported('helper')).toBe(false);
    expect(defs('Router', 'Provider.send').map((d) => d.isExported)).toEqual([true, true]); // Provider(..), instance
    expect(exported('Show')).toBe(true); // instances are always visible
    expect(facts.Kinds.definitions.every((d) => d.isExported)).toBe(true); // no export list
  });

  it('reads Haddock comments and type signatures', () => {
    expect(def('Router', 'LLMKind').docstring).toBe('The providers we know.');
    expect(def('Router', 'LLMKind.OpenAI').docstring).toBeNull(); // the comment above is the type's
    expect(def('Router', 'route').docstring).toBe('Pick an endpoint.'); // above the signature
    expect(defs('Router', 'Provider')[0]?.docstring).toBe('Something that can answer prompts.'); // {- | -}
    expect(defs('Router', 'Provider.send')[0]?.docstring).toBe('Send one prompt.');
    expect(def('Router', 'Config.Config.configName').docstring).toBe('display name'); // -- ^
    expect(def('Router', 'describe').docstring).toBeNull();
    expect(def('Kinds', 'ModelName').docstring).toBe('A model name.\nFree-form text.');
    expect(def('Kinds', 'Request').docstring).toBe('A request to a provider:\nwhich kind, which model.');
    expect(def('Kinds', 'ModelKind.Chat').docstring).toBe('conversational');
    expect(def('Kinds', 'ModelKind.Completion').docstring).toBe('text completion');
    expect(def('Kinds', 'Request.Request.reqKind').docstring).toBeNull(); // `-- ^` belongs to reqModel
    expect(def('Kinds', 'Request.Request.reqModel').docstring).toBe('the model');
    expect(def('Kinds', 'countTokens').docstring).toBe('Count tokens.');

    expect(def('Router', 'route').signature).toBe('route :: Registry -> LLMKind -> Maybe Endpoint');
    expect(def('Router', 'helper').signature).toBe('helper xs');
    expect(defs('Router', 'Provider').map((d) => d.signature)).toEqual(['class Provider p', 'instance Provider LLMKind']);
    expect(def('Router', 'Show').signature).toBe('instance Show Endpoint');
    expect(def('Kinds', '<+>').signature).toBe('(<+>) :: Int -> Int -> Int');
    expect(facts.Router.definitions.every((d) => d.decorators.length === 0)).toBe(true);
  });

  it('records imports and exports', () => {
    expect(facts.Router.imports.map((i) => [i.name, i.alias, i.module])).toEqual([
      ['*', 'M', 'Data.Map'],
      ['sortBy', null, 'Data.List'],
      ["foldl'", null, 'Data.List'],
      ['*', null, 'Data.Maybe'],
      ['when', null, 'Control.Monad'],
    ]);
    expect(facts.Kinds.imports.map((i) => [i.name, i.alias, i.module])).toEqual([
      ['*', null, 'Data.List'], // hiding (sort)
      ['Map', null, 'Data.Map.Strict'],
      ['lookup', null, 'Data.Map.Strict'],
      ['toUpper', null, 'Data.Char'],
    ]);
    expect(facts.Router.exports.map((e) => [e.name, e.module])).toEqual([
      ['LLMKind', null],
      ['Config', null],
      ['configName', null],
      ['configKind', null],
      ['Provider', null],
      ['route', null],
      ['describe', null],
      ['*', 'Data.Maybe'],
    ]);
    expect(facts.Kinds.exports).toEqual([]);
  });

  it('gives each usage site its syntactic role', () => {
    // import / export
    expect(roles('Router', 'sortBy', 'import Data.List (sortBy')).toEqual(['import']);
    expect(roles('Router', 'LLMKind', '( LLMKind(..)')).toEqual(['export']);
    expect(roles('Router', 'configKind', 'Config(configName, configKind)')).toEqual(['export']);
    // type_parameter / type_return
    expect(roles('Router', 'Registry', 'route :: Registry')).toEqual(['type_parameter']);
    expect(roles('Router', 'LLMKind', 'route :: Registry')).toEqual(['type_parameter']);
    expect(roles('Router', 'Maybe', 'route :: Registry')).toEqual(['type_return']);
    expect(roles('Router', 'Endpoint', 'route :: Registry')).toEqual(['type_return']);
    expect(roles('Router', 'String', 'send :: p -> String -> IO String')).toEqual(['type_parameter', 'type_return']);
    // type_property (record fields) and object_key (key type of a Map)
    expect(roles('Router', 'String', 'configName :: String')).toEqual(['type_property']);
    expect(roles('Router', 'Map', 'configWeights :: M.Map LLMKind Int')).toEqual(['type_property']);
    expect(roles('Router', 'LLMKind', 'configWeights :: M.Map LLMKind Int')).toEqual(['object_key']);
    expect(roles('Kinds', 'ModelKind', 'lookupPrice :: Map.Map ModelKind Int')).toEqual(['object_key', 'type_parameter']);
    // type_reference: constructor fields, synonym bodies, class contexts
    expect(roles('Router', 'FilePath', 'data LLMKind =')).toEqual(['type_reference']);
    expect(roles('Router', 'Config', 'type Registry =')).toEqual(['type_reference']);
    expect(roles('Kinds', 'Show', 'class (Show a) => Priced a')).toEqual(['type_reference']);
    // implements: deriving clauses, standalone deriving
    expect(roles('Router', 'Show', 'deriving (Show, Eq)')).toEqual(['implements']);
    expect(roles('Router', 'Eq', 'deriving (Show, Eq)')).toEqual(['implements']);
    expect(roles('Kinds', 'Eq', 'deriving instance Eq Request')).toEqual(['implements']);
    // The class in an instance head is the instance's name node, so not a usage.
    expect(roles('Router', 'Provider', 'instance Provider LLMKind')).toEqual([]);
    expect(roles('Router', 'LLMKind', 'instance Provider LLMKind')).toEqual(['type_reference']);
    // call (application head, `$`, backticks, qualified) / member_access
    expect(roles('Router', 'lookup', 'route reg OpenAI')).toEqual(['call']);
    expect(roles('Router', 'toList', 'weights cfg =')).toEqual(['call']);
    expect(roles('Kinds', 'print', 'print $ length')).toEqual(['call']);
    expect(roles('Kinds', 'elem', '(`elem` [Completion])')).toEqual(['call']);
    expect(roles('Router', 'empty', 'M.empty')).toEqual(['member_access']);
    // instantiation
    expect(roles('Router', 'Endpoint', 'route reg OpenAI')).toEqual(['instantiation']);
    expect(roles('Router', 'Just', 'route _ Anthropic')).toEqual(['instantiation']);
    expect(roles('Router', 'Config', 'makeConfig =')).toEqual(['instantiation']);
    expect(roles('Kinds', 'Completion', '(`elem` [Completion])')).toEqual(['instantiation']);
    // case_pattern: function clause patterns, case alternatives, record patterns, the scrutinee
    expect(roles('Router', 'OpenAI', 'route reg OpenAI')).toEqual(['case_pattern']);
    expect(roles('Router', 'Local', 'route _ (Local path)')).toEqual(['case_pattern']);
    expect(roles('Router', 'Local', 'Local p ->')).toEqual(['case_pattern']);
    expect(roles('Router', 'kind', 'case kind of')).toEqual(['case_pattern']);
    expect(roles('Kinds', 'reqModel', 'normalize req@Request')).toEqual(['case_pattern', 'assignment']); // pattern, update
    // comparison: operands next to == and /= (the grammar does not resolve fixity)
    expect(roles('Router', 'kind', '| kind == OpenAI')).toEqual(['comparison']);
    expect(roles('Router', 'OpenAI', '| kind == OpenAI')).toEqual(['comparison']);
    expect(roles('Router', 'n', '| kind == OpenAI')).toEqual(['other']);
    expect(roles('Router', 'Anthropic', '| kind /= Anthropic')).toEqual(['comparison']);
    expect(roles('Kinds', 'Chat', 'k <- kinds, k /= Chat')).toEqual(['comparison']);
    // object_key: field names in record construction
    expect(roles('Router', 'configName', 'makeConfig =')).toEqual(['object_key']);
    // other
    expect(roles('Router', 'reg', 'route reg OpenAI')).toEqual(['other']); // the use, not the binding
    expect(roles('Router', 'compare', 'helper xs =')).toEqual(['other']);
    // Variables bound directly by a pattern are not usages; nor are type variables.
    expect(roles('Router', 'xs', 'helper xs =')).toEqual(['other']); // only the use on the right
    expect(roles('Router', 'p', 'send :: p ->')).toEqual([]);
    expect(roles('Kinds', 'k', 'total = foldr')).toEqual(['other']); // lambda-bound k: only its use
  });

  it('resolves calls through imports and definitions', () => {
    expect(facts.Router.calls.find((c) => c.callee === 'lookup')).toMatchObject({
      caller: 'route',
      receiver: 'M',
      resolution: 'import',
      module: 'Data.Map',
    });
    expect(facts.Router.calls.find((c) => c.callee === 'sortBy')).toMatchObject({ caller: 'helper', resolution: 'import', module: 'Data.List' });
    expect(facts.Router.calls.find((c) => c.callee === 'configWeights')).toMatchObject({ caller: 'weights', resolution: 'local' });
    expect(facts.Router.calls.find((c) => c.callee === 'pure')).toMatchObject({ caller: 'Provider.send', resolution: 'name' });
    expect(facts.Kinds.calls.find((c) => c.callee === 'lookup')).toMatchObject({ receiver: 'Map', module: 'Data.Map.Strict' });
    expect(facts.Kinds.calls.find((c) => c.callee === 'print')).toMatchObject({ caller: 'describeAll' }); // print $ ...
  });

  it('measures complexity per function', () => {
    // describe: guard (+1 cyc, +1 cog), && (+1, +1), guard (+1, +1), otherwise (+1 cog, as an else),
    // where: case (+1 cog), `Local p` alternative (+1 cyc; `_` adds nothing), if nested in the case
    // (+1 cyc, +2 cog) → cyclomatic 6, cognitive 7.
    expect(def('Router', 'describe').complexity).toEqual({ cyclomatic: 6, cognitive: 7, maxNesting: 2, lines: 8 });
    // lookupPrice: case (+1 cog), two constructor alternatives (+2 cyc), guard nested in the case
    // (+1 cyc, +2 cog), || (+1, +1), otherwise (+1 cog) → cyclomatic 5, cognitive 5.
    expect(def('Kinds', 'lookupPrice').complexity).toEqual({ cyclomatic: 5, cognitive: 5, maxNesting: 2, lines: 4 });
    expect(def('Router', 'helper').complexity).toEqual({ cyclomatic: 1, cognitive: 0, maxNesting: 0, lines: 1 });
    expect(def('Router', 'LLMKind').complexity).toBeNull();
  });

  it('keeps facts from the parts of a file that parse', () => {
    expect(facts.Broken.syntaxErrors).toBeGreaterThan(0);
    expect(facts.Broken.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'data_type Kind',
      'constructor Kind.A',
      'constructor Kind.B',
      'function good',
      'function bad',
      'function after',
    ]);
    expect(def('Broken', 'after').docstring).toBe('Still found.');
    expect(def('Broken', 'good').isExported).toBe(true);
    expect(def('Broken', 'after').isExported).toBe(false);
    // When recovery wraps the declarations in an ERROR node, the first ones are still found.
    expect(facts.BrokenBadly.syntaxErrors).toBeGreaterThan(0);
    expect(facts.BrokenBadly.definitions.map((d) => d.qualifiedName)).toEqual(['Kind', 'Kind.A', 'Kind.B', 'good']);
  });

  it('keeps one definition per function in a long module', async () => {
    const parts: string[] = ['module Many where', ''];
    const expected: string[] = [];
    for (let i = 0; i < 60; i++) {
      const name = `f${i}`;
      expected.push(name);
      if (i % 3 === 0) parts.push(`-- | Doc ${i}.`, `${name} :: Int -> Int`);
      parts.push(`${name} 0 = ${i}`);
      if (i % 2 === 0) parts.push('-- between clauses');
      if (i % 5 === 0) parts.push(`{-# INLINE ${name} #-}`);
      parts.push(`${name} n = n + ${i}`, '');
      if (i % 7 === 0) parts.push(`data T${i} = C${i}`, '');
    }
    const many = await extractFacts('haskell', parts.join('\n'));
    const functions = many.definitions.filter((d) => d.kind === 'function').map((d) => d.name);
    expect(functions).toEqual(expected);
    expect(many.definitions.find((d) => d.name === 'f3')?.docstring).toBe('Doc 3.');
  });
});
