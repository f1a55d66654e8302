/** The enumerators of C and C++ enums, read from the declaring file's text (the language contract's readMembers). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMembers } from '../../../src/scout/languages.js';
import { FIXTURES } from '../../helpers/facts.js';

const fixture = (rel: string): string => readFileSync(path.join(FIXTURES, rel), 'utf8');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('C and C++ enum members', () => {
  it('a C enum: bare enumerators, no values, the declaration lines', () => {
    const text = fixture('c/include/colors.h');
    const set = readMembers(text, 'include/colors.h', lineOf(text, 'enum Color {'), 'Color');
    expect(set).toMatchObject({ type: 'Color', file: 'include/colors.h', shape: 'enum', startLine: lineOf(text, 'enum Color {'), endLine: lineOf(text, 'enum Color {') + 4 });
    expect(set?.members).toEqual(['RED', 'GREEN', 'BLUE'].map((name) => ({ name, value: null, valueIsString: false, qualified: null })));
  });

  it('a typedef of an anonymous enum, named by the typedef on its last line', () => {
    const text = fixture('c/include/colors.h');
    const line = lineOf(text, '} stroke_kind;');
    const set = readMembers(text, 'include/colors.h', line, 'stroke_kind');
    expect(set?.members.map((m) => m.name)).toEqual(['STROKE_THIN', 'STROKE_THICK']);
    expect(set).toMatchObject({ startLine: lineOf(text, 'typedef enum {'), endLine: line });
    // Another line is another declaration: not this type's.
    expect(readMembers(text, 'include/colors.h', lineOf(text, 'enum Color {'), 'stroke_kind')).toBeNull();
  });

  it('an enum class: members named through the type, a distinctive value kept', () => {
    const text = fixture('cpp/include/shapes/shape.hpp');
    const set = readMembers(text, 'include/shapes/shape.hpp', lineOf(text, 'enum class Kind'), 'geo.Kind');
    expect(set).toMatchObject({ type: 'Kind', shape: 'enum class' });
    expect(set?.members.map((m) => m.qualified)).toEqual(['Kind::Circle', 'Kind::Square', 'Kind::Triangle']);
    const valued = readMembers('enum class Code : unsigned { Ok = 0, Gone = 1006u, // closed\n  Later = Ok + 1 };\n', 'a.hpp', 1, 'Code');
    expect(valued?.members.map((m) => [m.name, m.value])).toEqual([['Ok', '0'], ['Gone', '1006'], ['Later', null]]);
  });

  it('skips comments, strings and preprocessor lines inside the body; a struct or a prototype is no enum', () => {
    const text = 'enum Mode {\n  /* FAST, */ MODE_A, // MODE_X\n#ifdef EXTRA\n  MODE_B,\n#endif\n  MODE_C = sizeof("a,b")\n};\n';
    expect(readMembers(text, 'm.c', 1, 'Mode')?.members.map((m) => m.name)).toEqual(['MODE_A', 'MODE_B', 'MODE_C']);
    expect(readMembers('struct Mode { int a, b; };\n', 'm.c', 1, 'Mode')).toBeNull();
    expect(readMembers('enum Mode;\n', 'm.c', 1, 'Mode')).toBeNull();
  });
});
