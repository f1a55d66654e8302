/** Search over a real index (real SQLite, real fixture files). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { search, type SearchResponse } from '../../src/search/engine.js';
import type { SearchRequest } from '../../src/search/request.js';
import { lookupSymbol } from '../../src/search/symbol-lookup.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore;
const run = (request: SearchRequest): Promise<SearchResponse> => search(store.database, request, { root: repo.root });
const symbols = (answer: SearchResponse) => answer.results.map((r) => r.symbol);

beforeAll(async () => {
  repo = tempRepo({ fixture: 'typescript' });
  repo.write('src/auth/tokens.ts', `/** Validates an auth token and returns the user id. */
export function validateToken(token: string): string {
  if (!token.startsWith('tok_')) throw new Error('bad token');
  return token.slice(4);
}

/** Refreshes an expired session token. */
export function refreshSession(token: string): string {
  return validateToken(token) + '-refreshed';
}
`);
  repo.write('test/auth/tokens.test.ts', `import { validateToken } from '../../src/auth/tokens';
export function testValidateToken(): void {
  validateToken('tok_1');
}
`);
  repo.write('src/text/case.ts', `/** Converts camelCase text to snake_case. */
export function toSnakeCase(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Converts camelCase text to kebab-case. */
export function toKebabCase(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}
`);
  repo.write('lib/retry.py', `def retry_with_backoff(fn, attempts=3):
    """Retry a call with exponential backoff."""
    for i in range(attempts):
        try:
            return fn()
        except Exception:
            pass
`);
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
});
afterAll(() => {
  store.close();
  repo.cleanup();
});

describe('search modes', () => {
  it('exact: BM25 over code-aware tokens finds identifiers from words and words from identifiers', async () => {
    const byName = await run({ query: 'validateToken', mode: 'exact' });
    expect(byName.results[0]?.symbol).toBe('validateToken');
    const byWords = await run({ query: 'validate token', mode: 'exact' });
    expect(symbols(byWords).slice(0, 3)).toContain('validateToken');
    const stemmed = await run({ query: 'retries backoff', mode: 'exact' });
    expect(stemmed.results[0]?.symbol).toBe('retry_with_backoff');
  });

  it('hybrid (default) without vectors ranks definitions named like the query first, and says how it ranked', async () => {
    const answer = await run({ query: 'refresh session', rank: 'chunks' });
    expect(answer.mode).toBe('hybrid');
    expect(answer.ranking).toBe('chunks');
    expect(answer.results[0]?.symbol).toBe('refreshSession');
    expect(answer.notes.join()).toMatch(/hybrid without vectors/);
    const byFile = await run({ query: 'refresh session' });
    expect(byFile.ranking).toBe('files');
    expect(byFile.results[0]?.symbol).toBe('refreshSession');
    expect(answer.results[0]).toMatchObject({ file: 'src/auth/tokens.ts', line: 8, end_line: 10, kind: 'function' });
    expect(answer.results[0]?.snippet.split('\n')[0]).toBe('export function refreshSession(token: string): string');
  });

  it('semantic without an embedding provider falls back to exact and says so', async () => {
    const answer = await run({ query: 'validate token', mode: 'semantic' });
    expect(answer.notes.join()).toMatch(/semantic mode needs an embedding provider/);
    expect(symbols(answer)).toContain('validateToken');
  });

  it('definition: exact, then case-insensitive, then fuzzy, ranked by kind', async () => {
    expect((await run({ query: 'LLMKind', mode: 'definition' })).results[0]).toMatchObject({ symbol: 'LLMKind', kind: 'enum', file: 'src/kinds.ts' });
    const insensitive = await run({ query: 'llmkind', mode: 'definition' });
    expect(insensitive.results[0]?.symbol).toBe('LLMKind');
    expect(insensitive.notes.join()).toMatch(/case-insensitive/);
    const fuzzy = await run({ query: 'LLMKnd', mode: 'definition' });
    expect(fuzzy.results[0]?.symbol).toBe('LLMKind');
    expect(fuzzy.notes.join()).toMatch(/fuzzy/);
    expect((await run({ query: 'Router.route', mode: 'definition' })).results[0]?.kind).toBe('method');
  });

  it('similar: a code snippet finds the code it resembles', async () => {
    const answer = await run({ query: "if (!token.startsWith('tok_')) throw new Error('bad token');\nreturn token.slice(4);", mode: 'similar' });
    expect(answer.results[0]?.symbol).toBe('validateToken');
  });

  it('literal and regex matching find exact strings line by line', async () => {
    const literal = await run({ query: "startsWith('tok_')", literal: true });
    expect(literal.results).toHaveLength(1);
    expect(literal.results[0]).toMatchObject({ file: 'src/auth/tokens.ts', line: 3, symbol: 'validateToken' });
    const regex = await run({ query: 'validateToken\\(token\\)', regex: true });
    expect(regex.results.map((r) => `${r.file}:${r.line}`)).toEqual(['src/auth/tokens.ts:9']);
  });

  it('offers related terms from the top results', async () => {
    const answer = await run({ query: 'token' });
    expect(answer.related_terms.length).toBeGreaterThan(0);
    expect(answer.related_terms).not.toContain('token');
  });
});

describe('filters and result control', () => {
  it('applies path, kind, extension, exported, docstring and glob filters, and echoes them', async () => {
    const notTests = await run({ query: 'validateToken', mode: 'exact', filters: { path_not_contains: ['test'] } });
    expect(notTests.results.every((r) => !r.file.includes('test'))).toBe(true);
    expect(notTests.filters).toBe('path_not_contains=["test"]');
    const onlyTests = await run({ query: 'validateToken', mode: 'exact', filters: { path_prefix: 'test/' } });
    expect([...new Set(onlyTests.results.map((r) => r.file))]).toEqual(['test/auth/tokens.test.ts']);
    const py = await run({ query: 'retry', mode: 'exact', filters: { extension: ['py'] } });
    expect(py.results.every((r) => r.file.endsWith('.py'))).toBe(true);
    expect(py.results.length).toBeGreaterThan(0);
    const methods = await run({ query: 'route', mode: 'exact', filters: { kind: ['method'] } });
    expect(methods.results.every((r) => r.kind === 'method')).toBe(true);
    const privateOnly = await run({ query: 'callOpenAI', mode: 'exact', filters: { is_exported: false } });
    expect(privateOnly.results[0]?.symbol).toBe('Router.callOpenAI');
    const documented = await run({ query: 'token', mode: 'exact', filters: { has_docstring: true } });
    expect(documented.results.map((r) => r.symbol).sort()).toEqual(['refreshSession', 'validateToken']);
    const glob = await run({ query: 'token', mode: 'exact', filters: { path_glob: 'src/**/*.ts' } });
    expect(glob.results.length).toBeGreaterThan(0);
    expect(glob.results.every((r) => r.file.startsWith('src/'))).toBe(true);
    const decorated = await run({ query: 'route', mode: 'exact', filters: { decorator_contains: 'trace' } });
    expect(decorated.results.map((r) => r.symbol)).toEqual(['Router.route']);
  });

  it('ranks the caller\'s context files first', async () => {
    const answer = await run({ query: 'validateToken', filters: { context_filepaths: ['test/auth/tokens.test.ts'] } });
    expect(answer.results[0]?.file).toBe('test/auth/tokens.test.ts');
  });

  it('exhaustive mode returns every match grouped by file, a page at a time', async () => {
    const first = await run({ query: 'token', mode: 'exact', exhaustive: true, limit: 2 });
    expect(first.total_matches).toBeGreaterThan(2);
    expect(first.results).toHaveLength(2);
    expect(first.next_cursor).toBeDefined();
    const seen = [...first.results];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await run({ query: 'token', mode: 'exact', exhaustive: true, limit: 2, cursor });
      seen.push(...page.results);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(first.total_matches ?? 0);
    const keys = seen.map((r) => `${r.file}:${r.line}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))).toEqual(keys);
    await expect(run({ query: 'other', mode: 'exact', exhaustive: true, cursor: first.next_cursor })).rejects.toThrow(/different query/);
    await expect(run({ query: 'token', mode: 'exact', exhaustive: true, cursor: 'garbage!' })).rejects.toThrow(/invalid cursor/);
  });

  it('says how many were left out when the limit cuts results', async () => {
    const answer = await run({ query: 'token', mode: 'exact', limit: 1 });
    expect(answer.total_matches).toBeGreaterThan(1);
    expect(answer.notes.join()).toMatch(/more matches not shown/);
  });

  it('discover stage returns twice the limit, spread across files', async () => {
    const answer = await run({ query: 'token', mode: 'exact', stage: 'discover', limit: 2 });
    expect(answer.results.length).toBeGreaterThan(2);
    expect(new Set(answer.results.slice(0, 2).map((r) => r.file)).size).toBe(2);
  });
});

