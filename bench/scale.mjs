#!/usr/bin/env node
// Monorepo scale benchmark: the costs that grow with the tree, on three tiers of one corpus (about 150k, 500k
// and 1.5M lines, bench/scale-corpus.mjs), side by side with `ctags -R` and `rg` on the same trees in the same run.
//   npm run build && node bench/scale.mjs [--tiers s150k,m500k,l1500k] [--rounds 3] [--cold-only]
// Per tier: a cold full index (wall, CPU, peak RSS, stages, .scout size), warm MCP search through one stdio
// server, CLI search / status / 1-file reindex as new processes, and (on the largest tier) a cold verified
// scout question through a new MCP server. Writes bench/results/scale.md and prints the same tables.
// Needs: ctags (Debian universal-ctags), rg (ripgrep), /usr/bin/time, and the mirrors named in scale-corpus.mjs.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli, percentile, repoRoot, scoutRevision } from './corpus.mjs';
import { countCode, prepareTier, SCALE_REPOS, TIERS } from './scale-corpus.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const tiers = arg('--tiers', TIERS.join(',')).split(',');
const ROUNDS = Number(arg('--rounds', '3'));
const median = (xs) => percentile(xs, 50);
const ms = (x) => `${Math.round(x)} ms`;
const sec = (x) => `${(x / 1000).toFixed(1)} s`;

/** Identifiers an agent looks up and phrases it asks, about code that is in the corpus (every tier has zod, click, httpx, attrs). */
const QUERIES = [
  'createConnection', 'BaseModel', 'useMachine', 'safeParse', 'ZodObject', 'click.option', 'AsyncClient', 'attr.s', 'field_validator', 'QueryBuilder',
  'retry request with backoff', 'parse query string', 'validate email field', 'format help text for a command', 'read response body as json',
  'merge two schemas', 'convert camel case to snake case', 'timeout for http request', 'render a table in the terminal', 'register a route handler',
];

/** Run under /usr/bin/time -v: wall ms, CPU ms (user + system, all threads), peak RSS MB, stdout. */
function timed(cmd, args, opts = {}) {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  const wall = performance.now() - started;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const seconds = (label) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1] ?? 0);
  const rssMb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  return { wall, cpu: (seconds('User') + seconds('System')) * 1000, rssMb, stdout: r.stdout };
}

function wallOf(cmd, args, opts = {}) {
  const started = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  const wall = performance.now() - started;
  if (r.status !== 0 && !(cmd === 'rg' && r.status === 1)) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${(r.stderr || '').slice(-2000)}`);
  return { wall, stdout: r.stdout };
}

function folderBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

function coldIndex(dir) {
  rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
  const t = timed(process.execPath, [cli, 'index', '--repo', dir, '--json']);
  const json = JSON.parse(t.stdout);
  return { ...t, stages: json.stages, files: json.filesParsed, lines: json.linesParsed, workers: json.workers, notes: json.notes ?? [], dbBytes: folderBytes(path.join(dir, '.scout')) };
}

/** Peak RSS (VmHWM) of a live process, in MB, from /proc; null where /proc is not there. */
function peakRssMb(pid) {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return null;
  }
}

async function withServer(dir, fn) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', dir], stderr: 'ignore' });
  const client = new Client({ name: 'scale-bench', version: '1' });
  await client.connect(transport);
  try {
    return await fn(client, transport.pid);
  } finally {
    await client.close();
  }
}

/** Warm MCP search: one server, one unmeasured round, then ROUNDS measured rounds of every query; client-side wall per call. */
async function warmSearch(dir) {
  return withServer(dir, async (client) => {
    const call = async (query) => {
      const started = performance.now();
      const r = await client.callTool({ name: 'search', arguments: { query, limit: 10 } }, undefined, { timeout: 120_000 });
      if (r.isError) throw new Error(`search ${query}: ${JSON.stringify(r.content).slice(0, 500)}`);
      return { wall: performance.now() - started, results: r.structuredContent?.results?.length ?? 0 };
    };
    const first = await call(QUERIES[0]);
    for (const q of QUERIES) await call(q);
    const times = [];
    const perQuery = new Map();
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        const { wall } = await call(q);
        times.push(wall);
        perQuery.set(q, [...(perQuery.get(q) ?? []), wall]);
      }
    }
    const slowest = [...perQuery].map(([q, xs]) => [q, median(xs)]).sort((a, b) => b[1] - a[1]).slice(0, 3);
    return { first: first.wall, p50: median(times), p90: percentile(times, 90), max: Math.max(...times), samples: times.length, slowest };
  });
}

/** A new process per call, ROUNDS + 2 runs, the first left out (file cache); median wall. */
function processMedian(args, before) {
  const walls = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    before?.();
    const { wall } = wallOf(process.execPath, [cli, ...args]);
    if (i > 0) walls.push(wall);
  }
  return median(walls);
}

/** Edit one file (a comment line appended, then removed), reindex; the median of the reindex process walls. */
function oneFileReindex(dir, file) {
  const absolute = path.join(dir, file);
  const original = readFileSync(absolute, 'utf8');
  const walls = [];
  try {
    for (let i = 0; i < ROUNDS + 1; i++) {
      writeFileSync(absolute, `${original}\n// scale bench edit ${i}\n`);
      const { wall, stdout } = wallOf(process.execPath, [cli, 'index', '--repo', dir, '--json']);
      const parsed = JSON.parse(stdout).filesParsed;
      if (parsed !== 1) throw new Error(`1-file reindex parsed ${parsed} files`);
      if (i > 0) walls.push(wall);
    }
  } finally {
    writeFileSync(absolute, original);
    wallOf(process.execPath, [cli, 'index', '--repo', dir, '--json']);
  }
  return median(walls);
}

