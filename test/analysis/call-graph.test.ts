/** Call graph queries over a real index of a small temp repository (real SQLite, real parser). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGraph, type CallGraphResult } from '../../src/analysis/call-graph.js';
import { importReaches } from '../../src/analysis/import-target.js';
import { resolveTarget, type AmbiguousTarget } from '../../src/analysis/symbol-target.js';
import { ScoutError } from '../../src/core/errors.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore;

/** The call graph, asserting the target was not ambiguous. */
function graph(target: string, options: Partial<Parameters<typeof callGraph>[2]> = {}): CallGraphResult {
  const result = callGraph(store.database, target, { root: repo.root, direction: 'callers', ...options });
  if ('ambiguous' in result) throw new Error(`ambiguous: ${result.message}`);
  return result;
}
const names = (r: CallGraphResult, depth?: number) => r.nodes.filter((n) => depth === undefined || n.depth === depth).map((n) => n.qualified_name ?? n.symbol).sort();

beforeAll(async () => {
  repo = tempRepo();
  // entry → a → b → c (c in another file, through an import)
  repo.write('src/chain.ts', `import { c } from './leaf.js';

export function a(): number {
  return b() + 1;
}

export function b(): number {
  return c(2) + c(3);
}

export function entry(): number {
  return a();
}
`);
  repo.write('src/leaf.ts', `export function c(n: number): number {
  return n * 2;
}
`);
  // mutual recursion and self recursion
  repo.write('src/cycle.ts', `export function ping(n: number): number {
  return n <= 0 ? 0 : pong(n - 1);
}

export function pong(n: number): number {
  return ping(n);
}

export function countdown(n: number): number {
  return n === 0 ? 0 : countdown(n - 1);
}
`);
  // a method called through this, another class with a same-named method, a receiver call
  repo.write('src/service.ts', `export class Service {
  run(): number {
    return this.step() + helper();
  }

  step(): number {
    return 1;
  }
}

function helper(): number {
  return 2;
}
`);
  repo.write('src/worker.ts', `import { Service } from './service.js';

export class Worker {
  step(): number {
    return 3;
  }
}

export function drive(svc: Service): number {
  return svc.step();
}

export function main(): number {
  return drive(new Service());
}
`);
  // another module calling the real c, and one calling a different c of its own import
  repo.write('lib/use.ts', `import { c } from '../src/leaf.js';

export function useLeaf(): number {
  return c(1);
}
`);
  repo.write('lib/fake.ts', `export function c(): number {
  return 0;
}
`);
  repo.write('lib/other.ts', `import { c } from './fake.js';

export function useFake(): number {
  return c();
}
`);
  // not callers of a(): a method call on some object, and a Python call to a name it does not define
  repo.write('lib/strings.ts', `export function shout(s: any): number {
  return s.a();
}
`);
  repo.write('tools/run.py', `def run():
    return a()
`);
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
});
afterAll(() => {
  store.close();
  repo.cleanup();
});

