import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { FIXTURES, factsOf, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const source = (file: string): string => readFileSync(path.join(FIXTURES, file), 'utf8');

function def(facts: FileFacts, qualifiedName: string, kind?: Definition['kind']): Definition {
  const found = facts.definitions.find((d) => d.qualifiedName === qualifiedName && (!kind || d.kind === kind));
  if (!found) throw new Error(`no definition ${qualifiedName}`);
  return found;
}

describe('rust facts: golden files', () => {
  for (const name of ['router', 'traits', 'broken']) {
    it(`${name}.rs`, async () => {
      const facts = await factsOf('rust', `rust/${name}.rs`);
      expectGolden(path.join(GOLDEN, `rust-${name}.facts.txt`), formatFacts(facts));
    });
  }
});

describe('rust facts: router.rs', () => {
  let facts: FileFacts;
  const src = source('rust/router.rs');
  const at = (needle: string): number => lineOf(facts, src, needle);
  beforeAll(async () => {
    facts = await factsOf('rust', 'rust/router.rs');
  });

  it('reads definition kinds and qualified names', () => {
    expect(facts.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'constant MAX_RETRIES',
      'constant DEFAULT_MODEL',
      'enum LLMKind',
      'enum_member LLMKind.OpenAi',
      'enum_member LLMKind.Anthropic',
      'enum_member LLMKind.Local',
      'property LLMKind.Local.path',
      'interface Backend',
      'method Backend.complete',
      'method Backend.name',
      'type_alias Registry',
      'class Router',
      'property Router.backends',
      'property Router.retries',
      'property Router.fallback',
      'class RouterError',
      // impl blocks qualify their methods with the implementing type
      'instance Router',
      'method Router.new',
      'method Router.route',
      'instance LLMKind',
      'method LLMKind.fmt',
      'function describe',
      'module testing',
      'function testing.make',
      'module testing.tests',
      'function testing.tests.routes',
    ]);
    expect(def(facts, 'Router.route').parent).toBe('Router');
  });

  it('reads visibility from pub, the enum, the trait or the trait impl', () => {
    const exported = (name: string, kind?: Definition['kind']): boolean => def(facts, name, kind).isExported;
    expect(exported('MAX_RETRIES')).toBe(true);
    expect(exported('DEFAULT_MODEL')).toBe(false);
    expect(exported('LLMKind.OpenAi')).toBe(true);
    expect(exported('LLMKind.Local.path')).toBe(true);
    expect(exported('Backend.complete')).toBe(true);
    expect(exported('Router.backends')).toBe(true);
    expect(exported('Router.retries')).toBe(false);
    expect(exported('Router.route')).toBe(true);
    expect(exported('LLMKind.fmt')).toBe(true);
    expect(exported('Router', 'instance')).toBe(false);
    expect(exported('describe')).toBe(false);
    expect(exported('testing')).toBe(true);
    expect(exported('testing.tests')).toBe(false);
  });

  it('reads doc comments above attributes, on variants, fields and modules', () => {
    expect(def(facts, 'LLMKind', 'enum').docstring).toBe('The kinds of LLM provider.');
    expect(def(facts, 'LLMKind.OpenAi').docstring).toBe('Hosted OpenAI.');
    expect(def(facts, 'LLMKind.Anthropic').docstring).toBeNull();
    expect(def(facts, 'Router', 'class').docstring).toBe('Routes prompts.');
    expect(def(facts, 'Router.backends').docstring).toBe('Registered backends.');
    expect(def(facts, 'Router.new').docstring).toBe('Creates an empty router.');
    expect(def(facts, 'Backend.complete').docstring).toBe('Completes one prompt.');
    expect(def(facts, 'testing').docstring).toBe('Helpers for tests.');
    expect(def(facts, 'DEFAULT_MODEL').docstring).toBeNull();
  });

  it('reads attributes as decorators', () => {
    expect(def(facts, 'LLMKind', 'enum').decorators).toEqual(['derive']);
    expect(def(facts, 'Router', 'class').decorators).toEqual(['derive']);
    expect(def(facts, 'testing.tests').decorators).toEqual(['cfg']);
    expect(def(facts, 'testing.tests.routes').decorators).toEqual(['test']);
    expect(def(facts, 'describe').decorators).toEqual([]);
  });

  it('builds signatures', () => {
    expect(def(facts, 'Router.route').signature).toBe(
      'pub fn route(&mut self, kind: LLMKind, prompt: &str) -> Result<String, RouterError>',
    );
    expect(def(facts, 'LLMKind.Anthropic').signature).toBe('Anthropic(String)');
    expect(def(facts, 'LLMKind.Local').signature).toBe('Local { path: String }');
    expect(def(facts, 'Backend.complete').signature).toBe('fn complete(&self, prompt: &str) -> Result<String, RouterError>');
    expect(def(facts, 'LLMKind', 'instance').signature).toBe('impl Display for LLMKind');
    expect(def(facts, 'RouterError').signature).toBe('pub struct RouterError(String)');
    expect(def(facts, 'Registry').signature).toBe('pub type Registry = HashMap<LLMKind, Box<dyn Backend>>');
  });

  it('reads one import per leaf of a use tree', () => {
    expect(facts.imports.map((i) => [i.name, i.alias, i.module, i.line])).toEqual([
      ['HashMap', null, 'std::collections', 3],
      ['*', null, 'std::fmt', 4], // `self` in the list: the module itself
      ['Display', null, 'std::fmt', 4],
      ['Formatter', 'Fmt', 'std::fmt', 4],
      ['*', null, 'crate::backends', 5],
      ['Config', 'RouterConfig', 'super::config', 6],
      ['*', null, 'super', 91],
    ]);
    expect(rolesAt(facts, 'Formatter', 4)).toEqual(['import']);
    expect(rolesAt(facts, 'Fmt', 4)).toEqual(['import']);
    expect(rolesAt(facts, 'std', 4)).toEqual(['import']);
  });

  it('classifies type positions, impls, supertraits and derives', () => {
    const route = at('pub fn route(');
    expect(rolesAt(facts, 'LLMKind', route)).toEqual(['type_parameter']);
    expect(rolesAt(facts, 'Result', route)).toEqual(['type_return']);
    expect(rolesAt(facts, 'RouterError', route)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Registry', at('pub backends: Registry'))).toEqual(['type_property']);
    expect(rolesAt(facts, 'String', at('Anthropic(String)'))).toEqual(['type_property']);
    expect(rolesAt(facts, 'LLMKind', at('pub type Registry'))).toEqual(['object_key']);
    expect(rolesAt(facts, 'Backend', at('pub type Registry'))).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Display', at('impl Display for LLMKind'))).toEqual(['implements']);
    // The implementing type is the instance's name, so it is not also a usage.
    expect(rolesAt(facts, 'LLMKind', at('impl Display for LLMKind'))).toEqual([]);
    expect(rolesAt(facts, 'Send', at('pub trait Backend'))).toEqual(['extends']);
    expect(rolesAt(facts, 'Sync', at('pub trait Backend'))).toEqual(['extends']);
    expect(rolesAt(facts, 'PartialEq', at('#[derive(Debug, Clone, PartialEq)]'))).toEqual(['implements']);
    const fmt = at('fn fmt(');
    expect(rolesAt(facts, 'fmt', fmt)).toEqual(['member_access']);
    expect(rolesAt(facts, 'Result', fmt)).toEqual(['type_return']);
    expect(rolesAt(facts, 'Fmt', fmt)).toEqual(['type_parameter']);
  });

  it('classifies instantiation, object keys, calls and member access', () => {
    const literal = at('let router = Router {');
    expect(rolesAt(facts, 'Router', literal)).toEqual(['instantiation']);
    expect(rolesAt(facts, 'backends', literal)).toEqual(['object_key']);
    expect(rolesAt(facts, 'fallback', literal)).toEqual(['object_key']);
    expect(rolesAt(facts, 'HashMap', literal)).toEqual(['member_access']);
    expect(rolesAt(facts, 'new', literal)).toEqual(['call']);
    expect(rolesAt(facts, 'config', literal)).toEqual(['member_access']);
    expect(rolesAt(facts, 'retries', literal)).toEqual(['object_key', 'member_access']);
    const get = at('match self.backends.get(&kind)');
    expect(rolesAt(facts, 'backends', get)).toEqual(['member_access']);
    expect(rolesAt(facts, 'get', get)).toEqual(['call']);
    // A tuple-struct constructor is a call; macros are calls without the `!`.
    expect(rolesAt(facts, 'RouterError', at('return Err(RouterError("fallback"'))).toEqual(['call']);
    expect(rolesAt(facts, 'format', at('format!('))).toEqual(['call']);
    expect(rolesAt(facts, 'describe', at('format!('))).toEqual(['call']);
    expect(rolesAt(facts, 'RouterError', at('Err(RouterError::new_failed())'))).toEqual(['member_access']);
    expect(rolesAt(facts, 'new_failed', at('Err(RouterError::new_failed())'))).toEqual(['call']);
  });

  it('classifies match arm patterns, guards and comparisons', () => {
    const guard = at('None if self.fallback');
    expect(rolesAt(facts, 'None', guard)).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'is_some', guard)).toEqual(['call']);
    expect(rolesAt(facts, 'kind', guard)).toEqual(['comparison']);
    expect(rolesAt(facts, 'LLMKind', guard)).toEqual(['comparison']);
    expect(rolesAt(facts, 'OpenAi', guard)).toEqual(['comparison']);
    expect(rolesAt(facts, 'LLMKind', at('LLMKind::OpenAi => "openai"'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'OpenAi', at('LLMKind::OpenAi => "openai"'))).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'Anthropic', at('LLMKind::Anthropic(model) =>'))).toEqual(['case_pattern']);
    const local = at('LLMKind::Local { path } if');
    expect(rolesAt(facts, 'Local', local)).toEqual(['case_pattern']);
    expect(rolesAt(facts, 'path', local)).toEqual(['case_pattern', 'member_access', 'comparison']);
    expect(rolesAt(facts, 'DEFAULT_MODEL', local)).toEqual(['comparison']);
    expect(rolesAt(facts, 'Ok', at('if let Ok(out)'))).toEqual(['case_pattern']);
  });

  it('classifies assignments and leaves bindings out', () => {
    const assign = at('r.retries = MAX_RETRIES');
    expect(rolesAt(facts, 'r', assign)).toEqual(['assignment']);
    expect(rolesAt(facts, 'retries', assign)).toEqual(['assignment']);
    expect(rolesAt(facts, 'MAX_RETRIES', assign)).toEqual(['assignment']);
    expect(rolesAt(facts, 'attempts', at('attempts += 1'))).toEqual(['assignment']);
    expect(rolesAt(facts, 'Some', at('r.fallback = Some(kind)'))).toEqual(['call']);
    // `let` and parameter bindings are not usages.
    expect(rolesAt(facts, 'attempts', at('let mut attempts = 0'))).toEqual([]);
    expect(rolesAt(facts, 'kind', at('pub fn route('))).toEqual([]);
    expect(facts.usages.some((u) => u.name === 'self' || u.name === '_' || u.name === '')).toBe(false);
  });

  it('resolves calls, including method, path, macro and macro-argument calls', () => {
    const calls = facts.calls.map((c) => `${c.caller} -> ${c.receiver ? `${c.receiver}.` : ''}${c.callee} (${c.resolution}${c.module ? ` ${c.module}` : ''})`);
    expect(calls).toContain('Router.new -> HashMap.new (import std::collections)');
    expect(calls).toContain('Router.route -> self.backends.get (name)');
    expect(calls).toContain('Router.route -> RouterError (local)');
    expect(calls).toContain('Router.route -> format (name)');
    expect(calls).toContain('Router.route -> describe (local)');
    expect(calls).toContain('LLMKind.fmt -> write (name)');
    expect(calls).toContain('LLMKind.fmt -> describe (local)');
    expect(calls).toContain('testing.make -> Router.default (name)');
    expect(calls).toContain('testing.tests.routes -> assert_eq (name)');
    expect(calls).toContain('testing.tests.routes -> super.make (import super)');
    expect(calls).not.toContain('Router.route -> Some (name)');
  });

  it('computes complexity (hand-checked for route and describe)', () => {
    // match (cog 1) with three counted arms (+3) and a guard `&&` (+1, cog 1);
    // while (+1, cog 1) holding `if let` (+1, cog 2) with an else (cog 1).
    expect(def(facts, 'Router.route').complexity).toEqual({ cyclomatic: 7, cognitive: 6, maxNesting: 2, lines: 18 });
    // match (cog 1) with four arms (+4) and a guard `||` (+1, cog 1).
    expect(def(facts, 'describe').complexity).toEqual({ cyclomatic: 6, cognitive: 2, maxNesting: 1, lines: 8 });
    expect(def(facts, 'Router', 'instance').complexity).toBeNull();
  });
});

