/** Reading members (TypeScript, Python), finding their mentions, and grouping them into constructs. */
import { describe, expect, it } from 'vitest';
import { blocksOf } from '../../../src/scout/enumeration/blocks.js';
import type { Pointer } from '../../../src/scout/answer.js';
import { trimAlso } from '../../../src/scout/answer-page.js';
import { enumerationPointers } from '../../../src/scout/enumeration/enumeration-pointers.js';
import { sitesIn } from '../../../src/scout/enumeration/enumeration-sites.js';
import { mentionMatcher } from '../../../src/scout/enumeration/mentions.js';
import { foldSiblingCopies } from '../../../src/scout/enumeration/sibling-copies.js';
import { importLines, withoutNonEnumerating } from '../../../src/scout/enumeration/not-enumerating.js';
import { enumerationRisk } from '../../../src/scout/risk.js';
import { readPythonMembers } from '../../../src/scout/python/members.js';
import type { MemberSet } from '../../../src/scout/site-facts.js';
import { readTypeScriptMembers } from '../../../src/scout/typescript/members.js';

const names = (set: MemberSet | null) => set?.members.map((m) => `${m.name}=${m.value ?? ''}`);

describe('members read from declarations', () => {
  it('a TypeScript enum: names, values and how code names them', () => {
    const text = "export enum LLMKind {\n  OpenAI = 'openai',\n  // a comment\n  Anthropic = \"anthropic\",\n  Ollama = 'ollama',\n}\n";
    const set = readTypeScriptMembers(text, 'k.ts', 1, 'LLMKind');
    expect(names(set)).toEqual(['OpenAI=openai', 'Anthropic=anthropic', 'Ollama=ollama']);
    expect(set?.members[0]?.qualified).toBe('LLMKind.OpenAI');
    expect([set?.startLine, set?.endLine]).toEqual([1, 6]);
  });

  it('a numeric enum without initializers', () => {
    expect(names(readTypeScriptMembers('enum Flags { A, B = 4, C }', 'f.ts', 1, 'Flags'))).toEqual(['A=', 'B=4', 'C=']);
  });

  it('a literal union over several lines, a tagged union, a union of named types', () => {
    expect(names(readTypeScriptMembers("export type Mode =\n  | 'fast'\n  | 'slow' // why\n  | null;\nconst x = 1;", 'm.ts', 1, 'Mode'))).toEqual(['fast=fast', 'slow=slow']);
    const tagged = readTypeScriptMembers("type Shape = { kind: 'circle'; r: number } | { kind: 'square'; side: number };", 's.ts', 1, 'Shape');
    expect(tagged?.shape).toBe('tagged union (kind)');
    expect(names(tagged)).toEqual(['circle=circle', 'square=square']);
    expect(names(readTypeScriptMembers('type Node = Leaf | Branch<T>;', 'n.ts', 1, 'Node'))).toEqual(['Leaf=', 'Branch=']);
  });

  it('a computed union has no member list in the text', () => {
    expect(readTypeScriptMembers('type K = keyof typeof CODES;', 'k.ts', 1, 'K')).toBeNull();
  });

  it('a Python Enum class and a Literal alias', () => {
    const text = 'class Color(Enum):\n    """Colors."""\n    RED = "red"\n    GREEN = 2\n    BLUE = auto()\n\n    def describe(self):\n        x = 1\n\nOTHER = 3\n';
    const set = readPythonMembers(text, 'c.py', 1, 'Color');
    expect(names(set)).toEqual(['RED=red', 'GREEN=2', 'BLUE=']);
    expect(set?.members[0]?.qualified).toBe('Color.RED');
    // The declaration ends at its last member: its methods may list the members like any other code.
    expect([set?.startLine, set?.endLine]).toEqual([1, 5]);
    expect(names(readPythonMembers('Mode = Literal[\n    "a",\n    "b",  # note\n]\n', 'm.py', 1, 'Mode'))).toEqual(['a=a', 'b=b']);
  });
});

