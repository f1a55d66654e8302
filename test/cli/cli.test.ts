/** The CLI as a user runs it: the built dist/ entry point, real processes, real SQLite. */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValue, openSqlite } from '../../src/index/sqlite.js';
import { SCHEMA_VERSION } from '../../src/index/schema.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');
const scout = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

describe('scout CLI', () => {
  it('prints the package version with --version, -V and `scout version`', () => {
    const version = (JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
    for (const args of [['--version'], ['-V'], ['version']]) {
      const run = scout(...args);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`scout ${version} (node ${process.versions.node})\n`);
    }
  });

  it('indexes with --json stats and reports status', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    const index = scout('index', '--repo', repo.root, '--json');
    expect(index.status).toBe(0);
    const stats = JSON.parse(index.stdout);
    expect(stats).toMatchObject({ filesSeen: 4, filesParsed: 4, filesDeleted: 0 });
    const status = scout('status', '--repo', repo.root, '--json');
    expect(status.status).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report.fresh).toBe(true);
    expect(report.counts.byLanguage.typescript.files).toBe(3);
    expect(report.counts.byKind.enum).toBe(1);
    expect(report.schemaVersion).toBe(SCHEMA_VERSION);
    expect(report.databaseBytes).toBeGreaterThan(0);
    expect(report.vectors).toMatchObject({ dimensions: 300, storage: 'int8', inStep: true });
    const text = scout('status', '--repo', repo.root);
    expect(text.stdout).toMatch(/vectors\s+300-dimensional, int8, from embedded:\S+; in step with the index/);
    expect(text.stdout).toMatch(/freshness\s+fresh at [0-9a-f]{7}/);
    expect(text.stdout).toMatch(/1 file\(s\) with syntax errors/);
  });

  it('shows stale files in status after an edit', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    scout('index', '--repo', repo.root);
    repo.write('src/new.ts', 'export const x = 1;\n');
    const text = scout('status', '--repo', repo.root);
    expect(text.stdout).toMatch(/STALE: 1 file changed/);
    expect(text.stdout).toMatch(/added: src\/new\.ts/);
  });

  it('parses in worker threads on larger repositories with the same facts as in-process', () => {
    repo = tempRepo();
    const source = readFileSync(path.resolve(__dirname, '..', 'fixtures', 'typescript', 'src', 'router.ts'), 'utf8');
    for (let i = 0; i < 60; i++) repo.write(`src/m${i}.ts`, source);
    const withWorkers = JSON.parse(scout('index', '--repo', repo.root, '--json').stdout);
    expect(withWorkers.workers).toBeGreaterThan(0);
    const db = openSqlite(path.join(repo.root, '.scout', 'index.db'), { readOnly: true });
    const usagesWorkers = firstValue(db.prepare('SELECT COUNT(*) FROM usages'));
    db.close();
    repo.write('scout.config.json', JSON.stringify({ index: { workers: 0 } }));
    const inProcess = JSON.parse(scout('index', '--repo', repo.root, '--json', '--force').stdout);
    expect(inProcess.workers).toBe(0);
    const db2 = openSqlite(path.join(repo.root, '.scout', 'index.db'), { readOnly: true });
    expect(firstValue(db2.prepare('SELECT COUNT(*) FROM usages'))).toBe(usagesWorkers);
    db2.close();
  });

  it('fails clearly on a missing repository, a file as repository, bad config and unknown commands', () => {
    const missing = scout('index', '--repo', '/no/such/dir');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/does not exist; pass an existing directory with --repo DIR \[REPO_NOT_FOUND\]/);
    const file = scout('index', '--repo', CLI);
    expect(file.status).toBe(1);
    expect(file.stderr).toMatch(/is a file, not a directory/);
    repo = tempRepo({ fixture: 'typescript' });
    repo.write('scout.config.json', '{"index": {"maxFileBytes": "big"}}');
    const badConfig = scout('index', '--repo', repo.root);
    expect(badConfig.status).toBe(1);
    expect(badConfig.stderr).toMatch(/"index.maxFileBytes" must be a non-negative number/);
    repo.write('scout.config.json', '{"indx": {}}');
    expect(scout('index', '--repo', repo.root).stderr).toMatch(/unknown section "indx"; known sections: index, freshness/);
    const unknown = scout('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
    const badFlag = scout('index', '--nope');
    expect(badFlag.status).toBe(2);
  });

  it('leaves the previous index intact when a run is killed with SIGKILL', async () => {
    repo = tempRepo({ git: true });
    const source = readFileSync(path.resolve(__dirname, '..', 'fixtures', 'typescript', 'src', 'router.ts'), 'utf8');
    // Enough files that a build is still inside its write transaction 700 ms after it started (400 files were
    // sometimes committed by then, the kill then landing in the vector sync that follows).
    const FILES = 1200;
    for (let i = 0; i < FILES; i++) repo.write(`src/m${i}.ts`, source);
    const dbPath = path.join(repo.root, '.scout', 'index.db');
    const killMidway = async () => {
      const child = spawn(process.execPath, [CLI, 'index', '--repo', repo!.root], { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, 700));
      child.kill('SIGKILL');
      const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' }); // it really was still running
    };

    // Killed during the first (bulk) build: the empty index stays valid, indexes included.
    await killMidway();
    const cold = openSqlite(dbPath, { readOnly: true });
    expect(firstValue(cold.prepare('PRAGMA integrity_check'))).toBe('ok');
    expect(firstValue(cold.prepare('SELECT COUNT(*) FROM files'))).toBe(0);
    expect(firstValue(cold.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('usages_name', 'search_fts')"))).toBe(2);
    cold.close();

    expect(scout('index', '--repo', repo.root).status).toBe(0);
    const snapshot = () => {
      const db = openSqlite(dbPath, { readOnly: true });
      try {
        return {
          integrity: firstValue(db.prepare('PRAGMA integrity_check')),
          files: firstValue(db.prepare('SELECT COUNT(*) FROM files')),
          defs: firstValue(db.prepare("SELECT COUNT(*) FROM definitions WHERE name = 'Router'")),
          renamed: firstValue(db.prepare("SELECT COUNT(*) FROM definitions WHERE name = 'RenamedRouter'")),
        };
      } finally {
        db.close();
      }
    };
    const before = snapshot();
    expect(before).toEqual({ integrity: 'ok', files: FILES, defs: FILES, renamed: 0 });

    // Change every file, start a reindex, and kill it in the middle of its write transaction.
    for (let i = 0; i < FILES; i++) repo.write(`src/m${i}.ts`, source.replaceAll('class Router', 'class RenamedRouter'));
    await killMidway();
    expect(snapshot()).toEqual(before);

    // The next run completes the job.
    expect(scout('index', '--repo', repo.root).status).toBe(0);
    expect(snapshot()).toEqual({ integrity: 'ok', files: FILES, defs: 0, renamed: FILES });
  });

  it('prints the facts of one file', () => {
    const facts = scout('facts', path.resolve(__dirname, '..', 'fixtures', 'typescript', 'src', 'kinds.ts'));
    expect(facts.status).toBe(0);
    expect(facts.stdout).toMatch(/L2-6 enum LLMKind \[exported\]/);
  });
});

