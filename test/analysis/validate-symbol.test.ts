/** validate_symbol over a real index of a small temp repository, and the complexity risk thresholds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessComplexity, COMPLEXITY_THRESHOLDS, describeCrossing } from '../../src/analysis/complexity-risk.js';
import type { AmbiguousTarget } from '../../src/analysis/symbol-target.js';
import { validateSymbol, type ValidateSymbolResult } from '../../src/analysis/validate-symbol.js';
import { formatValidate, runCallersCommand, runValidateCommand, formatCallers } from '../../src/cli/analysis-commands.js';
import { ScoutError } from '../../src/core/errors.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore;

function validate(target: string): ValidateSymbolResult {
  const result = validateSymbol(store.database, target, { root: repo.root });
  if ('ambiguous' in result) throw new Error(`ambiguous: ${result.message}`);
  return result;
}

/** A function body deep and branchy enough to cross every complexity threshold but length. */
const TANGLED = `export function tangled(items: number[][], mode: string): number {
  let total = 0;
  for (const row of items) {
    if (mode === 'a' || mode === 'b') {
      for (const x of row) {
        if (x > 0) {
          if (x % 2 === 0) {
            while (total < 100) {
              if (x > 10 && x < 20) {
                total += x;
              } else if (x > 20) {
                total -= 1;
              } else {
                break;
              }
            }
          }
        } else if (x < -5 || x === -1) {
          total--;
        }
      }
    } else if (mode === 'c') {
      total *= 2;
    }
  }
  return total;
}
`;

/** Two near-copies of the same loop: the duplicates module should pair them. */
const SUM_A = `export function sumPrices(orders: Array<{ price: number; qty: number }>): number {
  let sum = 0;
  for (const order of orders) {
    if (order.qty > 0) {
      sum += order.price * order.qty;
    }
  }
  return Math.round(sum * 100) / 100;
}
`;
const SUM_B = `export function totalCost(lines: Array<{ price: number; qty: number }>): number {
  let acc = 0;
  for (const line of lines) {
    if (line.qty > 0) {
      acc += line.price * line.qty;
    }
  }
  return Math.round(acc * 100) / 100;
}
`;

beforeAll(async () => {
  repo = tempRepo();
  repo.write('src/tangled.ts', `${TANGLED}
export function useTangled(): number {
  return tangled([[1]], 'a');
}
`);
  repo.write('src/orders.ts', SUM_A);
  repo.write('src/billing.ts', `${SUM_B}
function unusedHelper(): number {
  return 1;
}
`);
  repo.write('src/simple.ts', `export function simple(): number {
  return 1;
}

export function simple2(): number {
  return simple() + 1;
}
`);
  repo.write('lib/simple.ts', `export function simple(): number {
  return 2;
}
`);
  // risky() with 6 direct callers, each called by one more function: 12 callers up to depth 2
  const callers = Array.from({ length: 6 }, (_, i) => `export function user${i}(): string {\n  return risky(${i});\n}\n\nexport function outer${i}(): string {\n  return user${i}();\n}\n`);
  const cases = Array.from({ length: 12 }, (_, i) => `    case ${i}:\n      return 'v${i}';`).join('\n');
  repo.write('src/fan.ts', `export function risky(n: number): string {\n  switch (n) {\n${cases}\n    default:\n      return 'many';\n  }\n}\n\n${callers.join('\n')}`);
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
});
afterAll(() => {
  store.close();
  repo.cleanup();
});

describe('complexity risk', () => {
  it('is low when no threshold is crossed, including exactly at a threshold', () => {
    expect(assessComplexity({ cognitive: 10, cyclomatic: 10, max_nesting: 3, lines: 80 })).toEqual({ risk: 'low', crossed: [] });
    expect(assessComplexity({ cognitive: null, cyclomatic: null, max_nesting: null, lines: null })).toEqual({ risk: 'low', crossed: [] });
  });

  it('is medium above a medium threshold and names it', () => {
    const r = assessComplexity({ cognitive: 12, cyclomatic: 4, max_nesting: 1, lines: 20 });
    expect(r).toEqual({ risk: 'medium', crossed: [{ metric: 'cognitive', value: 12, threshold: 10, level: 'medium' }] });
    expect(describeCrossing(r.crossed[0]!)).toBe('cognitive complexity 12 exceeds 10');
  });

  it('is high when any metric is above its high threshold, and lists every crossing', () => {
    const r = assessComplexity({ cognitive: 12, cyclomatic: 21, max_nesting: 4, lines: 81 });
    expect(r.risk).toBe('high');
    expect(r.crossed.map((c) => [c.metric, c.threshold, c.level])).toEqual([
      ['cognitive', 10, 'medium'],
      ['cyclomatic', 20, 'high'],
      ['max_nesting', 3, 'medium'],
      ['lines', 80, 'medium'],
    ]);
    expect(assessComplexity({ cognitive: 16, cyclomatic: 1, max_nesting: 0, lines: 3 }).crossed).toEqual([
      { metric: 'cognitive', value: 16, threshold: COMPLEXITY_THRESHOLDS.cognitive.high, level: 'high' },
    ]);
  });
});

