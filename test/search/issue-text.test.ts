/** What a bug report names: pure extraction. */
import { describe, expect, it } from 'vitest';
import { extractIssueTerms, renderedText, tracePath } from '../../src/search/issue-text.js';
import { isExamplePath, isShortQuery, isTestPath, prefersFileRanking, rankFiles, weightedTokens, type FileEvidence } from '../../src/search/file-ranking.js';

const PYTHON_ISSUE = `unittest setUpClass fixtures no longer "private"

Since v6.2.0 the \`setUpClass\` fixtures are no longer private. Running \`pytest --fixtures\` shows them.
Set \`python_files=\` in the ini or pass --strict-markers.

\`\`\`
Traceback (most recent call last):
  File "/usr/lib/python3.9/site-packages/_pytest/unittest.py", line 145, in _inject_setup_teardown_fixtures
    cls.__pytest_class_setup = fixture
  File "src/_pytest/fixtures.py", line 1022, in getfixturedefs
    raise ValueError("fixture is not private")
ValueError: fixture 'unittest_setUpClass_fixture_Tests' is not private
\`\`\`
The call to _pytest.unittest.UnitTestCase.collect should use an underscore.`;

describe('extractIssueTerms', () => {
  it('reads Python traceback frames, exception lines, backticks, dotted paths and options', () => {
    const t = extractIssueTerms(PYTHON_ISSUE);
    expect(t.frames).toEqual([
      { path: '_pytest/unittest.py', line: 145, function: '_inject_setup_teardown_fixtures' },
      { path: 'src/_pytest/fixtures.py', line: 1022, function: 'getfixturedefs' },
    ]);
    expect(t.paths).toEqual(expect.arrayContaining(['_pytest/unittest.py', 'src/_pytest/fixtures.py']));
    expect(t.identifiers).toEqual(expect.arrayContaining(['setUpClass', '_inject_setup_teardown_fixtures', 'getfixturedefs', 'UnitTestCase', 'collect']));
    expect(t.dotted_paths).toContain('_pytest.unittest.UnitTestCase.collect');
    expect(t.errors).toEqual(expect.arrayContaining(["fixture 'unittest_setUpClass_fixture_Tests' is not private"]));
    expect(t.options).toEqual(expect.arrayContaining(['--fixtures', '--strict-markers', 'python_files']));
  });

  it('reads JavaScript stack frames and quoted error messages', () => {
    const t = extractIssueTerms(`Calling app.request() throws:
TypeError: Cannot read properties of undefined (reading 'headers')
    at parseBody (src/utils/body.ts:42:17)
    at async Hono.dispatch (/home/me/app/node_modules/hono/dist/hono-base.js:210:9)
The message "Malformed JSON in request body" is never shown.`);
    expect(t.frames).toEqual([
      { path: 'src/utils/body.ts', line: 42, function: 'parseBody' },
      { path: 'hono/dist/hono-base.js', line: 210, function: 'Hono.dispatch' },
    ]);
    expect(t.identifiers).toEqual(expect.arrayContaining(['parseBody', 'dispatch', 'TypeError']));
    expect(t.errors).toEqual(expect.arrayContaining(["Cannot read properties of undefined (reading 'headers')", 'Malformed JSON in request body']));
  });

  it('plain prose yields nothing but the words; junk and huge inputs stay bounded', () => {
    expect(extractIssueTerms('the server hangs when the upload is large')).toMatchObject({ identifiers: [], paths: [], errors: [], frames: [] });
    const huge = extractIssueTerms('fooBar_baz '.repeat(20_000));
    expect(huge.identifiers.length).toBeLessThanOrEqual(40);
    expect(extractIssueTerms('\u0000\u0001\ufffd%%%').identifiers).toEqual([]);
  });

  it('normalizes trace paths: site-packages and node_modules prefixes go', () => {
    expect(tracePath('C:\\venv\\Lib\\site-packages\\requests\\sessions.py')).toBe('requests/sessions.py');
    expect(tracePath('/app/node_modules/zod/lib/types.js')).toBe('zod/lib/types.js');
    expect(tracePath('./src/a.ts')).toBe('src/a.ts');
  });
});

