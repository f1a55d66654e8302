/**
 * The team index on a real PostgreSQL 15 (a throwaway cluster, test/helpers/postgres.ts): a checkout's index
 * published per commit, pulled by another clone that answers the same, local changes indexed on top and named
 * in the freshness stamp, retention, and the faults (server down, credentials never in the message).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIndexCommand } from '../../../src/cli/index-command.js';
import { runAcrossRepositories, runSearchCommand, type SearchOutput } from '../../../src/cli/search-command.js';
import { formatStatus, runStatusCommand } from '../../../src/cli/status-command.js';
import { isScoutError } from '../../../src/core/errors.js';
import { attachIfShared, formatStoreListing, storeListingIfShared } from '../../../src/cli/shared-store.js';
import { publishIndex } from '../../../src/index/postgres/publish-index.js';
import { attachSharedIndex } from '../../../src/index/postgres/shared-index.js';
import { SCHEMA_VERSION } from '../../../src/index/schema.js';
import { openSqlite } from '../../../src/index/sqlite.js';
import { startTestPostgres, type TestPostgres } from '../../helpers/postgres.js';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo.js';

const REPO = 'example/router';
let server: TestPostgres;
let origin: TempRepo;
const clones: string[] = [];

function clone(): string {
  const dir = `${origin.root}-clone-${clones.length}`;
  execFileSync('git', ['clone', '-q', origin.root, dir]);
  clones.push(dir);
  return dir;
}

function commitAll(repo: TempRepo, message: string): void {
  repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A');
  repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', message);
}

async function searchOnce(root: string, query: string): Promise<SearchOutput> {
  let out: SearchOutput | null = null;
  await runSearchCommand(root, [query], { mode: 'hybrid', limit: '10' } as never, (answer) => {
    if ('error' in answer) throw new Error(answer.error);
    out = answer;
  });
  return out as unknown as SearchOutput;
}

const ranked = (answer: SearchOutput): string[] => answer.results.map((r) => `${r.file}:${r.line}`);

async function snapshotCount(): Promise<number> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM scout_snapshots WHERE repo = $1', [REPO])).rows[0].n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startTestPostgres();
  origin = tempRepo({ fixture: 'typescript', git: true });
  await runIndexCommand(origin.root, { json: true, force: false });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  origin?.cleanup();
  for (const dir of clones) rmSync(dir, { recursive: true, force: true });
});

describe('a shared index on PostgreSQL', () => {
  it('publishes a commit once, and a clone pulls it and answers exactly as the publisher', async () => {
    const first = await publishIndex(origin.root, server.url, { repo: REPO });
    expect(first.published).toBe(true);
    expect(first.rows).toBeGreaterThan(100);
    const again = await publishIndex(origin.root, server.url, { repo: REPO });
    expect(again).toMatchObject({ published: false, snapshotId: first.snapshotId });

    const reader = clone();
    const attached = await attachSharedIndex(reader, server.url, { repo: REPO });
    expect(attached).toMatchObject({ pulled: true, commit: origin.git('rev-parse', 'HEAD').trim(), snapshot: first.snapshotId });
    // Once per snapshot: the second attach reads the local index as it is.
    expect((await attachSharedIndex(reader, server.url, { repo: REPO })).pulled).toBe(false);

    for (const query of ['route a request to a model', 'LLMKind', 'parse broken input']) {
      const local = await searchOnce(origin.root, query);
      const shared = await searchOnce(reader, query);
      expect(ranked(local).length).toBeGreaterThan(0);
      expect(ranked(shared)).toEqual(ranked(local));
      expect(shared.results.map((r) => r.score)).toEqual(local.results.map((r) => r.score));
    }
    const stamp = (await searchOnce(reader, 'LLMKind')).freshness;
    expect(stamp.shared).toMatchObject({ commit: attached.commit, overlaid_files: 0 });
    expect(stamp.refreshed).toBe(false);
    expect(stamp.note).toMatch(/shared index of [0-9a-f]{7} from postgresql:\/\/localhost\/postgres/);
  }, 120_000);

  it('indexes the working tree\'s changes on top of the snapshot and names them in the stamp', async () => {
    const reader = clone();
    await attachSharedIndex(reader, server.url, { repo: REPO });
    execFileSync('sh', ['-c', 'printf "export function quarantineTelemetryBeacon() { return 42; }\\n" > src/beacon.ts && printf "\\nexport const zanzibarThreshold = 7;\\n" >> src/router.ts'], { cwd: reader });
    const answer = await searchOnce(reader, 'quarantineTelemetryBeacon');
    expect(answer.results[0]?.file).toBe('src/beacon.ts');
    expect(answer.freshness.shared?.overlaid).toEqual(['src/beacon.ts', 'src/router.ts']);
    expect(answer.freshness.note).toMatch(/2 local file\(s\) indexed on top: src\/beacon\.ts, src\/router\.ts/);
    expect((await searchOnce(reader, 'zanzibarThreshold')).results[0]?.file).toBe('src/router.ts');
    // The pulled copy kept the full-text trigger: the edited file's old chunks left the full-text table with it.
    const db = openSqlite(path.join(reader, '.scout', 'index.db'), { readOnly: true });
    try {
      const n = (sql: string): number => Number((db.prepare(sql).get() as { n: number }).n);
      expect(n('SELECT count(*) AS n FROM search_fts')).toBe(n('SELECT count(*) AS n FROM chunks'));
      expect(n("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name = 'search_fts_delete'")).toBe(1);
    } finally {
      db.close();
    }
    const status = await runStatusCommand(reader, Promise.resolve([]));
    expect(status.shared).toMatchObject({ repo: REPO, overlaid: ['src/beacon.ts', 'src/router.ts'] });
    expect(formatStatus(status)).toMatch(/shared {6}snapshot \d+ of example\/router@[0-9a-f]{7} from postgresql:\/\/localhost\/postgres.*2 local file\(s\) indexed on top/);
  }, 120_000);

  it('follows HEAD to the nearest published ancestor, and keeps only the newest snapshots', async () => {
    const firstCommit = origin.git('rev-parse', 'HEAD').trim();
    origin.write('src/second.ts', 'export const secondCommitMarker = 2;\n');
    commitAll(origin, 'second');
    const reader = clone(); // at the second commit, which nobody published yet
    const attached = await attachSharedIndex(reader, server.url, { repo: REPO });
    expect(attached.commit).toBe(firstCommit);
    expect((await searchOnce(reader, 'secondCommitMarker')).freshness.shared?.overlaid).toEqual(['src/second.ts']);

    await runIndexCommand(origin.root, { json: true, force: false });
    expect((await publishIndex(origin.root, server.url, { repo: REPO, keep: 2 })).published).toBe(true);
    origin.write('src/third.ts', 'export const thirdCommitMarker = 3;\n');
    commitAll(origin, 'third');
    await runIndexCommand(origin.root, { json: true, force: false });
    const third = await publishIndex(origin.root, server.url, { repo: REPO, keep: 2 });
    expect(third).toMatchObject({ published: true, pruned: 1 });
    expect(await snapshotCount()).toBe(2);
    const listing = await storeListingIfShared(origin.root, { store: server.url, 'repo-name': REPO });
    expect(listing?.snapshots.map((s) => s.commit)).toEqual([origin.git('rev-parse', 'HEAD').trim(), origin.git('rev-parse', 'HEAD~1').trim()]);
    expect(listing?.repositories.find((r) => r.repo === REPO)).toEqual({ repo: REPO, snapshots: 2 });
    expect(formatStoreListing(listing!)).toMatch(/^store {7}postgresql:\/\/localhost\/postgres.*\n {2}example\/router, newest first:\n {2}[0-9a-f]{7} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}\d+ files, \d+ rows/);
  }, 120_000);

  it('refuses to publish a working tree that is not its commit', async () => {
    origin.write('src/router.ts', '// an uncommitted edit\n');
    await expect(publishIndex(origin.root, server.url, { repo: REPO })).rejects.toThrow(/differs from [0-9a-f]{7} in 1 tracked file\(s\) \(src\/router\.ts\)/);
    origin.git('checkout', '--', 'src/router.ts');
  });

  it('refuses a snapshot that names a file outside the repository, and leaves the local index as it was', async () => {
    await publishIndex(origin.root, server.url, { repo: 'example/corrupt' });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(
        `UPDATE scout_v${SCHEMA_VERSION}_files SET c_path = '../../outside/secret.ts' WHERE snapshot_id = (SELECT id FROM scout_snapshots WHERE repo = 'example/corrupt') AND _rowid = (SELECT min(_rowid) FROM scout_v${SCHEMA_VERSION}_files WHERE snapshot_id = (SELECT id FROM scout_snapshots WHERE repo = 'example/corrupt'))`,
      );
    } finally {
      await client.end();
    }
    const reader = clone();
    await expect(attachSharedIndex(reader, server.url, { repo: 'example/corrupt' })).rejects.toThrow(/names a file outside the repository \("\.\.\/\.\.\/outside\/secret\.ts"\): refused/);
    expect(existsSync(path.join(reader, '.scout', 'index.db'))).toBe(false);
    expect(readdirSync(path.join(reader, '.scout')).filter((f) => f.includes('.pull-'))).toEqual([]);
  });

  it('refuses a snapshot whose schema asks for any statement this build does not write (an ATTACH), before running it', async () => {
    await publishIndex(origin.root, server.url, { repo: 'example/evil' });
    const planted = path.join(os.tmpdir(), `scout-evil-${process.pid}.db`);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(`UPDATE scout_snapshots SET mirror = jsonb_set(mirror, '{after}', (mirror->'after') || to_jsonb($1::text)) WHERE repo = 'example/evil'`, [`ATTACH DATABASE '${planted}' AS planted`]);
    } finally {
      await client.end();
    }
    const reader = clone();
    await expect(attachSharedIndex(reader, server.url, { repo: 'example/evil' })).rejects.toThrow(/holds a schema this Scout does not write \(statement "ATTACH DATABASE/);
    expect(existsSync(planted)).toBe(false);
    expect(existsSync(path.join(reader, '.scout', 'index.db'))).toBe(false);
  });

  it('says which store has no snapshot, and how to publish one', async () => {
    const reader = clone();
    await expect(attachSharedIndex(reader, server.url, { repo: 'example/never-published' })).rejects.toThrow(/holds no index of example\/never-published .*scout index --store URL/);
  });

  it('searches the newest published index of several repositories, fused by rank, from the per-user cache', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-cache-'));
    const previous = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = cache;
    const python = tempRepo({ fixture: 'python', git: true });
    try {
      await runIndexCommand(python.root, { json: true, force: false });
      await publishIndex(python.root, server.url, { repo: 'example/python' });
      const across = await runAcrossRepositories(origin.root, 'def class function', { store: server.url, repos: 'example/router,example/python', limit: '20' } as never);
      expect(across.repos.map((r) => r.repo)).toEqual(['example/router', 'example/python']);
      expect(new Set(across.results.map((r) => r.repo))).toEqual(new Set(['example/router', 'example/python']));
      expect(across.results.some((r) => r.repo === 'example/python' && r.file.endsWith('.py'))).toBe(true);
      expect(across.notes.filter((n) => n.startsWith('pulled'))).toHaveLength(2);
      // Pulled once per snapshot: the second search reads the cache.
      expect((await runAcrossRepositories(origin.root, 'router', { store: server.url, repos: 'example/python' } as never)).notes.filter((n) => n.startsWith('pulled'))).toHaveLength(0);
      await expect(runAcrossRepositories(origin.root, 'x', { store: server.url, repos: 'example/nope' } as never)).rejects.toThrow(/no published index of example\/nope .*published repositories: (example\/corrupt, )?(example\/evil, )?example\/python, example\/router/);
      await expect(runAcrossRepositories(origin.root, 'x', { store: server.url, repos: 'example/python', literal: true } as never)).rejects.toThrow(/--literal and --regex read the files/);
    } finally {
      if (previous === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = previous;
      python.cleanup();
      rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps the snapshot it has while few files changed since, and pulls a nearer one when many did', async () => {
    const reader = clone();
    const first = await attachSharedIndex(reader, server.url, { repo: REPO });
    origin.write('src/fourth.ts', 'export const fourthCommitMarker = 4;\n');
    commitAll(origin, 'fourth');
    await runIndexCommand(origin.root, { json: true, force: false });
    await publishIndex(origin.root, server.url, { repo: REPO });
    execFileSync('git', ['pull', '-q'], { cwd: reader });
    // One file changed since the local snapshot: kept, without asking the store; the file is indexed on top.
    expect(await attachSharedIndex(reader, 'postgresql://nobody@localhost/none?host=/nonexistent', { repo: REPO })).toMatchObject({ pulled: false, commit: first.commit });
    expect((await searchOnce(reader, 'fourthCommitMarker')).freshness.shared?.overlaid).toContain('src/fourth.ts');
    for (let i = 0; i < 201; i++) origin.write(`src/many/m${i}.ts`, `export const many${i} = ${i};\n`);
    commitAll(origin, 'fifth');
    await runIndexCommand(origin.root, { json: true, force: false });
    await publishIndex(origin.root, server.url, { repo: REPO });
    execFileSync('git', ['pull', '-q'], { cwd: reader });
    const nearer = await attachSharedIndex(reader, server.url, { repo: REPO });
    expect(nearer).toMatchObject({ pulled: true, commit: origin.git('rev-parse', 'HEAD').trim() });
    expect((await searchOnce(reader, 'many200')).freshness.shared?.overlaid_files).toBe(0);
  }, 120_000);

  it('reports a stopped server clearly, without the credentials of the URL, and answers from a snapshot pulled before', async () => {
    const reader = clone();
    const pulledBefore = clone();
    await attachSharedIndex(pulledBefore, server.url, { repo: REPO });
    // More changed files than a kept snapshot covers: the store is asked for a nearer one.
    for (let i = 0; i < 201; i++) writeFileSync(path.join(pulledBefore, `local${i}.ts`), `export const local${i} = ${i};\n`);
    const url = `${server.url.replace('postgresql://scout@', 'postgresql://scout:hunter2secret@')}&connect_timeout=2`;
    await server.stop();
    const error = await attachSharedIndex(reader, url, { repo: REPO }).catch((e: unknown) => e);
    expect(isScoutError(error) && error.code).toBe('STORE_UNAVAILABLE');
    expect(String((error as Error).message)).toMatch(/could not connect.*check that the server is running/);
    expect(String((error as Error).message)).not.toContain('hunter2secret');
    // Nothing pulled here: the CLI fails with that message; with a snapshot pulled before, it answers from it.
    await expect(attachIfShared(reader, { store: url, 'repo-name': REPO })).rejects.toThrow(/could not connect/);
    const line = await attachIfShared(pulledBefore, { store: url, 'repo-name': REPO });
    expect(line).toMatch(/could not connect.*answering from the shared index pulled before \([0-9a-f]{7}\)/);
    expect(line).not.toContain('hunter2secret');
    expect((await searchOnce(pulledBefore, 'LLMKind')).freshness.shared?.commit).toMatch(/^[0-9a-f]{40}$/);
  }, 60_000);
});
