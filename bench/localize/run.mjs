#!/usr/bin/env node
// File-localization benchmark: an issue-like text (a fix commit's message) → the files the fix changed.
//   npm run build && node bench/localize/run.mjs [--split heldout|dev|all] [--repo owner/name] [--mirrors DIR] [--no-write] [--set fresh]
// --set fresh: instances-fresh.json (repositories added after all tuning, never tuned on) → bench/results/localize-fresh.md.
// --set ts: instances-ts.json (the TypeScript tuning set of stop 21, dev / held-out) → bench/results/localize-ts.md.
// Instances: bench/localize/instances.json (build-instances.mjs). Each repository is cloned (--shared, no
// copy of the objects) from its fetched mirror into a temp dir; instances run in commit order, the
// work tree is checked out at each instance's parent commit and scout's index is brought up to date
// incrementally (only changed files are re-parsed). In the same run, for the same files, plain BM25
// over whole files: SQLite FTS5 (unicode61), one row per file, the query's words OR-ed, ranked by bm25().
// Scout runs in-process (warm), default mode (hybrid, no embedding provider), limit 10.
// Acc@k: a gold file is among the first k results. Distinct files: in the first 10 results.
// Writes bench/results/localize.md (unless --no-write) and prints the same tables.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bm25Files } from '../bm25-files.mjs';
import { SETS } from './build-instances.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const dist = path.resolve(arg('--dist', path.join(repoRoot, 'dist')));
const { SqliteStore } = await import(path.join(dist, 'index/store.js'));
const { indexRepository } = await import(path.join(dist, 'index/indexer.js'));
const { search } = await import(path.join(dist, 'search/engine.js'));
// --via-store: also answer each instance from its index published to PostgreSQL (a throwaway cluster) and pulled
// back into a second database (issue 29's parity check): the row "scout (default: hybrid), via the PostgreSQL store".
const VIA_STORE = process.argv.includes('--via-store');
const SPLIT = arg('--split', 'all');
const ONLY_REPO = arg('--repo', null);
const MIRRORS = arg('--mirrors', '/work/.mirror');
const WORK = arg('--work', path.join(os.tmpdir(), 'scout-localize'));
const WRITE = !process.argv.includes('--no-write');
const DUMP = arg('--dump', null);
// Robustness check: drop the subject line (conventional-commit scopes such as "fix(client):" name the module,
// which a user's bug report would not); the body alone is the query.
const BODY_ONLY = process.argv.includes('--body-only');
const SET = arg('--set', 'main');
const FRESH = SET === 'fresh';
if (!SETS[SET]) throw new Error(`--set ${SET}: unknown set; use one of ${Object.keys(SETS).join(', ')}`);

/** Scout configurations run side by side (the first is the default answer). */
const VARIANTS = [
  { name: 'scout (default: hybrid)', request: {} },
  { name: 'scout, chunk ranking (rank: chunks)', request: { rank: 'chunks' } },
  { name: 'scout, no test demotion (demote_tests: false)', request: { demote_tests: false } },
];

const data = JSON.parse(readFileSync(path.join(here, SETS[SET].file), 'utf8'));
let instances = data.instances;
if (BODY_ONLY) instances = instances.map((i) => ({ ...i, query: i.query.split('\n').slice(1).join('\n').trim() || i.query }));
if (SPLIT !== 'all') instances = instances.filter((i) => i.split === SPLIT);
if (ONLY_REPO) instances = instances.filter((i) => i.repo === ONLY_REPO);

const git = (cwd, ...a) => execFileSync('git', ['-C', cwd, ...a], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });

/** Plain BM25 over the instance's files (words capped at 500), timed warm. */
function fileBm25(root, paths, query) {
  const bm = new Bm25Files(root, paths);
  bm.query(query, 10, 500); // warm
  const { results, elapsed_ms } = bm.query(query, 10, 500);
  bm.close();
  return { files: results.map((r) => r.file), ms: elapsed_ms };
}

/**
 * Checks out `sha`. A fetched snapshot may lack its largest blobs (generated docs, fixtures); such paths are left
 * out of the work tree with a sparse checkout, so neither scout nor the BM25 baseline sees them.
 */
function checkoutAvailable(dir, sha) {
  try {
    git(dir, 'checkout', '-q', '-f', '--detach', sha);
    return;
  } catch {
    // fall through: find the missing blobs
  }
  const entries = git(dir, 'ls-tree', '-r', '--format=%(objectname) %(path)', sha).trim().split('\n');
  const check = execFileSync('git', ['-C', dir, 'cat-file', '--batch-check'], { input: entries.map((e) => e.split(' ')[0]).join('\n'), encoding: 'utf8', maxBuffer: 1 << 28 }).trim().split('\n');
  const missing = entries.filter((_, i) => check[i]?.endsWith(' missing')).map((e) => e.slice(e.indexOf(' ') + 1));
  git(dir, 'sparse-checkout', 'set', '--no-cone', '/*', ...missing.map((p) => `!/${p}`));
  git(dir, 'checkout', '-q', '-f', '--detach', sha);
  console.error(`${sha.slice(0, 12)}: ${missing.length} paths absent from the snapshot left out of the work tree`);
}

