/** Pure parts of the LSP layer: conversions, paths, source text, the server registry. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, symbolKindName, toSites } from '../../src/lsp/convert.js';
import { PathMapper, toLspPosition } from '../../src/lsp/paths.js';
import { findProbeFile } from '../../src/lsp/readiness.js';
import { defaultServer, findExecutable, isAvailable, languageIdOf, resolveServer, serverLanguageOf, typescriptLibDir } from '../../src/lsp/servers.js';
import { SourceText } from '../../src/lsp/source-text.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;

beforeAll(() => {
  repo = tempRepo();
  repo.write('src/a.ts', "export const naïve = 1;\nconst s = '𝒳'; const kind = LLMKind.OpenAI;\n");
  repo.write('lib/Mod.hs', "go' x = x\n");
  repo.write('node_modules/dep/index.ts', 'x\n');
});

afterAll(() => repo.cleanup());

describe('positions and paths', () => {
  it('converts our 1-based lines to LSP 0-based and back; columns pass through', () => {
    const paths = new PathMapper(repo.root);
    expect(toLspPosition({ file: 'src/a.ts', line: 2, column: 5 })).toEqual({ line: 1, character: 5 });
    const uri = paths.uri('src/a.ts');
    expect(uri).toBe(pathToFileURL(path.join(repo.root, 'src/a.ts')).href);
    expect(paths.location(uri, { start: { line: 0, character: 13 }, end: { line: 0, character: 18 } })).toEqual({ file: 'src/a.ts', line: 1, column: 13, endLine: 1, endColumn: 18 });
  });

  it('drops and counts locations outside the root', () => {
    const paths = new PathMapper(repo.root);
    const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } };
    const converted = toSites(
      [
        { uri: paths.uri('src/a.ts'), range },
        { uri: pathToFileURL('/usr/lib/node_modules/typescript/lib/lib.d.ts').href, range },
        { uri: 'untitled:1', range },
        { uri: paths.uri('src/a.ts'), range },
      ],
      paths,
    );
    expect(converted.dropped).toBe(2);
    expect(converted.value).toEqual([{ file: 'src/a.ts', line: 4, column: 0, endLine: 4, endColumn: 4, source: 'lsp' }]);
    expect(() => paths.absolute('../x.ts')).toThrow(/outside the repository root/);
  });

  it('location links use the target selection', () => {
    const paths = new PathMapper(repo.root);
    const selection = { start: { line: 1, character: 2 }, end: { line: 1, character: 6 } };
    const whole = { start: { line: 0, character: 0 }, end: { line: 5, character: 1 } };
    const converted = toSites([{ targetUri: paths.uri('src/a.ts'), targetRange: whole, targetSelectionRange: selection }], paths);
    expect(converted.value[0]).toMatchObject({ line: 2, column: 2, endColumn: 6 });
  });
});

describe('source text', () => {
  it('finds the identifier at a UTF-16 column, and names within a range', () => {
    const text = new SourceText(repo.root);
    expect(text.identifierAt({ file: 'src/a.ts', line: 1, column: 15 })).toBe('naïve');
    // '𝒳' is two UTF-16 code units: columns after it are shifted by 2, as in LSP.
    const line2 = "const s = '𝒳'; const kind = LLMKind.OpenAI;";
    expect(text.identifierAt({ file: 'src/a.ts', line: 2, column: line2.indexOf('OpenAI') + 2 })).toBe('OpenAI');
    expect(text.identifierAt({ file: 'src/a.ts', line: 2, column: line2.indexOf('kind') + 4 })).toBe('kind');
    expect(text.identifierAt({ file: 'src/a.ts', line: 2, column: 9 })).toBeNull();
    expect(text.identifierAt({ file: 'lib/Mod.hs', line: 1, column: 1 })).toBe("go'");
    expect(text.namePosition({ file: 'src/a.ts', line: 1, column: 0, endLine: 2, endColumn: 0 }, 'naïve')).toEqual({ file: 'src/a.ts', line: 1, column: 13 });
    expect(text.namePosition({ file: 'src/a.ts', line: 2, column: 0, endLine: 2, endColumn: 40 }, 'LLMKind').column).toBe(line2.indexOf('LLMKind'));
  });
});

describe('hover text', () => {
  it('removes fences and rules, keeps the text, caps the length', () => {
    expect(hoverText({ kind: 'markdown', value: '```typescript\nenum LLMKind\n```\n---\nThe providers we know.\n\n\n\nMore.' })).toBe('enum LLMKind\nThe providers we know.\n\nMore.');
    expect(hoverText([{ language: 'python', value: 'def f() -> int' }, 'doc'])).toBe('def f() -> int\n\ndoc');
    expect(hoverText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(hoverText(null)).toBe('');
    expect(symbolKindName(10)).toBe('enum');
    expect(symbolKindName(22)).toBe('enum_member');
    expect(symbolKindName(99)).toBe('unknown');
  });
});

describe('server registry', () => {
  it('runs the npm-shipped servers from this package with the current node, tsserver pinned to our typescript', () => {
    const ts = defaultServer('tsx')!;
    expect(ts.id).toBe('typescript');
    expect(ts.command).toBe(process.execPath);
    expect(ts.args[0]).toMatch(/node_modules[\\/]typescript-language-server[\\/]lib[\\/]cli\.mjs$/);
    expect(ts.args.slice(1)).toEqual(['--stdio']);
    const lib = typescriptLibDir()!;
    expect(existsSync(path.join(lib, 'tsserver.js'))).toBe(true);
    expect(ts.initializationOptions).toMatchObject({ tsserver: { path: lib } });
    expect(defaultServer('python')!.args[0]).toMatch(/pyright[\\/]langserver\.index\.js$/);
    expect(isAvailable('typescript')).toBe(true);
    expect(isAvailable('python')).toBe(true);
    expect(defaultServer('haskell')).toMatchObject({ command: 'haskell-language-server-wrapper', args: ['--lsp'] });
    expect(defaultServer('go')?.command).toBe('gopls');
    expect(defaultServer('cpp')?.command).toBe('clangd');
    expect(defaultServer('rust')?.command).toBe('rust-analyzer');
    expect(defaultServer('java')).toBeNull();
  });

  it('overrides replace the command per language and keep the language defaults', () => {
    const spec = resolveServer('typescript', { typescript: { command: '/nowhere/tsls', args: ['--stdio'] } })!;
    expect(spec).toMatchObject({ command: '/nowhere/tsls', args: ['--stdio'], overridden: true, readiness: 'open-and-probe' });
    expect(isAvailable('typescript', { typescript: { command: '/nowhere/tsls' } })).toBe(false);
    expect(isAvailable('javascript', { typescript: { command: '/nowhere/tsls' } })).toBe(true);
    expect(findExecutable('node')).not.toBeNull();
    expect(findExecutable('definitely-not-a-command-xyz')).toBeNull();
  });

  it('languages and language ids by file name', () => {
    expect(serverLanguageOf('a/b.cpp')).toBe('cpp');
    expect(serverLanguageOf('a/b.c')).toBe('c');
    expect(serverLanguageOf('a/b.h')).toBe('cpp'); // a header may be either: read as C++ (workspace/language.ts)
    expect(languageIdOf('a/b.c')).toBe('c');
    expect(serverLanguageOf('a/b.py')).toBe('python');
    expect(serverLanguageOf('README')).toBeNull();
    expect(languageIdOf('x.tsx')).toBe('typescriptreact');
    expect(languageIdOf('x.jsx')).toBe('javascriptreact');
    expect(languageIdOf('x.ts')).toBe('typescript');
  });

  it('finds a probe file outside node_modules', () => {
    expect(findProbeFile(repo.root, ['.ts'])).toBe(path.join(repo.root, 'src', 'a.ts'));
    expect(findProbeFile(repo.root, ['.go'])).toBeNull();
  });
});