describe('scout search and scout symbol', () => {
  it('prints the JSON contract, refreshing a stale index first', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    const first = scout('search', 'assertNever', '--repo', repo.root, '--json');
    expect(first.status).toBe(0);
    const answer = JSON.parse(first.stdout);
    expect(Object.keys(answer)).toEqual(expect.arrayContaining(['query', 'mode', 'results', 'elapsed_ms', 'freshness']));
    expect(answer.freshness).toMatchObject({ refreshed: true, strategy: 'full' });
    expect(answer.results[0]).toEqual({
      file: 'src/router.ts',
      line: 54,
      end_line: 56,
      symbol: 'assertNever',
      kind: 'function',
      score: expect.any(Number),
      snippet: expect.stringContaining('export function assertNever(value: never): never'),
    });
    repo.write('src/extra.ts', 'export function assertNeverAgain(): void {}\n');
    const second = JSON.parse(scout('search', 'assertNeverAgain', '--repo', repo.root, '--json', '--mode', 'definition').stdout);
    expect(second.freshness).toMatchObject({ refreshed: true, files_updated: 1, strategy: 'partial' });
    expect(second.results[0].symbol).toBe('assertNeverAgain');
    // A one-query search answers while the freshness check runs on another thread (sweep-off-thread.ts): an edit
    // inside a file (its folder unchanged) must still be seen, and the answer built before the refresh dropped.
    repo.write('src/extra.ts', 'export function assertNeverRenamed(): void {}\n');
    const third = JSON.parse(scout('search', 'assertNeverRenamed', '--repo', repo.root, '--json', '--mode', 'definition').stdout);
    expect(third.freshness).toMatchObject({ refreshed: true, files_updated: 1, strategy: 'partial' });
    expect(third.results.map((r: { symbol: string }) => r.symbol)).toEqual(['assertNeverRenamed']);
    const fourth = JSON.parse(scout('search', 'assertNeverRenamed', '--repo', repo.root, '--json').stdout);
    expect(fourth.freshness).toMatchObject({ refreshed: false, strategy: 'none' });
    expect(fourth.results[0].symbol).toBe('assertNeverRenamed');
  });

  it('runs a queries file in one process, one JSON object per line, errors included', () => {
    repo = tempRepo({ fixture: 'typescript' });
    repo.write('queries.txt', 'LLMKind\nroute\n\n');
    const out = scout('search', '--queries-file', `${repo.root}/queries.txt`, '--repo', repo.root, '--mode', 'exact', '--limit', '2');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.query)).toEqual(['LLMKind', 'route']);
    expect(lines.every((l) => l.results.length <= 2)).toBe(true);
  });

  it('passes filters as flags and reports bad ones clearly', () => {
    repo = tempRepo({ fixture: 'typescript' });
    const filtered = JSON.parse(scout('search', 'kind', '--repo', repo.root, '--json', '--kind', 'property,enum_member', '--path-glob', 'src/*.ts').stdout);
    expect(filtered.results.every((r: { kind: string }) => ['property', 'enum_member'].includes(r.kind))).toBe(true);
    const bad = scout('search', 'x', '--repo', repo.root, '--mode', 'nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown mode "nope"/);
    const badBool = scout('search', 'x', '--repo', repo.root, '--exported', 'maybe');
    expect(badBool.stderr).toMatch(/--exported takes true or false/);
    const symbol = JSON.parse(scout('symbol', 'LLMKind', '--repo', repo.root, '--role', 'import', '--json').stdout);
    expect(symbol.results).toEqual([expect.objectContaining({ role: 'import', file: 'src/router.ts', line: 1, module: './kinds' })]);
  });

  it('ranks files for a pasted bug report (--rank, --demote-tests) and answers bad input without crashing', () => {
    repo = tempRepo({ fixture: 'typescript' });
    const report = 'The router picks the wrong endpoint for a provider kind.\nCalling `endpointFor` with LLMKind.Anthropic returns the OpenAI URL "https://api.openai.com".';
    const answer = JSON.parse(scout('search', report, '--repo', repo.root, '--json').stdout);
    expect(answer.ranking).toBe('files');
    expect(answer.interpreted_as.identifiers).toEqual(expect.arrayContaining(['endpointFor', 'LLMKind', 'Anthropic']));
    const files = answer.results.map((r: { file: string }) => r.file);
    // One result per file first; the fixture has fewer matching files than the limit, so their next chunks follow.
    const distinct = [...new Set(files)];
    expect(files.slice(0, distinct.length)).toEqual(distinct);
    expect(answer.notes.join()).toMatch(new RegExp(`only ${distinct.length} file\\(s\\) match`));
    const chunks = JSON.parse(scout('search', report, '--repo', repo.root, '--json', '--rank', 'chunks', '--demote-tests', 'false').stdout);
    expect(chunks.ranking).toBe('chunks');
    const text = scout('search', report, '--repo', repo.root);
    expect(text.stdout).toMatch(/ranking files/);
    expect(text.stdout).toMatch(/read as: identifiers/);
    expect(scout('search', report, '--repo', repo.root, '--rank', 'sideways').stderr).toMatch(/rank must be/);
    const big = scout('search', `endpoint ${'word '.repeat(20_000)}`, '--repo', repo.root, '--json');
    expect(big.status).toBe(0);
    expect(JSON.parse(big.stdout).notes.join()).toMatch(/query cut from 100008 to 20000 characters/);
    const punctuation = scout('search', '!!! ??? ...', '--repo', repo.root, '--json');
    expect(punctuation.status).toBe(0);
    expect(JSON.parse(punctuation.stdout).notes.join()).toMatch(/no searchable words/);
    const stop = scout('search', 'the of and to is', '--repo', repo.root, '--json');
    expect(stop.status).toBe(0);
    const junk = scout('search', '\u0001\u0002\u0003\ufffd', '--repo', repo.root, '--json');
    expect(junk.status).toBe(2);
    expect(junk.stderr).toMatch(/control characters/);
  });
});

