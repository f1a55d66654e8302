// The team index on PostgreSQL (issue 29), on a tier of the scale corpus (bench/corpus/scale, a git tree of
// public repositories pinned by commit; bench/scale.mjs builds it), in one run:
// - the SQLite full index (a fresh `scout index`), then publishing it (`scout index --store URL`): the store's
//   cost on top of indexing;
// - a clone pulling the snapshot (`scout status --store URL`: pull, localize, first freshness check);
// - parity: the same queries (bench/scale-queries.mjs) answered by the publisher's local index and the clone's
//   pulled one, compared result by result (file, line, score);
// - load: C concurrent MCP clients, each with its own `scout mcp --store URL` server over the clone (one shared
//   snapshot on disk), each asking every query in turn; search latency p50/p90 over all calls; meanwhile a new
//   commit is published from a second clone, and every answer must still name the snapshot its server started on.
// PostgreSQL 15 is a throwaway cluster on a Unix socket (test/helpers/postgres.ts). Writes
// bench/results/postgres-store.md (appends a section per tier). Not a test.
//   npm run build && node bench/postgres-store.mjs --tier s150k [--clients 20]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli, percentile, repoRoot } from './corpus.mjs';

const opt = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const TIER = opt('--tier', 's150k');
const CLIENTS = Number(opt('--clients', '20'));
const PACE_MS = Number(opt('--pace-ms', '1000'));
const tier = path.join(repoRoot, 'bench', 'corpus', 'scale', TIER);
if (!existsSync(path.join(tier, '.git'))) throw new Error(`${tier} is missing: build it with node bench/scale.mjs first`);
const { QUERIES: queries } = await import('./scale-queries.mjs');
const log = (m) => process.stderr.write(`[postgres-store ${TIER}] ${m}\n`);
const { startTestPostgres } = await import(path.join(repoRoot, 'test', 'helpers', 'postgres.ts'));

function scout(args, cwd = repoRoot) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`scout ${args.join(' ')} failed: ${r.stderr}`);
  return { ms: performance.now() - started, stdout: r.stdout, stderr: r.stderr };
}
/** The same as `scout`, without blocking this process: its MCP clients keep being answered and timed meanwhile. */
function scoutAsync(args, cwd = repoRoot) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - started, stdout, stderr }) : reject(new Error(`scout ${args.join(' ')} failed: ${stderr}`))));
  });
}
const lines = (stdout) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
const peakRss = (pid) => Number((readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/) ?? [])[1] ?? 0) / 1024;