/** A cold verified question: a new MCP server, its first call (language server and checker start included). */
async function coldScout(dir, question) {
  const started = performance.now();
  return withServer(dir, async (client, pid) => {
    const connected = performance.now() - started;
    const t0 = performance.now();
    const r = await client.callTool({ name: 'scout', arguments: { query: question } }, undefined, { timeout: 600_000 });
    const wall = performance.now() - t0;
    const s = r.structuredContent ?? {};
    return {
      wall,
      connected,
      serverPeakRssMb: pid ? peakRssMb(pid) : null,
      pointers: s.meta?.pointers_total ?? s.pointers?.length ?? 0,
      verification: s.meta?.verified_by ?? null,
      notes: (s.meta?.notes ?? []).filter((n) => !/shown, \d+ more/.test(n)),
      elapsedMs: s.meta?.elapsed_ms ?? null,
      error: r.isError ? JSON.stringify(r.content).slice(0, 300) : null,
    };
  });
}

/** A large file edited in every tier (zod's v3 types.ts, 5k lines). */
const LARGE_FILE = 'zod/packages/zod/src/v3/types.ts';

/** The file of median length among the tier's TypeScript and Python files (ties by path): a typical edit, picked by rule. */
function medianFile(dir) {
  const files = wallOf('git', ['-C', dir, 'ls-files', '*.ts', '*.py']).stdout.split('\n').filter((f) => f && !f.endsWith('.d.ts'));
  const sized = files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8').split('\n').length]).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return sized[Math.floor(sized.length / 2)];
}
const COLD_QUESTION = { tier: 'l1500k', text: 'what breaks if I add a variant to `DatabaseType`?' };

// `--cold-only`: only the cold verified question on its tier, ROUNDS new servers one after the other; prints the
// figures and leaves the results file alone (a quick check of one cost, not a run of the benchmark).
if (process.argv.includes('--cold-only')) {
  const dir = prepareTier(COLD_QUESTION.tier);
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const c = await coldScout(dir, COLD_QUESTION.text);
    runs.push(c);
    console.log(`round ${round + 1}: ${sec(c.wall)} at the client, answer ${c.elapsedMs} ms, checking ${c.verification?.ms ?? '?'} ms (${c.verification?.checked_files ?? '?'} files), server peak RSS ${c.serverPeakRssMb?.toFixed(0) ?? 'n/a'} MB${c.error ? `, error: ${c.error}` : ''}`);
  }
  console.log(`${COLD_QUESTION.tier} cold verified question, median of ${ROUNDS} at scout ${scoutRevision()}: ${sec(median(runs.map((c) => c.wall)))} at the client, answer ${median(runs.map((c) => c.elapsedMs ?? 0))} ms`);
  process.exit(0);
}

