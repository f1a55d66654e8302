/**
 * The pure readings behind "does this key site break when a variant is added": the object an element
 * access indexes, the type the server reports for it, whether that type lists its keys, whether a
 * Record site builds a value or declares a type, and whether a site names one variant.
 */
import { describe, expect, it } from 'vitest';
import { assignedValueAt } from '../../src/scout/typescript/assigned-object.js';
import { roomFor } from '../../src/scout/typescript/destination.js';
import { declarationRequiresEveryKey, literalHead, requiresEveryKey } from '../../src/scout/typescript/built-object.js';
import { annotationAt, classifyDeclaration, classifyType, indexedObjectAt, namesSpecificVariants, resolveKeySet, typeFromHover } from '../../src/scout/typescript/indexed-object.js';
import { recordRequiresEveryKey, recordSiteKind } from '../../src/scout/typescript/record-declaration.js';
import { buildsObjectAt, isComputedKey, namesOneVariant, receivingProperty } from '../../src/scout/site-text.js';

const at = (line: string, name: string): number => line.indexOf(name);

describe('indexedObjectAt', () => {
  it('finds the object of an element access by a value', () => {
    const line = '    const queue = this.queues[type];';
    expect(indexedObjectAt(line, at(line, 'type]'))).toEqual({ name: 'queues', column: at(line, 'queues') });
    const optional = '    return this.queues?.[type].length;';
    expect(indexedObjectAt(optional, at(optional, 'type]'))?.name).toBe('queues');
    const chain = '  lists[fragment.type] = parts;';
    expect(indexedObjectAt(chain, at(chain, 'type]'))?.name).toBe('lists');
    const template = '      level[`${type}Codec`] = filtered;';
    expect(indexedObjectAt(template, at(template, 'type}'))?.name).toBe('level');
  });

  it('is null for computed keys and for objects that are not names', () => {
    const key = "  [LLMKind.OpenAI]: 'gpt-4o',";
    expect(indexedObjectAt(key, at(key, 'LLMKind'))).toBeNull();
    const call = '  const x = pick()[kind];';
    expect(indexedObjectAt(call, at(call, 'kind]'))).toBeNull();
  });
});

describe('typeFromHover', () => {
  it('reads the type part of property, parameter and variable signatures', () => {
    expect(typeFromHover('(property) BufferOperationQueue.queues: BufferOperationQueues | null')).toBe('BufferOperationQueues | null');
    expect(typeFromHover('(parameter) kind: LLMKind')).toBe('LLMKind');
    expect(typeFromHover('const LABELS: {\n    openai: string;\n    ollama: string;\n}')).toBe('{ openai: string; ollama: string; }');
    expect(typeFromHover('let x: Record<Kind, number>\n\nSome documentation.')).toBe('Record<Kind, number>');
    expect(typeFromHover('(alias) const NEEDS_KEY: KeyRequirement\nimport NEEDS_KEY\nWhich providers need a key.')).toBe('KeyRequirement');
  });

  it('is null for hovers that are not typed names', () => {
    expect(typeFromHover('function f(): void')).toBeNull();
    expect(typeFromHover('')).toBeNull();
  });
});

