import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValue } from '../../src/index/sqlite.js';
import { findDuplicateClusters, findDuplicatesOf, loadFunctions, shingleFunctions, type DuplicateCluster } from '../../src/analysis/duplicates.js';
import { candidateProbability, chooseBanding, estimateJaccard, exactJaccard, lshCandidatePairs, minhashSignature } from '../../src/analysis/minhash.js';
import { normalizeTokens, shingleSet, shinglesOf } from '../../src/analysis/shingles.js';
import { formatDuplicates, runDuplicatesCommand } from '../../src/cli/duplicates-command.js';
import { isScoutError } from '../../src/core/errors.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

// ------------------------------------------------------------------ fixtures (real code shapes)

const INVOICE = `export function computeInvoiceTotal(items: LineItem[], taxRate: number): number {
  let subtotal = 0;
  for (const item of items) {
    if (item.quantity <= 0) continue;
    subtotal += item.price * item.quantity;
  }
  const discount = subtotal > 1000 ? subtotal * 0.05 : 0;
  const taxed = (subtotal - discount) * (1 + taxRate);
  if (taxed < 0) {
    throw new Error('negative total');
  }
  return Math.round(taxed * 100) / 100;
}
`;

/** The same function pasted, renamed, literals changed, and one statement added. */
const ORDER = `export function sumOrderLines(lines: OrderLine[], vat: number): number {
  let total = 0;
  for (const line of lines) {
    if (line.count <= 0) continue;
    total += line.unitPrice * line.count;
  }
  const rebate = total > 500 ? total * 0.1 : 0;
  const withVat = (total - rebate) * (1 + vat);
  if (withVat < 0) {
    throw new Error("order total below zero");
  }
  log.debug(withVat);
  return Math.round(withVat * 100) / 100;
}
`;

const UNRELATED = `export function parseHeaderLine(line: string): [string, string] | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  if (!/^[a-z0-9-]+$/.test(name)) {
    return null;
  }
  return [name, value];
}
`;

/** Two identical three-line functions: below the default minLines, so never compared by default. */
const TINY = `export function first(xs: number[]) {
  return xs[0];
}

export function head(ys: number[]) {
  return ys[0];
}
`;

/** A closure that is nearly all of its enclosing function: a part, not a duplicate. */
const NESTED = `export function makeRetrier(attempts: number) {
  const retry = async (task: () => Promise<unknown>) => {
    let lastError: unknown = null;
    for (let i = 0; i < attempts; i++) {
      try {
        return await task();
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** i));
      }
    }
    throw lastError;
  };
  return retry;
}
`;

const PY_MEAN = `def mean_of(values):
    """Arithmetic mean, ignoring None."""
    total = 0
    count = 0
    for v in values:
        if v is None:
            continue
        total += v
        count += 1
    if count == 0:
        return 0.0
    return total / count
`;

const PY_AVERAGE = `def average_score(scores):
    """Mean score; missing scores do not count."""
    # same shape, other names
    acc = 0
    n = 0
    for s in scores:
        if s is None:
            continue
        acc += s
        n += 1
    if n == 0:
        return 0.0
    return acc / n
`;

// ------------------------------------------------------------------ shingles

describe('normalizeTokens', () => {
  it('abstracts names and literals, keeps keywords and operators, drops comments', () => {
    const code = 'const total = price * 2.5e-3; // tax\nreturn `x${y}` + total /* end */ === "s";';
    expect(normalizeTokens(code, 'typescript')).toEqual(['const', '$id', '=', '$id', '*', '$num', ';', 'return', '$str', '+', '$id', '===', '$str', ';']);
  });

  it('handles Python comments, docstrings and keywords', () => {
    const code = 'def f(x):\n    """doc with \'quotes\'"""\n    # note\n    return None if x is None else x + 1\n';
    expect(normalizeTokens(code, 'python')).toEqual(['def', '$id', '(', '$id', ')', ':', '$str', 'return', 'None', 'if', '$id', 'is', 'None', 'else', '$id', '+', '$num']);
  });

  it('does not read Rust lifetimes or Haskell primes as string quotes', () => {
    expect(normalizeTokens("fn f<'a>(x: &'a str) -> &'a str { x }", 'rust')).not.toContain('$str');
    expect(normalizeTokens("let c = 'x';", 'rust')).toEqual(['let', '$id', '=', '$str', ';']);
    expect(normalizeTokens("go acc' = foldl' step acc' -- done", 'haskell')).toEqual(['$id', '$id', '=', '$id', '$id', '$id']);
  });

  it('hashes the same way with and without token texts', () => {
    expect(Array.from(shinglesOf(INVOICE, 'typescript'))).toEqual(Array.from(shingleSet(normalizeTokens(INVOICE, 'typescript'))));
    expect(shinglesOf(INVOICE, 'typescript').length).toBeGreaterThan(50);
  });
});

