/**
 * Parameters typed with the target carry it through their function: `switch (kind)`,
 * `LABELS[kind]`. Their uses are read from the index without spending budget, so the
 * answer reaches them even when the budget is small.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { explore } from '../../src/scout/explore.js';
import { isIndexByValue } from '../../src/scout/scorers/heuristic.js';
import { HeuristicScorer } from '../../src/scout/scorers/heuristic.js';
import { synthesize, type ScoutAnswer } from '../../src/scout/synthesis.js';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'llm-router');
const LABELS = `import { LLMKind } from './kinds.js';

const LABELS: { openai: string; anthropic: string; ollama: string } = { openai: 'OpenAI', anthropic: 'Anthropic', ollama: 'Ollama' };

export function label(kind: LLMKind): string {
  const text = LABELS[kind];
  return text;
}

export function weight(kind: LLMKind): number {
  switch (kind) {
    case 'openai':
      return 1;
    default:
      return 0;
  }
}

export function sample(): object {
  return { kind: 'not the parameter' };
}

export function pick(options: { scale?: number; flavour?: LLMKind }): number {
  const chosen = options.flavour ?? LLMKind.OpenAI;
  switch (chosen) {
    case 'openai':
      return 1;
  }
  return 0;
}
`;

let root: string;
let store: SqliteStore;
let lsp: LspService;
let answer: ScoutAnswer;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-local-flow-'));
  cpSync(EXAMPLE, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  writeFileSync(path.join(root, 'src', 'labels.ts'), LABELS);
  store = SqliteStore.open(root);
  await indexRepository(root, store);
  lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
  const exploration = await explore('what breaks if I add a variant to `LLMKind`?', { root, db: store.database, lsp, scorer: new HeuristicScorer(), budget: 4 });
  answer = synthesize(exploration, 'heuristic', Number.POSITIVE_INFINITY);
}, 120_000);
afterAll(async () => {
  await lsp.shutdown();
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('local flows of typed parameters', () => {
  it('reaches uses of a parameter typed with the target, even with a budget of 3', () => {
    const at = (line: number) => answer.pointers.find((p) => p.location === `src/labels.ts:${line}`);
    expect(at(6)?.risk).toBe('high'); // LABELS[kind]: LABELS spells out its keys (the server's type says so)
    expect(at(11)).toBeDefined(); // switch (kind)
    expect(at(11)!.what).toMatch(/switch/);
    expect(at(20)).toBeUndefined(); // a property named kind is not the parameter
    // options.flavour → const chosen → switch (chosen): a local initialised from a flow is followed too.
    const lines = answer.pointers.filter((p) => p.location.startsWith('src/labels.ts:')).flatMap((p) => [Number(p.location.split(':')[1]), ...(p.also ?? [])]);
    expect(lines).toContain(25);
  });

  it('tells an index by value from a computed key in an object literal', () => {
    const check = (line: string, name: string) => isIndexByValue(line, line.indexOf(name));
    expect(check('  const text = LABELS[kind];', 'kind')).toBe(true);
    expect(check('  this.queues?.[type].shift();', 'type')).toBe(true);
    expect(check("  [LLMKind.OpenAI]: 'gpt-4o',", 'LLMKind')).toBe(false);
    expect(check('  kind: LLMKind;', 'LLMKind')).toBe(false);
    expect(check('    this.activePartLists[fragment.type] = parts;', 'type')).toBe(true);
    expect(check('  [EntityTypes.channel]: this.channelChildren,', 'EntityTypes')).toBe(false);
  });
});