describe('scout ask and scout demo', () => {
  it('answers the demo question as JSON and writes a trace', () => {
    repo = tempRepo();
    const trace = path.join(repo.root, 'trace.html');
    const out = spawnSync(process.execPath, [CLI, 'demo', '--json', '--trace', trace], { encoding: 'utf8', timeout: 120_000 });
    expect(out.status).toBe(0);
    const answer = JSON.parse(out.stdout);
    expect(Object.keys(answer)).toEqual(['summary', 'pointers', 'ignored', 'meta']);
    expect(answer.pointers[0]).toMatchObject({ location: expect.stringMatching(/^src\/.+:\d+$/), what: expect.any(String), risk: 'high', relevance: expect.any(Number), action: expect.any(String) });
    expect(Object.keys(answer.pointers[0]).every((k: string) => ['location', 'what', 'risk', 'relevance', 'action', 'also', 'verified'].includes(k))).toBe(true);
    // The demo's high-risk pointers are verified by the TypeScript checker (the change made in memory).
    expect(answer.pointers[0]).toMatchObject({ verified: true, what: expect.stringMatching(/^verified by typescript: TS\d+ /) });
    expect(answer.meta).toMatchObject({ scorer: 'heuristic', nodes_visited: expect.any(Number), budget_remaining: expect.any(Number), verified_by: { checker: 'typescript', errors: 4 } });
    expect(answer.meta.freshness).toMatchObject({ note: expect.any(String) });
    expect(readFileSync(trace, 'utf8')).toContain('<svg');
  });

  it('rejects an empty question and an unknown scorer clearly', () => {
    repo = tempRepo({ fixture: 'typescript' });
    const empty = scout('ask', '', '--repo', repo.root);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/scout ask needs a question/);
    const bogus = scout('ask', 'who calls route', '--repo', repo.root, '--scorer', 'oracle');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toMatch(/unknown scorer "oracle"/);
  });
});

describe('scout gen-training', () => {
  it('writes chat fine-tuning JSONL with the rating function declaration', () => {
    repo = tempRepo({ fixture: 'typescript' });
    const out = path.join(repo.root, 'train.jsonl');
    const run = spawnSync(process.execPath, [CLI, 'gen-training', '2', '--repo', repo.root, '--out', out], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const record of lines) {
      expect(record.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant']);
      expect(record.tools[0].function.name).toBe('rate_links');
      expect(record.messages[2].tool_calls[0].function.arguments.ratings.length).toBeGreaterThan(0);
    }
    expect(scout('gen-training', '0', '--repo', repo.root).stderr).toMatch(/N must be a whole number from 1 to 10000/);
  });
});
