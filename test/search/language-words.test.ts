import { describe, expect, it } from 'vitest';
import { droppableLanguageWords } from '../../src/search/language-words.js';

describe('droppableLanguageWords', () => {
  const own = new Set(['python', 'python3', 'py']);

  it('names the repository-language words of a query that has other words', () => {
    expect(droppableLanguageWords('python read file with encoding', own)).toEqual(['python']);
    expect(droppableLanguageWords('How to merge dicts in Python 3? python', own)).toEqual(['python']);
  });

  it('keeps them when nothing else would be left, and keeps other languages', () => {
    expect(droppableLanguageWords('python', own)).toEqual([]);
    expect(droppableLanguageWords('spawn a typescript compiler', own)).toEqual([]);
    // Part of an identifier is not the word.
    expect(droppableLanguageWords('py_compile module', own)).toEqual([]);
  });
});