describe('shingle similarity', () => {
  const sim = (a: string, b: string, language: 'typescript' | 'python' = 'typescript'): number => exactJaccard(shinglesOf(a, language), shinglesOf(b, language));

  it('is 1 for identical bodies and for renamed identifiers and literals', () => {
    expect(sim(INVOICE, INVOICE)).toBe(1);
    const renamed = INVOICE.replaceAll('subtotal', 'acc').replaceAll('items', 'rows').replaceAll('item', 'row').replace('1000', '42').replace("'negative total'", '"nope"');
    expect(renamed).not.toBe(INVOICE);
    expect(sim(INVOICE, renamed)).toBe(1);
  });

  it('is high for an edited copy and low for a different body', () => {
    const near = sim(INVOICE, ORDER);
    expect(near).toBeGreaterThanOrEqual(0.8);
    expect(near).toBeLessThan(1);
    expect(sim(INVOICE, UNRELATED)).toBeLessThan(0.2);
    expect(sim(PY_MEAN, PY_AVERAGE, 'python')).toBe(1); // names, docstring text and comments differ, the shape does not
  });
});

// ------------------------------------------------------------------ minhash

/** Deterministic random 32-bit values (mulberry32). */
function randoms(seed: number, n: number): Uint32Array {
  let s = seed >>> 0;
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (t ^ (t >>> 14)) >>> 0;
  }
  return out;
}
const sorted = (xs: ArrayLike<number>): Uint32Array => Uint32Array.from(new Set(Array.from(xs))).sort();

describe('minhash', () => {
  it('estimates the Jaccard similarity', () => {
    const errors: number[] = [];
    for (let trial = 0; trial < 40; trial++) {
      const pool = randoms(trial + 1, 300);
      const shared = pool.subarray(0, 100 + trial * 2);
      const a = sorted([...shared, ...pool.subarray(200, 250)]);
      const b = sorted([...shared, ...pool.subarray(250, 300)]);
      const exact = exactJaccard(a, b);
      errors.push(Math.abs(estimateJaccard(minhashSignature(a), minhashSignature(b)) - exact));
    }
    const meanError = errors.reduce((s, e) => s + e, 0) / errors.length;
    expect(meanError).toBeLessThan(0.06); // 64 values: standard error about 0.06 at J = 0.5, smaller near 0 and 1
    expect(Math.max(...errors)).toBeLessThan(0.2);
  });

  it('gives equal signatures for equal sets and unrelated ones for disjoint sets, also when small', () => {
    const pool = randoms(7, 400);
    const small = sorted(pool.subarray(0, 10)); // most of the 64 bins are empty and get densified
    expect(estimateJaccard(minhashSignature(small), minhashSignature(sorted(pool.subarray(0, 10))))).toBe(1);
    expect(estimateJaccard(minhashSignature(sorted(pool.subarray(0, 200))), minhashSignature(sorted(pool.subarray(200, 400))))).toBeLessThan(0.1);
    expect(Array.from(minhashSignature(new Uint32Array(0)))).toEqual(new Array(64).fill(0xffffffff));
  });

  it('bands for high recall at the threshold and finds the pairs that share a band', () => {
    expect(chooseBanding(64, 0.8)).toEqual({ bands: 16, rows: 4 });
    expect(candidateProbability(0.8, chooseBanding(64, 0.8))).toBeGreaterThan(0.995);
    expect(candidateProbability(0.3, chooseBanding(64, 0.8))).toBeLessThan(0.15);
    const pool = randoms(3, 600);
    const sets = [sorted(pool.subarray(0, 200)), sorted(pool.subarray(400, 600)), sorted([...pool.subarray(0, 190), ...pool.subarray(390, 400)])];
    const signatures = new Uint32Array(3 * 64);
    sets.forEach((s, i) => minhashSignature(s, 64, signatures, i * 64));
    expect(lshCandidatePairs(signatures, 3, 64, { bands: 16, rows: 4 })).toEqual([[0, 2]]);
  });
});

