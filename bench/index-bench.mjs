#!/usr/bin/env node
// Index benchmark on real code, side by side with `ctags -R` in the same run.
//   npm run build && node bench/index-bench.mjs [--quick]
// Corpus: the TypeScript sources shipped in the `effect` npm package (src/), cut to ~100k lines in
// path order, plus a 10,000-file tree (rxjs's src/ copied 40 times) for the freshness check at scale.
// Writes bench/results/index.md and prints the same table.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchDir as here,
  cli,
  countJsLines,
  countLines,
  EFFECT,
  listTs,
  prepareEffect100k as prepareMain,
  prepareRxjs10kFiles as prepareWide,
  prepareThree100k as prepareSecond,
  repoRoot,
  THREE,
} from './corpus.mjs';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 1 : 3;

const { SqliteStore } = await import(path.join(repoRoot, 'dist/index/store.js'));
const { checkFreshness, ensureFresh } = await import(path.join(repoRoot, 'dist/index/freshness.js'));
const { ChangeWatcher } = await import(path.join(repoRoot, 'dist/index/watcher.js'));
const { readWatchState } = await import(path.join(repoRoot, 'dist/index/watch-state.js'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Run a command under /usr/bin/time -v; return wall ms and peak RSS MB. */
function timed(cmd, args, env = {}) {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  const seconds = (label) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1] ?? 0);
  // CPU time (user + system, all threads): steadier than wall time on a shared machine.
  const cpuMs = (seconds('User') + seconds('System')) * 1000;
  return { ms, rssMb: rss, cpuMs, stdout: r.stdout };
}

function coldIndex(dir, workers) {
  rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
  if (workers !== undefined) writeFileSync(path.join(dir, 'scout.config.json'), JSON.stringify({ index: { workers } }));
  else rmSync(path.join(dir, 'scout.config.json'), { force: true });
  // No watch daemon here: the stat-sweep figures below must be measured without one.
  const r = timed(process.execPath, [cli, 'index', '--repo', dir, '--json'], {});
  rmSync(path.join(dir, 'scout.config.json'), { force: true });
  return { ...r, stats: JSON.parse(r.stdout) };
}

function dbSizeMb(dir) {
  let bytes = 0;
  for (const f of ['index.db', 'index.db-wal']) bytes += statSync(path.join(dir, '.scout', f), { throwIfNoEntry: false })?.size ?? 0;
  return bytes / 1024 / 1024;
}

async function oneFileUpdate(dir) {
  const store = SqliteStore.open(dir);
  await ensureFresh(dir, store); // index current
  const { loadLanguage } = await import(path.join(repoRoot, 'dist/parse/loader.js'));
  await loadLanguage('typescript'); // warm: a long-lived process has its grammar loaded
  {
    // ...and its extraction code compiled by the JIT: one update before measuring.
    const warm = path.join(dir, 'src', listTs(path.join(dir, 'src'))[0]);
    const original = readFileSync(warm, 'utf8');
    appendFileSync(warm, '\nexport const benchWarmUp = 0;\n');
    await ensureFresh(dir, store);
    writeFileSync(warm, original);
    await ensureFresh(dir, store);
  }
  // Ten files spread evenly over the corpus (sorted by path), so sizes are typical.
  const all = listTs(path.join(dir, 'src'));
  const files = Array.from({ length: 10 }, (_, i) => all[Math.floor((i * all.length) / 10)]);
  const rows = [];
  for (let i = 0; i < files.length; i++) {
    const file = path.join(dir, 'src', files[i]);
    const original = readFileSync(file, 'utf8');
    appendFileSync(file, `\nexport const benchEdit${i} = ${i};\n`);
    const r = await ensureFresh(dir, store);
    if (r.files_updated !== 1) throw new Error(`expected 1 file updated, got ${JSON.stringify(r)}`);
    rows.push({ file: files[i], lines: original.split('\n').length, ms: r.duration_ms });
    writeFileSync(file, original);
    await ensureFresh(dir, store);
  }
  store.close();
  const times = rows.map((r) => r.ms);
  return { median: median(times), max: Math.max(...times), rows, medianLines: median(rows.map((r) => r.lines)) };
}

async function freshnessCheck(dir, runs = 50, useWatcher = false) {
  const store = SqliteStore.open(dir);
  const watcher = useWatcher ? new ChangeWatcher(dir) : undefined;
  if (watcher) {
    await ensureFresh(dir, store, { watcher });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const times = [];
  for (let i = 0; i < runs; i++) {
    const r = checkFreshness(dir, store, { watcher });
    if (useWatcher && r.method !== 'watcher') throw new Error('watcher check fell back to a sweep');
    if (!r.fresh) throw new Error(`expected a fresh index in ${dir}: ${JSON.stringify({ ...r, changedDirectories: [...r.changedDirectories] })}`);
    times.push(r.durationMs);
  }
  const files = store.listFiles().length;
  watcher?.close();
  store.close();
  return { median: median(times), p95: [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)], files };
}