describe('bad input', () => {
  it('rejects empty queries, unknown modes, bad globs, unknown kinds and invalid regexes with a fix', async () => {
    await expect(run({ query: '   ' })).rejects.toThrow(/query is empty/);
    await expect(run({ query: 'x', mode: 'fuzzy' as never })).rejects.toThrow(/unknown mode "fuzzy"; use one of exact, semantic, hybrid, definition, similar/);
    await expect(run({ query: 'x', filters: { path_glob: 'src/{a,b' } })).rejects.toThrow(/unclosed "\{"/);
    await expect(run({ query: 'x', filters: { kind: ['klass'] } })).rejects.toThrow(/unknown kind klass/);
    await expect(run({ query: '(unclosed', regex: true })).rejects.toThrow(/invalid regular expression/);
  });

  it('clamps limits and long queries and says so; regex metacharacters are just text', async () => {
    const zero = await run({ query: 'token', limit: 0 });
    expect(zero.results).toHaveLength(1);
    expect(zero.notes.join()).toMatch(/limit 0 clamped to 1/);
    const huge = await run({ query: 'token', limit: 10_000 });
    expect(huge.notes.join()).toMatch(/limit 10000 clamped to 100/);
    const long = await run({ query: `token ${'x'.repeat(30_000)}` });
    expect(long.notes.join()).toMatch(/query cut from 30006 to 20000 characters/);
    const meta = await run({ query: 'validateToken( ) [ * + ? ^ $ " OR NEAR(' });
    expect(meta.results[0]?.symbol).toBe('validateToken');
    const nothing = await run({ query: '%%%', mode: 'exact' });
    expect(nothing.results).toEqual([]);
  });
});

