/**
 * What the C/C++ checker reads besides the declaration (no clang): the place around an error (a function in
 * a namespace, a method defined in its class or outside it, a constructor with an initializer list, a
 * lambda inside a function, a global's initializer, a field), a compilation database's commands made safe
 * (output, dependency files and -Werror dropped; quotes kept), guessed include directories, the include graph,
 * and clang's output read into errors with their codes.
 */
import { describe, expect, it } from 'vitest';
import { parseClangOutput } from '../../../src/scout/clang/clang-diagnostics.js';
import { cleanArguments, guessIncludeDirs, shellWords } from '../../../src/scout/clang/compile-db.js';
import { readCFile } from '../../../src/scout/clang/declarations.js';
import { cPlaceAt } from '../../../src/scout/clang/enclosing-place.js';
import { includersOf, readIncludeGraph } from '../../../src/scout/clang/include-graph.js';
import type { TreeFile } from '../../../src/scout/verify/shadow-tree.js';

const CPP = `namespace geo {
class Shape {
public:
  Shape(int k) : k_(k), n_{0} {}
  int kind() const {
    return k_;
  }
private:
  int k_;
  int n_;
};
int Shape_count(int x) {
  auto twice = [](int y) {
    return y * 2;
  };
  return twice(x);
}
}
double geo::Shape::area(double s) const { return s; }
static const char *const NAMES[] = {
  "a", "b",
};
`;

describe('places', () => {
  it('names the function, method or constructor around a row; a field or a global statement outside functions', () => {
    const file = readCFile(CPP);
    const place = (line: number): string => {
      const p = cPlaceAt(file, line - 1);
      return p ? `${p.kind} ${p.name} ${p.startLine}-${p.endLine}` : '-';
    };
    expect(place(4)).toBe('constructor Shape::Shape 4-4');
    expect(place(6)).toBe('method Shape::kind 5-7');
    expect(place(9)).toBe('field Shape.k_ 9-9');
    expect(place(14)).toBe('function Shape_count 12-17');
    expect(place(19)).toBe('method geo::Shape::area 19-19');
    expect(place(21)).toBe('statement NAMES 20-22');
  });
});

describe('compilation database', () => {
  it('splits commands as shells do and keeps only what decides the diagnostics', () => {
    expect(shellWords(`cc -DNAME="a b" -I'inc dir' -DQ=\\"x\\" -c src/a.c`)).toEqual(['cc', '-DNAME=a b', '-Iinc dir', '-DQ="x"', '-c', 'src/a.c']);
    const args = ['gcc', '-Iinclude', '-DX=1', '-Werror', '-Werror=shadow', '-std=c99', '-MD', '-MF', 'a.d', '-o', 'a.o', '-c', 'src/a.c', '-fdiagnostics-color=always'];
    expect(cleanArguments(args, '/r/src/a.c', '/r')).toEqual(['-Iinclude', '-DX=1', '-std=c99']);
  });

  it('guesses include directories: folders named include, and the prefix that makes a nested include resolve', () => {
    const files = ['include/a.h', 'src/lib/util/u.h', 'src/main.c', 'src/lib/x.c'];
    const texts: Record<string, string> = { 'src/main.c': '#include "a.h"\n#include "util/u.h"\n#include <stdio.h>\n', 'src/lib/x.c': '#include "util/u.h"\n' };
    const tree = { files: files.map((rel) => ({ rel }) as TreeFile), stamp: '', skipped: [] };
    expect(guessIncludeDirs(tree, (f) => texts[f] ?? '')).toEqual(['include', 'src/lib']);
  });

  it('reads the include graph: the units that include a header through another header', () => {
    const texts: Record<string, string> = { 'inc/a.h': '#include "b.h"\n', 'inc/b.h': '', 'src/x.c': '#include "a.h"\n', 'src/y.c': '// #include "b.h" is a comment the cheap reader does not see\n#include <b.h>\n', 'src/z.c': '#include "../inc/b.h"\n' };
    const files = Object.keys(texts).map((rel) => ({ rel, source: rel }) as TreeFile);
    const graph = readIncludeGraph(files, ['inc'], (f) => texts[f.rel] ?? '');
    expect([...includersOf(graph, 'inc/b.h')].sort()).toEqual(['inc/a.h', 'inc/b.h', 'src/x.c', 'src/y.c', 'src/z.c']);
  });
});

describe('clang output', () => {
  it('reads errors with their warning option or a code from the message; skips notes and warnings; keeps fatal and driver errors apart', () => {
    const out = [
      'In file included from src/a.c:1:',
      "include/c.h:3:5: error: unknown type name 'colour'",
      "src/a.c:7:11: error: enumeration value 'X' not handled in switch [-Werror,-Wswitch]",
      "src/a.c:9:3: warning: unused variable 'y' [-Wunused-variable]",
      "src/a.c:2:1: note: previous declaration is here",
      "src/b.c:1:10: fatal error: 'gen.h' file not found",
      "clang: error: unknown argument: '-fno-tree-vrp'",
    ].join('\n');
    const r = parseClangOutput(out);
    expect(r.errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      "include/c.h:3:5 UnknownType unknown type name 'colour'",
      "src/a.c:7:11 -Wswitch enumeration value 'X' not handled in switch",
      "src/b.c:1:10 fatal 'gen.h' file not found",
    ]);
    expect(r.fatal).toEqual(["src/b.c:1: 'gen.h' file not found"]);
    expect(r.driver).toEqual(["unknown argument: '-fno-tree-vrp'"]);
  });
});
