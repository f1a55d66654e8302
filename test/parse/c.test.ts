/** C facts on a small C project (test/fixtures/c): a header with an enum, a struct, macros and prototypes, and .c files using them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { languageOf } from '../../src/workspace/language.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES, lineOf, rolesAt } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = { colors_h: 'include/colors.h', colors: 'src/colors.c', render: 'src/render.c', main: 'src/main.c' } as const;
type FileName = keyof typeof FILES;
const source = (file: FileName) => readFileSync(path.join(FIXTURES, 'c', FILES[file]), 'utf8');

describe('C facts', () => {
  const facts = {} as Record<FileName, FileFacts>;
  const def = (file: FileName, qualifiedName: string): Definition => {
    const found = facts[file].definitions.find((d) => d.qualifiedName === qualifiedName);
    if (!found) throw new Error(`no definition ${qualifiedName} in ${file}`);
    return found;
  };
  const roles = (file: FileName, name: string, needle: string) => rolesAt(facts[file], name, lineOf(facts[file], source(file), needle));

  beforeAll(async () => {
    for (const [name, file] of Object.entries(FILES) as Array<[FileName, string]>) {
      const language = languageOf(file);
      if (!language) throw new Error(`no language for ${file}`);
      facts[name] = await factsOf(language, `c/${file}`);
    }
  });

  it('reads .c files as C and .h headers with the C++ grammar (a superset: same facts)', () => {
    expect(facts.colors.language).toBe('c');
    expect(facts.colors_h.language).toBe('cpp');
    for (const f of Object.keys(FILES) as FileName[]) expect(facts[f].syntaxErrors).toBe(0);
  });

  it('matches the golden facts', () => {
    for (const f of Object.keys(FILES) as FileName[]) expectGolden(path.join(GOLDEN, `c-${f.replace('_', '-')}.facts.txt`), formatFacts(facts[f]));
  });

  it('finds definitions with kinds and qualified names, enumerators as members of their enum', () => {
    expect(facts.colors_h.definitions.map((d) => `${d.kind} ${d.qualifiedName}`)).toEqual([
      'constant COLOR_COUNT',
      'function MAX',
      'enum Color',
      'enum_member Color.RED',
      'enum_member Color.GREEN',
      'enum_member Color.BLUE',
      'class rgb',
      'property rgb.r',
      'property rgb.g',
      'property rgb.b',
      'type_alias rgb_t',
      'class number',
      'property number.i',
      'property number.f',
      'enum stroke_kind',
      'enum_member stroke_kind.STROKE_THIN',
      'enum_member stroke_kind.STROKE_THICK',
      'variable pixels_drawn',
      'function color_name',
      'function color_rgb',
    ]);
    // The include guard has no value: not a constant.
    expect(facts.colors_h.definitions.some((d) => d.name === 'PAINT_COLORS_H')).toBe(false);
    // A `const` table is a constant; locals are not definitions.
    expect(def('colors', 'palette').kind).toBe('constant');
    expect(facts.main.definitions.map((d) => d.qualifiedName)).toEqual(['is_warm', 'main']);
    // A macro's node holds its newline: it still ends on its own line.
    expect(def('colors_h', 'COLOR_COUNT').span).toMatchObject({ startLine: 8, endLine: 8 });
  });

  it('reads doc comments, signatures and visibility', () => {
    expect(def('colors_h', 'Color').docstring).toBe('A color of the palette.');
    expect(def('colors_h', 'color_name').docstring).toBe('The human-readable name of a color.\nReturns "unknown" for a value outside the enum.');
    expect(def('colors_h', 'COLOR_COUNT').docstring).toBe('The number of colors in the palette.');
    expect(def('colors', 'palette').docstring).toBe('The palette, indexed by color.');
    expect(def('colors', 'color_name').docstring).toBeNull(); // documented on its prototype

    expect(def('colors_h', 'color_name').signature).toBe('const char *color_name(enum Color color)');
    expect(def('colors_h', 'MAX').signature).toBe('#define MAX(a, b) ((a) > (b) ? (a) : (b))');
    expect(def('colors_h', 'stroke_kind').signature).toBe('typedef enum { … } stroke_kind');
    expect(def('colors_h', 'rgb_t').signature).toBe('typedef struct rgb rgb_t');
    expect(def('colors_h', 'pixels_drawn').signature).toBe('extern int pixels_drawn');
    expect(def('colors', 'palette').signature).toBe('static const rgb_t palette[COLOR_COUNT]'); // without the table
    expect(def('render', 'draw_pixel').signature).toBe('int draw_pixel(struct point at, enum Color color)');

    expect(def('colors', 'color_name').isExported).toBe(true);
    expect(def('colors', 'palette').isExported).toBe(false); // static
    expect(def('main', 'is_warm').isExported).toBe(false);
    expect(def('render', 'stroke_width').isExported).toBe(false);
  });

  it('records includes: quoted ones as written, system ones in brackets', () => {
    expect(facts.main.imports.map((i) => [i.name, i.module, i.line])).toEqual([
      ['*', '<stdio.h>', 1],
      ['*', 'colors.h', 3],
      ['*', 'render.h', 4],
    ]);
    expect(facts.main.exports).toEqual([]);
  });

  it('gives each usage site its syntactic role', () => {
    // The switch over the enum: its subject and its case labels.
    expect(roles('colors', 'color', 'switch (color)')).toEqual(['case_pattern']);
    expect(roles('colors', 'RED', 'case RED:')).toEqual(['case_pattern']);
    // A table indexed by the enumerators: designated initializers are its keys.
    expect(roles('colors', 'GREEN', '[GREEN] =')).toEqual(['object_key']);
    expect(roles('main', 'x', '.x = 0')).toEqual(['object_key']);
    // Types by position.
    expect(roles('colors', 'Color', 'const char *color_name(enum Color color)')).toEqual(['type_parameter']);
    expect(roles('colors', 'rgb_t', 'rgb_t color_rgb(')).toEqual(['type_return']);
    expect(roles('render', 'rgb_t', 'rgb_t rgb =')).toEqual(['type_reference']);
    expect(roles('colors_h', 'rgb', 'typedef struct rgb rgb_t')).toEqual(['type_reference']);
    // Calls, member access, comparison, assignment.
    expect(roles('main', 'color_name', 'puts(color_name(color))')).toEqual(['call']);
    expect(roles('main', 'MAX', 'MAX(1, 2)')).toEqual(['call']); // a function-like macro
    expect(roles('main', 'RED', 'color == RED')).toEqual(['comparison']);
    expect(roles('render', 'at', 'at.x, at.y')).toEqual(['member_access', 'member_access']);
    expect(roles('render', 'x', 'at.x, at.y')).toEqual(['member_access']);
    expect(roles('render', 'pixels_drawn', 'pixels_drawn++')).toEqual(['assignment']);
    expect(roles('main', 'color', 'is_warm(color)')).toEqual(['other']);
  });

  it('records calls with their callers and resolution', () => {
    expect(facts.main.calls.map((c) => [c.caller, c.callee, c.resolution])).toEqual([
      ['is_warm', 'MAX', 'name'],
      ['main', 'is_warm', 'local'],
      ['main', 'puts', 'name'],
      ['main', 'color_name', 'name'],
      ['main', 'draw_pixel', 'name'],
    ]);
    expect(facts.render.calls.find((c) => c.callee === 'stroke_width')).toMatchObject({ caller: 'stroke_pixels', resolution: 'local' });
  });

  it('measures complexity per function', () => {
    // color_name: switch (+1 cognitive), three cases (+3 cyclomatic).
    expect(def('colors', 'color_name').complexity).toEqual({ cyclomatic: 4, cognitive: 1, maxNesting: 1, lines: 11 });
    // stroke_width: if (+1, +1), else if (+1 cyclomatic, +1 cognitive for its else), else (+1 cognitive).
    expect(def('render', 'stroke_width').complexity).toEqual({ cyclomatic: 3, cognitive: 3, maxNesting: 1, lines: 9 });
    // main: for, if (nested), ||, ?: → cyclomatic 5.
    expect(def('main', 'main').complexity).toMatchObject({ cyclomatic: 5, maxNesting: 2 });
  });
});