const started = new Date();
const load = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
const rows = [];
for (const tier of tiers) {
  const dir = prepareTier(tier);
  const code = countCode(dir);
  console.error(`[${tier}] ${code.files} code files, ${code.lines} lines: ctags`);
  rmSync(path.join(dir, 'tags'), { force: true });
  const ctags = timed('ctags', ['-R', '-f', path.join(os.tmpdir(), `scale-${tier}.tags`), '.'], { cwd: dir });
  const rg = median(Array.from({ length: ROUNDS }, () => wallOf('rg', ['-w', '-c', 'createConnection', '.'], { cwd: dir }).wall));
  // One cold index varies by ±2 s from run to run here (2 cores, a shared host): ROUNDS of them, the median reported
  // with its spread, and the stages of the median run.
  console.error(`[${tier}] scout index (cold), ${ROUNDS} rounds`);
  const indexRuns = Array.from({ length: ROUNDS }, () => coldIndex(dir)).sort((a, b) => a.wall - b.wall);
  const index = { ...indexRuns[Math.floor((indexRuns.length - 1) / 2)], walls: indexRuns.map((r) => r.wall), rssMax: Math.max(...indexRuns.map((r) => r.rssMb)) };
  console.error(`[${tier}] warm MCP search`);
  const warm = await warmSearch(dir);
  console.error(`[${tier}] CLI processes`);
  const cliExact = processMedian(['search', 'createConnection', '--repo', dir, '--mode', 'exact', '--json']);
  const cliHybrid = processMedian(['search', 'parse query string', '--repo', dir, '--json']);
  const status = processMedian(['status', '--repo', dir, '--json']);
  const [typical, typicalLines] = medianFile(dir);
  const reindex = oneFileReindex(dir, typical);
  const reindexLarge = oneFileReindex(dir, LARGE_FILE);
  const floor = median(Array.from({ length: 5 }, () => wallOf(process.execPath, ['-e', '0']).wall));
  let cold = null;
  if (tier === COLD_QUESTION.tier) {
    console.error(`[${tier}] cold verified scout question`);
    cold = await coldScout(dir, COLD_QUESTION.text);
  }
  const row = { tier, code, ctags, rg, index, warm, cliExact, cliHybrid, status, reindex, typical, typicalLines, reindexLarge, floor, cold };
  rows.push(row);
  appendFileSync(path.join(os.tmpdir(), 'scout-scale-rows.jsonl'), `${JSON.stringify(row)}\n`);
}