describe('symbol lookup', () => {
  it('finds definitions, imports and usages by role, with counts and context', () => {
    const all = lookupSymbol(store.database, { name: 'validateToken' }, repo.root);
    expect(all.counts).toEqual({ definition: 1, export: 0, import: 1, usage: 2 });
    expect(all.total_count).toBe(4);
    const imports = lookupSymbol(store.database, { name: 'validateToken', role: ['import'], include_context: true }, repo.root);
    expect(imports.results).toEqual([
      expect.objectContaining({ role: 'import', file: 'test/auth/tokens.test.ts', line: 1, module: '../../src/auth/tokens' }),
    ]);
    expect(imports.results[0]?.context).toContain("import { validateToken } from '../../src/auth/tokens';");
    const calls = lookupSymbol(store.database, { name: 'validateToken', role: ['usage'], filters: { path_prefix: 'src/' } }, repo.root);
    expect(calls.results.map((r) => [r.site_role, r.qualified_name])).toEqual([['call', 'refreshSession']]);
    const kinds = lookupSymbol(store.database, { name: 'LLMKind', role: ['definition'], kind: ['enum'] }, repo.root);
    expect(kinds.results).toHaveLength(1);
  });

  it('suggests near names when nothing matches', () => {
    const none = lookupSymbol(store.database, { name: 'validate' }, repo.root);
    expect(none.total_count).toBe(0);
    expect(none.notes.join()).toMatch(/similar names: .*validateToken/);
  });
});