/**
 * One run per work directory: two runs checking out commits in the same clones corrupt each other's figures (seen in
 * stop 21). A lock file holds the pid of the run; a lock whose process is gone is taken over.
 */
function lockWorkDirectory() {
  mkdirSync(WORK, { recursive: true });
  const lock = path.join(WORK, 'run.lock');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`${WORK} is in use by another run (pid ${pid}); wait for it, or pass --work DIR for a separate work directory`);
  }
  writeFileSync(lock, String(process.pid));
  process.on('exit', () => rmSync(lock, { force: true }));
}
lockWorkDirectory();

const viaStore = VIA_STORE ? await (async () => {
  const { startTestPostgres } = await import(path.join(repoRoot, 'test', 'helpers', 'postgres.ts'));
  const { connectStore, closeStore } = await import(path.join(dist, 'index/postgres/pg-connection.js'));
  const { publishSnapshot } = await import(path.join(dist, 'index/postgres/publish-snapshot.js'));
  const { findSnapshot } = await import(path.join(dist, 'index/postgres/shared-index.js'));
  const { pullSnapshot } = await import(path.join(dist, 'index/postgres/pull-snapshot.js'));
  const { openSqlite } = await import(path.join(dist, 'index/sqlite.js'));
  const server = await startTestPostgres();
  const store = await connectStore(server.url);
  process.on('exit', () => undefined);
  return {
    name: 'scout (default: hybrid), via the PostgreSQL store',
    /** Publish `db` as `commit`, pull it into a new file, and return that database (the caller closes it). */
    async roundTrip(db, repo, commit, dbPath) {
      await publishSnapshot(store, db, { repo, commit, keep: 2 });
      const snapshot = await findSnapshot(store, repo, [commit]);
      await pullSnapshot(store, snapshot, dbPath);
      return openSqlite(dbPath);
    },
    async close() {
      await closeStore(store);
      await server.stop();
    },
  };
})() : null;

const rows = []; // per instance: { inst, systems: { name: { files, ms, notes } } }
const byRepo = new Map();
for (const inst of instances) {
  if (!byRepo.has(inst.repo)) byRepo.set(inst.repo, []);
  byRepo.get(inst.repo).push(inst);
}
for (const [repo, list] of byRepo) {
  list.sort((a, b) => a.time - b.time);
  const dir = path.join(WORK, repo.replace('/', '+'));
  if (!existsSync(path.join(dir, '.git'))) {
    mkdirSync(WORK, { recursive: true });
    execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', path.join(MIRRORS, repo.replace('/', '+'), 'repo'), dir]);
  }
  const store = SqliteStore.open(dir);
  try {
    for (const inst of list) {
      checkoutAvailable(dir, inst.parent);
      git(dir, 'clean', '-q', '-f', '-d');
      const t0 = performance.now();
      const stats = await indexRepository(dir, store, {});
      const indexMs = performance.now() - t0;
      const paths = store.database.prepare('SELECT path FROM files').all().map((row) => row.path);
      const systems = {};
      for (const v of VARIANTS) {
        const request = { query: inst.query, limit: 10, ...v.request };
        await search(store.database, request, { root: dir }); // warm
        const answer = await search(store.database, request, { root: dir });
        systems[v.name] = { files: answer.results.map((r) => r.file), ms: answer.elapsed_ms, notes: answer.notes, interpreted: answer.interpreted_as, ranking: answer.ranking };
      }
      if (viaStore) {
        const dbPath = path.join(WORK, `via-store-${process.pid}.db`);
        const pulled = await viaStore.roundTrip(store.database, inst.repo, inst.parent, dbPath);
        try {
          const request = { query: inst.query, limit: 10, ...VARIANTS[0].request };
          await search(pulled, request, { root: dir });
          const answer = await search(pulled, request, { root: dir });
          systems[viaStore.name] = { files: answer.results.map((r) => r.file), ms: answer.elapsed_ms, notes: answer.notes };
        } finally {
          pulled.close();
          rmSync(dbPath, { force: true });
        }
      }
      const bm = fileBm25(dir, paths, inst.query);
      systems['BM25 over files (FTS5)'] = { files: bm.files, ms: bm.ms };
      rows.push({ inst, systems });
      const mark = (s) => (s.files.slice(0, 10).some((f) => inst.gold.includes(f)) ? s.files.findIndex((f) => inst.gold.includes(f)) + 1 : '-');
      console.error(`${inst.id} [${inst.split}] files=${paths.length} parsed=${stats.filesParsed} index=${Math.round(indexMs)}ms  ` + Object.entries(systems).map(([n, s]) => `${n.split(' ')[0]}${n.includes('chunk') ? '/chunks' : n.includes('demotion') ? '/nodemote' : ''}:${mark(s)}`).join(' '));
    }
  } finally {
    store.close();
  }
}