describe('validateSymbol', () => {
  it('reports the metrics of an overly complex function and a suggestion per crossed threshold', () => {
    const r = validate('tangled');
    expect(r).toMatchObject({ symbol: 'tangled', kind: 'function', file: 'src/tangled.ts', line: 1, lines: '1-27' });
    expect(r.complexity.risk).toBe('high');
    expect(r.complexity.cognitive).toBeGreaterThan(15);
    expect(r.complexity.max_nesting).toBeGreaterThan(5);
    expect(r.complexity.cyclomatic).toBeGreaterThan(10);
    expect(r.complexity.cyclomatic).toBeLessThanOrEqual(20);
    // one suggestion per crossed threshold, naming the value and the threshold; lines (27) crosses none
    expect(r.suggestions).toEqual([
      `cognitive complexity ${r.complexity.cognitive} exceeds 15 (high): split the branches into smaller, named functions`,
      `cyclomatic complexity ${r.complexity.cyclomatic} exceeds 10: too many paths to test one by one; extract cases into functions or a lookup table`,
      `nesting depth ${r.complexity.max_nesting} exceeds 5 (high): flatten with early returns or extract the inner blocks`,
    ]);
    expect(r.callers).toMatchObject({ direct: 1, transitive: 1, depth: 2 });
    expect(r.callers.top).toEqual([{ symbol: 'useTangled', qualified_name: 'useTangled', file: 'src/tangled.ts', line: 29, resolution: 'local' }]);
  });

  it('a simple function has low risk and no complexity suggestions', () => {
    const r = validate('src/simple.ts:2');
    expect(r.qualified_name).toBe('simple');
    expect(r.complexity).toMatchObject({ risk: 'low', crossed: [] });
    expect(r.suggestions).toEqual([]);
    expect(r.callers.direct).toBe(1);
  });

  it('names near-duplicates with their similarity and location', () => {
    const r = validate('sumPrices');
    expect(r.duplicates).toEqual([expect.objectContaining({ symbol: 'totalCost', file: 'src/billing.ts', line: 1 })]);
    const pct = Math.round(r.duplicates[0]!.similarity * 100);
    expect(pct).toBeGreaterThanOrEqual(80);
    expect(r.suggestions).toContain(`${pct}% similar to totalCost (src/billing.ts:1): consider consolidating`);
  });

  it('a private function nobody calls is flagged as possibly unused; an exported one only noted', () => {
    const unused = validate('unusedHelper');
    expect(unused.callers.direct).toBe(0);
    expect(unused.suggestions).toContain('no callers found in the index and not exported: possibly unused (check for dynamic calls before removing it)');
    const exported = validate('totalCost');
    expect(exported.suggestions.some((s) => s.includes('possibly unused'))).toBe(false);
    expect(exported.notes).toContain('no callers in the index; it is exported, so callers may live outside the repository');
  });

  it('a risky function with many transitive callers gets a test-first suggestion', () => {
    const r = validate('risky');
    expect(r.complexity.risk).toBe('medium');
    expect(r.complexity.crossed.map((c) => c.metric)).toEqual(['cyclomatic']);
    expect(r.callers).toMatchObject({ direct: 6, transitive: 12, depth: 2 });
    expect(r.callers.top).toHaveLength(5);
    expect(r.suggestions).toContain(`12 callers up to depth 2 exceed 10: with ${r.complexity.risk} complexity risk, add tests around it before refactoring`);
    // a low-risk function with callers gets no such advice
    expect(validate('user0').suggestions).toEqual([]);
  });

  it('an ambiguous name returns the candidates instead of guessing', () => {
    const r = validateSymbol(store.database, 'simple', { root: repo.root }) as AmbiguousTarget;
    expect(r.ambiguous).toBe(true);
    expect(r.candidates.map((c) => c.target)).toEqual(['lib/simple.ts:1', 'src/simple.ts:1']);
  });

  it('unknown names and paths outside the root are errors', () => {
    expect(() => validate('tangle')).toThrow(/no definition named "tangle".*near names: tangled/);
    expect(() => validate('../../etc/passwd:1')).toThrow(ScoutError);
    expect(() => validate('../../etc/passwd:1')).toThrow(/outside the repository root/);
  });
});

describe('CLI commands', () => {
  it('validate refreshes the index first and prints the suggestions', async () => {
    repo.write('src/late.ts', `export function late(): number {
  return tangled2();
}
function tangled2(): number {
  return 1;
}
`);
    const r = await runValidateCommand(repo.root, 'tangled2');
    expect(r.freshness.refreshed).toBe(true);
    if ('ambiguous' in r) throw new Error('ambiguous');
    expect(r.callers.direct).toBe(1);
    const text = formatValidate(r);
    expect(text).toContain('function tangled2  src/late.ts:4-6');
    expect(text).toContain('callers: 1 direct');
  });

  it('callers checks its flags and prints the graph', async () => {
    await expect(runCallersCommand(repo.root, 'tangled', { depth: '9' })).rejects.toThrow(/--depth takes a whole number from 1 to 5, got "9"/);
    await expect(runCallersCommand(repo.root, 'tangled', { limit: 'x' })).rejects.toThrow(/--limit takes a whole number/);
    const r = await runCallersCommand(repo.root, 'tangled', { depth: '1' });
    expect(formatCallers(r)).toMatch(/^callers of function tangled \(src\/tangled\.ts:1\), depth 1: 1 direct, 1 in all/);
    expect(formatCallers(r)).toContain('1. useTangled  src/tangled.ts:29  called at line 30');
    const callees = await runCallersCommand(repo.root, 'useTangled', { callees: true });
    expect(formatCallers(callees)).toContain('1. tangled  src/tangled.ts:1  called from useTangled at line 30');
  });
});
