/**
 * A publisher killed with SIGKILL in the middle of its COPY leaves nothing a reader can see: the snapshot's row and
 * its rows are one transaction, which the server rolls back when the connection drops. Real PostgreSQL, the built
 * CLI (`npm test` builds first), a repository large enough that the COPY takes a while.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withPgClient, startTestPostgres, type TestPostgres } from '../../helpers/postgres.js';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo.js';

const CLI = path.resolve('dist/cli/main.js');
let server: TestPostgres;
let repo: TempRepo;

beforeAll(async () => {
  server = await startTestPostgres();
  repo = tempRepo({});
  // 600 modules of 40 functions: about 100k rows to COPY.
  for (let f = 0; f < 600; f++) {
    const body = Array.from({ length: 40 }, (_, i) => `export function handler${f}_${i}(input: number): number {\n  return helper${i}(input) + handler${f}_${(i + 1) % 40}(input - 1);\n}`).join('\n');
    repo.write(`src/m${f}.ts`, `import { helper${f % 40} } from './helpers';\n${body}\n`);
  }
  repo.write('src/helpers.ts', Array.from({ length: 40 }, (_, i) => `export function helper${i}(x: number): number { return x * ${i}; }`).join('\n'));
  repo.git('init', '-q');
  repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A');
  repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  repo?.cleanup();
});

it('leaves no partial snapshot when the publisher is killed mid-COPY', async () => {
  const child = spawn(process.execPath, [CLI, 'index', '--repo', repo.root, '--store', server.url, '--repo-name', 'killed/repo', '--json'], { stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  // Kill it once the server shows its COPY running.
  const sawCopy = await withPgClient(server.url, async (client) => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const active = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'semantic-scout' AND query LIKE 'COPY %' AND state = 'active'");
      if (active.rows[0].n > 0) return true;
      if (child.exitCode !== null) return false;
      await new Promise((r) => setTimeout(r, 2));
    }
    return false;
  });
  expect(sawCopy).toBe(true);
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  await withPgClient(server.url, async (client) => {
    // The server notices the closed connection and rolls back; wait for the backend to go.
    for (let i = 0; i < 200; i++) {
      const left = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'semantic-scout'");
      if (left.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await client.query('SELECT count(*)::int AS n FROM scout_snapshots')).rows[0].n).toBe(0);
    const tables = await client.query("SELECT tablename FROM pg_tables WHERE tablename LIKE 'scout_v%'");
    expect(tables.rows.length).toBeGreaterThan(0);
    for (const { tablename } of tables.rows) expect((await client.query(`SELECT count(*)::int AS n FROM "${tablename}"`)).rows[0].n).toBe(0);
  });
}, 120_000);
