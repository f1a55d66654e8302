/**
 * The Python checker of the verify step, on its own: real pyright over a fixture repository (no language
 * server, no index). An Enum matched with `case _: assert_never`, an Enum only compared with `==` (a
 * negative), Literal aliases in three spellings, a Literal-annotated attribute, refusals, the deadline, and
 * the user's tree left as it was (its hash).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckOutcome, type VariantCheck } from '../../../src/scout/verify/checker.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { PythonChecker } from '../../../src/scout/python/checker.js';
import { verifyAddVariant } from '../../../src/scout/verify/verify.js';
import type { ScoutLink } from '../../../src/scout/link.js';
import { analyzeQuery } from '../../../src/scout/query-analysis.js';
import { newDiagnostics } from '../../../src/scout/python/diagnostic-diff.js';
import { dependentsOf, filesThatMayBreak } from '../../../src/scout/python/import-graph.js';
import { listPythonFiles, Shadow } from '../../../src/scout/python/shadow.js';
import { enclosingPlace } from '../../../src/scout/python/enclosing-place.js';
import { scanPython } from '../../../src/scout/python/source-lines.js';
import { applyEdit, variantEditFor } from '../../../src/scout/python/variant-edit.js';
import { enumBaseKind } from '../../../src/scout/python/enum-base.js';
import { checked, fixtureForTests, lineOf as lineIn } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python');
const repo = fixtureForTests(FIXTURE, 'scout-verify-py-', { after: () => checker.dispose() });
const checker = new PythonChecker();

const lineOf = (file: string, needle: string): number => lineIn(repo.root, file, needle);

async function addVariant(name: string, file: string, needle: string, deadlineMs = 60_000): Promise<CheckOutcome> {
  return checker.addVariant({ root: repo.root, declaration: { name, file, line: lineOf(file, needle) }, deadline: performance.now() + deadlineMs });
}

const sites = (check: VariantCheck): string[] => check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.name ?? '-'}`);

describe('Python checker (pyright): add a variant', () => {
  it('IntEnum: assert_never in `case _:` fails, a match without `case _` is no longer exhaustive; the != comparison compiles', async () => {
    const check = checked(await addVariant('ExitCode', 'app/exit_code.py', 'class ExitCode'));
    expect(check.target).toMatchObject({ name: 'ExitCode', kind: 'enum (IntEnum)', file: 'app/exit_code.py', line: 5 });
    expect(check.edit).toBe('SCOUT_NEW = -987654321');
    expect(sites(check)).toEqual([
      `app/report.py:${lineOf('app/report.py', 'assert_never(code)')} reportArgumentType describe`,
      `app/report.py:${lineOf('app/report.py', 'def short')} reportReturnType short`,
      `app/report.py:${lineOf('app/report.py', 'def short') + 1} reportMatchNotExhaustive short`,
    ]);
    expect(check.errors[0]?.message).toMatch(/SCOUT_NEW/);
    expect(check.errors[0]?.place).toMatchObject({ kind: 'function', startLine: lineOf('app/report.py', 'def describe'), endLine: lineOf('app/report.py', 'assert_never(code)') });
    expect(check.checkedFiles).toBe(2); // exit_code.py and report.py: nothing else imports it
    expect(check.notes.join('\n')).toMatch(/reportMatchNotExhaustive/);
  });

  it("an Enum whose base is the project's own enum class in another module (`EntityType(StringEnum)`): checked, assert_never fails", async () => {
    const check = checked(await addVariant('EntityType', 'app/entity.py', 'class EntityType'));
    expect(check.target.kind).toBe('enum (Enum)');
    expect(check.edit).toBe("SCOUT_NEW = '__scout_new'");
    expect(sites(check)).toEqual([`app/entity.py:${lineOf('app/entity.py', 'assert_never(kind)')} reportArgumentType render`]);
  });

  it('an Enum only compared with ==, in code and in tests: no error (a negative)', async () => {
    const check = checked(await addVariant('Outcome', 'app/outcome.py', 'class Outcome'));
    expect(check.target.kind).toBe('enum (Enum)');
    expect(check.edit).toBe("SCOUT_NEW = '__scout_new'");
    expect(check.errors).toEqual([]);
    expect(check.checkedFiles).toBe(2);
  });

  it('Literal alias `Mode = Literal[...]`: indexing a TypedDict with it breaks; a dict[Mode, str] with every key does not', async () => {
    const check = checked(await addVariant('Mode', 'app/modes.py', 'Mode = Literal'));
    expect(check.target).toMatchObject({ kind: 'Literal alias', line: lineOf('app/modes.py', 'Mode = Literal') });
    expect(check.edit).toBe("'__scout_new'");
    expect(sites(check)).toEqual([`app/use_modes.py:${lineOf('app/use_modes.py', 'return costs[mode]')} reportGeneralTypeIssues cost`]);
    expect(check.errors[0]?.message).toMatch(/"__scout_new" is not a defined key in "Costs"/);
  });

  it('`Level: TypeAlias = Literal[...]`: the if/elif chain no longer returns on every path', async () => {
    const check = checked(await addVariant('Level', 'app/modes.py', 'Level: TypeAlias'));
    expect(check.target.kind).toBe('Literal alias');
    expect(sites(check)).toEqual([`app/use_modes.py:${lineOf('app/use_modes.py', 'def label')} reportReturnType label`]);
  });

  it('PEP 695 `type Shape = Literal[...] | Literal[...]`: a union of Literals, checked (nothing breaks: the chain ends with a return)', async () => {
    const check = checked(await addVariant('Shape', 'app/modes.py', 'type Shape'));
    expect(check.target.kind).toBe('union of Literals');
    expect(check.errors).toEqual([]);
  });

  it('attribute `Job.priority: Literal[...]`: the match over it is no longer exhaustive', async () => {
    const check = checked(await addVariant('Job.priority', 'app/job.py', 'priority: Literal'));
    expect(check.target).toMatchObject({ name: 'Job.priority', kind: 'attribute annotated with a Literal' });
    expect(sites(check)).toEqual([
      `app/job.py:${lineOf('app/job.py', 'def weight')} reportReturnType weight`,
      `app/job.py:${lineOf('app/job.py', 'match job.priority')} reportMatchNotExhaustive weight`,
    ]);
  });

  it('refusals say why: a function, a class that is not an Enum, an alias that is not a Literal', async () => {
    const fn = await addVariant('default_code', 'app/exit_code.py', 'def default_code');
    expect(fn).toEqual({ status: 'refused', reason: expect.stringMatching(/^`default_code` is a function, not a type with variants/) });
    const cls = await addVariant('Job', 'app/job.py', 'class Job');
    expect(cls).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Job` is a class, not an Enum/) });
    const alias = await addVariant('Name', 'app/modes.py', 'Name = str');
    expect(alias).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Name` is `str`, not a Literal alias/) });
    const attr = await addVariant('Job.name', 'app/job.py', 'name: str');
    expect(attr).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Job.name` is annotated `str`, not with a Literal/) });
  });

  it('a deadline that passes while pyright runs kills it and throws CheckTimeout', async () => {
    const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'scout-py-tmp-'));
    const fresh = new PythonChecker({ tmpDir });
    const started = performance.now();
    await expect(fresh.addVariant({ root: repo.root, declaration: { name: 'Mode', file: 'app/modes.py', line: lineOf('app/modes.py', 'Mode = Literal') }, deadline: performance.now() + 150 })).rejects.toBeInstanceOf(CheckTimeout);
    expect(performance.now() - started).toBeLessThan(2000);
    // No shadow copy is left behind.
    await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(tmpDir)).toEqual([]);
    rmSync(tmpDir, { recursive: true, force: true });
  });

  it('a checker that fails (here: no place for its shadow copy) degrades the verify step to the exploration with a note', async () => {
    const broken = new PythonChecker({ tmpDir: path.join(os.tmpdir(), 'scout-no-such-dir', 'x') });
    const seed = { id: 's', relation: 'seed', location: { file: 'app/exit_code.py', line: lineOf('app/exit_code.py', 'class ExitCode'), column: 6 }, symbol: 'ExitCode', kind: 'class' } as unknown as ScoutLink;
    const v = await verifyAddVariant({ query: analyzeQuery('what breaks if I add a variant to `ExitCode`?'), seeds: [seed] }, { root: repo.root, checkers: new Checkers([broken]), timeoutMs: 30_000 });
    expect(v).toMatchObject({ status: 'failed', checker: { name: 'pyright', version: expect.any(String) }, check: null });
    expect(v.note).toMatch(/^not verified: the pyright checker failed \(ENOENT.*\); pointers come from the exploration alone$/);
  });

  it('leaves the user\'s tree byte-for-byte as it was', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
  });
});

describe('Python checker: pieces', () => {
  it('the edit adds no line and lands after the last member, before its comment', () => {
    const text = readFileSync(path.join(FIXTURE, 'app/exit_code.py'), 'utf8');
    const src = scanPython(text);
    const r = variantEditFor(src, 'ExitCode', 5);
    if (!r.ok) throw new Error(r.reason);
    const edited = applyEdit(text, src, r.edit);
    expect(edited.split('\n').length).toBe(text.split('\n').length);
    expect(edited).toContain('INTERRUPTED = 2; SCOUT_NEW = -987654321  # the user pressed Ctrl-C');
  });

  it('multi-line members, auto(), a StrEnum and an enum base of the same file', () => {
    const text = ['from enum import Enum, StrEnum, auto', 'class Base(str, Enum):', '    pass', 'class Color(Base):', '    RED = (', '        "red"', '    )', '    BLUE = "blue"', '', '    def nice(self) -> str:', '        return "x"', 'class K(StrEnum):', '    A = auto()', ''].join('\n');
    const src = scanPython(text);
    const color = variantEditFor(src, 'Color', 4);
    expect(color.ok && applyEdit(text, src, color.edit).split('\n')[7]).toBe('    BLUE = "blue"; SCOUT_NEW = \'__scout_new\'');
    const k = variantEditFor(src, 'K', 12);
    expect(k.ok && applyEdit(text, src, k.edit).split('\n')[12]).toBe('    A = auto(); SCOUT_NEW = auto()');
    const base = variantEditFor(src, 'Base', 2);
    expect(base).toMatchObject({ ok: false, reason: expect.stringMatching(/has no members/) });
  });

  it('enum bases through imports: relative and absolute, aliased, a module attribute, a src/ layout; never outside the root', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'scout-enum-base-'));
    try {
      const write = (file: string, text: string): void => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write('src/pkg/_utils/enum.py', 'import enum as _enum\nclass StringEnum(str, _enum.Enum):\n    pass\nclass IntBase(_enum.IntEnum):\n    pass\n');
      write('src/pkg/middle.py', 'from pkg._utils.enum import IntBase as Base\nclass Middle(Base):\n    pass\n');
      write('src/pkg/plain.py', 'class NotAnEnum:\n    pass\n');
      const kind = (file: string, text: string, bases: string): string | undefined => enumBaseKind(root, file, text, bases);
      expect(kind('src/pkg/a.py', 'from ._utils.enum import StringEnum\n', 'StringEnum')).toBe('Enum');
      expect(kind('src/pkg/a.py', 'from pkg._utils.enum import (\n    IntBase,\n)\n', 'IntBase')).toBe('IntEnum');
      expect(kind('src/pkg/a.py', 'from pkg._utils import enum as e\n', 'e.StringEnum')).toBe('Enum');
      expect(kind('src/pkg/a.py', 'from .middle import Middle\n', 'Middle')).toBe('IntEnum'); // two modules deep
      expect(kind('src/pkg/a.py', 'from .plain import NotAnEnum\n', 'NotAnEnum')).toBeUndefined();
      expect(kind('src/pkg/a.py', 'from .missing import Gone\n', 'Gone')).toBeUndefined();
      expect(kind('src/pkg/a.py', 'from enum import IntFlag as _Flags\n', '_Flags')).toBe('IntFlag'); // the standard class renamed
      // A relative import that climbs above the root is not followed (the file it names exists outside).
      write('../outside_enum_base.py', 'import enum\nclass Outside(enum.Enum):\n    pass\n');
      expect(kind('a.py', 'from ..outside_enum_base import Outside\n', 'Outside')).toBeUndefined();
    } finally {
      rmSync(path.join(root, '..', 'outside_enum_base.py'), { force: true });
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('places: a method by its class, a class-level field, a module statement', () => {
    const text = ['class A:', '    X: dict[str, int] = {', '        "a": 1,', '    }', '    @property', '    def p(self) -> int:', '        return 1', '', 'Y = [', '  1,', ']', ''].join('\n');
    const src = scanPython(text);
    expect(enclosingPlace(src, 2)).toEqual({ name: 'A.X', kind: 'field', startLine: 2, endLine: 4 });
    expect(enclosingPlace(src, 6)).toEqual({ name: 'A.p', kind: 'accessor', startLine: 5, endLine: 7 });
    expect(enclosingPlace(src, 9)).toEqual({ name: 'Y', kind: 'statement', startLine: 9, endLine: 11 });
  });

  it('import graph: relative, absolute, package re-exports, transitive', () => {
    const files = new Map([
      ['pkg/__init__.py', 'from .kinds import Kind\n'],
      ['pkg/kinds.py', 'class Kind: ...\n'],
      ['pkg/a.py', 'from . import kinds\n'],
      ['b.py', 'from pkg import Kind\n'],
      ['c.py', 'import b\n'],
      ['d.py', 'import os\n'],
      ['src/e.py', 'from pkg.kinds import (\n    Kind,\n)\n'],
    ]);
    expect(dependentsOf(files, 'pkg/kinds.py')).toEqual(['pkg/kinds.py', 'b.py', 'c.py', 'pkg/__init__.py', 'pkg/a.py', 'src/e.py']);
  });

  it('diff: an error that was there and only prints the union differently is not new', () => {
    const at = { file: 'a.py', line: 4, character: 10, rule: 'reportMatchNotExhaustive' };
    const before = [{ ...at, message: 'Cases within match statement do not exhaustively handle all values\n  Unhandled type: "Literal[E.MAX]"' }];
    const after = [{ ...at, message: 'Cases within match statement do not exhaustively handle all values\n  Unhandled type: "Literal[E.MAX, E.SCOUT_NEW]"' }];
    expect(newDiagnostics(after, before)).toEqual([]);
    expect(newDiagnostics([...after, { ...at, line: 9, message: after[0]?.message ?? '' }], before).map((d) => d.line)).toEqual([9]);
    // An error that was there already gains one explanation line per union member: the new variant adds a line, not an error.
    const was = { file: 'f.py', line: 1107, character: 11, rule: 'reportReturnType', message: 'Type "str" is not assignable to return type "ScopeName"\n  "str" is not assignable to type "Literal[\'session\']"' };
    const now = { ...was, message: `${was.message}\n  "str" is not assignable to type "Literal['__scout_new']"` };
    expect(newDiagnostics([now], [was])).toEqual([]);
    // The same error reported twice after the edit and once before (pyright's order over circular imports) is not new.
    const join = { file: 'types.py', line: 804, character: 28, rule: 'reportArgumentType', message: 'Argument of type "Generator[str | Unknown | None, None, None]" cannot be assigned to parameter "iterable"' };
    expect(newDiagnostics([join, { ...join, message: join.message.replace('str | Unknown', 'Unknown | str') }], [join])).toEqual([]);
  });

  it('shadow: hard links to the user\'s files, the edited file a new one, the configuration kept with reportMatchNotExhaustive on', () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'scout-shadow-repo-'));
    try {
      mkdirSync(path.join(repo, 'pkg'));
      writeFileSync(path.join(repo, 'pkg', 'a.py'), 'A = 1\n');
      writeFileSync(path.join(repo, 'pkg', 'b.py'), 'B = 2\n');
      mkdirSync(path.join(repo, '.venv'));
      writeFileSync(path.join(repo, '.venv', 'pyvenv.cfg'), 'home = /usr\n');
      writeFileSync(path.join(repo, '.venv', 'c.py'), '');
      writeFileSync(path.join(repo, 'pyproject.toml'), '[project]\nname = "x"\n\n[tool.pyright]\npythonVersion = "3.12"\nvenvPath = "."\n');
      const tree = listPythonFiles(repo);
      expect(tree.files).toEqual(['pkg/a.py', 'pkg/b.py']);
      const before = treeHash(repo);
      const shadow = new Shadow(repo, tree.files);
      expect(statSync(shadow.abs('pkg/b.py')).ino).toBe(statSync(path.join(repo, 'pkg', 'b.py')).ino);
      shadow.replace('pkg/a.py', 'A = 1; X = 2\n');
      expect(readFileSync(path.join(repo, 'pkg', 'a.py'), 'utf8')).toBe('A = 1\n');
      const toml = readFileSync(shadow.abs('pyproject.toml'), 'utf8');
      expect(toml).toMatch(/\[tool\.pyright\]\nreportMatchNotExhaustive = "error"\npythonVersion = "3.12"\nvenvPath = "\/.+"/);
      shadow.dispose();
      expect(treeHash(repo)).toBe(before);
      writeFileSync(path.join(repo, 'pyrightconfig.json'), '{\n  // comment\n  "strict": ["pkg"],\n  "venvPath": ".",\n}\n');
      const json = new Shadow(repo, tree.files);
      expect(JSON.parse(readFileSync(json.abs('pyrightconfig.json'), 'utf8'))).toEqual({ strict: ['pkg'], venvPath: repo, reportMatchNotExhaustive: 'error' });
      json.dispose();
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('files that may break: those naming the type, or holding a match / assert_never (the target always); a Literal value alone is a string comparison', () => {
    const texts = new Map([
      ['modes.py', 'Mode = Literal["fast", "slow"]\n'],
      ['a.py', 'from modes import Mode\n'],
      ['b.py', 'if m == "fast":\n    pass\n'],
      ['c.py', 'def f(x):\n    match x:\n        case 1: pass\n'],
      ['d.py', 'import modes\nprint(modes)\n'],
      ['e.py', 'x = "faster"\n'],
    ]);
    const src = scanPython(texts.get('modes.py') ?? '');
    const edit = variantEditFor(src, 'Mode', 1);
    if (!edit.ok) throw new Error(edit.reason);
    expect(edit.edit.mentions).toEqual(['Mode']);
    expect(filesThatMayBreak(texts, [...texts.keys()], edit.edit.mentions)).toEqual(['modes.py', 'a.py', 'c.py']);
  });

  it('files that may break over an attribute: where it is read or passed, not where the word is prose', () => {
    const texts = new Map([
      ['info.py', 'class Info:\n    when: Literal["setup", "call"]\n'],
      ['reads.py', 'def f(i):\n    return i.when\n'],
      ['passes.py', 'Info(when="call")\n'],
      ['prose.py', '# run this when the session starts\nx = 1\n'],
      ['owner.py', 'from info import Info\n'],
    ]);
    const src = scanPython(texts.get('info.py') ?? '');
    const edit = variantEditFor(src, 'Info.when', 2);
    if (!edit.ok) throw new Error(edit.reason);
    expect(edit.edit.mentions).toEqual(['Info', '.when', 'when=']);
    expect(filesThatMayBreak(texts, [...texts.keys()], edit.edit.mentions)).toEqual(['info.py', 'reads.py', 'passes.py', 'owner.py']);
  });
});
