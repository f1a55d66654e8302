/**
 * Key sites for "add a variant", checked with the real typescript-language-server: an element access
 * breaks only when the indexed object's type lists its keys (the server says which), a Record type
 * alias is not a break site itself but the objects built with it are, and indexing with one named
 * variant is unaffected.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { explore } from '../../src/scout/explore.js';
import { MAX_HOVERS } from '../../src/scout/hovers.js';
import type { ScoutLink } from '../../src/scout/link.js';
import { describeKeySites } from '../../src/scout/typescript/key-site-facts.js';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { HeuristicScorer } from '../../src/scout/scorers/heuristic.js';
import type { Scorer } from '../../src/scout/scorers/scorer.js';
import { synthesize, type Pointer, type ScoutAnswer } from '../../src/scout/synthesis.js';
import { link } from './links.js';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'llm-router');
const KEYED = `import { LLMKind } from './kinds.js';

interface Listed {
  openai: number;
  anthropic: number;
  ollama: number;
}
const LISTED: Listed = { openai: 1, anthropic: 2, ollama: 3 };
const SOME: Partial<Record<LLMKind, number>> = { openai: 1 };
export type Costs = Record<LLMKind, number>;

export const COSTS: Costs = { openai: 1, anthropic: 2, ollama: 3 };

export function listed(kind: LLMKind): number {
  return LISTED[kind];
}

export function some(kind: LLMKind): number {
  return SOME[kind] ?? 0;
}

export function first(): number {
  return LISTED[LLMKind.OpenAI];
}

const INFERRED = {
  [LLMKind.OpenAI]: 'o',
  [LLMKind.Anthropic]: 'a',
  [LLMKind.Ollama]: 'l',
};

export class Holder {
  private labels: Costs | null = null;

  fill(): void {
    this.labels = {
      [LLMKind.OpenAI]: 1,
      [LLMKind.Anthropic]: 2,
      [LLMKind.Ollama]: 3,
    };
  }
}

export class Prices {
  private costs: Costs;

  constructor(listing: Listed) {
    this.costs = listing;
  }
}
`;

let root: string;
let store: SqliteStore;
let lsp: LspService;
let answer: ScoutAnswer;
let tiers: ScoutAnswer;
const TIERS = `export type Tier = 'free' | 'pro';

interface Wire {
  tier: 'free' | 'pro';
}
interface Loose {
  tier: string;
}

export function toWire(tier: Tier): Wire {
  return {
    tier: tier,
  };
}

export function toLoose(tier: Tier): Loose {
  return {
    tier: tier,
  };
}
`;
const line = (n: number): Pointer | undefined => answer.pointers.find((p) => p.location === `src/keyed.ts:${n}` || (p.location.startsWith('src/keyed.ts:') && p.also?.includes(n)));

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-key-sites-'));
  cpSync(EXAMPLE, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  writeFileSync(path.join(root, 'src', 'keyed.ts'), KEYED);
  writeFileSync(path.join(root, 'src', 'tiers.ts'), TIERS);
  store = SqliteStore.open(root);
  await indexRepository(root, store);
  lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
  const exploration = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new HeuristicScorer() });
  answer = synthesize(exploration, 'heuristic', Number.POSITIVE_INFINITY);
  tiers = synthesize(await explore('what breaks if I add a variant to `Tier`?', { root, db: store.database, lsp, scorer: new HeuristicScorer() }), 'heuristic', Number.POSITIVE_INFINITY);
}, 120_000);
afterAll(async () => {
  await lsp.shutdown();
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('key sites, with the language server', () => {
  it('an object whose type lists its keys, indexed by a value of the type, breaks', () => {
    const site = line(15);
    expect(site?.risk).toBe('high');
    expect(site?.what).toMatch(/indexes `LISTED` \(Listed\)/);
    expect(site?.action).toMatch(/add a key for the new variant to `Listed` \(src\/keyed\.ts:3\)/);
  });

  it('a Partial Record over the type admits the new key', () => {
    expect(line(19)?.risk).toBe('low');
  });

  it('a Record type alias is followed to the object built with it', () => {
    expect(line(10)?.risk).toBe('medium'); // the alias declares a type: not a break site
    expect(line(12)?.risk).toBe('high'); // COSTS: Costs = {...} lacks the new key
    expect(line(12)?.action).toMatch(/add an entry/);
    expect(line(10)?.action).toMatch(/where objects of this type are built/);
  });

  it('an entry of an object whose declared type requires every variant is high (the type found through the server)', () => {
    const site = line(37);
    expect(site?.risk).toBe('high');
    // One pointer for the place: the assignment `this.labels = {` (reached through the property) or its keys.
    expect(site?.what).toMatch(/entry of `labels` \(Costs \| null\)|this\.labels = \{/);
    expect(site?.action).toMatch(/add an entry/);
  });

  it('an entry of an inferred object literal is not a break site', () => {
    const site = line(27);
    expect(site === undefined || site.risk !== 'high').toBe(true);
    expect(site?.action ?? '').not.toMatch(/^add an entry/);
  });

  it('a value handed to a property whose declared type is a closed list of literals breaks; to a string, it fits', () => {
    const at = (n: number) => tiers.pointers.find((p) => p.location === `src/tiers.ts:${n}`);
    expect(at(12)?.risk).toBe('high');
    expect(at(12)?.what).toMatch(/given to `tier` \('free' \| 'pro'\)/);
    expect(at(18) === undefined || at(18)?.risk !== 'high').toBe(true);
  });

  it('an object whose type lists its keys, assigned to a property keyed by every variant, breaks', () => {
    const site = line(48);
    expect(site?.risk).toBe('high');
    expect(site?.what).toMatch(/assigned from `listing` \(Listed\)/);
  });

  it('a model scorer gets the server\'s hover in each link\'s context; the heuristic does not ask for it', async () => {
    const seen: ScoutLink[] = [];
    const heuristic = new HeuristicScorer();
    const modelLike: Scorer = {
      name: 'probe',
      wantsHover: true,
      rate: async (query, links) => {
        seen.push(...links);
        return heuristic.rate(query, links);
      },
    };
    await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: modelLike, budget: 2 });
    const hovered = seen.filter((l) => l.hover !== null);
    expect(hovered.length).toBeGreaterThan(0);
    expect(hovered.length).toBeLessThanOrEqual(MAX_HOVERS);
    expect(hovered.some((l) => /LLMKind/.test(l.hover ?? ''))).toBe(true);
    const plain: ScoutLink[] = [];
    await explore('what breaks if I add a variant to `LLMKind`?', {
      root, db: store.database, lsp, budget: 2,
      scorer: { name: 'plain', rate: async (query, links) => { plain.push(...links); return heuristic.rate(query, links); } },
    });
    expect(plain.every((l) => l.hover === null)).toBe(true);
  });

  it('a slow server does not hold the answer up: once the checks have taken their time budget they stop and say so', async () => {
    const site = { ...link({ file: 'src/keyed.ts', at: 15, role: 'object_key', code: '  return LISTED[kind];', column: 16 }) };
    const notes: string[] = [];
    const files = { line: (file: string, n: number) => readFileSync(path.join(root, file), 'utf8').split('\n')[n - 1] ?? '' };
    expect(files.line('src/keyed.ts', 15)).toBe('  return LISTED[kind];');
    const budget = { left: 10, msLeft: 0 };
    await describeKeySites([site], analyzeQuery('what breaks if I add a variant to `LLMKind`?'), { lsp, db: store.database, files, notes }, budget);
    expect(site.indexedObject).toBeUndefined();
    expect(budget.left).toBe(0);
    expect(notes.join(' ')).toMatch(/key-site checks stopped after 3 s/);
    // Within the budget, the same site is checked with the server.
    await describeKeySites([site], analyzeQuery('what breaks if I add a variant to `LLMKind`?'), { lsp, db: store.database, files }, { left: 10, msLeft: 10_000 });
    expect(site.indexedObject?.keys).toBe('listed');
  });

  it('indexing with one named variant is unaffected', () => {
    const site = line(23);
    expect(site === undefined || site.risk === 'low').toBe(true);
  });
});