const loadAtStart = os.loadavg();
const STAGES = ['walk', 'readHash', 'parse', 'extract', 'write', 'fts', 'indexBuild', 'commit', 'parseWall', 'total'];
const ctagsRun = (dir) => timed('ctags', ['-R', '-f', path.join(os.tmpdir(), 'scout-bench.tags'), '--exclude=.scout', '--exclude=.git', dir]);

/**
 * ctags and a cold `scout index` (default settings) taking turns, RUNS times each, so that both
 * see the same machine load; the ratio is of the medians.
 */
function sideBySide(dir) {
  const ctags = [];
  const scout = [];
  for (let i = 0; i < RUNS; i++) {
    ctags.push(ctagsRun(dir));
    scout.push(coldIndex(dir, undefined));
  }
  const stages = Object.fromEntries(STAGES.map((k) => [k, median(scout.map((r) => r.stats.stages?.[k] ?? NaN))]));
  return {
    ctagsMs: median(ctags.map((r) => r.ms)),
    ctagsCpuMs: median(ctags.map((r) => r.cpuMs)),
    ms: median(scout.map((r) => r.ms)),
    cpuMs: median(scout.map((r) => r.cpuMs)),
    rss: Math.max(...scout.map((r) => r.rssMb)),
    workers: scout[0].stats.workers,
    stages,
    notes: scout[0].stats.notes ?? [],
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what, ok) {
  for (let i = 0; i < 400; i++) {
    if (ok()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One CLI query (`scout symbol`, which runs ensureFresh first); returns wall ms and its freshness. */
function cliQuery(dir, env) {
  const r = timed(process.execPath, [cli, 'symbol', 'benchNoSuchSymbol', '--repo', dir, '--json'], env);
  return { ms: r.ms, freshness: JSON.parse(r.stdout).freshness };
}

/**
 * The no-change check as a CLI call makes it with the watch daemon running: the daemon is
 * started by `scout watch`, a CLI query sweeps and acknowledges, then checkFreshness (the
 * code every CLI query runs first) is timed in this process, which has no watcher of its own.
 * Also the whole CLI query's wall time, with the daemon and without (stat sweep).
 */
async function daemonCheck(dir, runs = 50) {
  const store = SqliteStore.open(dir);
  const indexDir = path.dirname(store.dbPath);
  timed(process.execPath, [cli, 'watch', '--repo', dir], {});
  await until('the watch daemon', () => readWatchState(indexDir)?.syncedIndexedAt === store.getMeta('indexed_at'));
  cliQuery(dir, {});
  await until('a clean daemon state', () => readWatchState(indexDir)?.changes.length === 0);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const r = checkFreshness(dir, store);
    if (r.method !== 'watch-state' || !r.fresh) throw new Error(`expected a fresh answer from the daemon state, got ${r.method} fresh=${r.fresh}`);
    times.push(r.durationMs);
  }
  const withDaemon = [];
  for (let i = 0; i < 5; i++) withDaemon.push(cliQuery(dir, {}).ms);
  // An edit in place must be seen by the next CLI call.
  const file = path.join(dir, listTs(dir).find((f) => !f.startsWith('.scout')));
  const original = readFileSync(file, 'utf8');
  appendFileSync(file, '\nexport const benchDaemonEdit = 1;\n');
  const edited = cliQuery(dir, {});
  writeFileSync(file, original);
  if (edited.freshness.files_updated !== 1) throw new Error(`an edit was not seen through the daemon: ${JSON.stringify(edited.freshness)}`);
  cliQuery(dir, {});
  timed(process.execPath, [cli, 'watch', '--stop', '--repo', dir], {}); // the daemon this function started
  const withoutDaemon = [];
  for (let i = 0; i < 5; i++) withoutDaemon.push(cliQuery(dir, {}).ms);
  store.close();
  return {
    median: median(times),
    p95: [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)],
    cliMs: median(withDaemon),
    cliSweepMs: median(withoutDaemon),
  };
}

// ---------------------------------------------------------------------------
const mainDir = prepareMain();
const size = countLines(mainDir);
console.log(`corpus: ${EFFECT} src/, ${size.files} files, ${size.lines} lines`);
const main = sideBySide(mainDir);
const ctagsMs = main.ctagsMs;
console.log(`ctags -R: ${ctagsMs.toFixed(0)} ms; scout index: ${main.ms.toFixed(0)} ms (${(main.ms / ctagsMs).toFixed(1)}x), peak RSS ${main.rss.toFixed(0)} MB`);
console.log(`stages: ${JSON.stringify(main.stages)}`);

const secondDir = prepareSecond();
const secondSize = countJsLines(secondDir);
console.log(`second corpus: ${THREE} src/, ${secondSize.files} files, ${secondSize.lines} lines`);
const second = sideBySide(secondDir);
console.log(`ctags -R: ${second.ctagsMs.toFixed(0)} ms; scout index: ${second.ms.toFixed(0)} ms (${(second.ms / second.ctagsMs).toFixed(1)}x), peak RSS ${second.rss.toFixed(0)} MB`);
console.log(`stages: ${JSON.stringify(second.stages)}`);

const variants = [
  ['main thread only', 0],
  ['main thread + 1 worker', 1],
  ['main thread + 2 workers', 2],
].filter(([, workers]) => workers !== main.workers);
const indexRows = [{ label: `auto (main thread + ${main.workers} worker(s))`, ms: main.ms, rss: main.rss, workers: main.workers }];
for (const [label, workers] of variants) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(coldIndex(mainDir, workers));
  const ms = median(runs.map((r) => r.ms));
  const rss = Math.max(...runs.map((r) => r.rssMb));
  indexRows.push({ label, ms, rss, workers: runs[0].stats.workers, lines: runs[0].stats.linesParsed });
  console.log(`scout index [${label}]: ${ms.toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB`);
}
// Leave the default (auto) index in place for the incremental measurements.
coldIndex(mainDir, undefined);
const dbMb = dbSizeMb(mainDir);
const update = await oneFileUpdate(mainDir);
console.log(`1-file update (ensureFresh, warm): median ${update.median} ms, max ${update.max} ms`);
const fresh100k = await freshnessCheck(mainDir);
console.log(`no-change freshness check (${fresh100k.files} files): median ${fresh100k.median.toFixed(2)} ms`);
const fresh100kWatched = await freshnessCheck(mainDir, 50, true);

const wideDir = prepareWide();
let wideIndex = null;
if (quick) {
  // Quick mode keeps an existing index and only brings it up to date (it may predate a schema change).
  timed(process.execPath, [cli, 'index', '--repo', wideDir, '--json'], {});
} else {
  wideIndex = coldIndex(wideDir, undefined);
  console.log(`10k-file tree indexed in ${(wideIndex.ms / 1000).toFixed(1)} s (${wideIndex.stats.linesParsed} lines)`);
}
const fresh10k = await freshnessCheck(wideDir, 20);
console.log(`no-change freshness check (${fresh10k.files} files): median ${fresh10k.median.toFixed(2)} ms`);
const fresh10kWatched = await freshnessCheck(wideDir, 50, true);
console.log(`no-change freshness check with a watcher (${fresh10kWatched.files} files): median ${fresh10kWatched.median.toFixed(3)} ms`);
const fresh10kDaemon = await daemonCheck(wideDir);
console.log(`no-change freshness check from the watch daemon's state (${fresh10k.files} files): median ${fresh10kDaemon.median.toFixed(3)} ms; CLI query ${fresh10kDaemon.cliMs.toFixed(0)} ms vs ${fresh10kDaemon.cliSweepMs.toFixed(0)} ms with a sweep`);

const best = indexRows[0];
const STAGE_LABELS = {
  walk: 'walk (.gitignore, stat)',
  readHash: 'read + hash (all threads)',
  parse: 'tree-sitter parse (all threads)',
  extract: 'extract facts, chunks, search tokens (all threads)',
  write: 'SQLite row writes (main thread, FTS excluded)',
  fts: 'FTS5 inserts',
  indexBuild: 'secondary index rebuild',
  commit: 'commit',
  parseWall: 'parse phase wall (first job sent to last result written)',
  total: 'indexRepository total',
};
const cpu = os.cpus()[0]?.model ?? 'unknown';
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim() || 'unknown';
const report = `# Index benchmark

Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}
(load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')}: the machine is shared, wall times move with it).
Median of ${RUNS} cold run(s) each (index deleted before every run), all in one run of \`node bench/index-bench.mjs\`.

Corpus: \`${EFFECT}\` \`src/\` (TypeScript as shipped on npm), first files in path order up to ~100k lines:
**${size.files} files, ${size.lines} lines**. Second corpus: \`${THREE}\` \`src/\` (JavaScript as shipped on npm),
first files in path order up to ~100k lines: **${secondSize.files} files, ${secondSize.lines} lines**.
ctags and scout take turns in every run (same machine load); figures are medians.

| measure | value | target |
|---|---|---|
| \`ctags -R\` (baseline, same files) | ${ctagsMs.toFixed(0)} ms | |
| full index, default settings (main thread + ${best.workers} worker thread(s) parsing) | ${(best.ms / 1000).toFixed(2)} s | <= 8 s |
| lines/s | ${Math.round(size.lines / (best.ms / 1000))} | |
| ratio to ctags | ${(best.ms / ctagsMs).toFixed(1)}x | <= 3x |
| CPU time (user + system, all threads): ctags / scout / ratio | ${main.ctagsCpuMs.toFixed(0)} ms / ${main.cpuMs.toFixed(0)} ms / ${(main.cpuMs / main.ctagsCpuMs).toFixed(1)}x | |
| peak RSS | ${best.rss.toFixed(0)} MB | <= 500 MB |
| second corpus (${THREE}): \`ctags -R\` / full index / ratio / peak RSS | ${second.ctagsMs.toFixed(0)} ms / ${(second.ms / 1000).toFixed(2)} s / ${(second.ms / second.ctagsMs).toFixed(1)}x / ${second.rss.toFixed(0)} MB | <= 3x, <= 500 MB |
| second corpus CPU time: ctags / scout / ratio | ${second.ctagsCpuMs.toFixed(0)} ms / ${second.cpuMs.toFixed(0)} ms / ${(second.cpuMs / second.ctagsCpuMs).toFixed(1)}x | |
| database size | ${dbMb.toFixed(1)} MB | |
| 1-file incremental update (ensureFresh, warm process; median / max of 10 files, median ${update.medianLines} lines) | ${update.median} / ${update.max} ms | <= 50 ms |
| no-change freshness check, ${fresh100k.files} files, stat sweep (CLI; median / p95 of 50) | ${fresh100k.median.toFixed(2)} / ${fresh100k.p95.toFixed(2)} ms | <= 5 ms |
| no-change freshness check, ${fresh100kWatched.files} files, watcher (long-lived server; median / p95 of 50) | ${fresh100kWatched.median.toFixed(3)} / ${fresh100kWatched.p95.toFixed(3)} ms | <= 5 ms |
| no-change freshness check, ${fresh10k.files} files, stat sweep (CLI; median / p95 of 20) | ${fresh10k.median.toFixed(2)} / ${fresh10k.p95.toFixed(2)} ms | <= 5 ms |
| no-change freshness check, ${fresh10kWatched.files} files, watcher (long-lived server; median / p95 of 50) | ${fresh10kWatched.median.toFixed(3)} / ${fresh10kWatched.p95.toFixed(3)} ms | <= 5 ms |
| no-change freshness check, ${fresh10k.files} files, CLI with the watch daemon (state file; median / p95 of 50) | ${fresh10kDaemon.median.toFixed(3)} / ${fresh10kDaemon.p95.toFixed(3)} ms | <= 5 ms |
| whole CLI query (\`scout symbol\`, process start to exit) on ${fresh10k.files} files: with the daemon / stat sweep (median of 5) | ${fresh10kDaemon.cliMs.toFixed(0)} / ${fresh10kDaemon.cliSweepMs.toFixed(0)} ms | |
${wideIndex ? `| full index of the 10k-file tree (${wideIndex.stats.linesParsed} lines) | ${(wideIndex.ms / 1000).toFixed(1)} s, peak RSS ${wideIndex.rssMb.toFixed(0)} MB | |\n` : ''}
## Where the time goes (\`scout index --json\` \`stages\`, ms, median of ${RUNS})

| stage | ${EFFECT} | ${THREE} |
|---|---|---|
${STAGES.map((k) => `| ${STAGE_LABELS[k]} | ${main.stages[k].toFixed(0)} | ${second.stages[k].toFixed(0)} |`).join('\n')}
| process wall (start-up, module and grammar loading included) | ${main.ms.toFixed(0)} | ${second.ms.toFixed(0)} |

Read + hash, parse and extract are summed over the threads that ran them (the main thread parses
too, between its writes); the other stages are main-thread time.${main.notes.length ? `\nNotes: ${main.notes.join('; ')}` : ''}

## 1-file updates, per file

| file | lines | ensureFresh |
|---|---|---|
${update.rows.map((r) => `| ${r.file} | ${r.lines} | ${r.ms} ms |`).join('\n')}

## Does the second core pay?

| parsing | full index | peak RSS |
|---|---|---|
${indexRows.map((r) => `| ${r.label} | ${(r.ms / 1000).toFixed(2)} s | ${r.rss.toFixed(0)} MB |`).join('\n')}

Times are wall-clock for the whole \`scout index\` process (start-up, walk, read, hash, parse,
extract facts, SQLite writes in one transaction, FTS5). ctags extracts definitions only; scout also
extracts every usage with its syntactic role, imports, exports, calls, complexity and search chunks.
`;
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'index.md'), report);
console.log(`\n${report}`);
