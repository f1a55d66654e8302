/** A change question whose name cannot be read, or that names nothing, gets a clear error instead of an answer about something else. */
import { describe, expect, it } from 'vitest';
import { ScoutError } from '../../src/core/errors.js';
import { assertReadableChangeTarget } from '../../src/scout/change-target.js';
import { analyzeQuery } from '../../src/scout/query-analysis.js';

const check = (q: string): void => assertReadableChangeTarget(q, analyzeQuery(q));

describe('change questions name a readable declaration', () => {
  it('refuses a name that is not one, empty backticks, and a question with no name, saying how to ask', () => {
    expect(() => check('what breaks if I add a variant to `Foo..bar`?')).toThrow(/`Foo\.\.bar` is not a name scout can read: name the declaration as it is written in the code/);
    expect(() => check('what breaks if I add a variant to `3x!`?')).toThrow(/`3x!` is not a name scout can read/);
    expect(() => check('what breaks if I add a variant to ``?')).toThrow(/the backticks in the question are empty/);
    expect(() => check('what breaks if I add a variant?')).toThrow(/names no declaration to change/);
    try {
      check('what breaks if I add a variant to `a b`?');
    } catch (error) {
      expect(error).toBeInstanceOf(ScoutError);
      expect((error as ScoutError).code).toBe('USAGE');
    }
  });

  it('accepts code names, qualified names, names among other backticked text, and prose names; other intents are not checked', () => {
    for (const q of [
      'what breaks if I add a variant to `LLMKind`?',
      'what breaks if I add a variant to `ModelConfig.kind`?',
      'what breaks if I add a variant to `$ZodIssueCode`?',
      "what breaks if I add `'express'` to `Framework`?",
      'what breaks if I add a variant to LLMKind',
      'where is `a b` used?',
      'how does routing work?',
    ]) {
      expect(() => check(q), q).not.toThrow();
    }
  });
});