// ------------------------------------------------------------------ against a real index

let repo: TempRepo;
let store: SqliteStore;

beforeAll(async () => {
  repo = tempRepo();
  repo.write('src/billing.ts', INVOICE);
  repo.write('src/orders.ts', ORDER);
  repo.write('src/headers.ts', UNRELATED);
  repo.write('src/tiny.ts', TINY);
  repo.write('src/retry.ts', NESTED);
  repo.write('src/shape.ts', 'export interface Shape {\n  area(): number;\n}\n');
  repo.write('py/mean.py', PY_MEAN);
  repo.write('py/scores.py', `import math\n\n\n${PY_AVERAGE}`);
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
});
afterAll(() => {
  store?.close();
  repo?.cleanup();
});

const names = (c: DuplicateCluster): string[] => c.members.map((m) => m.qualified_name);
const idOf = (name: string): number => firstValue(store.database.prepare('SELECT id FROM definitions WHERE name = ?'), name) as number;

describe('findDuplicateClusters', () => {
  it('clusters the near-copies and nothing else', () => {
    const report = findDuplicateClusters(store.database);
    expect(report.min_similarity).toBe(0.8);
    const clusters = report.clusters.map(names);
    expect(clusters).toContainEqual(['mean_of', 'average_score']); // members sorted by file: py/mean.py < py/scores.py
    expect(clusters).toContainEqual(['computeInvoiceTotal', 'sumOrderLines']);
    expect(report.clusters).toHaveLength(2);
    expect(report.total_clusters).toBe(2);
    const ts = report.clusters.find((c) => c.members.some((m) => m.symbol === 'sumOrderLines'));
    expect(ts?.similarity).toBeGreaterThanOrEqual(0.8);
    expect(ts?.similarity).toBeLessThan(1);
    expect(ts?.members[0]).toMatchObject({ file: 'src/billing.ts', start_line: 1, end_line: 13, lines: 13, kind: 'function' });
    // The exact copy (after normalisation) sorts first: size × similarity.
    expect(report.clusters[0]?.similarity).toBe(1);
    // computeInvoiceTotal, sumOrderLines, parseHeaderLine, makeRetrier, retry, mean_of, average_score; not the tiny ones.
    expect(report.functions_compared).toBe(7);
  });

  it('does not pair a function with the closure that makes up most of it', () => {
    const fns = shingleFunctions(loadFunctions(store.database));
    const outer = fns.find((f) => f.member.symbol === 'makeRetrier');
    const inner = fns.find((f) => f.member.symbol === 'retry');
    expect(outer && inner).toBeTruthy();
    // Similar enough to cluster if the nesting check were missing:
    expect(exactJaccard(outer!.shingles, inner!.shingles)).toBeGreaterThanOrEqual(0.8);
    const clustered = findDuplicateClusters(store.database).clusters.flatMap(names);
    expect(clustered).not.toContain('retry');
    expect(clustered).not.toContain('makeRetrier');
  });

  it('follows the options', () => {
    const strict = findDuplicateClusters(store.database, { minSimilarity: 0.99 }).clusters.map(names);
    expect(strict).toEqual([['mean_of', 'average_score']]);
    const python = findDuplicateClusters(store.database, { pathPrefix: 'py/' });
    expect(python.clusters.map(names)).toEqual([['mean_of', 'average_score']]);
    expect(python.functions_compared).toBe(2);
    expect(findDuplicateClusters(store.database, { pathNotContains: ['orders'] }).clusters.map(names)).toEqual([['mean_of', 'average_score']]);
    const tiny = findDuplicateClusters(store.database, { minLines: 1 }).clusters.map(names);
    expect(tiny).toContainEqual(['first', 'head']);
    expect(() => findDuplicateClusters(store.database, { minSimilarity: 1.5 })).toThrow(/min_similarity/);
  });
});

