/** The completeness signal: the pure merge, and a real tsserver on a project without tsconfig. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessCompleteness, mergeSites } from '../../src/lsp/completeness.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import type { Site } from '../../src/lsp/types.js';
import { descendants, indexedRepo, lineOf, positionOf, waitGone, type IndexedRepo } from './helpers.js';

const site = (file: string, line: number, source: Site['source'], column = 0): Site => ({ file, line, column, endLine: line, endColumn: column + 3, source });

describe('assessCompleteness (pure)', () => {
  const index = [site('a.ts', 1, 'index'), site('a.ts', 5, 'index', 4), site('b.ts', 2, 'index'), site('c.ts', 7, 'index'), site('c.ts', 9, 'index')];

  it('merges index sites, deduplicated by file and line, when the server finds far fewer', () => {
    const lsp = [site('a.ts', 5, 'lsp', 6)];
    const result = assessCompleteness('Kind', lsp, index);
    expect(result.completeness).toEqual({ lspCount: 1, indexCount: 5, complete: false, added: 4 });
    expect(result.note).toMatch(/found 1 reference to "Kind" but the index has 5 usage sites.*merged 4 index sites/);
    // a.ts:5 is kept once, from the server (its column), and everything is in file/line order.
    expect(result.sites.map((s) => [s.file, s.line, s.source, s.column])).toEqual([
      ['a.ts', 1, 'index', 0],
      ['a.ts', 5, 'lsp', 6],
      ['b.ts', 2, 'index', 0],
      ['c.ts', 7, 'index', 0],
      ['c.ts', 9, 'index', 0],
    ]);
  });

  it('says nothing when the counts agree, or the index has too few sites to judge', () => {
    const agree = assessCompleteness('Kind', index.map((s) => ({ ...s, source: 'lsp' as const })).slice(0, 3), index);
    expect(agree.note).toBeNull();
    expect(agree.completeness).toEqual({ lspCount: 3, indexCount: 5, complete: true, added: 0 });
    expect(agree.sites).toHaveLength(3);
    const few = assessCompleteness('Kind', [], index.slice(0, 3));
    expect(few.note).toBeNull();
    expect(few.completeness.complete).toBe(true);
    const custom = assessCompleteness('Kind', [], index.slice(0, 3), { minIndexCount: 2, ratio: 0.9 });
    expect(custom.completeness.complete).toBe(false);
  });

  it('mergeSites keeps the primary site of a line', () => {
    expect(mergeSites([site('x.ts', 3, 'lsp', 8)], [site('x.ts', 3, 'index', 1), site('x.ts', 4, 'index')]).map((s) => s.source)).toEqual(['lsp', 'index']);
  });
});

describe('a TypeScript repository without tsconfig', () => {
  let fixture: IndexedRepo;
  let service: LspService;
  let root: string;

  beforeAll(async () => {
    fixture = await indexedRepo('lsp/ts-app', (repo) => repo.remove('tsconfig.json'));
    root = fixture.repo.root;
    service = new LspService({ root, fallback: new IndexFallback(fixture.store.database, root) });
  });

  afterAll(async () => {
    const session = service.session('typescript');
    const pids = session ? [...session.pids, ...session.pids.flatMap(descendants)] : [];
    await service.shutdown();
    fixture.close();
    expect(await waitGone(pids)).toEqual([]);
  });

  it('notes that the server found far fewer references and merges the index sites', async () => {
    const result = await service.referencesWithCompleteness(positionOf(root, 'src/kinds.ts', 'LLMKind'));
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    // tsserver's inferred project holds only the open file: it misses the importers.
    expect(result.completeness.complete).toBe(false);
    expect(result.completeness.lspCount).toBeLessThan(result.completeness.indexCount / 2);
    expect(result.notes.join(' ')).toMatch(/not fully loaded \(no tsconfig/);
    const merged = result.value.filter((s) => s.source === 'index');
    expect(merged.length).toBe(result.completeness.added);
    expect(merged.map((s) => [s.file, s.line, s.role])).toContainEqual(['src/router.ts', lineOf(root, 'src/router.ts', 'case LLMKind.OpenAI'), 'case_pattern']);
    expect(result.value.map((s) => s.file)).toContain('src/describe.ts');
    const keys = result.value.map((s) => `${s.file}:${s.line}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