describe('rust facts: traits.rs', () => {
  let facts: FileFacts;
  const src = source('rust/traits.rs');
  const at = (needle: string): number => lineOf(facts, src, needle);
  beforeAll(async () => {
    facts = await factsOf('rust', 'rust/traits.rs');
  });

  it('reads nested use trees, extern crate and pub use re-exports', () => {
    expect(facts.imports.map((i) => `${i.name}${i.alias ? ` as ${i.alias}` : ''} from ${i.module}`)).toEqual([
      // Nested lists: the module is the innermost written prefix (see rust.scm).
      'BTreeMap from collections',
      'HashSet as Set from collections',
      '* from fmt',
      'Arc from sync',
      'Router from crate::router',
      'LLMKind as Kind from crate::router',
      '* from crate::backends',
      '* as serde_crate from serde',
    ]);
    expect(facts.exports.map((e) => `${e.name}${e.alias ? ` as ${e.alias}` : ''} from ${e.module}`)).toEqual([
      'Router from crate::router',
      'LLMKind as Kind from crate::router',
      '* from crate::backends',
    ]);
  });

  it('reads block doc comments, field attributes, trait members and macros', () => {
    expect(def(facts, 'Cache', 'class').docstring).toBe('A cache keyed by prompt.');
    expect(def(facts, 'Cache', 'class').signature).toBe('pub struct Cache<T: Clone + Default> where T: Send');
    expect(def(facts, 'Cache.entries').decorators).toEqual(['serde']);
    expect(def(facts, 'Cache.entries').docstring).toBe('Cached entries.');
    expect(def(facts, 'Cache.Target').kind).toBe('type_alias');
    expect(def(facts, 'Cache.deref').kind).toBe('method');
    expect(def(facts, 'Scored.Score').kind).toBe('type_alias');
    expect(def(facts, 'Scored.Score').docstring).toBe('The score type.');
    expect(def(facts, 'Scored.MAX').kind).toBe('constant');
    expect(def(facts, 'Scored.score').isExported).toBe(true);
    const square = def(facts, 'square');
    expect([square.kind, square.isExported, square.decorators, square.signature]).toEqual([
      'function',
      true,
      ['macro_export'],
      'macro_rules! square',
    ]);
  });

  it('classifies generic, bound and path type positions', () => {
    const impl = at('impl<T: Clone + Default + Send> std::ops::Deref');
    expect(rolesAt(facts, 'Deref', impl)).toEqual(['implements']);
    expect(rolesAt(facts, 'std', impl)).toEqual(['member_access']);
    expect(rolesAt(facts, 'Clone', impl)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'Debug', at('pub trait Scored'))).toEqual(['extends']);
    expect(rolesAt(facts, 'BTreeMap', at('entries: BTreeMap'))).toEqual(['type_property']);
    expect(rolesAt(facts, 'String', at('entries: BTreeMap'))).toEqual(['object_key']);
    expect(rolesAt(facts, 'T', at('entries: BTreeMap'))).toEqual(['type_reference']);
    const rank = at('pub fn rank<');
    expect(rolesAt(facts, 'Scored', rank)).toEqual(['type_reference']);
    expect(rolesAt(facts, 'S', rank)).toEqual(['type_parameter', 'type_reference']);
    expect(rolesAt(facts, 'Vec', rank)).toEqual(['type_return']);
    expect(rolesAt(facts, 'Target', at('fn deref(&self)'))).toEqual(['type_return']);
  });

  it('finds calls in macro arguments but not in attribute arguments', () => {
    expect(def(facts, 'rank').decorators).toEqual(['cfg_attr']);
    const calls = facts.calls.map((c) => `${c.caller} -> ${c.receiver ? `${c.receiver}.` : ''}${c.callee}`);
    expect(calls).toContain('rank -> debug_assert');
    expect(calls).toContain('rank -> check');
    expect(calls).not.toContain('rank -> allow');
    expect(calls).not.toContain('<top> -> allow');
    expect(calls.filter((c) => c.endsWith('allow'))).toEqual([]);
    expect(rolesAt(facts, 'check', at('debug_assert!('))).toEqual(['call']);
    expect(rolesAt(facts, 'allow', at('#[cfg_attr('))).toEqual(['other']);
  });

  it('computes complexity with else-if, nested loop and a `_` arm (hand-checked for rank)', () => {
    // for (+1, cog 1); if (+1, cog 2); else-if (+1, cog 1); else (cog 1) holding loop (+1, cog 3);
    // match (cog 1) with two counted arms (+2): the bare `_` arm does not count.
    expect(def(facts, 'rank').complexity).toEqual({ cyclomatic: 7, cognitive: 9, maxNesting: 3, lines: 21 });
    expect(rolesAt(facts, 'n', at('n @ 2..=9 if n != limit'))).toEqual(['comparison']);
    expect(rolesAt(facts, 'limit', at('n @ 2..=9 if n != limit'))).toEqual(['comparison']);
  });
});

describe('rust facts: broken.rs', () => {
  let facts: FileFacts;
  beforeAll(async () => {
    facts = await factsOf('rust', 'rust/broken.rs');
  });

  it('counts syntax errors and keeps the facts of the parts that parse', () => {
    expect(facts.syntaxErrors).toBeGreaterThan(0);
    expect(facts.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'function healthy',
      'function broken',
      'class AfterBreak',
      'property AfterBreak.ok',
      'function also_fine',
    ]);
    expect(facts.definitions.find((d) => d.name === 'AfterBreak')?.docstring).toBe('After the break.');
    expect(facts.definitions.find((d) => d.name === 'healthy')?.isExported).toBe(true);
    expect(facts.calls.map((c) => `${c.caller} -> ${c.callee}`)).toEqual(['broken -> helper']);
    expect(rolesAt(facts, 'LIMIT', 9)).toEqual(['comparison']);
    expect(rolesAt(facts, 'ok', 21)).toEqual(['comparison']);
  });
});