describe('classifyType', () => {
  it('lists keys: interfaces written out, Records over another key type', () => {
    expect(classifyType('{ audio: number; video: number; }', 'SourceBufferName')).toBe('listed');
    expect(classifyType('Record<ElementaryStreamTypes, Info | null>', 'SourceBufferName')).toBe('listed');
    expect(classifyType('{ [k in Other]: X }', 'Kind')).toBe('listed');
    expect(classifyType('{ [K in keyof T as T[K]]: K }', 'Kind')).toBe('unknown');
    expect(classifyType('{ [TValue in TType[keyof TType]]: KeyFromValue<TValue, TType> }', 'Kind')).toBe('unknown');
    expect(classifyType('{ [k in keyof typeof CODES]: number }', ['Code', 'keyof typeof CODES'])).toBe('open');
  });

  it('admits a new key: Records and mapped types over the type, index signatures, any', () => {
    expect(classifyType('Record<Kind, number>', 'Kind')).toBe('open');
    expect(classifyType('Partial<Record<Kind, number>>', 'Kind')).toBe('open');
    expect(classifyType('{ [k in Kind]?: number } | null', 'Kind')).toBe('open');
    expect(classifyType('{ [key: string]: number }', 'Kind')).toBe('open');
    expect(classifyType('Record<string, number>', 'Kind')).toBe('open');
    expect(classifyType('any', 'Kind')).toBe('open');
  });

  it('returns a name to resolve, and unknown for what it cannot read', () => {
    expect(classifyType('BufferOperationQueues | null', 'SourceBufferName')).toEqual({ named: 'BufferOperationQueues' });
    expect(classifyType('Map<Kind, number>', 'Kind')).toBe('unknown');
    expect(classifyType('number[]', 'Kind')).toBe('unknown');
  });
});

describe('classifyDeclaration', () => {
  it('reads interfaces, aliases and classes', () => {
    expect(classifyDeclaration(['export interface Queues {', '  video: Op[];', '  audio: Op[];', '}', 'const x = 1;'], 'Name')).toBe('listed');
    expect(classifyDeclaration(['interface Bag {', '  [key: string]: number;', '}'], 'Name')).toBe('open');
    expect(classifyDeclaration(['export type Streams = Record<', '  Other,', '  Info | null', '>;'], 'Name')).toEqual({ alias: 'Record<\n  Other,\n  Info | null\n>' });
    expect(classifyDeclaration(['export type Prices = Record<Name, number>;', 'export const y = 2;'], 'Name')).toEqual({ alias: 'Record<Name, number>' });
  });

  it('resolveKeySet follows names through aliases and unions to their declarations', async () => {
    const source: Record<string, string[]> = {
      'a.ts': [
        'export type Item =', // 1
        '  | EventItem', // 2
        '  | PrimaryItem;', // 3
        'export type EventItem = {', // 4
        '  start: number;', // 5
        '};', // 6
        'export interface PrimaryItem {', // 7
        '  end: number;', // 8
        '}', // 9
        'export type Prices = Record<Name, number>;', // 10
      ],
    };
    const files = { line: (file: string, n: number) => source[file]?.[n - 1] ?? '' };
    const lines: Record<string, number> = { Item: 1, EventItem: 4, PrimaryItem: 7, Prices: 10 };
    const find = async (name: string) => (lines[name] ? { file: 'a.ts', line: lines[name]! } : null);
    const at = { file: 'a.ts', line: 1, column: 0 };
    expect(await resolveKeySet('Item | null', 'Name', at, files, find)).toBe('listed');
    expect(await resolveKeySet('Prices', 'Name', at, files, find)).toBe('open');
    expect(await resolveKeySet('Missing', 'Name', at, files, find)).toBe('unknown');
    expect(classifyType('EventItem | PrimaryItem', 'Name')).toEqual({ union: ['EventItem', 'PrimaryItem'] });
  });
});

describe('annotationAt', () => {
  it('reads a written annotation across lines, up to the initializer', () => {
    const lines = ['  private timeRanges:', '    | {', '        [key in SourceBufferName]?: TimeRanges;', '      }', '    | null = Object.create(null);'];
    const files = { line: (_file: string, n: number) => lines[n - 1] ?? '' };
    expect(annotationAt(files, { file: 'a.ts', line: 1, column: 10 })?.replace(/\s+/g, ' ')).toBe('| { [key in SourceBufferName]?: TimeRanges; } | null');
    const plain = { line: () => 'const stateMachine: { [state in TxnState]: TxnState[] } = {' };
    expect(annotationAt(plain, { file: 'a.ts', line: 1, column: 6 })).toBe('{ [state in TxnState]: TxnState[] }');
    expect(annotationAt({ line: () => 'const x = {' }, { file: 'a.ts', line: 1, column: 6 })).toBeNull();
  });
});