function metrics(list, name) {
  const acc = (k) => list.filter((r) => r.systems[name].files.slice(0, k).some((f) => r.inst.gold.includes(f))).length / list.length;
  const distinct = list.map((r) => new Set(r.systems[name].files.slice(0, 10)).size);
  const ms = list.map((r) => r.systems[name].ms).sort((a, b) => a - b);
  const median = (xs) => (xs.length ? xs[Math.floor((xs.length - 1) / 2)] : NaN);
  return {
    a1: acc(1), a5: acc(5), a10: acc(10),
    distinct: distinct.reduce((a, b) => a + b, 0) / list.length,
    seven: distinct.filter((d) => d >= 7).length / list.length,
    p50: median(ms),
  };
}

await viaStore?.close();
const names = [...VARIANTS.map((v) => v.name), ...(viaStore ? [viaStore.name] : []), 'BM25 over files (FTS5)'];
const f2 = (x) => x.toFixed(2);
function table(list) {
  const out = ['| system | Acc@1 | Acc@5 | Acc@10 | distinct files in top 10 (mean) | share with >= 7 | median latency |', '|---|---|---|---|---|---|---|'];
  for (const n of names) {
    const m = metrics(list, n);
    out.push(`| ${n} | ${f2(m.a1)} | ${f2(m.a5)} | ${f2(m.a10)} | ${m.distinct.toFixed(1)} | ${f2(m.seven)} | ${m.p50.toFixed(1)} ms |`);
  }
  return out.join('\n');
}
const splits = FRESH ? [['fresh repositories (never tuned on), all instances', rows]] : [['held-out', rows.filter((r) => r.inst.split === 'heldout')], ['dev (used while tuning)', rows.filter((r) => r.inst.split === 'dev')], ['all', rows]];
const lines = [];
for (const [label, list] of splits) {
  if (list.length === 0) continue;
  lines.push(`### ${label}: ${list.length} instances\n\n${table(list)}\n`);
}
lines.push('### per repository (all splits), scout default vs BM25 over files: Acc@1 / Acc@5 / Acc@10\n');
lines.push('| repository | instances | scout | BM25 files |', '|---|---|---|---|');
for (const repo of byRepo.keys()) {
  const list = rows.filter((r) => r.inst.repo === repo);
  const s = metrics(list, names[0]);
  const b = metrics(list, 'BM25 over files (FTS5)');
  lines.push(`| ${repo} | ${list.length} | ${f2(s.a1)} / ${f2(s.a5)} / ${f2(s.a10)} | ${f2(b.a1)} / ${f2(b.a5)} / ${f2(b.a10)} |`);
}
if (viaStore) {
  const same = rows.filter((r) => JSON.stringify(r.systems[viaStore.name].files) === JSON.stringify(r.systems[names[0]].files)).length;
  lines.push('', `Via the PostgreSQL store: ${same} of ${rows.length} answers list the same files in the same order as scout's own index (the index published as the instance's parent commit, pulled back into a new database, asked the same query).`);
}
const report = lines.join('\n');
console.log(report);
if (DUMP) writeFileSync(DUMP, JSON.stringify(rows, null, 1));
if (WRITE) {
  const rev = git(repoRoot, 'rev-parse', '--short', 'HEAD').trim();
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  const header = `# File-localization benchmark\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), Node ${process.version}, scout at ${rev}, all in one run of \`node bench/localize/run.mjs\` (split: ${SPLIT}).\n\n`;
  const out = VIA_STORE ? 'bench/results/localize-via-store.md' : SET !== 'main' ? `bench/results/localize-${SET}.md` : BODY_ONLY ? 'bench/results/localize-body-only.md' : 'bench/results/localize.md';
  const what = BODY_ONLY ? 'Queries: the commit message body only (subject line dropped), a robustness check.\n\n' : '';
  writeFileSync(path.join(repoRoot, out), header.replace('run.mjs`', `run.mjs${BODY_ONLY ? ' --body-only' : ''}${VIA_STORE ? ' --via-store' : ''}${SET !== 'main' ? ` --set ${SET}` : ''}\``.slice(0, -1) + '`') + what + report + '\n');
}
