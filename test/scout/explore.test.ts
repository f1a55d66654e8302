/**
 * The exploration end to end on the bundled example: real typescript-language-server,
 * real SQLite; and the same question with the server disabled (index fallback).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { explore, type Exploration } from '../../src/scout/explore.js';
import { HeuristicScorer, heuristicRubric } from '../../src/scout/scorers/heuristic.js';
import { MockScorer } from '../../src/scout/scorers/mock.js';
import { synthesize, type ScoutAnswer } from '../../src/scout/synthesis.js';
import { renderTrace } from '../../src/scout/trace-html.js';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'llm-router');
let root: string;
let store: SqliteStore;
let lsp: LspService;
let answer: ScoutAnswer;
let exploration: Exploration;
const progress: string[] = [];

/** Every line a pointer stands for: its location and the other lines of the same place. */
const linesOf = (pointers: ScoutAnswer['pointers'], risk?: string): Set<string> =>
  new Set(pointers.filter((p) => !risk || p.risk === risk).flatMap((p) => [p.location, ...(p.also ?? []).map((l) => `${p.location.split(':')[0]}:${l}`)]));

const lineOf = (file: string, needle: string): number => {
  const index = readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no ${needle} in ${file}`);
  return index + 1;
};

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-explore-'));
  cpSync(EXAMPLE, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  store = SqliteStore.open(root);
  await indexRepository(root, store);
  lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
  exploration = await explore('what breaks if I add a variant to `LLMKind`?', {
    root,
    db: store.database,
    lsp,
    scorer: new HeuristicScorer(),
    onProgress: (e) => progress.push(e.kind),
  });
  answer = synthesize(exploration, 'heuristic');
}, 120_000);
afterAll(async () => {
  await lsp.shutdown();
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('scout ask: what breaks if I add a variant to LLMKind', () => {
  it('finds the exhaustive switches and the objects that must list every variant as high-risk pointers', () => {
    const high = linesOf(answer.pointers, 'high');
    for (const site of [
      `src/pricing.ts:${lineOf('src/pricing.ts', 'case LLMKind.OpenAI')}`,
      `src/router.ts:${lineOf('src/router.ts', 'case LLMKind.OpenAI')}`,
      `src/kinds.ts:${lineOf('src/kinds.ts', 'DEFAULT_MODEL: Record<LLMKind')}`,
      `src/kinds.ts:${lineOf('src/kinds.ts', 'NEEDS_KEY: KeyRequirement')}`,
    ]) {
      expect(high).toContain(site);
    }
    // The mapped type alias only declares a type: NEEDS_KEY, built with it, is where the entry goes.
    expect(linesOf(answer.pointers, 'medium')).toContain(`src/kinds.ts:${lineOf('src/kinds.ts', '[K in LLMKind]')}`);
  });

  it('gives one pointer per place: the keys of DEFAULT_MODEL are one pointer, the other lines in also', () => {
    const first = lineOf('src/kinds.ts', "[LLMKind.OpenAI]: 'gpt");
    const covering = answer.pointers.filter((p) => {
      const lines = [Number(p.location.split(':')[1]), ...(p.also ?? [])];
      return p.location.startsWith('src/kinds.ts:') && lines.some((l) => l >= first && l <= first + 2);
    });
    expect(covering).toHaveLength(1);
    expect([Number(covering[0]!.location.split(':')[1]), ...(covering[0]!.also ?? [])]).toEqual(expect.arrayContaining([first, first + 1, first + 2]));
  });

  it('reaches the switch that sees LLMKind only through a property (switch (config.kind))', () => {
    const viaProperty = `src/router.ts:${lineOf('src/router.ts', 'switch (config.kind)')}`;
    expect(linesOf(answer.pointers, 'high')).toContain(viaProperty);
    expect(exploration.visited.some((v) => v.link.relation === 'property_flow' && v.link.symbol === 'ModelConfig.kind')).toBe(true);
    expect(answer.summary).toMatch(/property flow/);
  });

  it('reports imports and re-exports as safely ignored, not as pointers', () => {
    expect(answer.ignored.by_role.import).toBeGreaterThanOrEqual(3);
    expect(answer.pointers.some((p) => p.location.startsWith('src/index.ts:1'))).toBe(false);
  });

  it('rates places, not sites: a switch is one node, imports are set aside unrated, and no site is lost', () => {
    const caseLine = lineOf('src/router.ts', 'case LLMKind.OpenAI');
    const switchNode = exploration.visited.find((v) => v.link.location.file === 'src/router.ts' && v.link.location.line === caseLine);
    expect(switchNode?.link.alsoAt?.map((l) => l.location.line)).toEqual([caseLine + 2, caseLine + 4]);
    expect(exploration.visited.some((v) => v.link.role === 'import' || v.link.role === 'export')).toBe(false);
    expect(exploration.setAside.map((s) => s.link.role).sort()).toEqual(['export', 'import', 'import', 'import']);
    expect(answer.meta.nodes_visited).toBeLessThan(answer.meta.sites_seen);
    expect(answer.meta.nodes_visited).toBeLessThanOrEqual(30);
    // Folding is lossless for the heuristic: every folded site reads exactly as its node.
    for (const v of exploration.visited) {
      for (const site of v.link.alsoAt ?? []) expect(heuristicRubric(exploration.query, site)).toEqual(v.rating?.rubric);
    }
  });

  it('asks the scorer once per node: a model scorer is never sent an import or a folded site', async () => {
    const sent: string[] = [];
    const heuristic = new HeuristicScorer();
    const recording = { name: 'recording', rate: async (q: Exploration['query'], links: readonly { id: string; role: string | null }[]) => {
      for (const l of links) sent.push(`${l.id}|${l.role}`);
      return heuristic.rate(q, links as never);
    } };
    const run = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: recording });
    expect(sent).toHaveLength(run.visited.length);
    expect(sent.some((s) => s.endsWith('|import') || s.endsWith('|export'))).toBe(false);
    expect(sent.length).toBeLessThan(run.sitesSeen);
    // A scorer that is not the heuristic itself gets the same nodes, hence the same answer.
    expect(linesOf(synthesize(run, 'recording').pointers, 'high')).toEqual(linesOf(answer.pointers, 'high'));
  });

  it('stays within budget, answers in under 2,000 tokens, and says where facts came from', () => {
    expect(answer.meta.budget_remaining).toBeGreaterThanOrEqual(0);
    expect(answer.meta.budget - answer.meta.budget_remaining).toBe(exploration.expansions);
    expect(JSON.stringify(answer).length / 4).toBeLessThan(2000);
    expect(answer.meta.sources.lsp).toBeGreaterThan(0);
    expect(answer.meta.interpretation).toMatch(/variant is added to `LLMKind`/);
    expect(progress).toContain('seeded');
    expect(progress.at(-1)).toBe('done');
  });

  it('draws the exploration as a self-contained HTML trace', () => {
    const html = renderTrace('q', exploration.visited.map((v) => ({
      id: v.link.id, location: `${v.link.location.file}:${v.link.location.line}`, label: v.link.symbol ?? '', relation: v.link.relation,
      depth: v.link.depth, parent: v.parent, rubric: v.rating?.rubric ?? null, score: v.decision?.score ?? null,
      decision: v.link.relation === 'seed' ? 'seed' : v.expanded ? 'expanded' : 'pruned', why: v.decision?.reason ?? 'seed',
    })), {});
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(html).toContain('ModelConfig.kind');
  });
});

describe('scout ask: fallbacks and bad input', () => {
  it('answers from the index when the language server is unavailable, and says so', async () => {
    const noServer = new LspService({ root, fallback: new IndexFallback(store.database, root), servers: { typescript: { command: '/nonexistent/tsserver' } } });
    try {
      const fallback = synthesize(await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp: noServer, scorer: new HeuristicScorer() }), 'heuristic');
      expect(fallback.meta.sources.index).toBeGreaterThan(0);
      expect(fallback.meta.sources.lsp).toBe(0);
      expect(fallback.meta.notes.join()).toMatch(/index/i);
      expect(linesOf(fallback.pointers, 'high')).toContain(`src/pricing.ts:${lineOf('src/pricing.ts', 'case LLMKind.OpenAI')}`);
    } finally {
      await noServer.shutdown();
    }
  });

  it('searches the text when a word read from prose ("where are API keys read?") names nothing in the code', async () => {
    const prose = await explore('where are API keys read?', { root, db: store.database, lsp, scorer: new HeuristicScorer() });
    expect(prose.query.targetFromProse).toBe(true);
    expect(prose.seeds.length).toBeGreaterThan(0);
    expect(prose.notes.join(' ')).toMatch(/nothing in the code is named "API": started from full-text search/);
    // A name in code style that matches nothing is reported as such, never guessed at.
    const coded = await explore('where is `ApiKeyReader` used?', { root, db: store.database, lsp, scorer: new HeuristicScorer() });
    expect(coded.seeds).toEqual([]);
  });

  it('says nothing matched an unknown symbol and suggests near names', async () => {
    const unknown = synthesize(await explore('what breaks if I add a variant to `LLMKnd`?', { root, db: store.database, lsp, scorer: new HeuristicScorer() }), 'heuristic');
    expect(unknown.pointers).toEqual([]);
    expect(unknown.summary).toMatch(/Nothing in the repository matched `LLMKnd`. Did you mean `LLMKind`/);
  });

  it('clamps a budget of 0 or a huge one and says so; a mock scorer drives the policy', async () => {
    const tiny = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new MockScorer({}, { relevance: 5, risk: 5, complexity: 1, confidence: 5, tags: [], reason: 'mock' }), budget: 0 });
    expect(tiny.notes.join()).toMatch(/budget 0 is below the minimum 1; using 1/);
    expect(tiny.expansions).toBeLessThanOrEqual(1);
    const huge = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new HeuristicScorer(), budget: 1e9 });
    expect(huge.notes.join()).toMatch(/above the maximum 200; using 200/);
  });

  it('stops expanding once its time budget is spent, after the seeds, and says how many links it left', async () => {
    const full = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new HeuristicScorer() });
    const rushed = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new HeuristicScorer(), timeBudgetMs: 1 });
    expect(full.expansions).toBeGreaterThan(1);
    // The seed is expanded (its references found), nothing after it.
    expect(rushed.visited.length).toBeGreaterThan(rushed.seeds.length);
    expect(rushed.visited.length).toBeLessThan(full.visited.length);
    expect(rushed.notes.join(' ')).toMatch(/exploration stopped after \d+ ms \(scout.exploreTimeBudgetMs 1\): \d+ link\(s\) not expanded/);
    expect(rushed.visited.filter((v) => v.decision?.verdict === 'budget_exhausted' && /time budget spent/.test(v.decision.reason)).length).toBeGreaterThan(0);
  });
});

