/**
 * Hostile input (issue 13): a small version of bench/hostile-repo.mjs, indexed by the built CLI
 * in a real process. Every hostile file must be listed as skipped with its reason, no hostile
 * file may reach the parser, normal files keep their facts, and nothing may hang (a FIFO opened
 * for reading would block the run until the spawn timeout).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValue, openSqlite } from '../../src/index/sqlite.js';
// @ts-expect-error: a plain .mjs module shared with the benchmark
import { buildHostileRepo, HOSTILE_SMALL } from '../../bench/hostile-repo.mjs';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');
const scout = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

interface Manifest {
  skipped: Array<{ path: string; reason: string }>;
  normal: Array<{ path: string; definition: string }>;
  notCreated: string[];
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('hostile repository', () => {
  it('indexes the normal files, lists every hostile file as skipped with its reason, and parses none of them', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'scout-hostile-test-'));
    const manifest = buildHostileRepo(dir, HOSTILE_SMALL) as Manifest;
    expect(manifest.skipped.map((s) => s.reason)).toEqual(expect.arrayContaining(['binary', 'too_large', 'minified', 'nesting_too_deep', 'symlink_loop', 'symlink_outside_root', 'not_regular_file']));

    const index = scout('index', '--repo', dir, '--json');
    expect(index.error).toBeUndefined(); // no timeout: nothing blocked on the FIFO
    expect(index.status).toBe(0);
    const stats = JSON.parse(index.stdout);
    // Work, not time: the parser saw exactly the normal files.
    expect(stats.filesParsed).toBe(manifest.normal.length);
    expect(stats.parseFailures).toBe(0);
    expect(stats.filesSkipped).toBe(manifest.skipped.length);

    const status = scout('status', '--repo', dir, '--json');
    expect(status.status).toBe(0);
    const report = JSON.parse(status.stdout);
    const skipped = new Map<string, string>(report.skipped.map((s: { path: string; reason: string }) => [s.path, s.reason]));
    for (const s of manifest.skipped) expect([s.path, skipped.get(s.path)]).toEqual([s.path, s.reason]);
    expect(report.skipped).toHaveLength(manifest.skipped.length);
    // Files skipped for their content are not counted as indexed files.
    expect(report.counts.files).toBe(manifest.normal.length);
    expect(report.fresh).toBe(true);

    const db = openSqlite(path.join(dir, '.scout', 'index.db'), { readOnly: true });
    try {
      const defined = db.prepare('SELECT count(*) FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.path = ? AND d.name = ?');
      for (const n of manifest.normal) expect([n.path, firstValue(defined, n.path, n.definition)]).toEqual([n.path, 1]);
      // Skipped files carry no facts.
      expect(firstValue(db.prepare('SELECT count(*) FROM definitions d JOIN files f ON f.id = d.file_id WHERE f.skip_reason IS NOT NULL'))).toBe(0);
    } finally {
      db.close();
    }

    const text = scout('status', '--repo', dir);
    expect(text.stdout).toMatch(new RegExp(`skipped\\s+${manifest.skipped.length} file\\(s\\)`));
    // Every skipped file is named in the text too (at most 20 per reason there; --json lists all).
    for (const s of manifest.skipped) expect(text.stdout).toContain(s.path);
    expect(text.stdout).toMatch(/not_regular_file \(2\): links\/to-pipe\.ts \(FIFO\), pipe\.ts \(FIFO\)/);
    expect(text.stdout).toMatch(/minified \(1\): lib\/lib-0\.min\.js \(longest line \d+ chars > limit 5000/);
    expect(text.stdout).toMatch(/nesting_too_deep \(2\): deep\/nested\.py \(brackets nested more than 2000 deep\), deep\/nested\.ts/);
    expect(text.stdout).toMatch(/binary \(20\): assets\/blob-000\.ts \(NUL byte at offset \d+\), assets\/blob-001\.ts \(\d+% of the first \d+ bytes not valid UTF-8\)/);

    // A second run reads nothing again and keeps the content-skipped files listed.
    const again = JSON.parse(scout('index', '--repo', dir, '--json').stdout);
    expect(again).toMatchObject({ filesParsed: 0, filesSkipped: manifest.skipped.length });
    expect(JSON.parse(scout('status', '--repo', dir, '--json').stdout).skipped).toEqual(report.skipped);
  }, 120_000);

  it('cancels a parse that exceeds the time budget and lists the file as parse_budget_exceeded', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'scout-hostile-test-'));
    // 30,000 nested parentheses: Python parses them in well under a second, then the query takes
    // minutes (it grows with depth squared). Nesting cap lifted so only the budget can stop it.
    const depth = 30_000;
    writeFileSync(path.join(dir, 'deep.py'), `d = ${'('.repeat(depth)}1${')'.repeat(depth)}\n`);
    writeFileSync(path.join(dir, 'ok.py'), 'def fine():\n    return 1\n');
    writeFileSync(path.join(dir, 'scout.config.json'), JSON.stringify({ index: { maxNestingDepth: 1_000_000, maxLineLength: 1_000_000, parseBudgetMs: 500 } }));
    const index = scout('index', '--repo', dir, '--json');
    expect(index.error).toBeUndefined();
    expect(index.status).toBe(0);
    const stats = JSON.parse(index.stdout);
    expect(stats.filesParsed).toBe(1);
    expect(stats.durationMs).toBeLessThan(30_000); // unbounded, this file alone takes minutes
    const report = JSON.parse(scout('status', '--repo', dir, '--json').stdout);
    expect(report.skipped).toEqual([{ path: 'deep.py', reason: 'parse_budget_exceeded', detail: expect.stringMatching(/longer than the 500 ms budget/) }]);
    expect(report.counts.byKind.function).toBe(1);
  }, 120_000);
});
