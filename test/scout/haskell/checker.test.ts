/**
 * The Haskell checker of the verify step, on its own: real GHC over the fixture project (no language server,
 * no index). Equations over a sum type in another module, a `case` in an instance method and a `\case` are
 * new warnings with their places; a wildcard alternative and `==`/`show` are not; a type only compared is a
 * negative; a record type gains a constructor (its record updates may now fail); warnings the project had
 * already are not reported; refusals say why; modules importing packages GHC does not have are left out;
 * the deadline; and the user's tree is left as it was. GHC must be installed: without it these tests fail
 * (CI installs it), they do not skip.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckOutcome } from '../../../src/scout/verify/checker.js';
import { HaskellChecker } from '../../../src/scout/haskell/checker.js';
import { constructorEdit } from '../../../src/scout/haskell/constructor-edit.js';
import { compiledFiles, missingImports, newHaskellErrors, parseGhcOutput } from '../../../src/scout/haskell/ghc-diagnostics.js';
import { fieldValues, findHsProject } from '../../../src/scout/haskell/project.js';
import { addVariantAt, checked, fixtureForTests, expectInsertions, lineOf, sites, statListing } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-haskell');
const repo = fixtureForTests(FIXTURE, 'scout-verify-hs-', { sub: 'repo', skip: /[\\/](dist-newstyle|\.scout)$/, after: () => checker?.dispose() });
let checker: HaskellChecker;

const addVariant = (name: string, file: string, needle: string, options: { dir?: string; deadlineMs?: number; with?: HaskellChecker } = {}): Promise<CheckOutcome> =>
  addVariantAt(options.with ?? checker, options.dir ?? repo.root, name, file, needle, options.deadlineMs);

let statsBefore: string;
beforeAll(() => {
  // Fails loudly without GHC: the Haskell checker is tested with the real one, never skipped.
  expect(execFileSync('ghc', ['--numeric-version'], { encoding: 'utf8' })).toMatch(/^\d+\.\d+/);
  checker = new HaskellChecker({ cacheDir: path.join(repo.tmp, 'cache') });
  statsBefore = statListing(repo.root);
});

describe('Haskell checker (ghc): the edit', () => {
  it('adds ` | ScoutNew__` after the last constructor, before deriving, without adding a line', async () => {
    const cases: [string, string][] = [
      ['data A = X | Y\n', 'data A = X | Y | ScoutNew__\n'],
      ['data A = X | Y deriving (Show, Eq)\n', 'data A = X | Y | ScoutNew__ deriving (Show, Eq)\n'],
      ['data A\n  = X\n  | Y Int -- the last\n  deriving Show\n', 'data A\n  = X\n  | Y Int | ScoutNew__ -- the last\n  deriving Show\n'],
      ['data A = A { f :: Int, g :: String }\n  deriving Show\n', 'data A = A { f :: Int, g :: String } | ScoutNew__\n  deriving Show\n'],
      ['data Void\n', 'data Void = ScoutNew__\n'],
      ['data P a = P a a deriving (Functor)\n', 'data P a = P a a | ScoutNew__ deriving (Functor)\n'],
    ];
    await expectInsertions(cases, /data (\w+)/, constructorEdit);
  });

  it('refuses what is not a data type declared with `=`, saying what it is', async () => {
    const text = 'newtype N = N Int\nclass C a where\n  m :: a -> Int\nf x = x\ntype S = Int\ndata G a where\n  G1 :: G Int\ndata E = A | B\n';
    expect(await constructorEdit(text, 'N', 1)).toEqual({ ok: false, reason: expect.stringMatching(/^`N` is a newtype, which has exactly one constructor/) });
    expect(await constructorEdit(text, 'C', 2)).toEqual({ ok: false, reason: expect.stringMatching(/^`C` is a type class, not a data type/) });
    expect(await constructorEdit(text, 'f', 4)).toEqual({ ok: false, reason: expect.stringMatching(/^`f` is a function, not a data type/) });
    expect(await constructorEdit(text, 'S', 5)).toEqual({ ok: false, reason: expect.stringMatching(/^`S` is a type synonym, not a data type/) });
    expect(await constructorEdit(text, 'G', 6)).toEqual({ ok: false, reason: expect.stringMatching(/^`G` is declared in GADT syntax/) });
    expect(await constructorEdit(text, 'A', 8)).toEqual({ ok: false, reason: expect.stringMatching(/^`A` at line 8 is a constructor, not a type: ask about its `data` type/) });
    expect(await constructorEdit(text, 'E', 8)).toMatchObject({ ok: true, edit: { name: 'E', insert: ' | ScoutNew__', declLine: 8 } });
    expect(await constructorEdit(text, 'X', 9)).toEqual({ ok: false, reason: expect.stringMatching(/^no declaration of `X` at line 9/) });
  });

  it('reads GHC 9.0 text diagnostics: flags, spans over lines, -Werror, multi-line messages, compiled modules, missing imports', () => {
    const stderr = [
      'src/A.hs:20:1: warning: [-Wincomplete-patterns]',
      '    Pattern match(es) are non-exhaustive',
      '    In an equation for ‘route’:',
      '        Patterns not matched:',
      '            (Data.Map.Internal.Bin _ _ _ _ _) ScoutNew__',
      '   |',
      '20 | route reg OpenAI = Route',
      '   | ^^^^^',
      '',
      'src/B.hs:(3,1)-(5,9): error: [-Wincomplete-patterns, -Werror=incomplete-patterns]',
      '    Pattern match(es) are non-exhaustive',
      '',
      'src/C.hs:2:1: error:',
      '    Could not load module ‘GHC’',
      '    It is a member of the hidden package ‘ghc-9.0.2’.',
      'src/C.hs:3:1: error:',
      '    Could not find module ‘Test.Hspec’',
      'src/D.hs:4:7-9: error: Variable not in scope: foo',
    ].join('\n');
    const diags = parseGhcOutput(stderr);
    expect(diags.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      'src/A.hs:20:1 warning -Wincomplete-patterns',
      'src/B.hs:3:1 error -Wincomplete-patterns',
      'src/C.hs:2:1 error error',
      'src/C.hs:3:1 error error',
      'src/D.hs:4:7 error error',
    ]);
    expect(diags[0]?.message).toBe('Pattern match(es) are non-exhaustive In an equation for ‘route’: Patterns not matched: (Data.Map.Internal.Bin _ _ _ _ _) ScoutNew__');
    expect(diags[4]?.message).toBe('Variable not in scope: foo');
    expect(missingImports(diags)).toEqual([
      { file: 'src/C.hs', module: 'GHC', hiddenPackage: 'ghc-9.0.2' },
      { file: 'src/C.hs', module: 'Test.Hspec', hiddenPackage: null },
    ]);
    expect(compiledFiles('[1 of 3] Compiling Llm.Kind         ( src/Llm/Kind.hs, nothing )\n[ 2 of 13] Compiling Llm.Route        ( src/Llm/Route.hs, nothing ) [Llm.Kind changed]\n')).toEqual(['src/Llm/Kind.hs', 'src/Llm/Route.hs']);
  });

  it('diffs as a multiset, without the list of patterns not matched', () => {
    const d = (line: number, message: string) => ({ file: 'src/A.hs', line, character: 0, code: '-Wincomplete-patterns', message });
    const was = d(3, 'Pattern match(es) are non-exhaustive In an equation for ‘f’: Patterns not matched: Local');
    const now = d(3, 'Pattern match(es) are non-exhaustive In an equation for ‘f’: Patterns not matched: Local ScoutNew__');
    const fresh = d(9, 'Pattern match(es) are non-exhaustive In an equation for ‘g’: Patterns not matched: ScoutNew__');
    expect(newHaskellErrors([now, fresh], [was])).toEqual([fresh]);
  });

  it('reads the project: the .cabal file\'s source directories and extensions, package.yaml lists', () => {
    expect(findHsProject(FIXTURE, 'src/Llm/Kind.hs', 'module Llm.Kind where\n')).toEqual({ dir: '', manifest: 'llm-router.cabal', sourceDirs: ['src'], languageFlags: ['-XHaskell2010', '-XLambdaCase'] });
    expect(fieldValues('library:\n  source-dirs: src\n  default-extensions:\n  - OverloadedStrings\n  - LambdaCase\nexecutables:\n  app:\n    source-dirs:\n      - app\n', ['source-dirs', 'default-extensions'])).toEqual(['src', 'OverloadedStrings', 'LambdaCase', 'app']);
    expect(fieldValues('library\n  hs-source-dirs: src,\n                  lib -- both\n  build-depends: base\n', ['hs-source-dirs'])).toEqual(['src', 'lib']);
  });
});

describe('Haskell checker (ghc): add a constructor', () => {
  it('equations over LLMKind in another module and a case in an instance method; the wildcard case compiles', async () => {
    const check = checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind'));
    expect(check.target).toEqual({ name: 'LLMKind', kind: 'data', file: 'src/Llm/Kind.hs', line: lineOf(repo.root, 'src/Llm/Kind.hs', 'data LLMKind') });
    expect(check.edit).toBe('constructor ScoutNew__ added to data LLMKind');
    expect(sites(check)).toEqual([
      `src/Llm/Report.hs:${lineOf(repo.root, 'src/Llm/Report.hs', 'pretty k = case k of')} -Wincomplete-patterns method LLMKind.pretty`,
      `src/Llm/Route.hs:${lineOf(repo.root, 'src/Llm/Route.hs', 'route reg OpenAI')} -Wincomplete-patterns function route`,
    ]);
    const route = check.errors[1];
    expect(route?.message).toMatch(/^Pattern match\(es\) are non-exhaustive In an equation for ‘route’: Patterns not matched:.*ScoutNew__/);
    // The three equations are one place.
    expect(route?.place).toMatchObject({ startLine: lineOf(repo.root, 'src/Llm/Route.hs', 'route reg OpenAI'), endLine: lineOf(repo.root, 'src/Llm/Route.hs', 'route _ Local') });
    expect(check.checkedFiles).toBe(3);
    expect(check.notes[0]).toMatch(/^ghc --make -fno-code .* on a shadow copy of the repository root \(llm-router.cabal; source directories src; GHC's bundled packages only\)/);
  });

  it('asked again (warm), the same answer: every edited run starts from the clean interfaces', async () => {
    const first = sites(checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind')));
    const fresh = new HaskellChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    expect(sites(checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { with: fresh })))).toEqual(first);
    fresh.dispose();
  });

  it('a `\\case` over a multi-line data type with deriving, enabled by the .cabal file\'s default-extensions', async () => {
    const check = checked(await addVariant('Tier', 'src/Llm/Kind.hs', 'data Tier'));
    expect(sites(check)).toEqual([`src/Llm/Route.hs:${lineOf(repo.root, 'src/Llm/Route.hs', 'tierLimit = \\case')} -Wincomplete-patterns function tierLimit`]);
  });

  it('a type only compared with == and shown: nothing breaks (a negative)', async () => {
    const check = checked(await addVariant('Verdict', 'src/Llm/Kind.hs', 'data Verdict'));
    expect(check.errors).toEqual([]);
  });

  it('a record type: the constructor is added after its fields; the record update may now fail, construction compiles', async () => {
    const check = checked(await addVariant('ModelConfig', 'src/Llm/Kind.hs', 'data ModelConfig'));
    expect(sites(check)).toEqual([`src/Llm/Kind.hs:${lineOf(repo.root, 'src/Llm/Kind.hs', 'rename name cfg')} -Wincomplete-record-updates function rename`]);
    expect(check.errors[0]?.message).toBe('Pattern match(es) are non-exhaustive In a record-update construct: Patterns not matched: ScoutNew__');
  });

  it('refuses a type class and a function with the reason', async () => {
    expect(await addVariant('Pretty', 'src/Llm/Kind.hs', 'class Pretty')).toEqual({ status: 'refused', reason: expect.stringMatching(/^`Pretty` is a type class, not a data type/) });
    expect(await addVariant('makeConfig', 'src/Llm/Kind.hs', 'makeConfig kind name')).toEqual({ status: 'refused', reason: expect.stringMatching(/^`makeConfig` is a function, not a data type/) });
  });

  it('warnings the project had before the edit are not reported; the user\'s later change is checked', async () => {
    const dir = path.join(repo.tmp, 'incomplete');
    cpSync(repo.root, dir, { recursive: true });
    // Already incomplete before the edit (misses Local): still incomplete after, not new.
    appendFileSync(path.join(dir, 'src/Llm/Route.hs'), '\nlabel :: LLMKind -> String\nlabel OpenAI = "o"\nlabel Anthropic = "a"\n');
    // A module with a type error, compiled first: the others are still checked (-fkeep-going), its error is not new.
    writeFileSync(path.join(dir, 'src/Llm/Broken.hs'), 'module Llm.Broken where\nimport Llm.Kind\n\nbroken :: LLMKind -> Int\nbroken _ = "not a number"\n');
    const own = new HaskellChecker({ cacheDir: path.join(repo.tmp, 'cache') });
    const check = checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { dir, with: own }));
    expect(sites(check).map((s) => s.split(' ').pop())).toEqual(['LLMKind.pretty', 'route']);
    // The user completes it: now the new constructor breaks it.
    appendFileSync(path.join(dir, 'src/Llm/Route.hs'), 'label Local = "l"\n');
    const again = checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { dir, with: own }));
    expect(sites(again).map((s) => s.split(' ').pop())).toEqual(['LLMKind.pretty', 'route', 'label']);
    own.dispose();
  });

  it('modules importing packages GHC does not have are left out with a note; a target inside one is refused', async () => {
    const dir = path.join(repo.tmp, 'packages');
    cpSync(repo.root, dir, { recursive: true });
    mkdirSync(path.join(dir, 'src/Llm/Json'), { recursive: true });
    writeFileSync(path.join(dir, 'src/Llm/Json.hs'), 'module Llm.Json where\nimport Data.Aeson\nimport Llm.Kind\n\ndata Wire = Wire\n');
    writeFileSync(path.join(dir, 'src/Llm/Uses.hs'), 'module Llm.Uses where\nimport Llm.Json\n\nw :: Wire\nw = Wire\n');
    const check = checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { dir }));
    expect(sites(check).map((s) => s.split(' ').pop())).toEqual(['LLMKind.pretty', 'route']);
    expect(check.notes.join('\n')).toMatch(/left out of the check: 2 module\(s\) importing what GHC's bundled packages do not provide \(Data.Aeson, Llm.Json; src\/Llm\/Json.hs, src\/Llm\/Uses.hs\)/);
    expect(await addVariant('Wire', 'src/Llm/Json.hs', 'data Wire', { dir })).toEqual({ status: 'refused', reason: expect.stringMatching(/^not checked: src\/Llm\/Json.hs imports Data.Aeson, which no package GHC has provides \(only the packages bundled with GHC/) });
  });

  it('a lone file without a .cabal file: its directory is the project', async () => {
    const dir = path.join(repo.tmp, 'lone');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'Main.hs'), 'data Color = Red | Green\n\nname :: Color -> String\nname Red = "red"\nname Green = "green"\n\nmain :: IO ()\nmain = putStrLn (name Red)\n');
    const check = checked(await addVariant('Color', 'Main.hs', 'data Color', { dir }));
    expect(sites(check)).toEqual(['Main.hs:4 -Wincomplete-patterns function name']);
  });

  it('gives up at the deadline (CheckTimeout) and checks again afterwards', async () => {
    const cold = new HaskellChecker({ cacheDir: path.join(repo.tmp, 'cold-cache') });
    await expect(addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { deadlineMs: 30, with: cold })).rejects.toBeInstanceOf(CheckTimeout);
    const again = checked(await addVariant('LLMKind', 'src/Llm/Kind.hs', 'data LLMKind', { with: cold }));
    expect(again.errors).toHaveLength(2);
    cold.dispose();
  });

  it('leaves the user\'s tree as it was: no file written, touched or added', () => {
    expect(treeHash(repo.root)).toBe(repo.hash);
    expect(statListing(repo.root)).toBe(statsBefore);
  });
});
