/**
 * The language server follows links that lead out of the root; the LSP layer drops everything it
 * says about files behind them: locations (definition, references, workspace symbols, call
 * hierarchy) and hovers of names declared there (a hover quotes the declaration: a literal type,
 * a signature, a doc comment). Inside names keep their hovers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { confinementRepo, expectConfined, type ConfinementRepo } from '../helpers/confinement-repo.js';
import { positionOf } from './helpers.js';

let repo: ConfinementRepo;
let store: SqliteStore;
let service: LspService;
const at = (needle: string, occurrence = 1) => positionOf(repo.root, 'src/main.ts', needle, { occurrence });

beforeAll(async () => {
  repo = confinementRepo();
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store, { config: undefined });
  service = new LspService({ root: repo.root, fallback: new IndexFallback(store.database, repo.root) });
});

afterAll(async () => {
  await service.shutdown();
  store.close();
  repo.cleanup();
});

describe('TypeScript server on a repository with links that lead out', () => {
  it('definitions behind a file link or a directory link are dropped and counted as through links', async () => {
    const before = service.droppedOutside().throughLinks;
    const value = await service.definition(at('leakedValue', 2));
    expect(value.status).toBe('ok');
    expect(value.source).toBe('lsp');
    expect(value.value).toEqual([]);
    const dir = await service.definition(at('escapedThroughDir', 2));
    expect(dir.value).toEqual([]);
    expect(service.droppedOutside().throughLinks - before).toBeGreaterThanOrEqual(2);
    // An inside definition still resolves.
    const inside = await service.definition(positionOf(repo.root, 'src/main.ts', 'readLeaked', { occurrence: 2 }));
    expect(inside.value.map((s) => s.file)).toEqual(['src/main.ts']);
  }, 60_000);

  it('workspace symbols and references name inside files only', async () => {
    const symbols = await service.workspaceSymbol('leaked', { languages: ['typescript'] });
    expectConfined(JSON.stringify(symbols), 'workspace/symbol');
    expect(symbols.value.map((s) => s.name)).toContain('readLeaked');
    const references = await service.references(at('leakedHelper', 2));
    expectConfined(JSON.stringify(references), 'references');
    expect(references.value.map((s) => s.file)).toContain('src/main.ts');
  }, 60_000);

  it('the hover of a name declared behind a link is dropped; an inside hover is kept', async () => {
    const leaked = await service.hover(at('leakedValue', 2));
    expectConfined(JSON.stringify(leaked), 'hover');
    expect(leaked.value).toBeNull();
    const inside = await service.hover(at('readLeaked', 2));
    expect(inside.value?.text).toMatch(/readLeaked\(\): string/);
  }, 60_000);
});
