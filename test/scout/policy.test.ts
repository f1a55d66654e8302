import { describe, expect, it } from 'vitest';
import { clampLimits, DEFAULT_POLICY, LIMIT_RANGES, resolvePolicy, scoreRubric, shouldExpand, type PolicyCoefficients } from '../../src/scout/policy.js';
import { makeRubric, type Rubric } from '../../src/scout/rubric.js';

/** relevance 3, risk 2, complexity 2, confidence 4, no tags: 6 + 3 + 2 − 1 = 10 at depth 0. */
const base: Rubric = makeRubric({ relevance: 3, risk: 2, complexity: 2, confidence: 4 });
const TAGS = ['exhaustive', 'pattern-match'];

function score(r: Partial<Rubric>, depth = 0, breadth = 1, c: PolicyCoefficients = DEFAULT_POLICY): number {
  return shouldExpand({ ...base, ...r }, TAGS, depth, breadth, 10, c).score;
}

describe('shouldExpand', () => {
  it('defaults are the seed coefficients', () => {
    expect(DEFAULT_POLICY).toEqual({
      relevance: 2.0, risk: 1.5, tagMatch: 3.0, confidence: 0.5, depth: 2.0, complexity: 0.5,
      breadthPenalty: 3.0, breadthLimit: 5, threshold: 8.0, budget: 20, maxDepth: 5, maxBreadth: 10,
    });
    expect(Object.isFrozen(DEFAULT_POLICY)).toBe(true);
  });

  it('computes the seed formula', () => {
    // 5×2 + 5×1.5 + 2×3 + 5×0.5 − 1×2 − 2×0.5 = 10 + 7.5 + 6 + 2.5 − 2 − 1 = 23
    const d = shouldExpand(makeRubric({ relevance: 5, risk: 5, complexity: 2, confidence: 5, tags: ['exhaustive', 'pattern-match', 'breaks-on-add'] }), TAGS, 1, 3, 10);
    expect(d.score).toBe(23);
    expect(d.expand).toBe(true);
    expect(d.tagMatches).toEqual(['exhaustive', 'pattern-match']);
    expect(d.terms).toEqual({ relevance: 10, risk: 7.5, tags: 6, confidence: 2.5, depth: -2, complexity: -1, breadth: 0 });
    expect(d.reason).toBe(
      'score 23 = relevance 5×2 + risk 5×1.5 + tags 2×3 (exhaustive, pattern-match) + confidence 5×0.5 − depth 1×2 − complexity 2×0.5 > 8: expand',
    );
  });

  it('each coefficient moves the score by its weight', () => {
    expect(score({})).toBe(10);
    expect(score({ relevance: 4 }) - score({})).toBe(2.0);
    expect(score({ risk: 3 }) - score({})).toBe(1.5);
    expect(score({ tags: ['exhaustive'] }) - score({})).toBe(3.0);
    expect(score({ confidence: 5 }) - score({})).toBe(0.5);
    expect(score({}, 1) - score({})).toBe(-2.0);
    expect(score({ complexity: 3 }) - score({})).toBe(-0.5);
  });

  it('coefficients are configuration: changing one changes only its term', () => {
    const doubled = { ...DEFAULT_POLICY, relevance: 4.0 };
    expect(score({}, 0, 1, doubled) - score({})).toBe(6); // 3 × (4 − 2)
    const noDepth = { ...DEFAULT_POLICY, depth: 0 };
    expect(score({}, 3, 1, noDepth)).toBe(score({}, 0));
    const tagHeavy = { ...DEFAULT_POLICY, tagMatch: 10 };
    expect(score({ tags: ['exhaustive'] }, 0, 1, tagHeavy) - score({})).toBe(10);
  });

  it('counts only query tags, each once, case-insensitively', () => {
    expect(score({ tags: ['exhaustive', 'EXHAUSTIVE', 'unrelated'] }) - score({})).toBe(3);
    expect(score({ tags: ['Pattern-Match'] }) - score({})).toBe(3);
  });

  it('expands strictly above the threshold', () => {
    // relevance 2, risk 2, complexity 2, confidence 4: 4 + 3 + 2 − 1 = 8 exactly
    const edge = makeRubric({ relevance: 2, risk: 2, complexity: 2, confidence: 4 });
    const at = shouldExpand(edge, [], 0, 1, 5);
    expect(at.score).toBe(8);
    expect(at.expand).toBe(false);
    expect(at.reason).toMatch(/≤ 8: prune$/);
    const above = shouldExpand({ ...edge, confidence: 5 }, [], 0, 1, 5);
    expect(above.score).toBe(8.5);
    expect(above.expand).toBe(true);
    expect(shouldExpand(edge, [], 0, 1, 5, { ...DEFAULT_POLICY, threshold: 7.99 }).expand).toBe(true);
  });

  it('never expands with no budget left, whatever the score', () => {
    const great = makeRubric({ relevance: 5, risk: 5, complexity: 1, confidence: 5, tags: TAGS });
    for (const budget of [0, -1]) {
      const d = shouldExpand(great, TAGS, 0, 1, budget);
      expect(d.expand).toBe(false);
      expect(d.score).toBeGreaterThan(20);
      expect(d.reason).toMatch(/budget exhausted: prune$/);
    }
    expect(shouldExpand(great, TAGS, 0, 1, 1).expand).toBe(true);
  });

  it('penalizes wide nodes only above the breadth limit', () => {
    expect(score({}, 0, 5)).toBe(10);
    expect(score({}, 0, 6)).toBe(7);
    const d = shouldExpand(base, TAGS, 0, 6, 10);
    expect(d.terms.breadth).toBe(-3);
    expect(d.expand).toBe(false);
    expect(d.reason).toContain('− breadth 6>5 3');
    expect(score({}, 0, 8, { ...DEFAULT_POLICY, breadthLimit: 10 })).toBe(10);
  });

  it('stops at the maximum depth', () => {
    const great = makeRubric({ relevance: 5, risk: 5, complexity: 1, confidence: 5, tags: TAGS });
    expect(shouldExpand(great, TAGS, 4, 1, 10).expand).toBe(true);
    const d = shouldExpand(great, TAGS, 5, 1, 10);
    expect(d.expand).toBe(false);
    expect(d.reason).toMatch(/depth 5 at the limit 5: prune$/);
    expect(shouldExpand(great, TAGS, 1, 1, 10, { ...DEFAULT_POLICY, maxDepth: 1 }).expand).toBe(false);
  });

  it('is pure: same input, same output', () => {
    const a = shouldExpand(base, TAGS, 1, 2, 3);
    const b = shouldExpand(base, TAGS, 1, 2, 3);
    expect(a).toEqual(b);
    expect(scoreRubric(base, TAGS, 1, 2).score).toBe(a.score);
  });
});