describe('callers', () => {
  it('depth 1 lists the direct callers with the call site line', () => {
    const r = graph('b', { depth: 1 });
    expect(r.root).toMatchObject({ symbol: 'b', file: 'src/chain.ts', line: 7 });
    expect(r.nodes).toEqual([
      expect.objectContaining({ symbol: 'a', qualified_name: 'a', file: 'src/chain.ts', line: 3, depth: 1, via_line: 4, resolution: 'local', from: 'b' }),
    ]);
    expect(r.counts).toEqual({ direct: 1, transitive: 1, by_depth: [1] });
  });

  it('a receiver call never reaches a top-level function, nor a call in another language', () => {
    const r = graph('a', { depth: 1 });
    expect(names(r)).toEqual(['entry']);
    expect(r.notes.join('\n')).toMatch(/2 call site\(s\) of the same name left out/);
  });

  it('depth 2 follows the callers of the callers', () => {
    const r = graph('b', { depth: 2 });
    expect(names(r, 1)).toEqual(['a']);
    expect(names(r, 2)).toEqual(['entry']);
    expect(r.nodes.find((n) => n.symbol === 'entry')).toMatchObject({ from: 'a', via_line: 12 });
    expect(r.counts).toEqual({ direct: 1, transitive: 2, by_depth: [1, 1] });
  });

  it('an imported function is called through imports of its file only, and several call sites count once', () => {
    const r = graph('src/leaf.ts:2', { depth: 1 });
    expect(r.root.qualified_name).toBe('c');
    expect(names(r)).toEqual(['b', 'useLeaf']);
    expect(r.nodes.find((n) => n.symbol === 'b')).toMatchObject({ resolution: 'import', module: './leaf.js', call_sites: 2 });
    // lib/other.ts calls the c of ./fake.js, a different function
    expect(names(r)).not.toContain('useFake');
    expect(r.notes.join('\n')).toMatch(/1 call site\(s\) of the same name left out.*\.\/fake\.js/);
  });

  it('the module filter keeps the other end inside a path prefix and says what it left out', () => {
    const r = graph('src/leaf.ts:1', { depth: 1, module: 'lib/' });
    expect(names(r)).toEqual(['useLeaf']);
    expect(r.total).toBe(1);
    expect(r.notes.join('\n')).toContain('module filter "lib/" left out 1 of 2');
  });

  it('is cycle safe: mutual and self recursion end the walk and are reported', () => {
    const r = graph('ping', { depth: 5 });
    expect(names(r)).toEqual(['pong']);
    expect(r.counts.transitive).toBe(1);
    expect(r.notes.join('\n')).toContain('cycle: pong leads back to ping');
    const self = graph('countdown', { depth: 3 });
    expect(self.nodes).toEqual([]);
    expect(self.notes).toContain('countdown calls itself (recursive)');
  });

  it('a method name shared by two classes: this.step() is strong, svc.step() is by name only and says so', () => {
    const r = graph('Service.step', { depth: 1 });
    expect(r.root.file).toBe('src/service.ts');
    const run = r.nodes.find((n) => n.qualified_name === 'Service.run');
    const drive = r.nodes.find((n) => n.qualified_name === 'drive');
    expect(run).toMatchObject({ resolution: 'local', via_line: 3 });
    expect(drive).toMatchObject({ resolution: 'name', file: 'src/worker.ts' });
    // strong matches come first
    expect(r.nodes.map((n) => n.qualified_name)).toEqual(['Service.run', 'drive']);
    expect(r.notes.join('\n')).toMatch(/1 call site\(s\) matched by name only.*2 definitions are named step/);
  });

  it('by-name callers of a shared name are listed but not followed further', () => {
    const r = graph('Service.step', { depth: 2 });
    expect(names(r)).toEqual(['Service.run', 'drive']); // main calls drive, but drive is only a guess
    expect(r.notes).toContain('1 caller(s) matched by a shared name only were listed but not followed further');
    // a strong caller is followed: main calls drive through a local call
    expect(names(graph('drive', { depth: 1 }))).toEqual(['main']);
  });

  it('pages with limit and offset and says how to get the rest', () => {
    const first = graph('src/leaf.ts:1', { depth: 1, limit: 1 });
    expect(first.nodes).toHaveLength(1);
    expect(first).toMatchObject({ total: 2, truncated: true, next_offset: 1 });
    expect(first.notes).toContain('1 more not shown: pass offset 1');
    const second = graph('src/leaf.ts:1', { depth: 1, limit: 1, offset: 1 });
    expect(second).toMatchObject({ truncated: false, next_offset: null });
    expect([...first.nodes, ...second.nodes].map((n) => n.symbol).sort()).toEqual(['b', 'useLeaf']);
  });

  it('a constructor is called by its class name', async () => {
    repo.write('src/shape.ts', `export class Shape {
  constructor(readonly size: number) {}
}

export function makeShape(): Shape {
  return new Shape(1);
}
`);
    await indexRepository(repo.root, store);
    expect(names(graph('Shape.constructor', { depth: 1 }))).toEqual(['makeShape']);
  });
});

describe('callees', () => {
  it('lists what a function calls, resolved to definitions in other files through imports', () => {
    const r = graph('b', { direction: 'callees', depth: 1 });
    expect(r.nodes).toEqual([
      expect.objectContaining({ symbol: 'c', qualified_name: 'c', file: 'src/leaf.ts', line: 1, via_line: 8, call_sites: 2, resolution: 'import', module: './leaf.js' }),
    ]);
  });

  it('follows callees transitively', () => {
    const r = graph('entry', { direction: 'callees', depth: 3 });
    expect(r.nodes.map((n) => `${n.depth}:${n.qualified_name}`)).toEqual(['1:a', '2:b', '3:c']);
    expect(r.counts).toEqual({ direct: 1, transitive: 3, by_depth: [1, 1, 1] });
  });

  it('this.method() resolves to the own class, a bare call to the module function', () => {
    const r = graph('Service.run', { direction: 'callees', depth: 1 });
    expect(r.nodes.map((n) => [n.qualified_name, n.file, n.resolution])).toEqual([
      ['Service.step', 'src/service.ts', 'local'],
      ['helper', 'src/service.ts', 'local'],
    ]);
  });

  it('a receiver call to a name several classes define is listed but not followed', () => {
    const r = graph('drive', { direction: 'callees', depth: 2 });
    expect(r.nodes).toEqual([expect.objectContaining({ symbol: 'svc.step', qualified_name: null, file: null, resolution: 'name' })]);
    expect(r.notes.join('\n')).toContain('svc.step: 2 definitions share the name; not followed');
  });

  it('recursion in callees is reported, not looped', () => {
    const r = graph('pong', { direction: 'callees', depth: 5 });
    expect(names(r)).toEqual(['ping']);
    expect(r.notes.join('\n')).toContain('cycle: ping leads back to pong');
  });
});

