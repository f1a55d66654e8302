import { describe, expect, it } from 'vitest';
import { capReason, clampScore, makeRubric, MAX_REASON_CHARS, validateRubric } from '../../src/scout/rubric.js';

const TAGS = ['exhaustive', 'pattern-match', 'record-key', 'breaks-on-add'];
const good = { relevance: 5, risk: 4, complexity: 2, confidence: 5, tags: ['exhaustive'], reason: 'exhaustive switch' };

describe('validateRubric', () => {
  it('accepts a clean rubric unchanged, with no problems', () => {
    expect(validateRubric(good, TAGS)).toEqual({ rubric: good, problems: [] });
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', '{"relevance": 5}'],
    ['a number', 5],
    ['a boolean', true],
    ['an array', [good]],
  ])('rejects %s', (_label, raw) => {
    const r = validateRubric(raw, TAGS);
    expect(r.rubric).toBeNull();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^not an object/);
  });

  it('rejects garbage objects that lack relevance or risk', () => {
    const r = validateRubric({ hello: 'world' }, TAGS);
    expect(r.rubric).toBeNull();
    expect(r.problems).toContain('relevance: missing');
    expect(r.problems).toContain('risk: missing');
    const high = validateRubric({ relevance: 'high', risk: 3 }, TAGS);
    expect(high.rubric).toBeNull();
    expect(high.problems[0]).toBe('relevance: not a number (the string "high")');
    expect(validateRubric({ relevance: null, risk: 3 }, TAGS).rubric).toBeNull();
    expect(validateRubric({ relevance: true, risk: 3 }, TAGS).rubric).toBeNull();
    expect(validateRubric({ relevance: [5], risk: 3 }, TAGS).rubric).toBeNull();
  });

  it('rejects non-finite numbers', () => {
    const r = validateRubric({ ...good, relevance: Number.NaN }, TAGS);
    expect(r.rubric).toBeNull();
    expect(r.problems[0]).toBe('relevance: not a finite number (NaN)');
    expect(validateRubric({ ...good, risk: Infinity }, TAGS).rubric).toBeNull();
  });

  it('reads numeric strings and says so', () => {
    const r = validateRubric({ ...good, relevance: '4', risk: ' 2.6 ' }, TAGS);
    expect(r.rubric).toMatchObject({ relevance: 4, risk: 3 });
    expect(r.problems).toEqual(['relevance: numeric string "4" read as 4', 'risk: numeric string " 2.6 " read as 2.6', 'risk: 2.6 rounded to 3']);
  });

  it('rounds floats to integers', () => {
    const r = validateRubric({ ...good, relevance: 4.4, risk: 4.5, complexity: 1.49, confidence: 2.51 }, TAGS);
    expect(r.rubric).toMatchObject({ relevance: 4, risk: 5, complexity: 1, confidence: 3 });
    expect(r.problems).toHaveLength(4);
    expect(r.problems[0]).toBe('relevance: 4.4 rounded to 4');
  });

  it('clamps out-of-range values into 1-5', () => {
    const r = validateRubric({ ...good, relevance: 9, risk: 0, complexity: -3, confidence: 100.7 }, TAGS);
    expect(r.rubric).toMatchObject({ relevance: 5, risk: 1, complexity: 1, confidence: 5 });
    expect(r.problems).toEqual(['relevance: 9 clamped to 5', 'risk: 0 clamped to 1', 'complexity: -3 clamped to 1', 'confidence: 100.7 rounded and clamped to 5']);
  });

  it('defaults a missing complexity or confidence, noting it', () => {
    const r = validateRubric({ relevance: 3, risk: 3 }, TAGS);
    expect(r.rubric).toEqual({ relevance: 3, risk: 3, complexity: 2, confidence: 3, tags: [], reason: '' });
    expect(r.problems).toEqual(['complexity: missing', 'complexity: defaulted to 2', 'confidence: missing', 'confidence: defaulted to 3']);
  });

  it('drops unknown tags, keeps known ones once in the allowed spelling', () => {
    const r = validateRubric({ ...good, tags: ['Exhaustive', 'type-family', 'exhaustive', 'pattern match', 7, ''] }, TAGS);
    expect(r.rubric?.tags).toEqual(['exhaustive', 'pattern-match']);
    expect(r.problems).toEqual(['tags: dropped "type-family", number 7 (not among the query\'s tags)']);
  });

  it('accepts a comma-separated tag string and ignores a non-array', () => {
    expect(validateRubric({ ...good, tags: 'exhaustive, record-key' }, TAGS).rubric?.tags).toEqual(['exhaustive', 'record-key']);
    const r = validateRubric({ ...good, tags: { a: 1 } }, TAGS);
    expect(r.rubric?.tags).toEqual([]);
    expect(r.problems[0]).toMatch(/^tags: not an array/);
    expect(validateRubric({ ...good, tags: ['exhaustive'] }, []).rubric?.tags).toEqual([]);
  });

  it('caps the reason at 200 characters and accepts `reasoning`', () => {
    const long = 'x'.repeat(500);
    const r = validateRubric({ ...good, reason: long }, TAGS);
    expect(r.rubric?.reason.length).toBe(MAX_REASON_CHARS);
    expect(r.rubric?.reason.endsWith('…')).toBe(true);
    expect(r.problems).toEqual(['reason: cut to 200 characters']);
    const { reason: _omit, ...noReason } = good;
    expect(validateRubric({ ...noReason, reasoning: 'Exhaustive  pattern\nmatch' }, TAGS).rubric?.reason).toBe('Exhaustive pattern match');
    const bad = validateRubric({ ...good, reason: 42 }, TAGS);
    expect(bad.rubric?.reason).toBe('');
    expect(bad.problems[0]).toMatch(/^reason: not a string/);
  });

  it('ignores extra fields such as id', () => {
    expect(validateRubric({ id: 3, ...good, extra: 'x' }, TAGS)).toEqual({ rubric: good, problems: [] });
  });
});

describe('rubric helpers', () => {
  it('clampScore rounds and clamps', () => {
    expect([0, 1, 2.5, 3.49, 7, -2].map(clampScore)).toEqual([1, 1, 3, 3, 5, 1]);
  });
  it('capReason collapses whitespace', () => {
    expect(capReason('  a \n b ')).toBe('a b');
    expect(capReason('abcdef', 4)).toBe('abc…');
  });
  it('makeRubric fills neutral values and clamps', () => {
    expect(makeRubric()).toEqual({ relevance: 3, risk: 3, complexity: 3, confidence: 3, tags: [], reason: '' });
    expect(makeRubric({ relevance: 9, tags: ['a'] })).toMatchObject({ relevance: 5, tags: ['a'] });
  });
});