const kind: MemberSet = {
  type: 'Kind',
  file: 'k.ts',
  startLine: 1,
  endLine: 5,
  shape: 'enum',
  members: ['Alpha', 'Beta', 'Gamma'].map((n) => ({ name: n, value: n.toLowerCase(), valueIsString: true, qualified: `Kind.${n}` })),
};

function blocks(code: string) {
  const lines = code.split('\n');
  return blocksOf(lines, mentionMatcher(kind).find(code));
}

describe('constructs that list members', () => {
  it('a switch over every member without default is one block listing all three', () => {
    const [b, ...rest] = blocks('function f(k: Kind) {\n  switch (k) {\n    case Kind.Alpha:\n      return 1;\n    case Kind.Beta:\n      return 2;\n    case Kind.Gamma:\n      return 3;\n  }\n}\n');
    expect(rest).toEqual([]);
    expect([b?.members.size, b?.hasDefault, b?.shape, b?.lines]).toEqual([3, false, 'switch/match arms', [3, 5, 7]]);
  });

  it('a switch with a default branch says so', () => {
    const [b] = blocks("switch (k) {\n  case Kind.Alpha:\n    break;\n  default:\n    throw new Error('x');\n}\n");
    expect(b?.hasDefault).toBe(true);
  });

  it('two maps one after the other are two constructs', () => {
    const found = blocks("const A = {\n  [Kind.Alpha]: 1,\n  [Kind.Beta]: 2,\n};\nconst B = {\n  [Kind.Alpha]: 'x',\n};\n");
    expect(found.map((b) => [b.lines, b.shape])).toEqual([[[2, 3], 'map'], [[6], 'map']]);
  });

  it('a Python if/elif chain with else, and values of the members written as strings', () => {
    const [chain, values] = blocks("    if k is Kind.Alpha:\n        a()\n    elif k is Kind.Beta:\n        b()\n    else:\n        c()\n    x = 1\nNAMES = ['alpha', 'beta', 'gamma']\n");
    expect([chain?.members.size, chain?.hasDefault, chain?.shape]).toEqual([2, true, 'if/elif chain']);
    expect([values?.members.size, values?.valuesOnly, values?.strong]).toEqual([3, true, false]);
  });

  it('two separate if statements are two constructs, an else-if chain is one (C and Python)', () => {
    const c = blocks('  if (k == Kind.Alpha || k == Kind.Beta) {\n    a();\n  }\n  if (k == Kind.Gamma) {\n    b();\n  }\n');
    expect(c.map((b) => [b.lines, b.members.size])).toEqual([[[1], 2], [[4], 1]]);
    const chained = blocks('  if (k == Kind.Alpha) {\n    a();\n  } else if (k == Kind.Beta) {\n    b();\n  }\n');
    expect(chained.map((b) => [b.lines, b.shape])).toEqual([[[1, 3], 'if/elif chain']]);
    const py = blocks('    if k is Kind.Alpha:\n        a()\n    if k is Kind.Beta:\n        b()\n');
    expect(py.length).toBe(2);
  });

  it('sibling records that each name a member under the same key are one list of records', () => {
    const records = (code: string) => blocksOf(code.split('\n'), mentionMatcher(kind).find(code), { records: true });
    const json = '[\n  {\n    "name": "a",\n    "kind": "alpha",\n    "port": 1\n  },\n  {\n    "name": "b",\n    "kind": "beta"\n  },\n  { \n    "kind": "gamma"\n  }\n]\n';
    expect(records(json).map((b) => [b.lines, b.shape, b.members.size])).toEqual([[[4, 9, 12], 'list of records', 3]]);
    // Different keys, or a statement between the records, are not one list.
    const keys = '[\n  {\n    "kind": "alpha",\n  },\n  {\n    "other": "beta",\n  },\n]\n';
    expect(records(keys).length).toBe(2);
    const apart = '  {\n    kind: "alpha",\n  }\n  f();\n  {\n    kind: "beta",\n  }\n';
    expect(records(apart).length).toBe(2);
    // In code such lists are sample data (a drawing's elements): not joined.
    expect(blocks(json).length).toBe(3);
    expect(sitesIn('conf/servers.json', json, kind).map((s) => s.shape)).toEqual(['list of records']);
  });

  it('statements at one indentation that are not one construct are not merged', () => {
    const found = blocks('x = Kind.Alpha\nprint(x)\ny = Kind.Beta\n');
    expect(found.length).toBe(2);
  });

  it('a docstring or comment that lists the members is prose, not code', () => {
    const [doc, code] = blocks('def f(kind):\n    """Kind is one of \'alpha\', \'beta\' or \'gamma\'."""\n    return KINDS[kind]\n\nNAMES = ["alpha", "beta", "gamma"]\n');
    expect([doc?.prose, doc?.shape, doc?.members.size]).toEqual([true, 'comment', 3]);
    expect([code?.prose, code?.members.size]).toEqual([false, 3]);
  });

  it('a class of documented constants, one per member, is one declaration listing them all (docstrings between do not end it)', () => {
    const code = [
      'class Entity:',
      '    ALPHA: Final[str] = Kind.Alpha',
      '    """:const:`Kind.Alpha`"""',
      '    BETA: Final[str] = Kind.Beta',
      '    """:const:`Kind.Beta`',
      '',
      '    .. versionadded:: 13.5',
      '    """',
      '    GAMMA: Final[str] = Kind.Gamma',
      '    """:const:`Kind.Gamma`"""',
      '    ALL: Final[list[str]] = list(Kind)',
    ].join('\n');
    const [constants, ...rest] = blocks(code);
    expect(rest).toEqual([]);
    expect([constants?.shape, constants?.members.size, constants?.prose, constants?.hasDefault]).toEqual(['declaration', 3, false, false]);
  });

  it("a lookup dict in the enum's own property keys every member: a site, while the member lines are not", () => {
    const text = [
      'class Action(Enum):',
      '    create = 1',
      '    update = 2',
      '    delete = 3',
      '',
      '    @property',
      '    def category(self):',
      '        lookup = {',
      '            Action.create: "c",',
      '            Action.update: "u",',
      '            Action.delete: "d",',
      '        }',
      '        return lookup[self]',
    ].join('\n');
    const set = readPythonMembers(text, 'enums.py', 1, 'Action');
    expect(set).not.toBeNull();
    if (!set) return;
    expect(sitesIn('enums.py', text, set)).toMatchObject([{ lines: [9, 10, 11], listed: 3, members: 3, risk: 'high' }]);
  });

  it('the construct ends at its closing line', () => {
    const [map] = blocks('const M = {\n  [Kind.Alpha]: 1,\n  [Kind.Beta]: 2,\n};\nfoo();\n');
    expect(map?.endLine).toBe(4);
  });

  it('a long list ends at its closing line however far past its last member (a new entry is appended there)', () => {
    const others = Array.from({ length: 60 }, (_, i) => `  'other${i}',`);
    const [list] = blocks(['const TYPES = [', '  Kind.Alpha,', '  Kind.Beta,', ...others, '];', 'foo();', ''].join('\n'));
    expect(list?.endLine).toBe(64);
  });

  it('a one-line construct knows the end of the declaration that holds it; a longer one does not', () => {
    const [tag, map] = blocks(['interface AlphaAction {', '  type: Kind.Alpha;', '  payload: string;', '}', 'const M = {', '  [Kind.Alpha]: 1,', '  [Kind.Beta]: 2,', '};', ''].join('\n'));
    expect(tag).toMatchObject({ lines: [2], endLine: 2, enclosingEnd: 4 });
    expect(map?.enclosingEnd).toBeUndefined();
  });
});

