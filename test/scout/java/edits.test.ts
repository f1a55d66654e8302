/**
 * The Java checker's pure parts, without javac: the line-keeping edits (line-edits.ts), the edit of each
 * change kind on a parse (variant-edit.ts, change-edit.ts), javac's output read back (javac-diagnostics.ts)
 * and the members of an enum or a sealed type (members.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeEdit } from '../../../src/scout/java/change-edit.js';
import { javacCode, javacErrorKey, parseJavacOutput } from '../../../src/scout/java/javac-diagnostics.js';
import { applyLineEdits, blankRange, columnBeforeEdits } from '../../../src/scout/verify/line-edits.js';
import { readJavaMembers } from '../../../src/scout/java/members.js';
import { listJavaFiles, packageOf, sourceRootOf } from '../../../src/scout/java/project.js';
import { sourceLayout, topLevelTypes } from '../../../src/scout/java/source-layout.js';
import { variantEdit } from '../../../src/scout/java/variant-edit.js';
import type { ChangeSpec } from '../../../src/scout/verify/checker.js';
import { writeFiles } from '../../helpers/checker-tests.js';

async function edited(text: string, name: string, line: number, change: ChangeSpec = { kind: 'add_variant' }, file = 'A.java'): Promise<string> {
  const r = change.kind === 'add_variant' ? await variantEdit(text, name, line) : await changeEdit(text, file, name, line, change);
  if (!r.ok) throw new Error(r.reason);
  const out = applyLineEdits(text, r.edit.edits);
  expect(out.split('\n').length).toBe(text.split('\n').length);
  return out;
}

async function reason(text: string, name: string, line: number, change: ChangeSpec = { kind: 'add_variant' }): Promise<string> {
  const r = change.kind === 'add_variant' ? await variantEdit(text, name, line) : await changeEdit(text, 'A.java', name, line, change);
  if (r.ok) throw new Error(`expected a refusal, got ${r.edit.summary}`);
  return r.reason;
}

describe('Java line edits', () => {
  it('blanks a range over several lines keeping its newlines, and maps columns back', () => {
    const text = 'class A {\n  void f() {\n  }\n  int x;\n}\n';
    const from = text.indexOf('void');
    const to = text.indexOf('}\n  int') + 1;
    expect(applyLineEdits(text, blankRange(text, from, to))).toBe('class A {\n  \n\n  int x;\n}\n');
    const edits = [{ line: 0, column: 5, remove: 1, insert: 'Bee' }];
    expect(columnBeforeEdits(edits, 0, 4)).toBe(4);
    expect(columnBeforeEdits(edits, 0, 6)).toBeNull();
    expect(columnBeforeEdits(edits, 0, 9)).toBe(7);
    expect(columnBeforeEdits(edits, 1, 9)).toBe(9);
  });
});

describe('Java edits: add a variant', () => {
  it('adds SCOUT_NEW after the last enum constant, on its line', async () => {
    expect(await edited('enum K {\n    A,\n    B;\n    int x;\n}\n', 'K', 1)).toBe('enum K {\n    A,\n    B, SCOUT_NEW;\n    int x;\n}\n');
    expect(await edited('enum K { A("a"), B("b") { int f() { return 1; } } }\n', 'K', 1)).toBe('enum K { A("a"), B("b") { int f() { return 1; } }, SCOUT_NEW }\n');
    expect(await edited('enum K { A, B, }\n', 'K', 1)).toBe('enum K { A, B, SCOUT_NEW, }\n');
    expect(await edited('enum K {}\n', 'K', 1)).toBe('enum K { SCOUT_NEW}\n');
  });

  it('adds a permitted class to a sealed type: in its permits list, and after the last character of the file', async () => {
    expect(await edited('sealed interface S permits A, B {}\nfinal class A implements S {}\nfinal class B implements S {}\n', 'S', 1)).toBe(
      'sealed interface S permits A, B, ScoutNew {}\nfinal class A implements S {}\nfinal class B implements S {}\nnon-sealed abstract class ScoutNew implements S {}',
    );
    expect(await edited('class O {\n  sealed static abstract class S {}\n  static final class A extends S {}\n}', 'S', 2)).toBe(
      'class O {\n  sealed static abstract class S {}\n  static final class A extends S {}\n} non-sealed abstract class ScoutNew extends O.S {}',
    );
  });

  it('refuses what is not an enum or a sealed type, saying what it is', async () => {
    const text = 'interface I {}\nclass C { void m() {} }\nenum E { X }\n';
    expect(await reason(text, 'I', 1)).toMatch(/^`I` is an interface that is not sealed: any class may already extend it/);
    expect(await reason(text, 'C', 2)).toMatch(/^`C` is a class that is not sealed/);
    expect(await reason(text, 'm', 2)).toMatch(/^`m` is a method, not an enum or a sealed type/);
    expect(await reason(text, 'X', 3)).toMatch(/^`X` at line 3 is an enum constant, not a type: ask about its enum/);
    expect(await reason(text, 'Z', 9)).toMatch(/^no declaration of `Z` at line 9/);
  });
});

describe('Java edits: other change kinds', () => {
  const orders = 'class Orders {\n  Orders(int a) {}\n  @Deprecated\n  static int total(int q, String... tags) {\n    return q;\n  }\n  int a, b;\n}\n';

  it('removes a method with its annotation, a constant with its comma, one variable of a field', async () => {
    expect(await edited(orders, 'Orders.total', 4, { kind: 'remove' })).toBe('class Orders {\n  Orders(int a) {}\n  \n\n\n\n  int a, b;\n}\n');
    expect(await edited('enum K { A, B, C }\n', 'K', 1, { kind: 'remove', member: 'B' })).toBe('enum K { A, C }\n');
    expect(await edited('enum K { A, B, C }\n', 'K', 1, { kind: 'remove', member: 'C' })).toBe('enum K { A, B }\n');
    expect(await edited(orders, 'Orders', 1, { kind: 'remove', member: 'b' })).toBe(orders.replace('int a, b;', 'int a;'));
    expect(await reason('enum K { A }\n', 'K', 1, { kind: 'remove', member: 'Z' })).toMatch(/^enum `K` has no member `Z`/);
  });

  it('renames the declaration only (a type with its constructors, and its file when named like it)', async () => {
    expect(await edited(orders, 'Orders.total', 4, { kind: 'rename', newName: 'sum' })).toContain('static int sum(int q');
    const r = await changeEdit('public enum Kind {\n  A(1);\n  Kind(int x) {}\n}\n', 'src/Kind.java', 'Kind', 1, { kind: 'rename', newName: 'Category' });
    if (!r.ok) throw new Error(r.reason);
    expect(applyLineEdits('public enum Kind {\n  A(1);\n  Kind(int x) {}\n}\n', r.edit.edits)).toBe('public enum Category {\n  A(1);\n  Category(int x) {}\n}\n');
    expect(r.edit.fileName).toBe('Category.java');
    expect(await reason(orders, 'Orders.total', 4, { kind: 'rename', newName: 'not valid' })).toMatch(/is not a Java identifier/);
  });

  it('adds a required parameter after the last one, before a varargs one, or to a class\'s only constructor', async () => {
    expect(await edited(orders, 'Orders.total', 4, { kind: 'add_parameter' })).toContain('static int total(int q, java.lang.Void scoutNew, String... tags)');
    expect(await edited(orders, 'Orders', 1, { kind: 'add_parameter' })).toContain('Orders(int a, java.lang.Void scoutNew) {}');
    expect(await edited('class A { void f() {} }\n', 'f', 1, { kind: 'add_parameter' })).toBe('class A { void f(java.lang.Void scoutNew) {} }\n');
    expect(await reason(orders, 'Orders.total', 4, { kind: 'add_parameter', optional: true })).toMatch(/^Java has no optional parameters/);
  });

  it('changes a return type or a field\'s type; refuses several variables, no new type, make_optional', async () => {
    expect(await edited(orders, 'Orders.total', 4, { kind: 'change_type', newType: 'long' })).toContain('static long total(');
    expect(await edited('class A { private int n = 1; }\n', 'n', 1, { kind: 'change_type', newType: 'List<String>' })).toBe('class A { private List<String> n = 1; }\n');
    expect(await reason(orders, 'a', 7, { kind: 'change_type', newType: 'long' })).toMatch(/declared with other variables in one statement/);
    expect(await reason(orders, 'Orders.total', 4, { kind: 'change_type' })).toMatch(/^the question gives no new type/);
    expect(await reason(orders, 'Orders.total', 4, { kind: 'make_optional' })).toMatch(/^Java has no optional fields or parameters/);
  });
});

describe('javac output', () => {
  it('reads errors, their caret column (tabs kept), their details; skips notes and the count', () => {
    const out = [
      'src/A.java:7: error: method total in class Orders cannot be applied to given types;',
      '\t\tint d = Orders.total(q);',
      '\t\t              ^',
      '  required: int,Void',
      '  found:    int',
      'src/B.java:3: error: the switch expression does not cover all possible input values',
      '    return switch (k) {',
      '           ^',
      'Note: src/B.java uses preview features of Java SE 17.',
      '2 errors',
      '',
    ].join('\n');
    expect(parseJavacOutput(out)).toEqual([
      { file: 'src/A.java', line: 7, column: 17, code: 'cant.apply.symbol', message: 'method total in class Orders cannot be applied to given types; required: int,Void; found: int' },
      { file: 'src/B.java', line: 3, column: 12, code: 'not.exhaustive', message: 'the switch expression does not cover all possible input values' },
    ]);
    expect(javacCode('something new')).toBe('error');
    const key = (message: string) => javacErrorKey({ file: 'a', line: 1, character: 2, code: 'x', message });
    expect(key("illegal start of type; symbol: 'SCOUT_NEW'")).toBe(key('illegal start of type; symbol: other'));
    expect(key("'(' expected")).toBe(key("')' expected"));
  });
});

describe('Java members and source roots', () => {
  it('reads an enum\'s constants (a string argument is the value), skipping comments and bodies', () => {
    const text = 'package p;\n\n/** Kinds { } */\npublic enum Kind {\n    BOOK("book"), // a comment, C\n    MUSIC(2) { int f() { return 1; } },\n    @Deprecated VIDEO;\n\n    Kind(String c) {}\n}\n';
    expect(readJavaMembers(text, 'p/Kind.java', 4, 'Kind')).toEqual({
      type: 'Kind',
      file: 'p/Kind.java',
      startLine: 4,
      endLine: 10,
      shape: 'enum',
      members: [
        { name: 'BOOK', value: 'book', valueIsString: true, qualified: 'Kind.BOOK' },
        { name: 'MUSIC', value: '2', valueIsString: false, qualified: 'Kind.MUSIC' },
        { name: 'VIDEO', value: null, valueIsString: false, qualified: 'Kind.VIDEO' },
      ],
    });
  });

  it('reads a sealed type\'s permitted classes, from permits or from the same file', () => {
    expect(readJavaMembers('public sealed interface Shape\n    permits Box, p.Tube {\n}\n', 'S.java', 1, 'Shape')).toMatchObject({ shape: 'sealed interface', endLine: 3, members: [{ name: 'Box', qualified: null }, { name: 'Tube', qualified: null }] });
    const same = 'sealed abstract class Expr {}\nfinal class Num extends Expr {}\nrecord Neg(Expr e) implements Other {}\nnon-sealed class Add extends Expr {}\n';
    expect(readJavaMembers(same, 'E.java', 1, 'Expr')?.members.map((m) => m.name)).toEqual(['Num', 'Add']);
    expect(readJavaMembers('interface I { }\n', 'I.java', 1, 'I')).toBeNull();
    expect(readJavaMembers('class C { int x; }\n', 'C.java', 1, 'C')).toBeNull();
  });

  it('finds the source root a package declaration implies', () => {
    expect(packageOf('/* package x; */\n@Gen\npackage com.example.shop;\n')).toBe('com.example.shop');
    expect(sourceRootOf('src/main/java/com/example/Kind.java', 'package com.example;')).toBe('src/main/java');
    expect(sourceRootOf('com/example/Kind.java', 'package com.example;')).toBe('.');
    expect(sourceRootOf('lib/Kind.java', 'class Kind {}')).toBe('lib');
    expect(sourceRootOf('src/Kind.java', 'package com.example;')).toBeNull();
  });

  it('lists sources and jars, not build output beside a build file (a package may be called `build`), hidden folders or module-info.java', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scout-java-list-'));
    try {
      writeFiles(dir, {
        'pom.xml': '<project/>',
        'module-info.java': 'module m {}',
        'src/main/java/org/build/Tool.java': 'package org.build; class Tool {}',
        'target/generated/Gen.java': 'class Gen {}',
        '.idea/Hidden.java': 'class Hidden {}',
        'lib/dep.jar': 'PK',
        'README.md': '# x',
      });
      expect(listJavaFiles(dir, '').files.map((f) => f.rel)).toEqual(['lib/dep.jar', 'src/main/java/org/build/Tool.java']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the sources javac cannot find by package: misplaced, a second top-level type, a class declared twice', () => {
    expect(topLevelTypes('package p;\n/* class Not */\npublic class A {\n  class Inner {}\n  String s = "enum X";\n}\nrecord B(int x) {}\n@interface C {}\n')).toEqual(['A', 'B', 'C']);
    const layout = sourceLayout([
      { rel: 'src/p/A.java', text: 'package p; class A {}' },
      { rel: 'src/p/B.java', text: 'package p; class B {} class Extra {}' },
      { rel: 'old/A.java', text: 'package q; class A {}' },
      { rel: 'x/p/A.java', text: 'package p; class A {}' },
      { rel: 'gone/Z.java', text: null },
    ]);
    expect(layout.roots).toEqual(['src', 'x']);
    expect([...layout.unfindable].sort()).toEqual(['gone/Z.java', 'old/A.java', 'src/p/A.java', 'src/p/B.java', 'x/p/A.java']);
    expect(layout.misplaced).toBe(2);
  });
});