describe('file ranking (pure)', () => {
  const evidence = (path: string, over: Partial<FileEvidence>): FileEvidence => ({ path, chunk: 0, chunk2: 0, whole: 0, definitions: 0, literals: 0, pathMention: 0, isTest: isTestPath(path), isExample: isExamplePath(path), ...over });

  it('test paths by pattern, applied at ranking time', () => {
    for (const p of ['testing/test_unittest.py', 'tests/a.py', 'src/x.test.ts', 'src/x.spec.tsx', 'pkg/foo_test.go', 'src/__tests__/a.ts', 'test_x.py', 'conftest.py']) expect(isTestPath(p), p).toBe(true);
    for (const p of ['src/_pytest/unittest.py', 'src/testing.ts', 'src/attestation.py', 'latest/x.py']) expect(isTestPath(p), p).toBe(false);
  });

  it('example, demo, docs and website paths by pattern; ranked after the code like tests, unless switched off', () => {
    for (const p of ['examples/next-app/src/pages/index.tsx', 'www/src/pages/index.tsx', 'docs/conf.py', 'packages/x/demo/app.ts', 'website/src/a.ts', 'doc/source/x.py'])
      expect(isExamplePath(p), p).toBe(true);
    for (const p of ['src/docstring.py', 'src/examples.ts', 'packages/core/src/www-auth.ts', 'src/documents/a.ts']) expect(isExamplePath(p), p).toBe(false);
    const files = [evidence('examples/app/src/client.ts', { whole: 10, chunk: 10 }), evidence('src/client.ts', { whole: 7, chunk: 8 })];
    expect(rankFiles(files, true).map((f) => f.path)).toEqual(['src/client.ts', 'examples/app/src/client.ts']);
    expect(rankFiles(files, false).map((f) => f.path)).toEqual(['examples/app/src/client.ts', 'src/client.ts']);
  });

  it('code before the tests that exercise it, unless switched off; verbatim strings and mentioned paths count', () => {
    const files = [evidence('testing/test_unittest.py', { whole: 10, chunk: 10 }), evidence('src/_pytest/unittest.py', { whole: 7, chunk: 8 })];
    expect(rankFiles(files, true).map((f) => f.path)).toEqual(['src/_pytest/unittest.py', 'testing/test_unittest.py']);
    expect(rankFiles(files, false).map((f) => f.path)).toEqual(['testing/test_unittest.py', 'src/_pytest/unittest.py']);
    const literal = [evidence('a.py', { whole: 10, chunk: 10 }), evidence('b.py', { whole: 8, chunk: 8, literals: 1 })];
    expect(rankFiles(literal, true)[0]?.path).toBe('b.py');
  });

  it('reads a report as rendered: HTML comments (template instructions) and link addresses left out', () => {
    expect(renderedText('Bug: x fails\n<!-- What changes are made in this PR? -->\nIt throws.')).toBe('Bug: x fails\n \nIt throws.');
    expect(renderedText('a <!-- one --> b <!-- two --> c')).toBe('a   b   c');
    expect(renderedText('before <!-- never closed\nmore')).toBe('before  ');
    expect(renderedText('no comments <- here')).toBe('no comments <- here');
    // A link shows its text; its address is not read, unless it points at a file of a repository.
    expect(renderedText('see the [Contributing guide](https://github.com/o/r/blob/main/CONTRIBUTING.md) and [docs](https://example.com/a?b=c)')).toBe('see the [Contributing guide] CONTRIBUTING.md and [docs] ');
    expect(extractIssueTerms(renderedText('broken in [this line](https://github.com/o/r/blob/v1.2/src/auth/tokens.ts#L12)')).paths).toEqual(['src/auth/tokens.ts']);
  });

  it('weights named code above prose and drops stop words', () => {
    const q = 'The `maxAge` option is ignored when the cookie is set and it should not be';
    const tokens = weightedTokens(q, extractIssueTerms(q), 40).map((t) => t.token);
    expect(tokens[0]).toBe('maxage');
    expect(tokens).not.toContain('the');
    expect(tokens).toContain('cookie');
    expect(weightedTokens('the of and', extractIssueTerms('the of and'), 40).length).toBeGreaterThan(0);
  });

  it('prose and long queries rank files; identifier queries rank chunks', () => {
    expect(prefersFileRanking('validateToken', true)).toBe(false);
    expect(prefersFileRanking('Cause.pretty', true)).toBe(false);
    expect(prefersFileRanking('retry with exponential backoff', false)).toBe(true);
    expect(prefersFileRanking('parseDuration fails on negative numbers with a space', true)).toBe(true);
  });
});

describe('short queries', () => {
  it('are one line of at most 12 words', () => {
    expect(isShortQuery('python split list into n equal parts')).toBe(true);
    expect(isShortQuery('one two three four five six seven eight nine ten eleven twelve thirteen')).toBe(false);
    expect(isShortQuery('title\n\nbody')).toBe(false);
  });

  it('keep every word (issue-prose words name what code does) but the skipped ones; long texts drop stop words', () => {
    const q = 'python add header into n responses';
    const short = weightedTokens(q, extractIssueTerms(q), 40, new Set(['python']), true).map((t) => t.token);
    expect(short).toEqual(['add', 'header', 'into', 'n', 'respons']);
    const long = weightedTokens(q, extractIssueTerms(q), 40).map((t) => t.token);
    expect(long).not.toContain('add');
    expect(long).not.toContain('into');
    expect(long).toContain('python');
  });
});
