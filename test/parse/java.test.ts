import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = ['LLMKind', 'Router', 'Routing', 'Registry', 'RouterTest', 'Broken'] as const;
type FileName = (typeof FILES)[number];
const source = (file: FileName) => readFileSync(path.join(FIXTURES, 'java', `${file}.java`), 'utf8');

describe('Java facts', () => {
  const facts = {} as Record<FileName, FileFacts>;
  const def = (file: FileName, qualifiedName: string): Definition => {
    const found = facts[file].definitions.find((d) => d.qualifiedName === qualifiedName);
    if (!found) throw new Error(`no definition ${qualifiedName} in ${file}`);
    return found;
  };
  /** Roles of `name` on the first line of `file` containing `needle`. */
  const roles = (file: FileName, name: string, needle: string) => rolesAt(facts[file], name, lineOf(facts[file], source(file), needle));

  beforeAll(async () => {
    for (const f of FILES) facts[f] = await factsOf('java', `java/${f}.java`);
  });

  it('matches the golden facts', () => {
    for (const f of FILES) expectGolden(path.join(GOLDEN, `java-${f.toLowerCase()}.facts.txt`), formatFacts(facts[f]));
  });

  it('finds definitions with kinds and qualified names', () => {
    expect(facts.LLMKind.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'enum LLMKind',
      'enum_member LLMKind.OPENAI',
      'enum_member LLMKind.ANTHROPIC',
      'method LLMKind.isHosted',
    ]);
    expect(def('Router', 'Router').kind).toBe('class');
    expect(def('Router', 'Router.Router').kind).toBe('method'); // constructor
    expect(def('Router', 'Router.route').kind).toBe('method');
    expect(def('Router', 'Router.MAX_RETRIES').kind).toBe('constant'); // static final
    expect(def('Router', 'Router.instances').kind).toBe('property'); // static, not final
    expect(def('Router', 'Router.endpoints').kind).toBe('property'); // final, not static
    expect(def('Router', 'Router.Config').kind).toBe('class');
    expect(def('Router', 'Router.Config.name').kind).toBe('property');
    expect(def('Routing', 'Routing').kind).toBe('interface');
    expect(def('Routing', 'Routing.TIMEOUT').kind).toBe('constant'); // interface field
    expect(def('Routing', 'NeedsKey').kind).toBe('interface'); // annotation type
    expect(def('Routing', 'NeedsKey.value').kind).toBe('method');
    expect(def('Routing', 'Request').kind).toBe('class'); // record
    expect(def('Routing', 'Request.kind').kind).toBe('property'); // record component
    expect(def('Routing', 'Request.Request').kind).toBe('method'); // compact constructor
    expect(def('Registry', 'Registry.Tier').kind).toBe('enum');
    expect(def('Registry', 'Registry.Tier.FREE').kind).toBe('enum_member');
    expect(def('Registry', 'Registry.Tier.FREE.limit').kind).toBe('method'); // enum constant body
    // `int a = 1, b = 2;` defines both fields.
    expect(def('Registry', 'Registry.a').signature).toBe('int a = 1');
    expect(def('Registry', 'Registry.b').signature).toBe('int b = 2');
    // Locals and parameters are not definitions.
    expect(facts.Router.definitions.some((d) => d.name === 'fallback' || d.name === 'kind')).toBe(false);
  });

  it('decides exportedness from `public`, interface membership and the parent type', () => {
    expect(def('Router', 'Router').isExported).toBe(true);
    expect(def('Router', 'Router.route').isExported).toBe(true);
    expect(def('Router', 'Router.cost').isExported).toBe(false); // package-private
    expect(def('Router', 'Router.instances').isExported).toBe(false); // private
    expect(def('Router', 'Router.clients').isExported).toBe(false); // protected
    expect(def('Router', 'Router.Config').isExported).toBe(false);
    expect(def('LLMKind', 'LLMKind.OPENAI').isExported).toBe(true); // via public enum
    expect(def('Routing', 'Routing.route').isExported).toBe(true); // interface member of a public interface
    expect(def('Routing', 'Routing.TIMEOUT').isExported).toBe(true);
    expect(def('Routing', 'NeedsKey').isExported).toBe(false);
    expect(def('Routing', 'NeedsKey.value').isExported).toBe(false); // member of a package-private annotation type
    expect(def('Routing', 'Request.prompt').isExported).toBe(true); // record component of a public record
    expect(def('RouterTest', 'RouterTest').isExported).toBe(false);
  });

  it('reads Javadoc, annotations and signatures', () => {
    expect(def('Router', 'Router').docstring).toBe('Routes prompts to a provider.');
    // Annotations between the Javadoc and the declaration.
    expect(def('Router', 'Router.route').docstring).toBe('Picks the endpoint for a kind.\n@param kind the provider');
    // Javadoc written after the annotation (inside the modifiers).
    expect(def('Router', 'Router.close').docstring).toBe('Releases the clients.');
    expect(def('Router', 'Router.cost').docstring).toBeNull();
    expect(def('Registry', 'Registry.Tier.FREE').docstring).toBe('Free tier.');
    expect(def('LLMKind', 'LLMKind.isHosted').docstring).toBe('True for hosted providers.');

    expect(def('Router', 'Router.route').decorators).toEqual(['Override', 'Deprecated']);
    expect(def('Router', 'Router.Router').decorators).toEqual(['Inject']);
    expect(def('Router', 'Router.clientFor').decorators).toEqual(['javax.annotation.Nullable']);
    expect(def('RouterTest', 'RouterTest.routesOpenAi').decorators).toEqual(['Test']);
    expect(def('Routing', 'NeedsKey').decorators).toEqual(['Retention']);
    expect(def('Router', 'Router.cost').decorators).toEqual([]);

    expect(def('Router', 'Router').signature).toBe('public class Router extends BaseRouter implements Routing, AutoCloseable');
    expect(def('Router', 'Router.route').signature).toBe('public String route(LLMKind kind, String prompt)');
    expect(def('Router', 'Router.MAX_RETRIES').signature).toBe('public static final int MAX_RETRIES = 3');
    expect(def('Registry', 'Registry.lookup').signature).toBe(
      'public T lookup(LLMKind kind, Function<T, T> fallback) throws NotFoundException',
    );
    expect(def('Routing', 'Request').signature).toBe('public record Request(LLMKind kind, String prompt) implements Comparable<Request>');
  });

  it('records single, static and wildcard imports', () => {
    expect(facts.Router.imports.map((i) => [i.name, i.module])).toEqual([
      ['ArrayList', 'java.util'],
      ['EnumMap', 'java.util'],
      ['List', 'java.util'],
      ['Map', 'java.util'],
      ['*', 'java.util.concurrent'],
      ['requireNonNull', 'java.util.Objects'],
      ['*', 'com.example.router.LLMKind'],
      ['Inject', 'javax.inject'],
    ]);
    expect(facts.Router.imports.every((i) => i.alias === null)).toBe(true);
    expect(facts.Router.exports).toEqual([]);
  });

  it('gives each usage site its syntactic role', () => {
    // import
    expect(roles('Router', 'LLMKind', 'import static com.example.router.LLMKind.*')).toEqual(['import']);
    expect(roles('Router', 'requireNonNull', 'import static java.util.Objects')).toEqual(['import']);
    expect(roles('Router', 'Objects', 'import static java.util.Objects')).toEqual(['import']);
    expect(roles('Router', 'concurrent', 'import java.util.concurrent.*')).toEqual([]); // a package, not a symbol
    // type_parameter / type_return / type_property / type_reference
    expect(roles('Router', 'LLMKind', 'public String route(')).toEqual(['type_parameter']);
    expect(roles('Router', 'String', 'public String route(')).toEqual(['type_return', 'type_parameter']);
    expect(roles('Router', 'Client', 'Client clientFor(')).toEqual(['type_return']);
    expect(roles('Router', 'List', 'protected List<Client> clients')).toEqual(['type_property']);
    expect(roles('Router', 'Client', 'protected List<Client> clients')).toEqual(['type_property']);
    expect(roles('Router', 'Client', 'Client fallback =')).toEqual(['type_reference']);
    expect(roles('Routing', 'LLMKind', 'public record Request(')).toEqual(['type_property']); // record component
    expect(roles('Registry', 'Comparable', 'public final class Registry')).toEqual(['type_reference']); // type bound
    // object_key: the key type of a *Map generic
    expect(roles('Router', 'LLMKind', 'Map<LLMKind, String> endpoints')).toEqual(['object_key', 'type_reference']);
    expect(roles('Router', 'String', 'Map<LLMKind, String> endpoints')).toEqual(['type_property']);
    expect(roles('Registry', 'LLMKind', 'HashMap<LLMKind, T> settings')).toEqual(['object_key']);
    // call / member_access
    expect(roles('Router', 'requireNonNull', 'requireNonNull(kind);')).toEqual(['call']);
    expect(roles('Router', 'clear', 'clients.clear()')).toEqual(['call']);
    expect(roles('Router', 'clients', 'clients.clear()')).toEqual(['member_access']);
    expect(roles('Routing', 'RUNTIME', '@Retention(RetentionPolicy.RUNTIME)')).toEqual(['member_access']);
    expect(roles('Registry', 'out', 'System.out.println')).toEqual(['member_access']);
    // instantiation
    expect(roles('Router', 'IllegalArgumentException', 'throw new IllegalArgumentException')).toEqual(['instantiation']);
    expect(roles('Router', 'ArrayList', 'new ArrayList<Client>()')).toEqual(['instantiation']);
    expect(roles('Router', 'Client', 'new ArrayList<Client>()')).toEqual(['type_reference']);
    expect(roles('RouterTest', 'Config', 'new Router.Config(')).toEqual(['instantiation']);
    expect(roles('RouterTest', 'Router', 'new Router.Config(')).toEqual(['type_reference', 'instantiation', 'member_access']);
    // extends / implements
    expect(roles('Router', 'BaseRouter', 'public class Router')).toEqual(['extends']);
    expect(roles('Router', 'Routing', 'public class Router')).toEqual(['implements']);
    expect(roles('Router', 'AutoCloseable', 'public class Router')).toEqual(['implements']);
    expect(roles('Routing', 'AutoCloseable', 'public interface Routing')).toEqual(['extends']);
    expect(roles('Routing', 'Comparable', 'implements Comparable<Request>')).toEqual(['implements']);
    // case_pattern: labels of both switch forms, the switch subject, record / type patterns
    expect(roles('Router', 'OPENAI', 'case OPENAI:')).toEqual(['case_pattern']);
    expect(roles('Router', 'OPENAI', 'case OPENAI ->')).toEqual(['case_pattern']);
    expect(roles('Router', 'kind', 'switch (kind) {')).toEqual(['case_pattern']);
    expect(roles('Registry', 'Request', 'case Request(')).toEqual(['case_pattern']);
    expect(roles('Registry', 'String', 'case String s ->')).toEqual(['case_pattern']);
    // comparison (a `when` guard is not the pattern)
    expect(roles('Router', 'kind', 'return kind == LLMKind.OPENAI')).toEqual(['comparison']);
    expect(roles('Router', 'LLMKind', 'return kind == LLMKind.OPENAI')).toEqual(['comparison']);
    expect(roles('Router', 'OPENAI', 'return kind == LLMKind.OPENAI')).toEqual(['comparison']);
    expect(roles('Router', 'prompt', 'prompt != null')).toEqual(['member_access', 'comparison']);
    expect(roles('Registry', 'OPENAI', 'when k == LLMKind.OPENAI')).toEqual(['comparison']);
    // assignment
    expect(roles('Router', 'clients', 'this.clients = new')).toEqual(['assignment']);
    expect(roles('Router', 'instances', 'instances = instances + 1')).toEqual(['assignment', 'other']);
    expect(roles('Registry', 'done', 'done++;')).toEqual(['assignment']);
    // other
    expect(roles('Router', 'Override', '@Override')).toEqual(['other']);
    expect(roles('Router', 'Inject', '@Inject')).toEqual(['other']);
    expect(roles('Router', 'kind', 'requireNonNull(kind);')).toEqual(['other']);
    // Parameter, lambda and pattern binding names are not usages.
    expect(roles('Registry', 'k', 'settings.forEach((k, v)')).toEqual(['other']); // only the use inside println
    expect(roles('Registry', 'r', 'instanceof Registry<?> r')).toEqual(['member_access']); // `r.a`, not the binding
  });

  it('records calls with receivers and resolution', () => {
    const route = facts.Router.calls.filter((c) => c.caller === 'Router.route');
    expect(route.find((c) => c.callee === 'requireNonNull')).toMatchObject({
      receiver: null,
      resolution: 'import',
      module: 'java.util.Objects',
    });
    expect(route.find((c) => c.callee === 'get')).toMatchObject({ receiver: 'endpoints', resolution: 'name' });
    expect(route.find((c) => c.callee === 'IllegalArgumentException')).toMatchObject({ resolution: 'name' }); // `new`
    expect(facts.Router.calls.find((c) => c.callee === 'EnumMap')).toMatchObject({
      caller: 'Router',
      resolution: 'import',
      module: 'java.util',
    });
    const tryRoute = facts.Routing.calls.filter((c) => c.caller === 'Routing.tryRoute');
    expect(tryRoute.map((c) => [c.receiver, c.callee, c.resolution, c.module])).toEqual([
      ['Optional', 'ofNullable', 'import', 'java.util'],
      [null, 'route', 'local', null],
    ]);
    expect(facts.RouterTest.calls.find((c) => c.callee === 'Config')).toMatchObject({ receiver: 'Router' });
    expect(facts.Registry.calls.find((c) => c.callee === 'println')).toMatchObject({ receiver: 'System.out', caller: 'Registry.retry' });
  });

  it('measures complexity per method', () => {
    // route: switch (+1 cog), 2 case labels (+2 cyc; default adds nothing), if nested in the
    // switch (+1 cyc, +2 cog), && (+1, +1), else (+1 cog) → cyclomatic 5, cognitive 5.
    expect(def('Router', 'Router.route').complexity).toEqual({ cyclomatic: 5, cognitive: 5, maxNesting: 2, lines: 17 });
    // cost: switch expression with two `case ->` rules.
    expect(def('Router', 'Router.cost').complexity).toEqual({ cyclomatic: 3, cognitive: 1, maxNesting: 1, lines: 6 });
    // lookup: if (+1, +1) and else-if (+1, +1, no nesting increment) → 3 / 2.
    expect(def('Registry', 'Registry.lookup').complexity).toEqual({ cyclomatic: 3, cognitive: 2, maxNesting: 1, lines: 9 });
    // retry: while (1), catch nested (+2 cog), do nested (+2 cog), for (1) → cyclomatic 5, cognitive 6.
    expect(def('Registry', 'Registry.retry').complexity).toEqual({ cyclomatic: 5, cognitive: 6, maxNesting: 2, lines: 19 });
    expect(def('Router', 'Router').complexity).toBeNull(); // classes have none
  });

  it('keeps facts from the parts of a file that parse', () => {
    const broken = facts.Broken;
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    const names = broken.definitions.map((d) => d.qualifiedName);
    expect(names).toEqual(expect.arrayContaining(['Broken', 'Broken.good', 'Broken.bad', 'Broken.after', 'Trailing', 'Trailing.ok']));
    expect(def('Broken', 'Broken.after').docstring).toBe('Still found after the errors.');
    expect(rolesAt(broken, 'OPENAI', lineOf(broken, source('Broken'), 'kind == LLMKind.OPENAI'))).toEqual(['comparison']);
    expect(broken.calls.find((c) => c.callee === 'get')).toMatchObject({ caller: 'Broken.after', receiver: 'items' });
  });
});