describe('findDuplicatesOf', () => {
  it('finds the copies of one definition, most similar first, not itself', () => {
    const matches = findDuplicatesOf(store.database, idOf('computeInvoiceTotal'));
    expect(matches.map((m) => m.symbol)).toEqual(['sumOrderLines']);
    expect(matches[0]?.similarity).toBeGreaterThanOrEqual(0.8);
    expect(matches[0]?.file).toBe('src/orders.ts');
    expect(findDuplicatesOf(store.database, idOf('parseHeaderLine'))).toEqual([]);
    expect(findDuplicatesOf(store.database, idOf('computeInvoiceTotal'), { minSimilarity: 0.99 })).toEqual([]);
    expect(findDuplicatesOf(store.database, idOf('makeRetrier'))).toEqual([]); // its own closure does not count
    // A tiny target is compared with functions of at least minLines; with minLines 1 it finds its twin.
    expect(findDuplicatesOf(store.database, idOf('first'), { minLines: 1 }).map((m) => m.symbol)).toEqual(['head']);
  });

  it('says when the id is unknown', () => {
    expect(() => findDuplicatesOf(store.database, 999_999)).toThrow(/no definition with id 999999/);
  });

  it('sees index changes made through another connection or its own (no stale cache)', async () => {
    const matchesOfInvoice = (): string[] => findDuplicatesOf(store.database, idOf('computeInvoiceTotal')).map((m) => m.symbol);
    expect(matchesOfInvoice()).toEqual(['sumOrderLines']); // cached now
    repo.write('src/copy.ts', INVOICE.replace('computeInvoiceTotal', 'pastedTotal'));
    const other = SqliteStore.open(repo.root);
    try {
      await indexRepository(repo.root, other); // another connection: PRAGMA data_version moves
    } finally {
      other.close();
    }
    expect(matchesOfInvoice()).toEqual(['pastedTotal', 'sumOrderLines']);
    repo.remove('src/copy.ts');
    await indexRepository(repo.root, store); // this connection: total_changes() moves
    expect(matchesOfInvoice()).toEqual(['sumOrderLines']);
  });
});

describe('scout duplicates command', () => {
  it('reports clusters, and matches for a symbol', async () => {
    const all = await runDuplicatesCommand(repo.root, {});
    expect(all.mode).toBe('clusters');
    expect(all.freshness.strategy).toBe('none');
    const text = formatDuplicates(all);
    expect(text).toContain('2 cluster(s)');
    expect(text).toContain('src/orders.ts:1-14  function sumOrderLines (14 lines)');

    const one = await runDuplicatesCommand(repo.root, { symbol: 'sumOrderLines', 'min-similarity': '0.8' });
    expect(one.mode === 'symbol' && one.targets[0]?.matches.map((m) => m.symbol)).toEqual(['computeInvoiceTotal']);
    expect(formatDuplicates(one)).toMatch(/0\.\d\d {2}src\/billing\.ts:1-13 {2}function computeInvoiceTotal/);

    const limited = await runDuplicatesCommand(repo.root, { limit: '1' });
    expect(limited.mode === 'clusters' && [limited.clusters.length, limited.total_clusters]).toEqual([1, 2]);
  });

  it('explains unknown symbols and bad flags', async () => {
    const typo = await runDuplicatesCommand(repo.root, { symbol: 'computeInvoceTotal' }).catch((e: unknown) => e);
    expect(isScoutError(typo) && typo.code).toBe('USAGE');
    expect((typo as Error).message).toBe('no function or method named "computeInvoceTotal" in the index; similar names: computeInvoiceTotal');
    await expect(runDuplicatesCommand(repo.root, { symbol: 'sumOrder' })).rejects.toThrow(/similar names: sumOrderLines/);
    await expect(runDuplicatesCommand(repo.root, { symbol: 'zzzz' })).rejects.toThrow(/check the spelling/);
    await expect(runDuplicatesCommand(repo.root, { symbol: 'Shape' })).rejects.toThrow(
      '"Shape" is an interface (src/shape.ts:1); duplicates compares functions and methods only: pass one of its methods, e.g. --symbol Shape.area',
    );
    await expect(runDuplicatesCommand(repo.root, { 'min-similarity': '80' })).rejects.toThrow(/--min-similarity 0\.85/);
    await expect(runDuplicatesCommand(repo.root, { 'min-lines': 'x' })).rejects.toThrow(/--min-lines takes a whole number/);
  });
});