const out = [];
const p = (s = '') => out.push(s);
p('# Monorepo scale benchmark');
p();
p(`Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${load} at the start,`);
p(`scout at ${scoutRevision()}, all in one run of \`node bench/scale.mjs --tiers ${tiers.join(',')} --rounds ${ROUNDS}\`.`);
p();
p(`Corpus (bench/scale-corpus.mjs): ${SCALE_REPOS.length} public repositories pinned by commit, side by side in one git tree; each tier holds the one before.`);
p('Lines and files count TypeScript, JavaScript and Python (what scout parses of these trees); bytes are every file of the tree.');
p();
p('| tier | repositories | code files | lines | tree bytes |');
p('|---|---|---|---|---|');
for (const r of rows) p(`| ${r.tier} | ${SCALE_REPOS.filter(([, , t]) => TIERS.indexOf(t) <= TIERS.indexOf(r.tier)).length} | ${r.code.files} | ${r.code.lines} | ${(r.code.bytes / 1e6).toFixed(0)} MB |`);
p();
p('## Full index (cold), against `ctags -R` on the same tree');
p();
p(`Scout's wall time is the median of ${ROUNDS} cold runs (every run in brackets); CPU and the stages are the median run's, peak RSS the largest of all runs.`);
p();
p('| tier | scout wall | scout CPU | × ctags | ctags -R | peak RSS | `.scout` size | size ÷ tree bytes | files parsed | workers |');
p('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  p(`| ${r.tier} | ${sec(r.index.wall)} (${r.index.walls.map(sec).join(', ')}) | ${sec(r.index.cpu)} | ${(r.index.wall / r.ctags.wall).toFixed(1)}× | ${sec(r.ctags.wall)} | ${r.index.rssMax.toFixed(0)} MB | ${(r.index.dbBytes / 1e6).toFixed(0)} MB | ${(r.index.dbBytes / r.code.bytes).toFixed(2)} | ${r.index.files} | ${r.index.workers} + main |`);
}
p();
p('Stages (milliseconds; parse, extract and read are summed over threads, `parse wall` is the parallel phase; vectors are the embedded word vectors after the facts):');
p();
const stageNames = ['walk', 'readHash', 'parse', 'extract', 'write', 'fts', 'indexBuild', 'commit', 'parseWall', 'total'];
p(`| tier | ${stageNames.join(' | ')} | vectors |`);
p(`|---|${stageNames.map(() => '---').join('|')}|---|`);
for (const r of rows) {
  const vectors = /in (\d+) ms/.exec(r.index.notes.find((n) => n.startsWith('vectors')) ?? '')?.[1] ?? '–';
  p(`| ${r.tier} | ${stageNames.map((s) => Math.round(r.index.stages?.[s] ?? 0)).join(' | ')} | ${vectors} |`);
}
p();
p('## Search and the CLI');
p();
p(`Warm MCP search: one \`scout mcp\` server over stdio, ${QUERIES.length} queries (10 identifiers, 10 phrases; default mode, limit 10), one unmeasured round, then ${ROUNDS} measured rounds; wall time per call at the client.`);
p(`CLI: a new \`node dist/cli/main.js\` process per call (start-up included), median of runs after the first. 1-file reindex: a comment line appended to one file, then \`scout index\`: the file of median length in the tier (${rows.map((r) => `${r.tier}: ${r.typical}, ${r.typicalLines} lines`).join('; ')}), and a large one (${LARGE_FILE}, 5k lines).`);
p();
p('| tier | MCP search p50 | p90 | max | first call | CLI search exact | CLI search hybrid | status | 1-file reindex (median file) | (large file) | `node -e 0` | `rg -w` one word |');
p('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  p(`| ${r.tier} | ${ms(r.warm.p50)} | ${ms(r.warm.p90)} | ${ms(r.warm.max)} | ${ms(r.warm.first)} | ${ms(r.cliExact)} | ${ms(r.cliHybrid)} | ${ms(r.status)} | ${ms(r.reindex)} | ${ms(r.reindexLarge)} | ${ms(r.floor)} | ${ms(r.rg)} |`);
}
p();
p('Slowest warm queries (median ms): ' + rows.map((r) => `${r.tier}: ${r.warm.slowest.map(([q, t]) => `"${q}" ${Math.round(t)}`).join(', ')}`).join('; ') + '.');
const coldRow = rows.find((r) => r.cold);
if (coldRow) {
  p();
  p('## Cold verified scout question');
  p();
  const c = coldRow.cold;
  p(`${coldRow.tier}: "${COLD_QUESTION.text}" as the first call of a new MCP server: **${sec(c.wall)}** at the client (the answer's own elapsed ${c.elapsedMs ?? '?'} ms; server ready after ${ms(c.connected)}), ${c.pointers} pointers${c.error ? `, error: ${c.error}` : ''}.`);
  p(`Server peak RSS (VmHWM, checker worker and exploration included, language servers apart): ${c.serverPeakRssMb === null ? 'n/a' : `${c.serverPeakRssMb.toFixed(0)} MB`}.`);
  if (c.verification) p(`Verification: ${c.verification.checker} ${c.verification.version}, ${c.verification.checked_files} file(s) checked${c.verification.unchecked_files ? `, ${c.verification.unchecked_files} not checked in time` : ''}, ${c.verification.errors} new error(s), ${c.verification.ms} ms.`);
  for (const n of c.notes) p(`- ${n}`);
}
p();
p('## Growth from the smallest to the largest tier');
p();
if (rows.length > 1) {
  const a = rows[0];
  const b = rows[rows.length - 1];
  const g = (x, y) => `${(y / x).toFixed(1)}×`;
  p(`Lines grow ${g(a.code.lines, b.code.lines)} (${a.tier} → ${b.tier}).`);
  p();
  p('| cost | growth |');
  p('|---|---|');
  p(`| full index wall | ${g(a.index.wall, b.index.wall)} |`);
  p(`| ctags -R wall | ${g(a.ctags.wall, b.ctags.wall)} |`);
  p(`| peak RSS | ${g(a.index.rssMax, b.index.rssMax)} |`);
  p(`| .scout size | ${g(a.index.dbBytes, b.index.dbBytes)} |`);
  p(`| warm MCP search p50 | ${g(a.warm.p50, b.warm.p50)} |`);
  p(`| CLI search (hybrid) | ${g(a.cliHybrid, b.cliHybrid)} |`);
  p(`| status | ${g(a.status, b.status)} |`);
  p(`| 1-file reindex | ${g(a.reindex, b.reindex)} |`);
  p();
  p('Plot (full index wall and warm search p50 against lines; each `#` is a tenth of the largest value):');
  p();
  p('```');
  const maxIndex = Math.max(...rows.map((r) => r.index.wall));
  const maxSearch = Math.max(...rows.map((r) => r.warm.p50));
  for (const r of rows) p(`${r.tier.padEnd(7)} ${String(r.code.lines).padStart(8)} lines  index  ${'#'.repeat(Math.max(1, Math.round((10 * r.index.wall) / maxIndex))).padEnd(10)} ${sec(r.index.wall)}`);
  for (const r of rows) p(`${r.tier.padEnd(7)} ${String(r.code.lines).padStart(8)} lines  search ${'#'.repeat(Math.max(1, Math.round((10 * r.warm.p50) / maxSearch))).padEnd(10)} ${ms(r.warm.p50)}`);
  p('```');
}
const text = `${out.join('\n')}\n`;
writeFileSync(path.join(repoRoot, 'bench', 'results', 'scale.md'), text);
process.stdout.write(text);