describe('targets', () => {
  it('file:line picks the innermost definition spanning the line', () => {
    const [method] = resolveTarget(store.database, repo.root, 'src/service.ts:7');
    expect(method?.qualified_name).toBe('Service.step');
    const [cls] = resolveTarget(store.database, repo.root, 'src/service.ts:5');
    expect(cls?.qualified_name).toBe('Service');
    // an absolute path inside the root is fine too
    const [abs] = resolveTarget(store.database, repo.root, `${repo.root}/src/chain.ts:12`);
    expect(abs?.qualified_name).toBe('entry');
  });

  it('a line outside every definition names the nearest ones', () => {
    expect(() => resolveTarget(store.database, repo.root, 'src/chain.ts:1')).toThrow(/no definition spans src\/chain\.ts:1; nearest: a \(3-5\)/);
  });

  it('an ambiguous name returns every candidate with a file:line to pass back', () => {
    const r = callGraph(store.database, 'c', { root: repo.root, direction: 'callers' }) as AmbiguousTarget;
    expect(r.ambiguous).toBe(true);
    expect(r.message).toMatch(/^2 definitions named c; pass file:line/);
    expect(r.candidates.map((c) => c.target)).toEqual(['lib/fake.ts:1', 'src/leaf.ts:1']);
  });

  it('an unknown name is a USAGE error that suggests near names', () => {
    let error: unknown;
    try {
      graph('pongg');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoutError);
    expect((error as ScoutError).code).toBe('USAGE');
    expect((error as ScoutError).message).toMatch(/no definition named "pongg".*near names: pong/);
    expect(() => graph('Service.stepp')).toThrow(/near names: Service\.step/);
  });

  it('paths outside the repository are refused', () => {
    for (const target of ['../outside.ts:1', '/etc/passwd:1']) {
      let error: unknown;
      try {
        graph(target);
      } catch (e) {
        error = e;
      }
      expect((error as ScoutError).code).toBe('PATH_OUTSIDE_ROOT');
    }
  });

  it('an unindexed file says so and suggests files with the same name', () => {
    expect(() => graph('chain.ts:3')).toThrow(/"chain\.ts" is not an indexed file; did you mean src\/chain\.ts/);
  });

  it('bad options are USAGE errors; too deep is lowered with a note', () => {
    expect(() => graph('b', { depth: 0 })).toThrow(/depth must be a whole number from 1 to 5/);
    expect(() => graph('b', { offset: -1 })).toThrow(/offset must be/);
    const deep = graph('b', { depth: 9 });
    expect(deep.depth).toBe(5);
    expect(deep.notes).toContain('depth 9 lowered to 5 (the maximum)');
  });
});

describe('importReaches', () => {
  it('resolves relative specifiers (TypeScript and Python) and matches dotted or path-like ones by suffix', () => {
    expect(importReaches('./leaf.js', 'src/chain.ts', 'src/leaf.ts')).toBe(true);
    expect(importReaches('../src/leaf', 'lib/use.ts', 'src/leaf.ts')).toBe(true);
    expect(importReaches('./fake.js', 'lib/other.ts', 'src/leaf.ts')).toBe(false);
    expect(importReaches('./util', 'src/a.ts', 'src/util/index.ts')).toBe(true);
    expect(importReaches('.kinds', 'pkg/router.py', 'pkg/kinds.py')).toBe(true);
    expect(importReaches('..config', 'pkg/llm/router.py', 'pkg/config.py')).toBe(true);
    expect(importReaches('..config', 'pkg/llm/router.py', 'pkg/llm/config.py')).toBe(false);
    expect(importReaches('com.example.router', 'src/main/java/App.java', 'src/main/java/com/example/router/Router.java')).toBe(true);
    expect(importReaches('crate::router', 'src/main.rs', 'src/router.rs')).toBe(true);
    expect(importReaches('github.com/o/p/internal/store', 'cmd/main.go', 'internal/store/db.go')).toBe(true);
    expect(importReaches('react', 'src/app.tsx', 'src/leaf.ts')).toBe(false);
  });
});