describe('recordSiteKind', () => {
  it('a Record that builds a value breaks where it is', () => {
    expect(recordSiteKind(['export const DEFAULT_MODEL: Record<LLMKind, string> = {'], 0)).toBe('builds_value');
    expect(recordSiteKind(['export const M: Record<Kind, string> = {', "  [Kind.A]: 'a',"], 1)).toBe('builds_value');
    expect(recordSiteKind(['  private x: { [k in Kind]: number } = {'], 0)).toBe('builds_value');
    expect(recordSiteKind(['const MAP_WITH_OVERRIDE: Record<', '  ProcedureType,', '  HTTPMethods[]', '> = {', '  // never allow GET'], 1)).toBe('builds_value');
  });

  it('a Record in a type alias, field type or return type only declares a type', () => {
    expect(recordSiteKind(['export type KeyRequirement = { [K in LLMKind]: boolean };'], 0)).toBe('declares_type');
    expect(recordSiteKind(['  componentSeverities: Record<MongoLoggableComponent, SeverityLevel>;'], 0)).toBe('declares_type');
    expect(recordSiteKind(['  make(): Record<Kind, Record<Level, boolean>> {'], 0)).toBe('declares_type');
    expect(recordSiteKind(['export type ElementaryStreams = Record<', '  ElementaryStreamTypes,', '  Info | null', '>;'], 1)).toBe('declares_type');
    expect(recordSiteKind(['export type SourceBufferTrackSet = Partial<', '  Record<SourceBufferName, SourceBufferTrack>', '>;'], 1)).toBe('declares_type');
  });

  it('recordRequiresEveryKey: not under a Partial, not an optional mapped key', () => {
    expect(recordRequiresEveryKey(['export type Costs = Record<Kind, number>;'], 0)).toBe(true);
    expect(recordRequiresEveryKey(['const SOME: Partial<Record<Kind, number>> = { a: 1 };', 'export type Costs = Record<Kind, number>;'], 1)).toBe(true);
    expect(recordRequiresEveryKey(['export type TrackSet = Partial<', '  Record<SourceBufferName, Track>', '>;'], 1)).toBe(false);
    expect(recordRequiresEveryKey(['  range: { [key in Kind]?: Range };'], 0)).toBe(false);
  });

  it('is null away from any Record', () => {
    expect(recordSiteKind(['  const x = 1;', '  use(kind);'], 1)).toBeNull();
  });
});

describe('site-text', () => {
  it('namesOneVariant: an enum member, not a value of the type', () => {
    const index = '  entityMaps[EntityTypes.channel].get(id);';
    expect(namesOneVariant(index, at(index, 'EntityTypes'))).toBe(true);
    const kind = '  kind: EntityTypes.channel;';
    expect(namesOneVariant(kind, at(kind, 'EntityTypes'))).toBe(true);
    const value = '  const queue = this.queues[type];';
    expect(namesOneVariant(value, at(value, 'type]'))).toBe(false);
    const keyof = '  type K = keyof typeof Kind.values;';
    expect(namesOneVariant(keyof, at(keyof, 'Kind.'))).toBe(false);
  });

  it('isComputedKey: a key spelled out in an object literal', () => {
    const key = "  [LLMKind.OpenAI]: 'gpt-4o',";
    expect(isComputedKey(key, at(key, 'LLMKind'))).toBe(true);
    const index = '  map[LLMKind.OpenAI] = 1;';
    expect(isComputedKey(index, at(index, 'LLMKind'))).toBe(false);
  });

  it('buildsObjectAt: an object literal typed at the site', () => {
    const declared = 'export const NEEDS_KEY: KeyRequirement = {';
    expect(buildsObjectAt(declared, at(declared, 'KeyRequirement'))).toBe(true);
    const satisfies = '} satisfies KeyRequirement;';
    expect(buildsObjectAt(satisfies, at(satisfies, 'KeyRequirement'))).toBe(true);
    const param = 'function f(k: KeyRequirement) {';
    expect(buildsObjectAt(param, at(param, 'KeyRequirement'))).toBe(false);
  });
});

