import { describe, expect, it } from 'vitest';
import { codeTokens, identifierParts, pathTokens, searchTokens, stem } from '../../src/core/code-tokens.js';

describe('code-aware tokens', () => {
  it('splits identifiers on camelCase, acronyms, snake_case, kebab-case and digits', () => {
    expect(identifierParts('parseHTTPHeader2')).toEqual(['parse', 'http', 'header', '2']);
    expect(identifierParts('max_file_bytes')).toEqual(['max', 'file', 'bytes']);
    expect(identifierParts('LLMKind')).toEqual(['llm', 'kind']);
    expect(identifierParts('utf8Decode')).toEqual(['utf', '8', 'decode']);
    expect(identifierParts('x')).toEqual(['x']);
  });

  it('keeps identifiers whole and adds their stemmed parts', () => {
    expect(codeTokens('parseDurations(x)')).toEqual(['parsedurations', 'pars', 'duration', 'x']);
    expect(codeTokens('retry')).toEqual(['retry']);
    expect(codeTokens('added')).toEqual(['added', 'add']);
    expect(codeTokens('user_id userId')).toEqual(['user_id', 'user', 'id', 'userid', 'user', 'id']);
  });

  it('stems plurals and -ing/-ed lightly and leaves short words alone', () => {
    expect(stem('retries')).toBe('retry');
    expect(stem('parsing')).toBe('pars');
    expect(stem('parsed')).toBe('pars');
    expect(stem('parses')).toBe('pars');
    expect(stem('running')).toBe('run');
    expect(stem('class')).toBe('class');
    expect(stem('status')).toBe('status');
    expect(stem('is')).toBe('is');
    expect(stem('matches')).toBe('match');
  });

  it('tokenizes paths by segment and extension', () => {
    expect(pathTokens('src/auth/TokenValidator.ts')).toEqual(['src', 'auth', 'tokenvalidator', 'token', 'validator', 'ts']);
    expect(stem('types')).toBe(stem('typing'));
    expect(stem('files')).toBe(stem('file'));
  });
});

describe('searchTokens', () => {
  it('searches a plain word by its stem alone and an identifier by its whole form and parts', () => {
    expect(searchTokens('calculate trimean parseDuration')).toEqual(['calculat', 'trimean', 'parseduration', 'pars', 'duration']);
    // Every stem it searches is one the index holds for the word's other forms.
    for (const word of ['calculated', 'calculates', 'calculating']) expect(codeTokens(word)).toContain('calculat');
  });

  it('skips the words the caller drops, before stemming', () => {
    expect(searchTokens('python read files', (w) => w === 'python')).toEqual(['read', stem('files')]);
  });
});