describe('number values', () => {
  const codes: MemberSet = { ...kind, type: 'Close', members: [{ name: 'NORMAL', value: '1000', valueIsString: false, qualified: 'Close.NORMAL' }, { name: 'GOING_AWAY', value: '1001', valueIsString: false, qualified: 'Close.GOING_AWAY' }, { name: 'ZERO', value: '0', valueIsString: false, qualified: 'Close.ZERO' }] };
  it('a distinctive number is a mention of its member; a small one is not looked for', () => {
    const found = mentionMatcher(codes).find('if code == 1000 or code in (1001, 0):\n    x = 10000\n');
    expect(found.map((m) => [m.member, m.kind])).toEqual([[0, 'value'], [1, 'value']]);
  });

  it('a literal member written as an unquoted object key counts where other members are keys too', () => {
    const modes: MemberSet = { ...kind, type: 'Format', members: ['code', 'italic', 'bold'].map((v) => ({ name: v, value: v, valueIsString: true, qualified: null })) };
    const text = 'const FLAGS = {\n  code: IS_CODE,\n  italic: IS_ITALIC,\n};\nconst one = { code: 1 };\n';
    const [flags, single] = blocksOf(text.split('\n'), mentionMatcher(modes).find(text));
    expect([flags?.members.size, flags?.strong]).toEqual([2, false]);
    expect([single?.members.size, single?.strong]).toEqual([1, false]); // alone: not a sign of the type (left out of the answer)
  });
});