describe('built objects (computed keys)', () => {
  it('requiresEveryKey: a Record or mapped type over the type, not a Partial, a literal type or another key', () => {
    expect(requiresEveryKey('Record<Kind, string>', 'Kind')).toBe(true);
    expect(requiresEveryKey('Readonly<Record<Kind, string>> | null', 'Kind')).toBe(true);
    expect(requiresEveryKey('{ [k in Kind]: boolean }', 'Kind')).toBe(true);
    expect(requiresEveryKey('{ [k in Kind]?: boolean }', 'Kind')).toBe(false);
    expect(requiresEveryKey('Partial<Record<Kind, string>>', 'Kind')).toBe(false);
    expect(requiresEveryKey('Record<string, string>', 'Kind')).toBe(false);
    expect(requiresEveryKey('{ a: number; b: number }', 'Kind')).toBe(false);
    expect(requiresEveryKey('KeyRequirement', 'Kind')).toEqual({ named: 'KeyRequirement' });
  });

  it('declarationRequiresEveryKey reads an alias or an interface', () => {
    expect(declarationRequiresEveryKey(['export type ElementaryStreams = Record<', '  ElementaryStreamTypes,', '  Info | null', '>;'], 'ElementaryStreamTypes')).toBe(true);
    expect(declarationRequiresEveryKey(['export interface Maps {', '  a: number;', '}'], 'Kind')).toBe(false);
  });

  it('literalHead finds the line that opens the object literal around a key', () => {
    const source = ['const unrelated = { a: 1 };', 'export const NEEDS_KEY: KeyRequirement = {', '  [Kind.A]: { nested: true },', '  [Kind.B]: true,', '};'];
    const files = { line: (_f: string, n: number) => source[n - 1] ?? '' };
    expect(literalHead(files, 'a.ts', 4)).toEqual({ line: 2, text: source[1] });
    expect(literalHead(files, 'a.ts', 1)).toBeNull();
  });
});

describe('destinations (a value handed to a property)', () => {
  it('receivingProperty: the value is the whole value of an object-literal property', () => {
    const line = '          severity: event.severity,';
    expect(receivingProperty(line, line.lastIndexOf('severity'), 'severity'.length)).toEqual({ name: 'severity', column: 10 });
    const call = '    severity: toWire(event.severity),';
    expect(receivingProperty(call, call.lastIndexOf('severity'), 'severity'.length)).toBeNull();
  });

  it('roomFor: the union itself or a string has room, a closed list of literals has none', () => {
    expect(roomFor("'free' | 'pro'", 'Tier')).toBe('no_room');
    expect(roomFor('Severity.INFO | Severity.ERROR | undefined', 'Tier')).toBe('no_room');
    expect(roomFor('Tier | null', 'Tier')).toBe('fits');
    expect(roomFor('string', 'Tier')).toBe('fits');
    expect(roomFor('Exclude<Tier, "x">', 'Tier')).toBe('unknown');
    expect(roomFor('OtherType', 'Tier')).toBe('unknown');
  });
});

describe('namesSpecificVariants', () => {
  it('tells a declaration of specific variants from one of the whole union', () => {
    expect(namesSpecificVariants('EntityTypes.channel')).toBe(true);
    expect(namesSpecificVariants("'audio' | 'video'")).toBe(true);
    expect(namesSpecificVariants('EntityTypes')).toBe(false);
    expect(namesSpecificVariants('R')).toBe(false);
    expect(namesSpecificVariants('SourceBufferName | null')).toBe(false);
  });
});

describe('assignedValueAt', () => {
  it('finds the last name of a value assigned whole to the property at the site', () => {
    const line = '    this.componentSeverities = options.componentSeverities;';
    const column = line.indexOf('componentSeverities');
    expect(assignedValueAt(line, column, 'componentSeverities'.length)).toEqual({ name: 'componentSeverities', column: line.lastIndexOf('componentSeverities') });
    expect(assignedValueAt('    this.costs = { a: 1 };', 9, 5)).toBeNull();
    expect(assignedValueAt('    this.costs === other;', 9, 5)).toBeNull();
  });
});
