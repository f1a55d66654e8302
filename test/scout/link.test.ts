import { describe, expect, it } from 'vitest';
import { formatLocation, makeLinkId, pathFactsOf, siteLine } from '../../src/scout/link.js';
import { link } from './links.js';

describe('link facts', () => {
  it('path facts are the extension, directory segments and file name, never categories', () => {
    expect(pathFactsOf('src/providers/openai.ts')).toEqual({ extension: '.ts', directories: ['src', 'providers'], fileName: 'openai.ts' });
    expect(pathFactsOf('Makefile')).toEqual({ extension: '', directories: [], fileName: 'Makefile' });
    expect(pathFactsOf('test\\Router.Test.TSX')).toEqual({ extension: '.tsx', directories: ['test'], fileName: 'Router.Test.TSX' });
    expect(pathFactsOf('./.github/ci.yml')).toEqual({ extension: '.yml', directories: ['.github'], fileName: 'ci.yml' });
    expect(pathFactsOf('.gitignore').extension).toBe('');
  });

  it('ids name the site, not the relation', () => {
    expect(makeLinkId({ file: 'src/a.ts', line: 3 }, 'X')).toBe('src/a.ts:3#X');
    expect(makeLinkId({ file: 'src\\a.ts', line: 3, column: 7 })).toBe('src/a.ts:3:7');
    expect(formatLocation({ file: 'src/a.ts', line: 3, column: 7 })).toBe('src/a.ts:3');
  });

  it('siteLine finds the site inside the snippet', () => {
    const l = link({ at: 20, code: 'switch (kind) {\n>>  case LLMKind.OpenAI:\n    return 1;' });
    expect(l.location.line).toBe(21);
    expect(siteLine(l)).toBe('  case LLMKind.OpenAI:');
    expect(siteLine({ ...l, snippetStartLine: 1 })).toBe('');
  });
});
