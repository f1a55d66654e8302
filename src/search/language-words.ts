/**
 * Words that name the repository's own language. "python read file with encoding" asked of a Python
 * repository means "read file with encoding": every file is Python, so the word selects nothing, and
 * the few files that happen to say "python" (a version check, a docstring) would outrank the answer.
 * Measured on bench/query-function (dev): dropping the word raised MRR@10 by about 0.02. A language
 * the repository does not use stays a search word (a TypeScript project that spawns Python).
 */
import type { IndexDb } from '../index/db.js';
import { hasFileInLanguage } from '../index/read/files.js';

/** Each word, and the languages of files that make it the repository's own language. */
const LANGUAGES_OF_WORD: Readonly<Record<string, readonly string[]>> = {
  python: ['python'],
  python3: ['python'],
  py: ['python'],
  // TypeScript projects are full of JavaScript and the other way round.
  typescript: ['typescript', 'javascript'],
  ts: ['typescript', 'javascript'],
  javascript: ['typescript', 'javascript'],
  js: ['typescript', 'javascript'],
  golang: ['go'],
  rust: ['rust'],
  java: ['java'],
  haskell: ['haskell'],
  // A C header is read as C++ (workspace/language.ts), so `cpp` names both. `c` is no language word: a
  // one-letter word is a variable as often, and search-framing would read `cv2` as "C, version 2".
  cpp: ['cpp', 'c'],
};

/** Every word that names a language (search/search-framing.ts reads "… in python" and "python 3.8" with them). */
export const LANGUAGE_WORDS: readonly string[] = Object.keys(LANGUAGES_OF_WORD);

/**
 * The words of the query that name a language some indexed file is written in, when something else is
 * left to search for (else none). Only a query that names a language costs a lookup.
 */
export function ownLanguageWordsIn(db: IndexDb, query: string): string[] {
  const words = query.toLowerCase().match(/[a-z0-9_$]+/g) ?? [];
  const named = [...new Set(words.filter((w) => Object.hasOwn(LANGUAGES_OF_WORD, w)))];
  if (named.length === 0 || !words.some((w) => !named.includes(w) && w.length > 1)) return [];
  return named.filter((w) => (LANGUAGES_OF_WORD[w] ?? []).some((language) => hasFileInLanguage(db, language)));
}
