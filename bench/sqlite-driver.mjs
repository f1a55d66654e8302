#!/usr/bin/env node
// node:sqlite against better-sqlite3, measured in one run on the same corpus and machine: full index time
// and warm search latency, this checkout's build against a baseline build that still uses better-sqlite3.
//   npm run build && node bench/sqlite-driver.mjs --baseline /path/to/baseline/dist/cli/main.js [--rounds N]
// The baseline is a checkout of the commit before the switch (3b3f942), `npm ci && npm run build` under the
// same Node.js (better-sqlite3 compiles from source there). Not a test: it does not run in CI.
// Corpus: bench/corpus/effect-100k (bench/corpus.mjs: the `effect` package's src/ from the npm registry, ~100k
// lines), copied once per build so that each keeps its own .scout/. Index: `scout index --force --json`,
// alternating the builds, `durationMs` per run. Search: `scout search --queries-file` processes alternating the
// builds, each an unmeasured warm-up round then a measured one; p50/p95 of each answer's `elapsed_ms`.
// Writes bench/results/sqlite-driver.md and prints the same table.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir, cli, corpusDir, countLines, percentile, prepareEffect100k } from './corpus.mjs';

const args = process.argv.slice(2);
const baseline = args.includes('--baseline') ? path.resolve(args[args.indexOf('--baseline') + 1]) : null;
const ROUNDS = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
if (!baseline || !existsSync(baseline)) {
  process.stderr.write('usage: node bench/sqlite-driver.mjs --baseline <better-sqlite3 build>/dist/cli/main.js [--rounds N]\n');
  process.exit(2);
}

const QUERIES = [
  'flatMap', 'catchAll', 'forkDaemon', 'acquireRelease', 'zipWith', 'makeSemaphore', 'runPromise', 'dual', 'getOrElse',
  'tapErrorCause', 'FiberRefs', 'retryOrElse', 'TaggedError', 'chunksOf', 'Effect.gen', 'retry with exponential backoff',
  'parse duration string', 'interrupt all fibers', 'timeout an effect', 'catch all errors and recover',
  'acquire and release a resource', 'hash a string', 'split an array into chunks', 'semaphore permits',
];
const MODES = ['exact', 'hybrid', 'definition'];

const builds = [
  { name: 'better-sqlite3 (baseline)', cli: baseline },
  { name: 'node:sqlite (this checkout)', cli },
];

function run(cliPath, argv) {
  const r = spawnSync(process.execPath, [cliPath, ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cliPath} ${argv.join(' ')} exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 1000)}`);
  return r.stdout;
}

const source = prepareEffect100k();
const size = countLines(source);
for (const [i, build] of builds.entries()) {
  build.dir = path.join(corpusDir, `sqlite-driver-${i}`);
  if (!existsSync(build.dir)) cpSync(source, build.dir, { recursive: true, filter: (p) => path.basename(p) !== '.scout' });
  build.indexMs = [];
  build.search = {};
}

// Index: alternate the builds round by round, so that machine noise hits both alike.
for (let round = 0; round < ROUNDS; round++) {
  for (const build of builds) {
    const stats = JSON.parse(run(build.cli, ['index', '--repo', build.dir, '--force', '--json']));
    build.indexMs.push(stats.durationMs);
    process.stdout.write(`index round ${round + 1}: ${build.name} ${stats.durationMs} ms (${stats.filesParsed} files)\n`);
  }
}

// Search: per mode, ROUNDS passes alternating the builds, each pass one process (a warm-up round, then a
// measured one), so that load from elsewhere on the machine hits both builds alike.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-driver-bench-'));
const queriesFile = path.join(tmp, 'queries.txt');
writeFileSync(queriesFile, `${[...QUERIES, ...QUERIES].join('\n')}\n`);
for (const mode of MODES) {
  const measured = new Map(builds.map((b) => [b, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      const out = run(build.cli, ['search', '--queries-file', queriesFile, '--repo', build.dir, '--mode', mode, '--limit', '10', '--json']);
      const answers = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
      measured.get(build).push(...answers.slice(QUERIES.length).map((a) => a.elapsed_ms));
    }
  }
  for (const build of builds) {
    const times = measured.get(build);
    build.search[mode] = { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
  }
}
rmSync(tmp, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [base, mine] = builds;
const ratio = (a, b) => `${((b / a - 1) * 100).toFixed(0)} %`;
const lines = [
  '# SQLite driver: node:sqlite against better-sqlite3',
  '',
  `Corpus: effect-100k (${size.files} files, ${size.lines} lines). Node ${process.versions.node}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), one run.`,
  `Index: \`scout index --force\`, ${ROUNDS} runs per build, alternating; median. Search: ${QUERIES.length} queries per process (after a warm-up round), ${ROUNDS} processes per build and mode, alternating; scout's own elapsed_ms.`,
  '',
  `| measure | ${base.name} | ${mine.name} | change |`,
  '| --- | ---: | ---: | ---: |',
  `| full index (median ms) | ${median(base.indexMs)} | ${median(mine.indexMs)} | ${ratio(median(base.indexMs), median(mine.indexMs))} |`,
  ...MODES.flatMap((mode) => [
    `| search ${mode} p50 (ms) | ${base.search[mode].p50.toFixed(2)} | ${mine.search[mode].p50.toFixed(2)} | ${ratio(base.search[mode].p50, mine.search[mode].p50)} |`,
    `| search ${mode} p95 (ms) | ${base.search[mode].p95.toFixed(2)} | ${mine.search[mode].p95.toFixed(2)} | ${ratio(base.search[mode].p95, mine.search[mode].p95)} |`,
  ]),
  '',
  `Index runs (ms): baseline ${base.indexMs.join(', ')}; node:sqlite ${mine.indexMs.join(', ')}.`,
];
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', 'sqlite-driver.md'), `${lines.join('\n')}\n`);
process.stdout.write(`\n${lines.join('\n')}\n`);