describe('file ranking for prose and pasted bug reports', () => {
  const report = `validateToken rejects good tokens

Calling \`validateToken\` with a token from refreshSession throws "bad token" even though it starts with the prefix.
  File "src/auth/tokens.ts", line 3, in validateToken`;

  it('ranks files, one result per file, code before the tests that exercise it, and says so', async () => {
    const answer = await run({ query: report });
    expect(answer.ranking).toBe('files');
    const files = answer.results.map((r) => r.file);
    // One result per file; fewer files match than the limit, so their next chunks follow (and the notes say so).
    const distinct = [...new Set(files)];
    expect(files.slice(0, distinct.length)).toEqual(distinct);
    expect(answer.notes.join()).toMatch(new RegExp(`only ${distinct.length} file\\(s\\) match: ${files.length - distinct.length} more chunk`));
    expect(answer.results.slice(distinct.length).every((r) => r.score <= (answer.results[distinct.length - 1]?.score ?? 0))).toBe(true);
    expect(files[0]).toBe('src/auth/tokens.ts');
    expect(files.indexOf('src/auth/tokens.ts')).toBeLessThan(files.indexOf('test/auth/tokens.test.ts'));
    expect(answer.results[0]?.more_in_file).toBe(1);
    const notes = answer.notes.join('\n');
    expect(notes).toMatch(/ranking: files/);
    expect(notes).toMatch(/test files ranked after the code/);
    expect(notes).toMatch(/found verbatim in the code: "bad token"/);
    expect(answer.interpreted_as).toMatchObject({ errors: ['bad token'], frames: [{ path: 'src/auth/tokens.ts', line: 3, function: 'validateToken' }] });
    expect(answer.interpreted_as?.identifiers).toEqual(expect.arrayContaining(['validateToken', 'refreshSession']));
  });

  it('a short query shows a top file\'s close runner-up chunk too; a long text keeps one result per file', async () => {
    const answer = await run({ query: 'convert camel case text to snake or kebab case' });
    expect(answer.ranking).toBe('files');
    expect(answer.results.slice(0, 2).map((r) => `${r.file} ${r.symbol}`).sort()).toEqual(['src/text/case.ts toKebabCase', 'src/text/case.ts toSnakeCase']);
    // Each of the two says how many other chunks of its file matched, not counting the other one shown.
    expect(answer.results[0]?.more_in_file).toBeUndefined();
    expect(answer.notes.join()).toMatch(/\d of the top 3 files also show their second-best chunk/);
    const long = await run({ query: report });
    expect(long.notes.join()).not.toMatch(/second-best chunk/);
  });

  it('a short query does not search for the language of the repository, and says so', async () => {
    const answer = await run({ query: 'typescript validate a token' });
    expect(answer.ranking).toBe('files');
    expect(answer.notes.join()).toMatch(/not searched for: typescript \(the language of the repository's files\)/);
    expect(answer.results[0]?.file).toBe('src/auth/tokens.ts');
    const long = await run({ query: report });
    expect(long.notes.join()).not.toMatch(/not searched for/);
  });

  it('test demotion and file ranking can be switched off; filters still apply', async () => {
    const plain = await run({ query: report, demote_tests: false });
    expect(plain.notes.join()).not.toMatch(/test files ranked after/);
    const chunks = await run({ query: report, rank: 'chunks' });
    expect(chunks.ranking).toBe('chunks');
    expect(chunks.interpreted_as).toBeUndefined();
    const onlyTests = await run({ query: report, filters: { path_prefix: 'test/' } });
    expect([...new Set(onlyTests.results.map((r) => r.file))]).toEqual(['test/auth/tokens.test.ts']);
    expect(onlyTests.filters).toMatch(/path_prefix/);
    const all = await run({ query: report, exhaustive: true, limit: 2 });
    expect(all.ranking).toBe('exhaustive');
    expect(all.total_matches).toBeGreaterThan(2);
    const discover = await run({ query: 'validate auth token prefix', stage: 'discover', limit: 1 });
    expect(discover.ranking).toBe('files');
    expect(discover.results.length).toBeLessThanOrEqual(2);
  });

  it('a short prose query also finds code that uses another word for the thing (dictionary → dict), and says so', async () => {
    repo.write('lib/dicts.py', `def dict_del(d, k):
    return {x: v for x, v in d.items() if x != k}
`);
    await indexRepository(repo.root, store);
    const answer = await run({ query: 'remove a key from a dictionary' });
    expect(answer.results[0]?.symbol).toBe('dict_del');
    expect(answer.notes.join()).toMatch(/also searched for code words related to the query's.*dictionary → dict/);
    const exact = await run({ query: 'remove a key from a dictionary', mode: 'exact' });
    expect(exact.results.map((r) => r.symbol)).not.toContain('dict_del');
    expect(exact.notes.join()).not.toMatch(/also searched/);
  });

  it('examples rank after the library code they use, under the tests\' switch; a template comment is not searched', async () => {
    repo.write('examples/login-app/src/session.ts', `// Example app: validate the session token, then refresh the session token.
export function exampleSession(token: string): string {
  const session = { token, validated: token.length > 0 };
  return session.validated ? 'validate token, refresh session token' : 'session token rejected';
}
`);
    await indexRepository(repo.root, store);
    const query = 'validate token rejected after refresh session\n\nThe session token from a refresh is rejected when we validate the token.\n<!-- Template: name the function, e.g. `describeTemplateFunction()` -->';
    const plain = await run({ query, demote_tests: false });
    const plainFiles = plain.results.map((r) => r.file);
    // Without demotion the example, which repeats the words, leads; with it, the library code does.
    expect(plainFiles.indexOf('examples/login-app/src/session.ts')).toBeLessThan(plainFiles.indexOf('src/auth/tokens.ts'));
    expect(plain.notes.join()).not.toMatch(/examples, demos/);
    const answer = await run({ query });
    const files = answer.results.map((r) => r.file);
    expect(files[0]).toBe('src/auth/tokens.ts');
    expect(files).toContain('examples/login-app/src/session.ts');
    expect(answer.notes.join()).toMatch(/examples, demos, docs and website files ranked after the code they use \(path pattern .*score halved for 1 matching file/);
    // The HTML comment is the template's instruction, invisible to a reader: its words are not searched.
    expect(JSON.stringify(answer.interpreted_as ?? {})).not.toMatch(/describeTemplateFunction/);
    const commented = await run({ query: query.replace('<!-- Template: name the function, e.g. ', '').replace(' -->', '') });
    expect(commented.interpreted_as?.identifiers).toContain('describeTemplateFunction');
  });

  it('identifier queries keep the chunk ranking', async () => {
    const answer = await run({ query: 'validateToken' });
    expect(answer.ranking).toBe('chunks');
    expect(answer.results[0]?.symbol).toBe('validateToken');
  });

  it('stop words only, punctuation only and binary junk: a clear answer or error', async () => {
    const stop = await run({ query: 'the of and to is it' });
    expect(stop.ranking).toBe('files');
    const punctuation = await run({ query: '!!! ??? ... ---' });
    expect(punctuation.results).toEqual([]);
    expect(punctuation.notes.join()).toMatch(/no searchable words/);
    await expect(run({ query: '\u0000\u0001\u0002\ufffd' })).rejects.toThrow(/control characters/);
    const mixed = await run({ query: 'validate\u0000token' });
    expect(mixed.notes.join()).toMatch(/1 control or invalid character/);
    const started = performance.now();
    const big = await run({ query: `${'refresh session token '.repeat(5000)}` });
    expect(big.notes.join()).toMatch(/query cut from \d+ to 20000 characters/);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
