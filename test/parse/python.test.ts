import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { extractFacts } from '../../src/parse/extract.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = ['__init__', 'kinds', 'router', 'util', 'broken'] as const;
type FixtureName = (typeof FILES)[number];

const sourceOf = (name: FixtureName) => readFileSync(path.join(FIXTURES, 'python', 'llm', `${name}.py`), 'utf8');

describe('Python facts', () => {
  const all = new Map<FixtureName, FileFacts>();
  const facts = (name: FixtureName): FileFacts => {
    const f = all.get(name);
    if (!f) throw new Error(`no facts for ${name}`);
    return f;
  };
  /** Line of the first line of fixture `name` containing `needle`. */
  const at = (name: FixtureName, needle: string) => lineOf(facts(name), sourceOf(name), needle);
  const def = (name: FixtureName, qualifiedName: string): Definition => {
    const d = facts(name).definitions.find((x) => x.qualifiedName === qualifiedName);
    if (!d) throw new Error(`no definition ${qualifiedName} in ${name}.py`);
    return d;
  };

  beforeAll(async () => {
    for (const name of FILES) all.set(name, await factsOf('python', `python/llm/${name}.py`));
  });

  it('matches the golden facts', () => {
    for (const name of FILES) {
      const golden = name === '__init__' ? 'init' : name;
      expectGolden(path.join(GOLDEN, `python-${golden}.facts.txt`), formatFacts(facts(name)));
    }
  });

  it('finds definitions with kinds and qualified names', () => {
    const kindsOf = (name: FixtureName) => Object.fromEntries(facts(name).definitions.map((d) => [d.qualifiedName, d.kind]));
    expect(kindsOf('router')).toEqual({
      DEFAULT_TIMEOUT: 'constant',
      MAX_RETRIES: 'constant',
      logger: 'variable',
      _cache: 'variable',
      PRICES: 'constant',
      app_route: 'function',
      'app_route.wrap': 'function',
      Request: 'class',
      'Request.prompt': 'property',
      'Request.kind': 'property',
      'Request.tags': 'property',
      'Request.retries': 'variable',
      Router: 'class',
      'Router.__init__': 'method',
      'Router.default': 'method',
      'Router.name': 'method',
      'Router._bump': 'method',
      'Router.pick': 'method',
      'Router.send': 'method',
      route_request: 'function',
      _helper: 'function',
      '_helper.inner': 'function',
    });
    expect(kindsOf('kinds')).toEqual({
      LLMKind: 'enum',
      'LLMKind.OPENAI': 'enum_member',
      'LLMKind.ANTHROPIC': 'enum_member',
      'LLMKind.LOCAL': 'enum_member',
      'LLMKind.is_remote': 'method',
      Priority: 'enum',
      'Priority.LOW': 'enum_member',
      'Priority.HIGH': 'enum_member',
      'Priority._ignore_': 'variable', // a sunder name is not a member
      Tier: 'enum', // `enum.Flag`
      'Tier.FREE': 'enum_member',
      'Tier.PAID': 'enum_member',
      NotAnEnum: 'class',
      'NotAnEnum.LIMIT': 'constant',
      'NotAnEnum.name': 'variable',
    });
    const util = kindsOf('util');
    expect(util.Handler).toBe('type_alias');
    expect(util['Registry.Entry']).toBe('class');
    expect(util['Registry.Entry.describe']).toBe('method');
    expect(util['scan.Hit']).toBe('class');
    expect(def('router', 'Router.pick').parent).toBe('Router');
    expect(def('router', '_helper.inner').parent).toBe('_helper');
  });

  it('keeps function-local variables out of the definitions', () => {
    const names = [...facts('router').definitions, ...facts('util').definitions].map((d) => d.name);
    for (const local of ['router', 'current', 'result', 'costs', 'reply', 'total', 'found', 'index', 'keys', 'attempt']) {
      expect(names).not.toContain(local);
    }
  });

  it('decides exportedness from __all__ when there is one', () => {
    expect(def('__init__', 'VERSION').isExported).toBe(true);
    expect(def('__init__', '_registry_size').isExported).toBe(false);
    expect(def('__init__', '__all__').isExported).toBe(false);
    expect(facts('__init__').exports.map((e) => e.name)).toEqual(['LLMKind', 'Router', 'route', 'VERSION']);
  });

  it('decides exportedness from __all__ in an inline module', async () => {
    const f = await extractFacts(
      'python',
      [
        '__all__ = ("Shown", "helper")',
        '__all__ += ["late"]',
        'def helper(): pass',
        'def hidden(): pass',
        'def late(): pass',
        'class Shown:',
        '    def run(self): pass',
        '    def _inner(self): pass',
        '    def __len__(self): return 0',
        'class Unlisted:',
        '    def run(self): pass',
        '',
      ].join('\n'),
    );
    const exported = Object.fromEntries(f.definitions.map((d) => [d.qualifiedName, d.isExported]));
    expect(exported).toEqual({
      __all__: false,
      helper: true,
      hidden: false,
      late: true,
      Shown: true,
      'Shown.run': true,
      'Shown._inner': false,
      'Shown.__len__': true,
      Unlisted: false,
      'Unlisted.run': false,
    });
    expect(f.exports.map((e) => `${e.name}@${e.line}`)).toEqual(['Shown@1', 'helper@1', 'late@2']);
  });

  it('decides exportedness from leading underscores without __all__', () => {
    expect(def('router', 'route_request').isExported).toBe(true);
    expect(def('router', '_helper').isExported).toBe(false);
    expect(def('router', '_helper.inner').isExported).toBe(false);
    expect(def('router', 'app_route.wrap').isExported).toBe(false); // nested in a function: local
    expect(def('router', '_cache').isExported).toBe(false);
    expect(def('router', 'Router.__init__').isExported).toBe(true); // dunder counts as public
    expect(def('router', 'Router._bump').isExported).toBe(false);
    expect(def('router', 'Request.prompt').isExported).toBe(true);
    expect(def('util', 'Registry.Entry.describe').isExported).toBe(true);
    expect(def('util', 'scan.Hit').isExported).toBe(false);
    expect(def('kinds', 'LLMKind.OPENAI').isExported).toBe(true);
    expect(facts('router').exports).toEqual([]);
  });

  it('reads decorators without @ and arguments', async () => {
    expect(def('router', 'Request').decorators).toEqual(['dataclass']);
    expect(def('router', 'Router.default').decorators).toEqual(['staticmethod']);
    expect(def('router', 'Router.name').decorators).toEqual(['property']);
    expect(def('router', 'route_request').decorators).toEqual(['app_route']);
    expect(def('util', 'parse_kind').decorators).toEqual(['functools.lru_cache']);
    expect(def('router', 'Router.pick').decorators).toEqual([]);
    const f = await extractFacts('python', '@app.route("/x", methods=["GET"])\n@login_required\ndef view():\n    pass\n');
    expect(f.definitions[0]?.decorators).toEqual(['app.route', 'login_required']);
    // The definition is the def itself, not the decorated_definition around it.
    expect(f.definitions[0]?.span.startLine).toBe(3);
  });

  it('reads docstrings', () => {
    expect(def('router', 'Request').docstring).toBe('A prompt addressed to one backend.\n\nThe kind decides the backend.');
    expect(def('router', 'Router').docstring).toBe('Dispatches requests.');
    expect(def('router', 'Router.pick').docstring).toBe('Choose the backend for a request.');
    expect(def('router', 'Router.send').docstring).toBeNull();
    expect(def('kinds', 'LLMKind').docstring).toBe('Which backend serves a request.');
    // Attributes: `#` comments directly above, or a string right after (PEP 257).
    expect(def('kinds', 'Priority.LOW').docstring).toBe('Background work.');
    expect(def('kinds', 'Priority.HIGH').docstring).toBe('Interactive requests.');
    expect(def('util', 'RETRY_DELAY').docstring).toBe('Seconds between two retries.');
    expect(def('util', 'cache_size').docstring).toBe('How many parsed kinds are kept.');
    expect(def('util', 'MAX_KEYS').docstring).toBeNull(); // the comment above trails `_fallback`
    expect(def('util', 'Registry.Entry').docstring).toBe('One registered kind.');
  });

  it('builds signatures without the trailing colon', async () => {
    expect(def('router', 'Router').signature).toBe('class Router(object)');
    expect(def('router', 'Request').signature).toBe('class Request');
    expect(def('router', 'Router.pick').signature).toBe(
      'def pick(self, request: Request, fallback: LLMKind | None = None) -> LLMKind',
    );
    expect(def('router', 'Router.send').signature).toBe('async def send(self, request: Request) -> str');
    expect(def('router', 'DEFAULT_TIMEOUT').signature).toBe('DEFAULT_TIMEOUT: float = 30.0');
    expect(def('util', 'Handler').signature).toBe('type Handler = Callable[[str], str]');
    const f = await extractFacts('python', 'def f(\n    a,  # the first\n    b: int = 2,\n) -> int:  # trailing\n    return a\n');
    expect(f.definitions[0]?.signature).toBe('def f( a, b: int = 2, ) -> int');
  });

  it('reads imports', () => {
    const show = (name: FixtureName) =>
      facts(name).imports.map((i) => `${i.name}${i.alias ? ` as ${i.alias}` : ''} from ${i.module} @${i.line}`);
    expect(show('router')).toEqual([
      'annotations from __future__ @2',
      '* from asyncio @4',
      '* as log from logging @5',
      '* from os.path @6',
      'dataclass from dataclasses @7',
      'field from dataclasses @7',
      'Optional from typing @8',
      'LLMKind from .kinds @10',
      'Priority from .kinds @10',
      'settings as cfg from ..config @11',
    ]);
    expect(show('__init__')).toEqual([
      'LLMKind from .kinds @2',
      'Router from .router @3',
      'route_request as route from .router @3',
      'util from . @4',
    ]);
    expect(show('util')).toContain('* from typing @4'); // from typing import *
    expect(show('util')).toContain('LLMKind as Kind from .kinds @6');
  });

  it('gives each usage site its syntactic role', () => {
    const r = (name: string, needle: string) => rolesAt(facts('router'), name, at('router', needle));
    const u = (name: string, needle: string) => rolesAt(facts('util'), name, at('util', needle));
    // import
    expect(r('LLMKind', 'from .kinds import')).toEqual(['import']);
    expect(r('cfg', 'import settings as cfg')).toEqual(['import']);
    expect(r('log', 'import logging as log')).toEqual(['import']);
    // type_parameter / type_return / type_property / type_reference
    expect(r('LLMKind', 'def __init__')).toEqual(['type_parameter']);
    expect(r('Optional', 'def __init__')).toEqual(['type_parameter']);
    expect(r('float', 'def __init__')).toEqual(['type_parameter']); // subscript argument keeps the role
    expect(r('LLMKind', 'def pick')).toEqual(['type_parameter', 'type_return']);
    expect(r('Router', 'def default')).toEqual(['type_return']);
    expect(r('LLMKind', 'kind: LLMKind = LLMKind.OPENAI')).toEqual(['type_property', 'assignment']);
    expect(r('str', 'tags: list[str]')).toEqual(['type_property']);
    expect(r('str', 'reply: str = await')).toEqual(['type_reference']); // local annotation
    expect(r('float', 'DEFAULT_TIMEOUT: float')).toEqual(['type_reference']); // module annotation
    expect(u('Callable', 'type Handler')).toEqual(['type_reference']);
    // call: callee only; receivers are member accesses
    expect(r('Router', 'router = Router(kind)')).toEqual(['call']);
    expect(r('send', 'await router.send(')).toEqual(['call']);
    expect(r('router', 'await router.send(')).toEqual(['member_access']);
    expect(r('Request', 'await router.send(')).toEqual(['call']);
    expect(r('exists', 'os.path.exists')).toEqual(['call']);
    expect(r('os', 'os.path.exists')).toEqual(['member_access']);
    expect(r('path', 'os.path.exists')).toEqual(['member_access']);
    expect(r('dataclass', '@dataclass(frozen=True)')).toEqual(['call']);
    expect(r('staticmethod', '@staticmethod')).toEqual(['call']);
    expect(u('lru_cache', '@functools.lru_cache')).toEqual(['call']);
    expect(u('functools', '@functools.lru_cache')).toEqual(['member_access']);
    // extends
    expect(r('object', 'class Router(object)')).toEqual(['extends']);
    expect(rolesAt(facts('kinds'), 'Enum', at('kinds', 'class LLMKind(Enum)'))).toEqual(['extends']);
    expect(rolesAt(facts('kinds'), 'enum', at('kinds', 'class Tier(enum.Flag)'))).toEqual(['extends']);
    expect(rolesAt(facts('kinds'), 'Flag', at('kinds', 'class Tier(enum.Flag)'))).toEqual(['extends']);
    // case_pattern: both parts of a dotted pattern, union patterns, and the subject
    expect(r('LLMKind', 'case LLMKind.OPENAI:')).toEqual(['case_pattern']);
    expect(r('OPENAI', 'case LLMKind.OPENAI:')).toEqual(['case_pattern']);
    expect(r('LLMKind', 'case LLMKind.ANTHROPIC | LLMKind.LOCAL')).toEqual(['case_pattern', 'case_pattern']);
    expect(r('LOCAL', 'case LLMKind.ANTHROPIC | LLMKind.LOCAL')).toEqual(['case_pattern']);
    expect(r('kind', 'match kind:')).toEqual(['case_pattern']);
    // comparison: every identifier of the compared attribute chains
    const eq = 'if request.kind == LLMKind.LOCAL';
    expect(r('request', eq)).toEqual(['comparison', 'member_access']);
    expect(r('kind', eq)).toEqual(['comparison']);
    expect(r('LLMKind', eq)).toEqual(['comparison']);
    expect(r('LOCAL', eq)).toEqual(['comparison']);
    expect(r('request', 'elif request.kind is None')).toEqual(['comparison']);
    expect(r('LLMKind', 'elif request.kind is None')).toEqual(['comparison', 'comparison']); // `in (A, B)`
    expect(r('current', 'if k != current')).toEqual(['comparison']);
    expect(r('attempt', 'if attempt > 1')).toEqual(['other']); // ordering, not equality
    expect(u('wanted', 'is not wanted')).toEqual(['comparison']);
    expect(u('registry', 'is not wanted')).toEqual(['comparison']); // `registry.items[key] is not ...`
    expect(u('key', 'is not wanted')).toEqual(['other', 'comparison']); // the index is not compared
    expect(u('found', 'is not wanted')).toEqual(['comparison']); // `not in`
    expect(rolesAt(facts('kinds'), 'self', at('kinds', 'return self != LLMKind.LOCAL'))).toEqual(['comparison']);
    // object_key
    expect(r('LLMKind', 'LLMKind.OPENAI: 0.5')).toEqual(['object_key']);
    expect(r('OPENAI', 'LLMKind.OPENAI: 0.5')).toEqual(['object_key']);
    expect(u('wanted', 'index = {wanted')).toEqual(['object_key']);
    expect(u('Kind', 'index = {wanted')).toEqual(['object_key']);
    // assignment: targets, and a bare identifier / attribute value
    expect(r('router', 'router = Router(kind)')).toEqual(['assignment']);
    expect(r('self', 'self.kind = kind')).toEqual(['assignment']);
    expect(r('kind', 'self.kind = kind')).toEqual(['assignment', 'assignment']);
    expect(r('_seen', 'self._seen += 1')).toEqual(['assignment']);
    expect(r('router', 'current = router.kind')).toEqual(['assignment']);
    expect(r('timeout', 'self.timeout = timeout or')).toEqual(['assignment', 'other']);
    expect(r('attempt', 'for attempt in')).toEqual(['assignment']);
    expect(r('err', 'except (OSError')).toEqual(['assignment']);
    expect(u('n', 'while (n := len')).toEqual(['assignment']);
    expect(u('items', 'self.items[key] = kind')).toEqual(['assignment']);
    // member_access
    expect(r('kind', 'return self.kind.value')).toEqual(['member_access']);
    expect(r('value', 'return self.kind.value')).toEqual(['member_access']);
    expect(r('LLMKind', 'return Router(LLMKind.OPENAI)')).toEqual(['member_access']);
    // other
    expect(r('MAX_RETRIES', 'range(MAX_RETRIES)')).toEqual(['other']);
    expect(r('frozen', '@dataclass(frozen=True)')).toEqual(['other']);
    // Every role the fixtures exercise (instantiation, implements and export do not exist in Python syntax).
    const seen = new Set(FILES.flatMap((name) => facts(name).usages.map((x) => x.role)));
    expect([...seen].sort()).toEqual(
      [
        'assignment',
        'call',
        'case_pattern',
        'comparison',
        'extends',
        'import',
        'member_access',
        'object_key',
        'other',
        'type_parameter',
        'type_property',
        'type_reference',
        'type_return',
      ].sort(),
    );
  });

  it('skips definition names, parameter names, keywords and strings', async () => {
    const router = facts('router');
    const pickLine = at('router', 'def pick');
    expect(rolesAt(router, 'pick', pickLine)).toEqual([]); // the definition's name
    expect(rolesAt(router, 'request', pickLine)).toEqual([]); // a parameter name
    expect(rolesAt(router, 'fallback', pickLine)).toEqual([]);
    expect(rolesAt(router, 'DEFAULT_TIMEOUT', at('router', 'DEFAULT_TIMEOUT: float'))).toEqual([]);
    expect(facts('__init__').usages.map((x) => x.role)).not.toContain('export'); // __all__ holds strings
    const f = await extractFacts('python', 'def f(*args, x=DEFAULT, **kw):\n    return lambda q, r=R: q\n');
    expect(f.usages.map((x) => `${x.name}:${x.role}`)).toEqual(['DEFAULT:other', 'R:other', 'q:other']);
    // Error recovery can turn keywords into identifiers; they are not usages.
    const broken = await extractFacts('python', 'def broken(x) -> int\n    return x\n\nclass After:\n    pass\n');
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    expect(broken.usages.map((x) => x.name)).not.toContain('return');
  });

  it('records calls with receivers and resolutions', () => {
    const calls = (name: FixtureName) =>
      facts(name).calls.map((c) => `${c.caller ?? '<top>'} -> ${c.receiver ? `${c.receiver}.` : ''}${c.callee} ${c.resolution}${c.module ? ` ${c.module}` : ''}`);
    const router = calls('router');
    expect(router).toContain('route_request -> Router local');
    expect(router).toContain('route_request -> Request local');
    expect(router).toContain('route_request -> router.send name');
    expect(router).toContain('route_request -> log.info import logging'); // through `import logging as log`
    expect(router).toContain('route_request -> cfg.reload import ..config');
    expect(router).toContain('Request -> field import dataclasses');
    expect(router).toContain('<top> -> app_route local'); // the decorator call runs at module level
    expect(router).toContain('_helper -> inner local');
    expect(router).toContain('Router.pick -> range name');
    expect(calls('util')).toContain('parse_kind -> Kind import .kinds'); // aliased import
    expect(calls('util')).toContain('to_json -> json.dumps import json');
    const send = facts('router').calls.find((c) => c.callee === 'sleep');
    expect(send).toMatchObject({ caller: 'Router.send', receiver: 'asyncio', line: at('router', 'asyncio.sleep') });
  });

  it('measures complexity', () => {
    // pick: if (+1) `and` (+1) elif (+1) `or` (+1) for (+1) nested if (+1) → cyclomatic 1 + 6 = 7.
    // cognitive: if 1, and 1, elif 1, or 1, for 1+1 (inside the if), if 1+2, else 1 → 10; deepest nesting 3.
    expect(def('router', 'Router.pick').complexity).toEqual({ cyclomatic: 7, cognitive: 10, maxNesting: 3, lines: 11 });
    // send: match (+1 cognitive) with three case arms (+3 cyclomatic).
    expect(def('router', 'Router.send').complexity).toEqual({ cyclomatic: 4, cognitive: 1, maxNesting: 1, lines: 11 });
    // route_request: comprehension for + if clause, except, conditional expression.
    expect(def('router', 'route_request').complexity).toEqual({ cyclomatic: 5, cognitive: 4, maxNesting: 1, lines: 11 });
    // scan: while 1, if 1+1, and 1, elif 1 → cyclomatic 5, cognitive 5.
    expect(def('util', 'scan').complexity).toEqual({ cyclomatic: 5, cognitive: 5, maxNesting: 2, lines: 14 });
    expect(def('router', 'Router').complexity).toBeNull();
  });

  it('extracts the parts of a file that parse around a syntax error', () => {
    const broken = facts('broken');
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    expect(broken.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'function before',
      'function broken',
      'class After',
      'method After.method',
    ]);
    expect(broken.imports.map((i) => i.module)).toEqual(['os']);
    expect(broken.calls.map((c) => `${c.caller} -> ${c.callee} ${c.resolution}`)).toEqual([
      'before -> isdir import',
      'After.method -> before local',
    ]);
    expect(rolesAt(broken, 'int', at('broken', 'def method'))).toEqual(['type_return']);
  });
});
