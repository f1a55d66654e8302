/** C++ facts on a small C++ project (test/fixtures/cpp): classes in a namespace, out-of-line methods, an enum class, templates. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = { shape_hpp: 'include/shapes/shape.hpp', box_h: 'include/shapes/box.h', shape: 'src/shape.cpp', main: 'src/main.cpp' } as const;
type FileName = keyof typeof FILES;
const source = (file: FileName) => readFileSync(path.join(FIXTURES, 'cpp', FILES[file]), 'utf8');

describe('C++ facts', () => {
  const facts = {} as Record<FileName, FileFacts>;
  const def = (file: FileName, qualifiedName: string): Definition => {
    const found = facts[file].definitions.find((d) => d.qualifiedName === qualifiedName);
    if (!found) throw new Error(`no definition ${qualifiedName} in ${file}`);
    return found;
  };
  const roles = (file: FileName, name: string, needle: string) => rolesAt(facts[file], name, lineOf(facts[file], source(file), needle));

  beforeAll(async () => {
    for (const [name, file] of Object.entries(FILES) as Array<[FileName, string]>) facts[name] = await factsOf('cpp', `cpp/${file}`);
  });

  it('matches the golden facts', () => {
    for (const f of Object.keys(FILES) as FileName[]) {
      expect(facts[f].syntaxErrors).toBe(0);
      expectGolden(path.join(GOLDEN, `cpp-${f.replace('_', '-')}.facts.txt`), formatFacts(facts[f]));
    }
  });

  it('qualifies classes, methods and enums by their namespace', () => {
    expect(facts.shape_hpp.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'module geo',
      'enum geo.Kind',
      'enum_member geo.Kind.Circle',
      'enum_member geo.Kind.Square',
      'enum_member geo.Kind.Triangle',
      'class geo.Shape',
      'method geo.Shape.Shape',
      'method geo.Shape.~Shape',
      'method geo.Shape.area',
      'method geo.Shape.name',
      'method geo.Shape.kind',
      'property geo.Shape.kind_',
      'class geo.Circle',
      'method geo.Circle.Circle',
      'method geo.Circle.area',
      'property geo.Circle.radius_',
      'function geo.total_area',
    ]);
  });

  it('qualifies out-of-line methods by their class, inside their namespace block', () => {
    expect(facts.shape.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'constant kPi',
      'module geo',
      'method geo.Shape.Shape',
      'method geo.Shape.name',
      'method geo.Circle.Circle',
      'method geo.Circle.area',
      'function geo.total_area',
    ]);
    expect(def('shape', 'geo.Shape.name').parent).toBe('geo.Shape');
    expect(def('shape', 'geo.Shape.name').signature).toBe('std::string Shape::name() const');
    expect(def('shape', 'geo.Shape.Shape').signature).toBe('Shape::Shape(Kind kind)'); // without its member initializers
    expect(def('shape', 'geo.Shape.name').docstring).toBe('Names each kind of shape.');
  });

  it('defines a template by its inner declaration, with the template head in its signature and the doc above it', () => {
    expect(facts.box_h.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'module geo',
      'class geo.Box',
      'method geo.Box.Box',
      'method geo.Box.get',
      'property geo.Box.value_',
      'function geo.larger',
    ]);
    expect(def('box_h', 'geo.Box').signature).toBe('template <typename T> class Box');
    expect(def('box_h', 'geo.Box').docstring).toBe('A box holding one value of any type.');
    expect(def('box_h', 'geo.larger').signature).toBe('template <typename T> T larger(T a, T b)');
    expect(def('box_h', 'geo.larger').docstring).toBe('The larger of two values.');
  });

  it('decides visibility from access specifiers and anonymous namespaces', () => {
    expect(def('shape_hpp', 'geo.Shape.area').isExported).toBe(true); // public:
    expect(def('shape_hpp', 'geo.Shape.kind_').isExported).toBe(false); // protected:
    expect(def('shape_hpp', 'geo.Circle.radius_').isExported).toBe(false); // private:
    expect(def('shape', 'kPi').isExported).toBe(false); // anonymous namespace
    expect(def('shape', 'kPi').kind).toBe('constant'); // constexpr
    expect(def('shape_hpp', 'geo.Kind.Circle').isExported).toBe(true);
  });

  it('gives each usage site its syntactic role', () => {
    expect(roles('shape', 'kind_', 'switch (kind_)')).toEqual(['case_pattern']);
    expect(roles('shape', 'Circle', 'case Kind::Circle:')).toEqual(['case_pattern']);
    expect(roles('shape', 'Kind', 'case Kind::Circle:')).toEqual(['case_pattern']);
    expect(roles('shape_hpp', 'Shape', 'class Circle : public Shape')).toEqual(['extends']);
    expect(roles('shape_hpp', 'Kind', 'explicit Shape(Kind kind)')).toEqual(['type_parameter']);
    expect(roles('shape_hpp', 'Kind', 'Kind kind_;')).toEqual(['type_property']);
    expect(roles('shape_hpp', 'Kind', 'Kind kind() const')).toEqual(['type_return']);
    expect(roles('shape', 'area', 'total += shape->area()')).toEqual(['call']);
    expect(roles('shape', 'shape', 'total += shape->area()')).toEqual(['member_access']);
    expect(roles('shape', 'shape', 'shape != nullptr')).toEqual(['comparison', 'member_access']);
    expect(roles('main', 'total_area', 'geo::total_area(shapes)')).toEqual(['call']);
    expect(roles('main', 'geo', 'geo::Circle circle')).toEqual(['member_access']);
    expect(roles('main', 'std', 'std::vector')).toEqual([]); // names nothing of the project
  });

  it('records calls through objects, pointers and namespaces', () => {
    expect(facts.main.calls.map((c) => [c.caller, c.receiver, c.callee])).toEqual([
      ['main', 'circle', 'name'],
      ['main', 'geo', 'total_area'],
      ['main', 'geo', 'larger'],
      ['main', 'box', 'get'],
    ]);
    expect(facts.shape.calls.filter((c) => c.callee === 'area').map((c) => [c.caller, c.receiver])).toEqual([
      ['geo.total_area', 'shape'],
      ['geo.total_area', 'shape'],
    ]);
  });

  it('measures complexity per method', () => {
    expect(def('shape', 'geo.Shape.name').complexity).toEqual({ cyclomatic: 4, cognitive: 1, maxNesting: 1, lines: 11 });
    // total_area: range for (+1, +1), if nested (+1, +2), && (+1, +1).
    expect(def('shape', 'geo.total_area').complexity).toEqual({ cyclomatic: 4, cognitive: 4, maxNesting: 2, lines: 9 });
  });
});

describe('C++ export macros', () => {
  it('a class with an export macro before its name is that class, with its members (the macro is not the name), reference fields too', async () => {
    const { extractFacts } = await import('../../src/parse/extract.js');
    const source = 'namespace YAML {\nclass YAML_CPP_API Node : public Base {\n public:\n  bool IsScalar() const { return true; }\n  std::istream& m_in;\n};\ntypedef struct DIR DIR;\nstruct FOO_EXPORT(1) Point final { int x; };\n}\n';
    const facts = await extractFacts('cpp', source);
    expect(facts.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual(expect.arrayContaining(['class YAML.Node', 'method YAML.Node.IsScalar', 'property YAML.Node.m_in', 'class YAML.Point', 'property YAML.Point.x']));
    expect(facts.definitions.some((d) => d.name === 'YAML_CPP_API' || d.name === 'FOO_EXPORT')).toBe(false);
    // The signature is the source's, macro and all.
    expect(facts.definitions.find((d) => d.qualifiedName === 'YAML.Node')?.signature).toMatch(/^class YAML_CPP_API Node/);
  });
});
