/** Index fallback: the same questions answered from the index when no server can run (roles included). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { isAvailable } from '../../src/lsp/servers.js';
import { indexedRepo, lineOf, positionOf, type IndexedRepo } from './helpers.js';

describe('TypeScript with its server disabled (command that does not exist)', () => {
  let fixture: IndexedRepo;
  let service: LspService;
  let root: string;
  const at = (file: string, needle: string, occurrence = 1, offset = 0) => positionOf(root, file, needle, { occurrence, offset });

  beforeAll(async () => {
    fixture = await indexedRepo('lsp/ts-app');
    root = fixture.repo.root;
    service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root), servers: { typescript: { command: '/nonexistent/typescript-language-server', args: ['--stdio'] } } });
  });

  afterAll(async () => {
    await service.shutdown();
    fixture.close();
  });

  it('reports the server unavailable and never starts a process', async () => {
    const result = await service.workspaceSymbol('LLMKind', { languages: ['typescript'] });
    expect(result.status).toBe('ok');
    expect(result.source).toBe('index');
    expect(result.notes[0]).toMatch(/not installed.*answered from the index/);
    const enumSymbol = result.value.find((s) => s.kind === 'enum');
    expect(enumSymbol).toMatchObject({ name: 'LLMKind', source: 'index', position: at('src/kinds.ts', 'LLMKind') });
    const session = service.session('typescript');
    expect(session?.available).toBe(false);
    expect(session?.pids).toEqual([]);
  });

  it('references of an enum member come from the index, with roles', async () => {
    const result = await service.references(at('src/kinds.ts', 'OpenAI ='));
    expect(result.source).toBe('index');
    const byPlace = result.value.map((s) => [s.file, s.line, s.role]);
    expect(byPlace).toContainEqual(['src/router.ts', lineOf(root, 'src/router.ts', 'case LLMKind.OpenAI'), 'case_pattern']);
    expect(byPlace).toContainEqual(['src/kinds.ts', lineOf(root, 'src/kinds.ts', '[LLMKind.OpenAI]'), 'object_key']);
    const withDeclaration = await service.references(at('src/kinds.ts', 'OpenAI ='), { includeDeclaration: true });
    expect(withDeclaration.value[0]).toMatchObject({ file: 'src/kinds.ts', line: 3, role: 'definition' });
  });

  it('completeness with no server: every site comes from the index', async () => {
    const result = await service.referencesWithCompleteness(at('src/kinds.ts', 'LLMKind'));
    expect(result.source).toBe('index');
    expect(result.completeness).toMatchObject({ lspCount: 0, complete: false });
    expect(result.completeness.added).toBe(result.value.length);
    expect(result.value.map((s) => s.file)).toContain('src/describe.ts');
  });

  it('a member with no server: only its name in the files that name its owner (not every `kind` of the repository)', async () => {
    const result = await service.referencesWithCompleteness(at('src/kinds.ts', 'kind: LLMKind'), 'kind', { owner: 'ModelConfig', ownerPosition: null });
    expect(result.source).toBe('index');
    const files = [...new Set(result.value.map((s) => s.file))].sort();
    expect(files).toEqual(['src/router.ts']);
    // describe.ts has a parameter called `kind` and never names ModelConfig.
    const everyKind = await service.referencesWithCompleteness(at('src/kinds.ts', 'kind: LLMKind'), 'kind');
    expect(everyKind.value.map((s) => s.file)).toContain('src/describe.ts');
  });

  it('definition, hover and document symbols', async () => {
    const definition = await service.definition(at('src/describe.ts', 'Local'));
    expect(definition.value.map((s) => [s.file, s.line, s.role])).toEqual([['src/kinds.ts', lineOf(root, 'src/kinds.ts', "Local = 'local'"), 'definition']]);
    const hover = await service.hover(at('src/router.ts', 'endpointFor'));
    expect(hover.source).toBe('index');
    expect(hover.value?.text).toContain('export function endpointFor(config: ModelConfig): string');
    const symbols = await service.documentSymbols('src/kinds.ts');
    expect(symbols.value.find((s) => s.name === 'LLMKind')?.children.map((c) => c.name)).toEqual(['OpenAI', 'Anthropic', 'Local']);
  });

  it('implementation of an interface method returns both classes', async () => {
    const result = await service.implementation(at('src/providers.ts', 'complete'));
    expect(result.source).toBe('index');
    expect(result.value.map((s) => [s.line, s.enclosing])).toEqual([
      [lineOf(root, 'src/providers.ts', 'openai: ') - 1, 'OpenAIProvider'],
      [lineOf(root, 'src/providers.ts', 'local: ') - 1, 'LocalProvider'],
    ]);
  });

  it('call hierarchy from the call table', async () => {
    const c = (await service.prepareCallHierarchy(at('src/chain.ts', 'function c', 1, 9))).value[0]!;
    expect(c).toMatchObject({ name: 'c', source: 'index' });
    const incoming = await service.incomingCalls(c);
    expect(incoming.value.map((e) => [e.item.name, e.sites[0]?.line])).toEqual([['b', lineOf(root, 'src/chain.ts', 'return c()')]]);
    const a = (await service.prepareCallHierarchy(at('src/chain.ts', 'function a', 1, 9))).value[0]!;
    const outgoing = await service.outgoingCalls(a);
    expect(outgoing.value.map((e) => e.item.name)).toEqual(['b']);
    const ask = (await service.prepareCallHierarchy(at('src/providers.ts', 'function ask', 1, 9))).value[0]!;
    const fromAsk = await service.outgoingCalls(ask);
    expect(fromAsk.value.map((e) => e.item.name)).toEqual(['complete']);
  });

  it('type definition is unsupported by the index, said plainly', async () => {
    const result = await service.typeDefinition(at('src/router.ts', 'config:'));
    expect(result.status).toBe('unsupported');
    expect(result.source).toBe('index');
    expect(result.notes.join(' ')).toMatch(/needs a language server/);
  });
});

describe.skipIf(isAvailable('haskell'))('Haskell without haskell-language-server', () => {
  let fixture: IndexedRepo;
  let service: LspService;
  let root: string;
  const at = (file: string, needle: string, occurrence = 1, offset = 0) => positionOf(root, file, needle, { occurrence, offset });

  beforeAll(async () => {
    fixture = await indexedRepo('haskell');
    root = fixture.repo.root;
    service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root) });
  });

  afterAll(async () => {
    await service.shutdown();
    fixture.close();
  });

  it('answers references with roles from the index', async () => {
    const result = await service.references(at('Router.hs', 'OpenAI |'));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('index');
    expect(result.notes[0]).toMatch(/haskell-language-server-wrapper is not installed.*answered from the index/);
    expect(result.value.map((s) => [s.line, s.role])).toEqual([
      [lineOf(root, 'Router.hs', 'route reg OpenAI'), 'case_pattern'],
      [lineOf(root, 'Router.hs', 'kind == OpenAI'), 'comparison'],
    ]);
  });

  it('workspace symbol, definition, implementation and document symbols', async () => {
    const symbols = await service.workspaceSymbol('LLMKind');
    expect(symbols.value.map((s) => [s.name, s.kind, s.location.file])).toContainEqual(['LLMKind', 'data_type', 'Router.hs']);
    const definition = await service.definition(at('Router.hs', 'route', 1));
    expect(definition.value.map((s) => s.line)).toEqual([lineOf(root, 'Router.hs', 'route reg OpenAI')]);
    const instances = await service.implementation(at('Router.hs', 'Provider p'));
    expect(instances.value.map((s) => s.line)).toEqual([lineOf(root, 'Router.hs', 'instance Provider LLMKind')]);
    const outline = await service.documentSymbols('Router.hs');
    expect(outline.value.find((s) => s.name === 'LLMKind')?.children.map((c) => c.name)).toEqual(['OpenAI', 'Anthropic', 'Local']);
  });

  it('outgoing calls name what is not defined in the repository', async () => {
    const weights = (await service.prepareCallHierarchy(at('Router.hs', 'weights cfg'))).value[0]!;
    const outgoing = await service.outgoingCalls(weights);
    expect(outgoing.value.map((e) => e.item.name)).toEqual(['configWeights']);
    expect(outgoing.notes.join(' ')).toMatch(/1 callee not defined in the repository: M.toList/);
  });
});
