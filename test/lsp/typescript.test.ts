/** The LSP layer against a real typescript-language-server on a TS project with a tsconfig (real index for roles). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import type { Site } from '../../src/lsp/types.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo } from '../helpers/temp-repo.js';
import { descendants, indexedRepo, lineOf, positionOf, waitGone, type IndexedRepo } from './helpers.js';

let fixture: IndexedRepo;
let service: LspService;
let root: string;
const at = (file: string, needle: string, occurrence = 1, offset = 0) => positionOf(root, file, needle, { occurrence, offset });
const has = (sites: Site[], file: string, line: number) => sites.some((s) => s.file === file && s.line === line);

beforeAll(async () => {
  fixture = await indexedRepo('lsp/ts-app');
  root = fixture.repo.root;
  service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root) });
});

afterAll(async () => {
  const session = service.session('typescript');
  const pids = session ? [...session.pids, ...session.pids.flatMap(descendants)] : [];
  await service.shutdown();
  fixture.close();
  // No leaked processes: the server and its tsserver are gone.
  expect(pids.length).toBeGreaterThan(0);
  expect(await waitGone(pids)).toEqual([]);
});

describe('typescript-language-server', () => {
  it('finds the enum by workspace symbol, with the position of its name', async () => {
    const result = await service.workspaceSymbol('LLMKind', { languages: ['typescript'] });
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const enumSymbol = result.value.find((s) => s.kind === 'enum' && s.name === 'LLMKind');
    expect(enumSymbol).toBeDefined();
    expect(enumSymbol?.location.file).toBe('src/kinds.ts');
    expect(enumSymbol?.position).toEqual(at('src/kinds.ts', 'LLMKind'));
    expect(service.session('typescript')?.loaded).toBe(true);
  });

  it('references of an enum member include the switch case in another file and the Record key, with roles', async () => {
    const result = await service.references(at('src/kinds.ts', 'OpenAI ='));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const switchCase = result.value.find((s) => s.file === 'src/router.ts' && s.line === lineOf(root, 'src/router.ts', 'case LLMKind.OpenAI'));
    expect(switchCase?.role).toBe('case_pattern');
    expect(switchCase?.enclosing).toBe('endpointFor');
    const recordKey = result.value.find((s) => s.file === 'src/kinds.ts' && s.line === lineOf(root, 'src/kinds.ts', '[LLMKind.OpenAI]'));
    expect(recordKey?.role).toBe('object_key');
    expect(result.value.every((s) => s.source === 'lsp')).toBe(true);
  });

  it('references follow the re-export through index.ts', async () => {
    const result = await service.references(at('src/kinds.ts', 'LLMKind'), { includeDeclaration: true });
    expect(result.status).toBe('ok');
    const sites = result.value;
    expect(has(sites, 'src/index.ts', 1)).toBe(true);
    expect(has(sites, 'src/describe.ts', lineOf(root, 'src/describe.ts', 'kind === LLMKind.Local'))).toBe(true);
    expect(sites.find((s) => s.file === 'src/describe.ts' && s.line === 1)?.role).toBe('import');
    expect(sites.find((s) => s.file === 'src/kinds.ts' && s.line === 2)?.role).toBe('definition');
  });

  it('goes to the definition through the re-export', async () => {
    const result = await service.definition(at('src/describe.ts', 'Local'));
    expect(result.status).toBe('ok');
    expect(result.value.map((s) => [s.file, s.line])).toEqual([['src/kinds.ts', lineOf(root, 'src/kinds.ts', "Local = 'local'")]]);
  });

  it('implementation of an interface method returns both classes', async () => {
    const result = await service.implementation(at('src/providers.ts', 'complete'));
    expect(result.status).toBe('ok');
    const lines = result.value.map((s) => s.line).sort((a, b) => a - b);
    expect(lines).toEqual([lineOf(root, 'src/providers.ts', 'openai: ') - 1, lineOf(root, 'src/providers.ts', 'local: ') - 1]);
  });

  it('call hierarchy: incoming calls of c include b, outgoing calls of a include b', async () => {
    const prepared = await service.prepareCallHierarchy(at('src/chain.ts', 'function c', 1, 9));
    expect(prepared.status).toBe('ok');
    const c = prepared.value[0];
    expect(c?.name).toBe('c');
    const incoming = await service.incomingCalls(c!);
    expect(incoming.status).toBe('ok');
    expect(incoming.value.map((e) => e.item.name)).toContain('b');
    expect(incoming.value[0]?.sites[0]?.line).toBe(lineOf(root, 'src/chain.ts', 'return c()'));

    const a = (await service.prepareCallHierarchy(at('src/chain.ts', 'function a', 1, 9))).value[0];
    const outgoing = await service.outgoingCalls(a!);
    expect(outgoing.status).toBe('ok');
    expect(outgoing.value.map((e) => e.item.name)).toEqual(['b']);
    expect(outgoing.value[0]?.sites[0]).toMatchObject({ file: 'src/chain.ts', line: lineOf(root, 'src/chain.ts', 'return b()') });
  });

  it('hover gives trimmed plain text with the type', async () => {
    const result = await service.hover(at('src/router.ts', 'kind)', 1));
    expect(result.status).toBe('ok');
    expect(result.value?.text).toContain('LLMKind');
    expect(result.value?.text).not.toContain('```');
  });

  it('type definition of a parameter is its interface', async () => {
    const result = await service.typeDefinition(at('src/router.ts', 'config:'));
    expect(result.value.map((s) => [s.file, s.line])).toEqual([['src/kinds.ts', lineOf(root, 'src/kinds.ts', 'interface ModelConfig')]]);
  });

  it('document symbols are hierarchical', async () => {
    const result = await service.documentSymbols('src/kinds.ts');
    expect(result.status).toBe('ok');
    const enumSymbol = result.value.find((s) => s.name === 'LLMKind');
    expect(enumSymbol?.kind).toBe('enum');
    expect(enumSymbol?.children.map((c) => c.name)).toEqual(['OpenAI', 'Anthropic', 'Local']);
    expect(enumSymbol?.selection).toMatchObject({ line: 2, column: 12 });
  });

  it('completeness: no note when the server and the index agree', async () => {
    const result = await service.referencesWithCompleteness(at('src/kinds.ts', 'LLMKind'), 'LLMKind');
    expect(result.status).toBe('ok');
    expect(result.completeness.complete).toBe(true);
    expect(result.completeness.lspCount).toBeGreaterThanOrEqual(4);
    expect(result.notes.join(' ')).not.toMatch(/not fully loaded/);
  });

  it('refuses positions outside the repository', async () => {
    await expect(service.hover({ file: '../outside.ts', line: 1, column: 0 })).rejects.toThrow(/outside the repository root/);
  });
});

describe('readiness probe names from several folders', () => {
  it('a first name the server never finds does not hold the session until the timeout: another folder\'s name proves the project loaded', async () => {
    const probed = new LspService({
      root,
      fallback: new IndexFallback(fixture.store.database, root),
      session: { readyTimeoutMs: 20_000, probe: () => ({ symbol: 'NeverDefinedAnywhere', alternatives: ['LLMKind'] }) },
    });
    try {
      const started = Date.now();
      const result = await probed.workspaceSymbol('LLMKind', { languages: ['typescript'] });
      expect(result.source).toBe('lsp');
      expect(probed.session('typescript')?.loaded).toBe(true);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await probed.shutdown();
    }
  });

  it('the index offers one name per top-level folder, product code before tests and release scripts', async () => {
    const repo = tempRepo();
    const store = SqliteStore.open(repo.root);
    try {
      repo.write('tests/u.py', 'def util_for_tests():\n    pass\n');
      repo.write('release/push.py', 'def push_release():\n    pass\n');
      repo.write('pkg/sub/models.py', 'class Model:\n    pass\n\ndef helper():\n    pass\n');
      await indexRepository(repo.root, store);
      const probe = new IndexFallback(store.database, repo.root).probeSymbol(['python']);
      expect(probe).toMatchObject({ file: 'release/push.py', name: 'push_release' });
      expect(probe?.alternatives).toEqual(['Model', 'util_for_tests']);
      // A server whose project includes only `pkg` (pyright's include): the names come from there.
      expect(new IndexFallback(store.database, repo.root).probeSymbol(['python'], ['pkg'])).toMatchObject({ file: 'pkg/sub/models.py', name: 'Model' });
      expect(new IndexFallback(store.database, repo.root).probeSymbol(['python'], ['pydantic_core'])).toBeNull();
    } finally {
      store.close();
      repo.cleanup();
    }
  });
});