describe('documentation that lists the members', () => {
  it('a paragraph naming at least three members in code spans or quotes is a list; two of three in a sentence are prose', () => {
    const text = '# Kinds\n\nThe `kind` must be one of `alpha`, `beta`\nor "gamma".\n\nUse `alpha` or `beta` for speed.\n\n- `alpha`\n- `gamma`\n';
    const sites = sitesIn('docs/kinds.md', text, kind);
    expect(sites.map((s) => [s.shape, s.lines, s.listed, s.doc])).toEqual([
      ['doc paragraph', [3, 4], 3, true],
      ['doc list', [8, 9], 2, true],
    ]);
  });

  it('sections headed by one member each (Markdown or reStructuredText) are one construct; a heading naming one member alone is not', () => {
    const md = '# Kinds\n\n## `alpha` options\n\ntext\n\n## `beta` options\n\ntext\n';
    expect(sitesIn('docs/kinds.md', md, kind).map((s) => [s.shape, s.lines, s.listed])).toEqual([['doc sections', [3, 7], 2]]);
    const rst = '``alpha``\n---------\n\ntext\n\n``gamma``\n---------\n';
    expect(sitesIn('docs/kinds.rst', rst, kind).map((s) => [s.shape, s.lines, s.listed])).toEqual([['doc sections', [1, 6], 2]]);
    expect(sitesIn('docs/one.md', '## `alpha`\n\ntext\n', kind)).toEqual([]);
  });

  it('Sphinx directives documenting one member each are a list, though they name the members bare', () => {
    const rst = '.. class:: Kind\n\n    The kinds.\n\n    .. attribute:: Alpha\n\n        The first.\n    .. attribute:: Beta\n\n        The second.\n\nAlpha and Beta in prose.\n';
    expect(sitesIn('docs/api.rst', rst, kind).map((s) => [s.shape, s.lines, s.listed, s.missing])).toEqual([['doc list', [5, 8], 2, ['Gamma']]]);
  });
});

const findSitesIn = (code: string) => sitesIn('x.ts', code, kind);

