import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/index/sqlite.js';
import { ownLanguageWordsIn } from '../../src/search/language-words.js';

describe('ownLanguageWordsIn', () => {
  // The files table as the index has it, reduced to what the lookup reads.
  const db = openSqlite(':memory:');
  db.exec("CREATE TABLE files (path TEXT, language TEXT); INSERT INTO files VALUES ('a.py', 'python'), ('b.md', 'markdown')");
  afterAll(() => db.close());

  it('names the words of a query that name the language of indexed files', () => {
    expect(ownLanguageWordsIn(db, 'python read file with encoding')).toEqual(['python']);
    expect(ownLanguageWordsIn(db, 'How to merge dicts in Python 3? py')).toEqual(['python', 'py']);
  });

  it('keeps them when nothing else would be left, other languages, and parts of identifiers', () => {
    expect(ownLanguageWordsIn(db, 'python')).toEqual([]);
    expect(ownLanguageWordsIn(db, 'spawn a typescript compiler')).toEqual([]);
    expect(ownLanguageWordsIn(db, 'py_compile module')).toEqual([]);
  });
});
