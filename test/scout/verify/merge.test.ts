/** Merging verified errors with the exploration's pointers (pure). */
import { describe, expect, it } from 'vitest';
import type { CheckerError, VariantCheck } from '../../../src/scout/verify/checker.js';
import { mergeVerified, type MergeCandidate } from '../../../src/scout/verify/merge.js';

const error = (file: string, line: number, code: string, message: string, place: CheckerError['place']): CheckerError => ({ file, line, column: 3, code, message, place });
const fn = (name: string, startLine: number, endLine: number): CheckerError['place'] => ({ name, kind: 'function', startLine, endLine });
const candidate = (location: string, risk: number, what: string, action = 'do it'): MergeCandidate => ({
  pointer: { location, what, risk: risk >= 4 ? 'high' : risk === 3 ? 'medium' : 'low', relevance: 4, action },
  risk,
  relevance: 4,
  place: null,
});
const check = (errors: CheckerError[]): VariantCheck => ({ target: { name: 'Kind', kind: 'enum (string)', file: 'src/kind.ts', line: 1 }, edit: 'x', errors, checkedFiles: 3, notes: [] });

describe('mergeVerified', () => {
  it('one high pointer per place, with the checker code and message, the other lines in also, the exploration pointer inside the place merged', () => {
    const { verified, rest, labels } = mergeVerified(
      check([
        error('src/a.ts', 12, 'TS2366', "Function lacks ending return statement and return type does not include 'undefined'.", fn('price', 10, 20)),
        error('src/a.ts', 18, 'TS2345', "Argument of type 'Kind.New' is not assignable to parameter of type 'never'.", fn('price', 10, 20)),
        error('src/b.ts', 5, 'TS7053', "Element implicitly has an 'any' type because expression of type 'Kind' can't be used to index type 'Names'. Property 'new' does not exist on type 'Names'.", null),
      ]),
      'typescript',
      [candidate('src/a.ts:14', 5, 'switch/match over it in price: `switch (kind) {`', 'add a case'), candidate('src/c.ts:3', 4, 'comparison against it in f: `if (k === Kind.A)`'), candidate('src/c.ts:9', 2, 'use')],
    );
    expect(verified).toEqual([
      {
        location: 'src/a.ts:12',
        what: "verified by typescript: TS2366 Function lacks ending return statement and return type does not include 'undefined' (+1 more: TS2345) (in price) · switch/match over it",
        risk: 'high',
        relevance: 5,
        action: 'add a case',
        verified: true,
        also: [14, 18],
      },
      {
        location: 'src/b.ts:5',
        what: "verified by typescript: TS7053 expression of type 'Kind' can't be used to index type 'Names'",
        risk: 'high',
        relevance: 5,
        action: "give the indexed object's type a key for the new variant, or narrow the value before indexing",
        verified: true,
      },
    ]);
    expect(labels).toEqual(['price (src/a.ts:12, TS2366, TS2345)', 'src/b.ts:5 (TS7053)']);
    // Once the checker ran, high means verified: the comparison compiles, so it is medium, and says why.
    expect(rest.map((c) => [c.pointer.location, c.pointer.risk, c.risk])).toEqual([
      ['src/c.ts:3', 'medium', 3],
      ['src/c.ts:9', 'low', 2],
    ]);
    expect(rest[0]?.pointer.what).toMatch(/\(compiles: typescript reports no error here; check its behaviour\)$/);
  });

  it('a high site under a configuration guard the build leaves out: not verified, not compiling', () => {
    const guardOf = (file: string, line: number): string | null => (file === 'src/win.rs' && line === 7 ? '#[cfg(windows)]' : null);
    const { rest } = mergeVerified(check([]), 'cargo', [candidate('src/win.rs:7', 5, 'match over it'), candidate('src/c.rs:3', 5, 'x')], guardOf);
    expect(rest.map((c) => c.pointer.risk)).toEqual(['medium', 'medium']);
    expect(rest[0]?.pointer.what).toMatch(/\(not verified: compiled only under `#\[cfg\(windows\)\]`, which cargo's build here may leave out\)$/);
    expect(rest[1]?.pointer.what).toMatch(/\(compiles: cargo reports no error here; check its behaviour\)$/);
  });

  it('a partial check: a high site in a file the checker did not reach is lowered as not verified, not as compiling', () => {
    const partial = { ...check([]), unchecked: ['src/late.ts'] };
    const { rest } = mergeVerified(partial, 'typescript', [candidate('src/late.ts:4', 5, 'switch over it'), candidate('src/c.ts:3', 5, 'x')]);
    expect(rest.map((c) => c.pointer.risk)).toEqual(['medium', 'medium']);
    expect(rest[0]?.pointer.what).toMatch(/\(not verified: typescript did not check this file in time\)$/);
    expect(rest[1]?.pointer.what).toMatch(/\(compiles: typescript reports no error here; check its behaviour\)$/);
  });

  it('a name declared twice: each verified place says which declaration breaks it', () => {
    const { verified } = mergeVerified(
      check([{ ...error('src/a/use.ts', 7, 'TS2366', 'Function lacks ending return statement.', fn('fee', 5, 12)), declaration: 'src/a/kind.ts:2' }]),
      'typescript',
      [],
    );
    expect(verified[0]?.what).toBe('verified by typescript: TS2366 Function lacks ending return statement (in fee) · when the declaration at src/a/kind.ts:2 changes');
  });

  it('no errors: nothing verified, every high lowered', () => {
    const { verified, rest } = mergeVerified(check([]), 'typescript', [candidate('src/c.ts:3', 5, 'x')]);
    expect(verified).toEqual([]);
    expect(rest[0]?.pointer.risk).toBe('medium');
  });

  it('GHC\'s warnings get a Haskell action: an equation or a case alternative, a record update', () => {
    const { verified } = mergeVerified(
      check([
        error('src/Route.hs', 20, '-Wincomplete-patterns', "Pattern match(es) are non-exhaustive In an equation for ‘route’: Patterns not matched: ScoutNew__", fn('route', 20, 22)),
        error('src/Kind.hs', 43, '-Wincomplete-record-updates', 'Pattern match(es) are non-exhaustive In a record-update construct: Patterns not matched: ScoutNew__', fn('rename', 43, 43)),
      ]),
      'ghc',
      [],
    );
    expect(verified.map((p) => p.action)).toEqual([
      'this record update fails on the new constructor (it lacks these fields): match on the constructor first, or give the new constructor the fields',
      'add an equation or a case alternative for the new constructor (or a `_` one if the others may share it)',
    ]);
  });

  it('other change kinds: the action comes from the change and the error; the changed declaration is named as such', () => {
    const renamed: VariantCheck = { ...check([error('src/app.ts', 1, 'TS2305', "Module './config.js' has no exported member 'parseConfig'.", null), error('src/app.ts', 9, 'TS2339', "Property 'retries' does not exist on type 'Config'.", fn('retry', 8, 10))]), change: { kind: 'rename', newName: 'loadConfig' } };
    const merged = mergeVerified(renamed, 'typescript', [candidate('src/kind.ts:1', 5, 'definition (function): `export function parseConfig() {`', 'rename the definition')]);
    expect(merged.verified.map((p) => p.action)).toEqual(['import it under its new name `loadConfig`', 'rename this use to `loadConfig`']);
    expect(merged.rest[0]?.pointer).toMatchObject({ risk: 'medium', what: 'definition (function): `export function parseConfig() {` (the declaration the change is made to)' });
    const actions = (change: VariantCheck['change'], code: string, message: string): string | undefined => mergeVerified({ ...check([error('src/a.ts', 3, code, message, null)]), change }, 'typescript', []).verified[0]?.action;
    expect(actions({ kind: 'add_parameter' }, 'TS2554', 'Expected 2 arguments, but got 1.')).toBe('pass the new argument here');
    expect(actions({ kind: 'make_optional' }, 'TS18048', "'config.timeout' is possibly 'undefined'.")).toMatch(/^handle undefined here/);
    expect(actions({ kind: 'remove' }, 'TS2353', "Object literal may only specify known properties, and 'label' does not exist in type 'Config'.")).toBe('drop this entry: the removed member is no longer part of the type');
    expect(actions({ kind: 'change_type', newType: 'string' }, 'TS2322', "Type 'number' is not assignable to type 'string'.")).toBe('adapt this use to the new type `string` (convert the value, or change the code that reads it)');
  });
});
