/**
 * The LSP layer against a real clangd on the C fixture (a header's prototypes used by two .c files) and
 * the C++ fixture, with no compile database in the tree: Scout writes one in its own folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clangdSetup } from '../../src/lsp/clangd-project.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { tempRepo } from '../helpers/temp-repo.js';
import { descendants, indexedRepo, lineOf, positionOf, waitGone, type IndexedRepo } from './helpers.js';

let fixture: IndexedRepo;
let service: LspService;
let root: string;
const at = (file: string, needle: string, occurrence = 1, offset = 0) => positionOf(root, file, needle, { occurrence, offset });

beforeAll(async () => {
  fixture = await indexedRepo('c');
  root = fixture.repo.root;
  service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root) });
});

afterAll(async () => {
  const session = service.session('c');
  const pids = session ? [...session.pids, ...session.pids.flatMap(descendants)] : [];
  await service.shutdown();
  fixture.close();
  expect(pids.length).toBeGreaterThan(0);
  expect(await waitGone(pids)).toEqual([]);
});

describe('clangd on a C tree', () => {
  it('waits for the background index: workspace symbol finds a function of a .c file', async () => {
    const result = await service.workspaceSymbol('color_rgb', { languages: ['c', 'cpp'] });
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    expect(result.value.some((s) => s.name === 'color_rgb' && s.location.file === 'src/colors.c')).toBe(true);
    expect(service.session('c')?.loaded).toBe(true);
    expect(service.session('cpp')).toBe(service.session('c')); // one clangd for both languages
  });

  it('references of a function declared in a header reach both .c files that call it', async () => {
    const result = await service.references(at('include/colors.h', 'color_name', 1));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const sites = result.value.map((s) => `${s.file}:${s.line}`).sort();
    expect(sites).toEqual([`src/main.c:${lineOf(root, 'src/main.c', 'puts(color_name(color))')}`, `src/render.c:${lineOf(root, 'src/render.c', 'color_name(color)')}`]);
    // With the declarations: the prototype and the definition too.
    const all = await service.references(at('include/colors.h', 'color_name', 1), { includeDeclaration: true });
    expect(all.value.map((s) => `${s.file}:${s.line}`)).toEqual(
      expect.arrayContaining([`include/colors.h:${lineOf(root, 'include/colors.h', 'color_name')}`, `src/colors.c:${lineOf(root, 'src/colors.c', 'const char *color_name')}`]),
    );
    expect(result.value.find((s) => s.file === 'src/main.c')?.role).toBe('call');
  });

  it('definition of the function from a caller leads to its definition or its prototype', async () => {
    const result = await service.definition(at('src/main.c', 'color_name'));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const found = result.value.map((s) => `${s.file}:${s.line}`);
    expect(found.some((f) => f === `src/colors.c:${lineOf(root, 'src/colors.c', 'const char *color_name')}` || f === `include/colors.h:${lineOf(root, 'include/colors.h', 'const char *color_name')}`)).toBe(true);
  });

  it("references of an enumerator: the switch's case and a comparison, with roles", async () => {
    const result = await service.references(at('include/colors.h', 'RED,'));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const role = (file: string, needle: string) => result.value.find((s) => s.file === file && s.line === lineOf(root, file, needle))?.role;
    expect(role('src/colors.c', 'case RED:')).toBe('case_pattern');
    // clangd 14 does not report the enumerator as an array designator (`[RED] = …`); the index's facts do
    // (test/parse/c.test.ts), and the enumeration sites read the text (test/scout/clang).
    expect(role('src/main.c', 'color == RED')).toBe('comparison');
  });

  it('incoming calls of the function come from both .c files', async () => {
    const prepared = await service.prepareCallHierarchy(at('src/colors.c', 'color_name', 1));
    expect(prepared.status).toBe('ok');
    const incoming = await service.incomingCalls(prepared.value[0]!);
    expect(incoming.status).toBe('ok');
    expect(incoming.source).toBe('lsp');
    expect(incoming.value.map((e) => e.item.name).sort()).toEqual(['draw_pixel', 'main']);
  });

  it('writes nothing into the tree: the compile database and the background index live in .scout/', () => {
    expect(existsSync(path.join(root, 'compile_commands.json'))).toBe(false);
    expect(existsSync(path.join(root, '.cache'))).toBe(false);
    const database = JSON.parse(readFileSync(path.join(root, '.scout', 'clangd', 'compile_commands.json'), 'utf8')) as Array<{ file: string; arguments: string[] }>;
    expect(database.map((c) => path.relative(root, c.file)).sort()).toEqual(['src/colors.c', 'src/main.c', 'src/render.c']);
    expect(database[0]?.arguments).toEqual(expect.arrayContaining([`-I${path.join(root, 'include')}`, `-I${path.join(root, 'src')}`]));
    // clangd keeps its background index beside the database it reads.
    expect(readdirSync(path.join(root, '.scout', 'clangd', '.cache', 'clangd', 'index')).some((f) => f.startsWith('colors.c.'))).toBe(true);
  });
});

describe("clangd's compile database", () => {
  it("copies the project's own database, and otherwise reads compile_flags.txt", () => {
    const repo = tempRepo({ fixture: 'cpp' });
    try {
      repo.write('compile_flags.txt', '-Iinclude\n-std=c++20\n');
      const flagged = clangdSetup(repo.root);
      expect(flagged.source).toBe('compile_flags.txt');
      expect(flagged.initializationOptions.fallbackFlags).toEqual(['-Iinclude', '-std=c++20']);
      expect(flagged.args).toContain(`--compile-commands-dir=${path.join(repo.root, '.scout', 'clangd')}`);

      const own = JSON.stringify([{ directory: repo.root, file: 'src/main.cpp', command: 'c++ -Iinclude -c src/main.cpp' }]);
      repo.write('build/compile_commands.json', own);
      expect(clangdSetup(repo.root).source).toBe('project database');
      expect(readFileSync(path.join(repo.root, '.scout', 'clangd', 'compile_commands.json'), 'utf8')).toBe(own);
    } finally {
      repo.cleanup();
    }
  });
});
