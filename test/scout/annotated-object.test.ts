/** An object literal typed with a generic over the question's type: which generics make it list every variant. */
import { describe, expect, it } from 'vitest';
import { describeAnnotatedObject, genericAnnotationAt, genericMapsEveryKey, namesTheUnion } from '../../src/scout/typescript/annotated-object.js';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { heuristicRubric } from '../../src/scout/scorers/heuristic.js';
import { serverFacts } from '../../src/scout/scorers/rating-prompt.js';
import { link } from './links.js';

const CODES = [
  "import type { InvertKeyValue, Box } from './types';", // 1
  'export const CODES = { PARSE_ERROR: -32700, BAD_REQUEST: -32600 } as const;', // 2
  'export const BY_NUMBER: InvertKeyValue<', // 3
  '  typeof CODES', // 4
  '> = {', // 5
  "  [-32700]: 'PARSE_ERROR',", // 6
  '};', // 7
  'export const BOXED: Box<typeof CODES> = { value: CODES };', // 8
  'export const PAIR: Both<string, typeof CODES> = {};', // 9
  'export function f(x: InvertKeyValue<typeof CODES>) {}', // 10
  'export const MAP: Record<keyof typeof CODES, number> = { PARSE_ERROR: 1, BAD_REQUEST: 2 };', // 11
];
const TYPES = [
  'export type InvertKeyValue<TType extends Record<PropertyKey, PropertyKey>> = {', // 1
  '  [TValue in TType[keyof TType]]: KeyFromValue<TValue, TType>;', // 2
  '};', // 3
  'export type Box<T> = { value: T };', // 4
  'export type Both<A, B> = { [K in keyof B]?: A };', // 5
];
const files = { line: (file: string, line: number) => (file === 'src/types.ts' ? TYPES : CODES)[line - 1] ?? '' };
const declarations: Record<string, number> = { InvertKeyValue: 1, Box: 4, Both: 5 };
const finder = async (name: string) => (declarations[name] ? { file: 'src/types.ts', line: declarations[name]! } : null);
const target = ['TRPC_ERROR_CODE_NUMBER', 'keyof typeof CODES'];
const at = (line: number, needle: string) => ({ file: 'src/codes.ts', line, column: CODES[line - 1]!.indexOf(needle) });

describe('genericAnnotationAt', () => {
  it('finds the annotation around a site across lines, with the argument holding it', () => {
    expect(genericAnnotationAt(files, at(4, 'CODES'))).toMatchObject({ line: 3, name: 'BY_NUMBER', generic: 'InvertKeyValue', argument: 'typeof CODES', argumentIndex: 0 });
    expect(genericAnnotationAt(files, at(9, 'typeof CODES'))).toMatchObject({ generic: 'Both', argumentIndex: 1 });
  });

  it('ignores a parameter annotation (no object literal) and leaves Record to the Record readings', () => {
    expect(genericAnnotationAt(files, at(10, 'CODES'))).toBeNull();
    expect(genericAnnotationAt(files, at(11, 'CODES'))).toBeNull();
  });
});

describe('genericMapsEveryKey and namesTheUnion', () => {
  it('a mapped type over the parameter requires every key; a box, or an optional mapped type, does not', () => {
    expect(genericMapsEveryKey(TYPES.slice(0), 0)).toBe(true);
    expect(genericMapsEveryKey(TYPES.slice(3), 0)).toBe(false);
    expect(genericMapsEveryKey(TYPES.slice(4), 1)).toBe(false);
    expect(genericMapsEveryKey(['interface X { a: 1 }'], 0)).toBeNull();
  });

  it('takes the union under its names only, not a type built from it', () => {
    expect(namesTheUnion('typeof CODES', target)).toBe(true);
    expect(namesTheUnion('keyof  typeof CODES', target)).toBe(true);
    expect(namesTheUnion('TRPC_ERROR_CODE_NUMBER', target)).toBe(true);
    expect(namesTheUnion('Partial<typeof CODES>', target)).toBe(false);
  });
});

describe('describeAnnotatedObject and its rating', () => {
  const addVariant = analyzeQuery('what breaks if I add a variant to `TRPC_ERROR_CODE_NUMBER`?');

  it('an object typed with a mapped generic over the union is a break site; a boxed one is not', async () => {
    const inverted = await describeAnnotatedObject(files, at(4, 'CODES'), target, finder);
    expect(inverted).toEqual({ line: 3, name: 'BY_NUMBER', type: 'InvertKeyValue<typeof CODES>', requiresEveryKey: true });
    const boxed = await describeAnnotatedObject(files, at(8, 'typeof CODES'), target, finder);
    expect(boxed?.requiresEveryKey).toBe(false);
    // Unknown generic: no verdict, the site keeps its cautious reading.
    expect((await describeAnnotatedObject(files, at(4, 'CODES'), target, async () => null))?.requiresEveryKey).toBeNull();

    const site = (fact: typeof inverted) => ({ ...link({ code: CODES.slice(2, 7).map((l, i) => (i === 1 ? `>>${l}` : l)).join('\n'), at: 3, role: 'type_reference', column: 9, symbol: 'CODES', enclosing: 'BY_NUMBER' }), annotatedObject: fact });
    expect(heuristicRubric(addVariant, site(inverted)).risk).toBe(5);
    expect(heuristicRubric(addVariant, site(boxed)).risk).toBeLessThanOrEqual(2);
    expect(serverFacts(site(inverted)).join()).toMatch(/maps every variant to a key/);
  });
});
