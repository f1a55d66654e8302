/** Members that resemble the new one a question names: their places come first in the answer. */
import { describe, expect, it } from 'vitest';
import type { MemberSet } from '../../../src/scout/site-facts.js';
import { likeNewMember } from '../../../src/scout/enumeration/like-new-member.js';
import { sitesIn } from '../../../src/scout/enumeration/enumeration-sites.js';
import { enumerationPointers } from '../../../src/scout/enumeration/enumeration-pointers.js';

const literals = (type: string, values: string[]): MemberSet => ({
  type,
  file: 'types.ts',
  startLine: 1,
  endLine: 3,
  shape: 'literal union',
  members: values.map((v) => ({ name: v, value: v, valueIsString: true, qualified: null })),
});
const names = (set: MemberSet, alike: Set<number>): string[] => [...alike].map((i) => set.members[i]?.name ?? '');

describe('members like the new one', () => {
  it('a member whose name is inside the new one, or shares a word of 4+ letters with it', () => {
    const drivers = literals('DatabaseType', ['mysql', 'postgres', 'sqlite', 'mssql', 'oracle', 'sap']);
    expect(names(drivers, likeNewMember(drivers, 'better-sqlite3'))).toEqual(['sqlite']);
    const nodes = literals('AST_NODE_TYPES', ['Identifier', 'Literal', 'MemberExpression', 'CallExpression', 'Program', 'ThisExpression', 'Super']);
    expect(names(nodes, likeNewMember(nodes, 'PrivateIdentifier'))).toEqual(['Identifier']);
    const schemas = literals('CoreSchemaType', ['model', 'typed-dict', 'dataclass', 'list', 'dict', 'str', 'int']);
    expect(names(schemas, likeNewMember(schemas, 'model-fields'))).toEqual(['model']);
  });

  it('nothing when no member resembles it, when short names match by chance, or when a third of the set would', () => {
    const tools = literals('ToolType', ['selection', 'rectangle', 'diamond', 'ellipse', 'arrow', 'line', 'freedraw', 'text', 'image', 'eraser']);
    expect(likeNewMember(tools, 'lasso').size).toBe(0);
    const ids = literals('Kind', ['id', 'map', 'x', 'yz', 'other', 'thing']);
    expect(likeNewMember(ids, 'bitmap_id').size).toBe(0); // `map` and `id` inside it are too short to mean anything
    const wide = literals('Column', ['int_column', 'text_column', 'json_column', 'date']);
    expect(likeNewMember(wide, 'uuid_column').size).toBe(0); // 3 of 4 share `column`: it says nothing
    const self = literals('Mode', ['fast', 'slow', 'auto']);
    expect(likeNewMember(self, 'fast').size).toBe(0); // already a member
  });

  it("a site naming such a member says so, and within a file's pointer its lines come first", () => {
    const drivers = literals('DatabaseType', ['mysql', 'postgres', 'sqlite', 'mssql']);
    const code = [
      'const all = ["mysql", "postgres", "sqlite", "mssql"];',
      '',
      'function f(t: DatabaseType) {',
      '  if (t === "mysql") return 1;',
      '}',
      '',
      'export const onlyThese = { enabledDrivers: ["sqlite"] as DatabaseType[] };',
    ].join('\n');
    const alike = likeNewMember(drivers, 'better-sqlite3');
    const sites = sitesIn('test/config.ts', code, drivers, undefined, undefined, alike);
    expect(sites.filter((s) => s.alike).map((s) => s.lines[0])).toEqual([1, 7]);
    const { pointers, likeNew } = enumerationPointers({ set: drivers, sites, filesRead: 1, ms: 0, newMember: 'better-sqlite3', alike: ['sqlite'] }, []);
    const alikePointers = pointers.filter((p) => likeNew.has(p.location));
    expect(alikePointers.length).toBeGreaterThan(0);
    for (const p of alikePointers) expect(p.what).toMatch(/\(names `sqlite`, like the new `better-sqlite3`\)$/);
    // The comparison with `mysql` alone names no member like the new one.
    const comparison = sites.find((s) => s.lines[0] === 4);
    expect(comparison).toBeDefined();
    expect(comparison?.alike).toBeUndefined();
  });
});