describe('enumeration pointers', () => {
  it('a file naming the members hundreds of times is one pointer with every line; a page lists 60 and says how many more', () => {
    const sites = Array.from({ length: 300 }, (_, i) => ({ file: 'big.ts', lines: [i * 3 + 1], endLine: i * 3 + 1, shape: 'use', listed: 1, members: 3, missing: [], hasDefault: false, mirror: null, risk: 'low' as const, code: 'x' }));
    const { pointers } = enumerationPointers({ set: kind, sites, filesRead: 1, ms: 0 }, []);
    expect(pointers.length).toBe(1);
    expect(pointers[0]?.also?.length).toBe(299);
    const onPage = trimAlso(pointers[0] as Pointer);
    expect(onPage.also?.length).toBe(60);
    expect(onPage.what).toMatch(/239 more lines in this file, listed in the full answer/);
  });

  it('declarations that each name one member: the pointer adds the end of the last one, where the new member\'s goes', () => {
    const code = ['interface AlphaAction {', '  type: Kind.Alpha;', '  payload: string;', '}', '', 'interface BetaAction {', '  type: Kind.Beta;', '  delay: number;', '}', '', 'export type Anything = unknown;', ''].join('\n');
    const { pointers } = enumerationPointers({ set: kind, sites: findSitesIn(code), filesRead: 1, ms: 0 }, []);
    expect(pointers).toHaveLength(1);
    expect(pointers[0]?.location).toBe('x.ts:2');
    expect(pointers[0]?.also).toEqual([7, 9]);
    expect(pointers[0]?.what).toMatch(/^2 maps naming one member of `Kind` each, in declarations of their own \(2 of 3 members\)/);
    expect(pointers[0]?.action).toBe('if the new member needs a declaration like these, add it after the last (line 9)');
    // Objects returned inside functions are no declarations of their own: their ends are not listed.
    const returned = ['function alpha() {', '  return {', '    type: Kind.Alpha,', '  };', '}', 'function beta() {', '  return {', '    type: Kind.Beta,', '  };', '}', ''].join('\n');
    const inFunctions = enumerationPointers({ set: kind, sites: findSitesIn(returned), filesRead: 1, ms: 0 }, []).pointers[0];
    expect(inFunctions?.also).toEqual([4, 8, 9]); // each object's own end, not a declaration's
    expect(inFunctions?.action).toBe('check whether the new member needs the same treatment');
    // The same member named twice is no series: nothing is added.
    const twice = code.replace('Kind.Beta', 'Kind.Alpha');
    const single = enumerationPointers({ set: kind, sites: findSitesIn(twice), filesRead: 1, ms: 0 }, []).pointers[0];
    expect(single?.also).toEqual([7]);
    expect(single?.action).toBe('check whether the new member needs the same treatment');
  });

  it('in a file of many mentions, the lines of the construct naming the most members come first, so a page keeps them', () => {
    const uses = Array.from({ length: 60 }, (_, i) => ({ file: 'app.ts', lines: [i * 10 + 1], endLine: i * 10 + 1, shape: 'comparison', listed: 1, members: 3, missing: [], hasDefault: false, mirror: null, risk: 'medium' as const, code: 'x' }));
    const chain = { file: 'app.ts', lines: [900, 902], endLine: 904, shape: 'if/elif chain', listed: 2, members: 3, missing: ['C'], hasDefault: true, mirror: null, risk: 'medium' as const, code: 'if' };
    // Twelve other files make the answer long enough that each file's sites fold into one pointer.
    const others = Array.from({ length: 12 }, (_, i) => ({ ...chain, file: `other${i}.ts` }));
    const { pointers } = enumerationPointers({ set: kind, sites: [...uses, chain, ...others], filesRead: 13, ms: 0 }, []);
    const app = pointers.find((p) => p.location.startsWith('app.ts:'));
    expect(app?.location).toBe('app.ts:900');
    expect(app?.what).toMatch(/61 places naming members .* the widest lists 2 of 3/);
    const onPage = trimAlso(app as Pointer);
    expect(onPage.also?.slice(0, 2)).toEqual([902, 904]);
    expect(onPage.also).toContain(1); // then the single mentions, in line order
  });

  it("a map whose head the checker named a few lines above its first entry is left to the verified pointer, with its entries and end", () => {
    const site = { file: 'restore.ts', lines: [204, 205, 206], endLine: 207, shape: 'map', listed: 3, members: 3, missing: [], hasDefault: false, mirror: 'name' as const, risk: 'high' as const, code: 'selection: true,', headLine: 200 };
    const verified: Pointer = { location: 'restore.ts:200', what: 'verified by typescript: TS2741', risk: 'high', relevance: 5, action: 'fix this error' };
    const near = enumerationPointers({ set: kind, sites: [site], filesRead: 1, ms: 0 }, [verified]);
    expect(near.pointers).toEqual([]);
    expect(near.verifiedAlso.get('restore.ts:200')).toEqual([204, 205, 206, 207]);
    // An error above the construct's head is another construct's: the map stays a site of its own.
    const far = enumerationPointers({ set: kind, sites: [site], filesRead: 1, ms: 0 }, [{ ...verified, location: 'restore.ts:199' }]);
    expect(far.pointers.map((p) => p.location)).toEqual(['restore.ts:204']);
  });

  it("a construct's head is the statement that opens it just above its first entry, not the function before it", () => {
    const map = 'x = 1;\n\nexport const Allowed: Record<\n  Kind,\n  boolean\n> = {\n  [Kind.Alpha]: true,\n  [Kind.Beta]: true,\n  [Kind.Gamma]: true,\n};\n';
    const [site] = findSitesIn(map);
    expect(site?.headLine).toBe(3);
    const chain = 'def check(k):\n    assert_never(k)\n\n\ndef is_a(k):\n    return k == Kind.Alpha or k == Kind.Beta or k == Kind.Gamma\n';
    expect(findSitesIn(chain)[0]?.headLine).toBe(6);
  });
});

