/** The LSP layer against a real pyright-langserver on a small Python package (real index for roles). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { descendants, indexedRepo, lineOf, positionOf, waitGone, type IndexedRepo } from './helpers.js';

let fixture: IndexedRepo;
let service: LspService;
let root: string;
const at = (file: string, needle: string, occurrence = 1, offset = 0) => positionOf(root, file, needle, { occurrence, offset });

beforeAll(async () => {
  fixture = await indexedRepo('lsp/py-app');
  root = fixture.repo.root;
  service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root) });
});

afterAll(async () => {
  const session = service.session('python');
  const pids = session ? [...session.pids, ...session.pids.flatMap(descendants)] : [];
  await service.shutdown();
  fixture.close();
  expect(pids.length).toBeGreaterThan(0);
  expect(await waitGone(pids)).toEqual([]);
});

describe('pyright', () => {
  it('waits for the workspace to load: workspace symbol finds the Enum', async () => {
    const result = await service.workspaceSymbol('LLMKind', { languages: ['python'] });
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    expect(result.value.find((s) => s.name === 'LLMKind')?.location.file).toBe('pyapp/kinds.py');
    expect(service.session('python')?.loaded).toBe(true);
  });

  it('references of an Enum member across files, with roles', async () => {
    const result = await service.references(at('pyapp/kinds.py', 'OPENAI ='));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    const matchCase = result.value.find((s) => s.file === 'pyapp/router.py' && s.line === lineOf(root, 'pyapp/router.py', 'case LLMKind.OPENAI'));
    expect(matchCase?.role).toBe('case_pattern');
    const dictKey = result.value.find((s) => s.file === 'pyapp/kinds.py' && s.line === lineOf(root, 'pyapp/kinds.py', 'LLMKind.OPENAI:'));
    expect(dictKey?.role).toBe('object_key');
  });

  it('definition of a member used in another file', async () => {
    const result = await service.definition(at('pyapp/router.py', 'OPENAI'));
    expect(result.status).toBe('ok');
    expect(result.value.map((s) => [s.file, s.line])).toEqual([['pyapp/kinds.py', lineOf(root, 'pyapp/kinds.py', 'OPENAI =')]]);
  });

  it('incoming calls of c include b', async () => {
    const prepared = await service.prepareCallHierarchy(at('pyapp/chain.py', 'def c', 1, 4));
    expect(prepared.status).toBe('ok');
    const incoming = await service.incomingCalls(prepared.value[0]!);
    expect(incoming.status).toBe('ok');
    expect(incoming.source).toBe('lsp');
    expect(incoming.value.map((e) => e.item.name)).toEqual(['b']);
  });

  it('hover shows the signature', async () => {
    const result = await service.hover(at('pyapp/router.py', 'endpoint_for'));
    expect(result.value?.text).toMatch(/endpoint_for\(kind: LLMKind\) -> str/);
  });

  it('a capability the server lacks falls back to the index, said in a note', async () => {
    const caps = await service.session('python')!.capabilities();
    const result = await service.implementation(at('pyapp/providers.py', 'complete'));
    if (caps.capabilities.implementationProvider) {
      expect(result.source).toBe('lsp');
    } else {
      expect(result.source).toBe('index');
      expect(result.notes[0]).toMatch(/does not support textDocument\/implementation.*answered from the index/);
    }
    expect(result.value.map((s) => s.line).sort((a, b) => a - b)).toEqual(
      expect.arrayContaining([lineOf(root, 'pyapp/providers.py', 'return "openai: "') - 1, lineOf(root, 'pyapp/providers.py', 'return "local: "') - 1]),
    );
  });
});

describe('pyright with an include that covers none of the indexed files', () => {
  it('is not waited for: the session says why at once, and answers are completed from the index', async () => {
    const moved = await indexedRepo('lsp/py-app');
    moved.repo.write('pyrightconfig.json', '{ "include": ["moved_away"] }');
    const probed = new LspService({ root: moved.repo.root, fallback: new IndexFallback(moved.store.database, moved.repo.root), session: { readyTimeoutMs: 30_000 } });
    try {
      const started = Date.now();
      const result = await probed.workspaceSymbol('LLMKind', { languages: ['python'] });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(probed.session('python')?.loaded).toBe(false);
      expect(probed.session('python')?.loadNote).toMatch(/include: moved_away\) covers none of the indexed files/);
      expect(result.value.some((s) => s.name === 'LLMKind')).toBe(true);
    } finally {
      await probed.shutdown();
      moved.close();
    }
  });
});