describe('clampLimits', () => {
  it('uses the policy defaults when nothing is given', () => {
    expect(clampLimits()).toEqual({ budget: 20, maxDepth: 5, maxBreadth: 10, notes: [] });
    expect(clampLimits(undefined, null, undefined, { ...DEFAULT_POLICY, budget: 7 })).toMatchObject({ budget: 7, notes: [] });
  });

  it('keeps values in range', () => {
    expect(clampLimits(15, 3, 20)).toEqual({ budget: 15, maxDepth: 3, maxBreadth: 20, notes: [] });
  });

  it('clamps a budget of zero or less and says so', () => {
    expect(clampLimits(0)).toMatchObject({ budget: 1, notes: ['budget 0 is below the minimum 1; using 1'] });
    expect(clampLimits(-5).budget).toBe(1);
  });

  it('clamps a huge budget and says so', () => {
    const r = clampLimits(1_000_000, 99, 1e9);
    expect(r.budget).toBe(LIMIT_RANGES.budget.max);
    expect(r.maxDepth).toBe(LIMIT_RANGES.maxDepth.max);
    expect(r.maxBreadth).toBe(LIMIT_RANGES.maxBreadth.max);
    expect(r.notes).toEqual([
      'budget 1000000 is above the maximum 200; using 200',
      'depth 99 is above the maximum 10; using 10',
      'breadth 1000000000 is above the maximum 100; using 100',
    ]);
    expect(clampLimits(Infinity).notes[0]).toBe('budget Infinity is above the maximum 200; using 200');
  });

  it('rounds fractions and replaces non-numbers with the default', () => {
    expect(clampLimits(7.6)).toMatchObject({ budget: 8, notes: ['budget 7.6 is not a whole number; using 8'] });
    expect(clampLimits(Number.NaN)).toMatchObject({ budget: 20, notes: ['budget NaN is not a number; using the default 20'] });
    expect(clampLimits('12' as unknown as number).notes[0]).toMatch(/budget 12 is not a number/);
  });
});

describe('resolvePolicy', () => {
  it('applies known numeric overrides and names the rest', () => {
    const { policy, notes } = resolvePolicy({ threshold: 6, relevance: 3, bogus: 1, risk: 'high', depth: Infinity });
    expect(policy).toEqual({ ...DEFAULT_POLICY, threshold: 6, relevance: 3 });
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/^policy\.bogus is not a policy coefficient/);
    expect(notes[1]).toMatch(/^policy\.risk must be a finite number, got "high"; using 1\.5/);
    expect(resolvePolicy(undefined)).toEqual({ policy: { ...DEFAULT_POLICY }, notes: [] });
  });
});