describe('sibling copies of a data file', () => {
  const site = (file: string, missing: string[] = []) => ({ file, lines: [4], endLine: 7, shape: 'map', listed: 3 - missing.length, members: 3, missing, hasDefault: false, mirror: 'value' as const, risk: 'high' as const, code: '"draft": "Draft",' });
  it('locale tables of one folder listing the same members are one site, at the English one, naming the copies', () => {
    const folded = foldSiblingCopies([site('locales/de-DE.json'), site('locales/en.json'), site('locales/fr-FR.json'), site('src/labels.ts')]);
    expect(folded.map((s) => [s.file, s.copies ?? []])).toEqual([['src/labels.ts', []], ['locales/en.json', ['locales/de-DE.json', 'locales/fr-FR.json']]]);
  });
  it('a table that lists other members, or one in another folder, is not a copy', () => {
    const folded = foldSiblingCopies([site('locales/en.json'), site('locales/de.json', ['Published']), site('config/en.json')]);
    expect(folded.every((s) => !s.copies)).toBe(true);
    expect(folded).toHaveLength(3);
  });
});

describe('mentions that never make an enumeration', () => {
  it('import statements, one-line and multi-line, are dropped; a re-export list stays', () => {
    const code = "import { Alpha } from './alpha';\nimport type {\n  Beta,\n  Gamma,\n} from './b';\nfrom kinds import (\n    Alpha,\n)\nexport { Alpha, Beta, Gamma } from './all';\n";
    const lines = code.split('\n');
    const nodes: MemberSet = { ...kind, shape: 'union', members: ['Alpha', 'Beta', 'Gamma'].map((n) => ({ name: n, value: null, valueIsString: false, qualified: null })) };
    const kept = withoutNonEnumerating(lines, mentionMatcher(nodes).find(code));
    expect(kept.map((m) => m.line)).toEqual([9, 9, 9]);
    expect([...importLines(lines)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("the members' own declarations are not a list of them", () => {
    const code = 'export interface Alpha {\n  a: 1;\n}\nexport declare class Beta {}\ntype Gamma = { c: 3 };\nconst all = [Alpha, Beta, Gamma];\n';
    const nodes: MemberSet = { ...kind, shape: 'union', members: ['Alpha', 'Beta', 'Gamma'].map((n) => ({ name: n, value: null, valueIsString: false, qualified: null })) };
    const kept = withoutNonEnumerating(code.split('\n'), mentionMatcher(nodes).find(code));
    expect(kept.map((m) => m.line)).toEqual([6, 6, 6]);
  });
});

describe('the risk of an enumeration', () => {
  const base = { hasDefault: false, dispatch: false, prose: false };
  it('every member and no default is high; a default or a missing member is medium', () => {
    expect(enumerationRisk({ ...base, listed: 3, members: 3 })).toBe('high');
    expect(enumerationRisk({ ...base, listed: 3, members: 3, hasDefault: true })).toBe('medium');
    expect(enumerationRisk({ ...base, listed: 2, members: 3 })).toBe('medium');
  });
  it('example or demo code listing every member is medium: it shows the members, nothing requires it to show all', () => {
    expect(enumerationRisk({ ...base, listed: 3, members: 3, illustrative: true })).toBe('medium');
    const code = 'const labels = {\n  [Kind.Alpha]: "a",\n  [Kind.Beta]: "b",\n  [Kind.Gamma]: "c",\n};\n';
    expect(sitesIn('src/labels.ts', code, kind).map((s) => s.risk)).toEqual(['high']);
    for (const file of ['examples/labels.ts', 'packages/app/demos/labels.ts', 'docs/snippets/labels.ts', 'demo/labels.ts']) {
      expect(sitesIn(file, code, kind).map((s) => s.risk), file).toEqual(['medium']);
    }
    // A package named `example` (Java's `com/example/shop/`) is code like any other.
    expect(sitesIn('src/main/java/com/example/shop/Labels.ts', code, kind).map((s) => s.risk)).toEqual(['high']);
    const example = enumerationPointers({ set: kind, sites: sitesIn('examples/labels.ts', code, kind), filesRead: 1, ms: 0 }, []).pointers[0];
    expect(example?.action).toBe('example code showing every member: add the new one if it should show it too');
  });
  it('both members of a two-member type named together are high only where code branches on them or the construct names the type', () => {
    expect(enumerationRisk({ ...base, listed: 2, members: 2 })).toBe('medium');
    expect(enumerationRisk({ ...base, listed: 2, members: 2, dispatch: true })).toBe('high');
    expect(enumerationRisk({ ...base, listed: 2, members: 2, typed: true })).toBe('high');
  });
  it('a table that names every member row after row (a mode per opcode) holds values: medium; a map naming each about once is high', () => {
    expect(enumerationRisk({ ...base, listed: 6, members: 6, mentionLines: 83 })).toBe('medium');
    expect(enumerationRisk({ ...base, listed: 6, members: 6, mentionLines: 12 })).toBe('high');
  });
  it('the lua shape end to end: an opcode table of modes is a medium site, a switch over the modes stays high', () => {
    const modes: MemberSet = { ...kind, type: 'OpMode', members: ['iABC', 'iABx', 'iAsBx'].map((name) => ({ name, value: null, valueIsString: false, qualified: null })) };
    const rows = ['iABC', 'iABx', 'iAsBx', 'iABC', 'iABC', 'iABx', 'iABC', 'iAsBx', 'iABC', 'iABC', 'iABx', 'iABC'].map((m, i) => `  opmode(0, ${i % 2}, ${m}),`);
    const code = ['static const unsigned char opmodes[] = {', ...rows, '};', 'int f(enum OpMode m) {', '  switch (m) {', '    case iABC: return 1;', '    case iABx: return 2;', '    case iAsBx: return 3;', '  }', '}'].join('\n');
    const sites = blocksOf(code.split('\n'), mentionMatcher(modes).find(code)).map((b) => enumerationRisk({ listed: b.members.size, members: 3, hasDefault: b.hasDefault, dispatch: b.shape === 'switch/match arms', prose: b.prose, mentionLines: b.lines.length }));
    expect(sites).toEqual(['medium', 'high']);
  });
});