const server = await startTestPostgres();
const work = path.join(os.tmpdir(), `scout-pg-bench-${process.pid}`);
const reader = `${work}-reader`;
const writer2 = `${work}-writer2`;
const writer3 = `${work}-writer3`;
const repoName = `scale/${TIER}`;
try {
  // A fresh index (no .scout), as CI builds one: `--force` on an existing index deletes every row first, which
  // costs more than the build at 1.5M lines.
  log('full SQLite index (fresh)');
  rmSync(path.join(tier, '.scout'), { recursive: true, force: true });
  const full = scout(['index', '--repo', tier, '--json']);
  log(`full index ${(full.ms / 1000).toFixed(1)} s; publishing`);
  const pub = scout(['index', '--repo', tier, '--store', server.url, '--repo-name', repoName, '--json']);
  const published = JSON.parse(pub.stdout).shared;
  log(`published ${published.rows} rows in ${published.ms} ms (process ${Math.round(pub.ms)} ms)`);
  // What one snapshot takes in the store: every scout table, with its indexes and TOAST.
  const pg = (await import('pg')).default;
  const sizeClient = new pg.Client({ connectionString: server.url });
  await sizeClient.connect();
  const storeBytes = Number((await sizeClient.query("SELECT sum(pg_total_relation_size(c.oid)) AS b FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'scout_%'")).rows[0].b);
  await sizeClient.end();
  const scoutBytes = ['index.db', 'index.db-wal'].reduce((n, f) => n + (existsSync(path.join(tier, '.scout', f)) ? statSync(path.join(tier, '.scout', f)).size : 0), 0);

  execFileSync('git', ['clone', '-q', '--shared', tier, reader]);
  const pull = scout(['status', '--repo', reader, '--store', server.url, '--repo-name', repoName, '--json']);
  const pulledLine = /pulled the shared index .* \((\d+) rows, (\d+) ms\)/.exec(pull.stderr);
  log(`pull + status ${Math.round(pull.ms)} ms (${pulledLine?.[0] ?? 'no pull line'})`);
  const firstFresh = scout(['search', 'configuration', '--repo', reader, '--mode', 'exact', '--json']);
  const stamp = JSON.parse(firstFresh.stdout).freshness;
  log(`first search after the pull ${Math.round(firstFresh.ms)} ms: ${stamp.note}`);

  const qfile = path.join(os.tmpdir(), `scout-pg-queries-${process.pid}.txt`);
  writeFileSync(qfile, `${queries.join('\n')}\n`);
  const local = lines(scout(['search', '--queries-file', qfile, '--repo', tier, '--json']).stdout);
  const shared = lines(scout(['search', '--queries-file', qfile, '--repo', reader, '--json']).stdout);
  const key = (a) => (a.results ?? []).map((r) => `${r.file}:${r.line}:${r.score}`).join('|');
  const same = local.filter((a, i) => key(a) === key(shared[i])).length;
  log(`parity: ${same} of ${local.length} queries answered identically`);

  // Load: one MCP server per client, all on the reader clone (its snapshot already pulled).
  log(`load: ${CLIENTS} MCP clients x ${queries.length} queries`);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', reader, '--store', server.url, '--repo-name', repoName], stderr: 'ignore' });
    const client = new Client({ name: 'pg-bench', version: '1' });
    await client.connect(transport);
    await client.callTool({ name: 'search', arguments: { query: 'warm up the server' } }, undefined, { timeout: 300_000 });
    return { client, transport };
  }));
  execFileSync('git', ['clone', '-q', '--shared', tier, writer2]);
  execFileSync('sh', ['-c', 'echo "export const publishedDuringLoad = 1;" > scout-load-marker.ts && git add -A && git -c user.email=b@b -c user.name=b commit -qm marker'], { cwd: writer2 });
  const latencies = [];
  /** Closed-loop calls answered while the new commit was being indexed and published (both cores busy with it). */
  const duringPublish = [];
  const commitsSeen = new Set();
  let mixed = 0;
  /**
   * Index `dir` and publish it, started 200 ms from now; `ms` is set once done. Not spawnSync: it would stop this
   * process's event loop, and every call in flight would be timed as long as the whole publish (runs before this fix
   * showed a max latency equal to the publish time).
   */
  const publishInBackground = (dir) => {
    const run = { ms: null, done: null };
    run.done = (async () => {
      await new Promise((r) => setTimeout(r, 200));
      const started = performance.now();
      await scoutAsync(['index', '--repo', dir, '--store', server.url, '--repo-name', repoName, '--json']);
      run.ms = performance.now() - started;
    })();
    return run;
  };
  const publisher = publishInBackground(writer2);
  const seenBy = clients.map(() => new Set());
  const ask = async (i, query, into) => {
    const started = performance.now();
    const result = await clients[i].client.callTool({ name: 'search', arguments: { query } }, undefined, { timeout: 300_000 });
    into.push(performance.now() - started);
    if (into === latencies && publisher.ms === null) duringPublish.push(performance.now() - started);
    if (result.isError) throw new Error(result.content[0].text);
    // The MCP answer's freshness is its stamp line: "…; shared index of abc1234 from …, N local file(s) indexed on top: …".
    const commit = /shared index of ([0-9a-f]{7}) from /.exec(result.structuredContent?.freshness ?? '')?.[1] ?? 'none';
    seenBy[i].add(commit);
    commitsSeen.add(commit);
    return result;
  };
  // Closed loop: every client asks its next query as soon as the last one is answered (the worst case).
  await Promise.all(clients.map(async (_, i) => {
    for (const query of queries) await ask(i, query, latencies);
  }));
  await publisher.done;
  // Paced: each client asks one query per PACE_MS (an agent reads an answer before its next search), starts spread
  // over the first interval: 20 clients offer 20 queries a second. Meanwhile a third commit is indexed from scratch
  // (a fresh clone: both cores busy, as in CI building the next snapshot) and published.
  execFileSync('git', ['clone', '-q', '--shared', tier, writer3]);
  execFileSync('sh', ['-c', 'echo "export const publishedDuringPacedLoad = 1;" > scout-paced-marker.ts && git add -A && git -c user.email=b@b -c user.name=b commit -qm paced'], { cwd: writer3 });
  const paced = [];
  const pacedDuringPublish = [];
  const pacedPublisher = publishInBackground(writer3);
  const askPaced = async (i, query) => {
    const started = performance.now();
    await ask(i, query, paced);
    if (pacedPublisher.ms === null) pacedDuringPublish.push(performance.now() - started);
  };
  await Promise.all(clients.map(async (_, i) => {
    await new Promise((r) => setTimeout(r, (PACE_MS * i) / clients.length));
    for (const query of queries) {
      const next = performance.now() + PACE_MS;
      await askPaced(i, query);
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }));
  await pacedPublisher.done;
  mixed = seenBy.filter((s) => s.size > 1).length;
  // The overlay: a file edited in the clone, then the next answer of one server must find it and name it as overlaid.
  const edited = execFileSync('git', ['ls-files', '*.ts'], { cwd: reader, encoding: 'utf8' }).split('\n').find((f) => f && !f.endsWith('.d.ts'));
  appendFileSync(path.join(reader, edited), '\nexport const overlayProbeIdentifier = 1;\n');
  const editedAt = performance.now();
  let overlayMs = null;
  let overlayNamed = false;
  for (let attempt = 0; attempt < 50 && overlayMs === null; attempt++) {
    const result = await clients[0].client.callTool({ name: 'search', arguments: { query: 'overlayProbeIdentifier', mode: 'exact' } }, undefined, { timeout: 300_000 });
    if (result.structuredContent?.results?.[0]?.file === edited) {
      overlayMs = performance.now() - editedAt;
      overlayNamed = (result.structuredContent?.freshness ?? '').includes(`indexed on top: ${edited}`);
    }
  }
  const rss = clients.map(({ transport }) => peakRss(transport.pid)).sort((a, b) => a - b);
  await Promise.all(clients.map(({ client }) => client.close()));
  const p50 = percentile(latencies, 50);
  const p90 = percentile(latencies, 90);
  log(`paced: p50 ${percentile(paced, 50).toFixed(0)} ms, p90 ${percentile(paced, 90).toFixed(0)} ms; overlay ${overlayMs?.toFixed(0)} ms, named ${overlayNamed}`);
  log(`search under load: p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms over ${latencies.length} calls; servers whose answers named two snapshots: ${mixed}`);

  const out = path.join(repoRoot, 'bench', 'results', 'postgres-store.md');
  if (!existsSync(out)) {
    writeFileSync(out, `# Team index on PostgreSQL: publish, pull, parity and load\n\nWritten by \`bench/postgres-store.mjs\` (one section per run). PostgreSQL ${execFileSync('pg_config', ['--version'], { encoding: 'utf8' }).trim()} in a throwaway cluster on a Unix socket (fsync off), this machine (2 cores). Each run: the SQLite full index, its publish into the store, a \`git clone --shared\` pulling it, the same queries on both indexes compared result by result, then ${CLIENTS} MCP clients (one \`scout mcp --store\` server each, over the clone) asking every query, first in a closed loop (each asks again as soon as it is answered) while a new commit is published from another clone, then paced (one query per client per ${PACE_MS} ms), and last a file edited in the clone until an answer finds it.\n`);
  }
  const lineCount = execFileSync('sh', ['-c', 'git ls-files -z | xargs -0 cat 2>/dev/null | wc -l'], { cwd: tier, encoding: 'utf8' }).trim();
  appendFileSync(out, [
    '',
    `## ${TIER} (${lineCount} lines in git; ${new Date().toISOString().slice(0, 10)}, scout ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim()})`,
    '',
    '| step | figure |',
    '| --- | --- |',
    `| SQLite full index (fresh \`scout index\`, process) | ${(full.ms / 1000).toFixed(1)} s |`,
    `| publish into PostgreSQL (COPY in one transaction) | ${(published.ms / 1000).toFixed(1)} s for ${published.rows} rows (process ${(pub.ms / 1000).toFixed(1)} s); index + publish = ${((full.ms + pub.ms) / full.ms).toFixed(2)}× the SQLite index |`,
    `| one snapshot in PostgreSQL (tables, indexes, TOAST) / the SQLite index | ${(storeBytes / 1048576).toFixed(0)} MB / ${(scoutBytes / 1048576).toFixed(0)} MB |`,
    `| pull into a clone + first status (process) | ${(pull.ms / 1000).toFixed(1)} s${pulledLine ? ` (pull ${pulledLine[2]} ms)` : ''} |`,
    `| first search after the pull (process; walk, stat, overlay) | ${Math.round(firstFresh.ms)} ms: ${stamp.note.replace(/postgresql:\/\/\S+/, 'the store')} |`,
    `| parity: queries answered identically (file, line, score) | ${same} of ${local.length} |`,
    `| search under load, closed loop: ${CLIENTS} MCP clients, each asking again at once, ${latencies.length} calls | p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms |`,
    `| of which answered while the new commit was indexed and published | ${duringPublish.length} calls: p50 ${duringPublish.length ? percentile(duringPublish, 50).toFixed(0) : '—'} ms, p90 ${duringPublish.length ? percentile(duringPublish, 90).toFixed(0) : '—'} ms |`,
    `| search under load, paced: ${CLIENTS} MCP clients, one query each per ${PACE_MS} ms, ${paced.length} calls | p50 ${percentile(paced, 50).toFixed(0)} ms, p90 ${percentile(paced, 90).toFixed(0)} ms, max ${Math.max(...paced).toFixed(0)} ms |`,
    `| of which answered while a third commit was indexed from scratch and published (${pacedPublisher.ms === null ? '—' : `${(pacedPublisher.ms / 1000).toFixed(1)} s`}) | ${pacedDuringPublish.length} calls: p50 ${pacedDuringPublish.length ? percentile(pacedDuringPublish, 50).toFixed(0) : '—'} ms, p90 ${pacedDuringPublish.length ? percentile(pacedDuringPublish, 90).toFixed(0) : '—'} ms, max ${pacedDuringPublish.length ? Math.max(...pacedDuringPublish).toFixed(0) : '—'} ms |`,
    `| a local edit, until an answer finds it (watcher, partial reindex) | ${overlayMs === null ? 'not found in 50 calls' : `${overlayMs.toFixed(0)} ms`}; the stamp names the file as overlaid: ${overlayNamed ? 'yes' : 'no'} |`,
    `| a new commit published during the load | ${publisher.ms === null ? '—' : `${(publisher.ms / 1000).toFixed(1)} s`}; servers whose answers named two snapshots: ${mixed} of ${CLIENTS}; snapshots named: ${commitsSeen.size} |`,
    `| MCP server peak RSS (median / max) | ${rss[Math.floor(rss.length / 2)].toFixed(0)} / ${rss[rss.length - 1].toFixed(0)} MB |`,
    '',
  ].join('\n'));
  log(`wrote ${path.relative(repoRoot, out)}`);
} finally {
  await server.stop();
  for (const dir of [reader, writer2, writer3]) rmSync(dir, { recursive: true, force: true });
}
