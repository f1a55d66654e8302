#!/usr/bin/env node
// Near-duplicate detection benchmark on real code, with exact baselines in the same run.
//   npx tsc -p tsconfig.json && node scripts/copy-assets.mjs && node bench/duplicates-bench.mjs [--runs N]
// Corpus: the sources of ten npm packages side by side in one repository (bench/corpus/duplicates-mix):
// the TypeScript src/ (no .d.ts) of eight, the JavaScript lib/ of eslint and webpack, indexed with
// scout: over 10,000 functions and methods of at least 5 lines.
// The measurements run in a child process so that its peak RSS is the duplicate search alone,
// not the indexing. Writes bench/results/duplicates.md and prints the same text.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir as here, corpusDir, fetchPackage, gitInit, lineCount, percentile, repoRoot, scoutRevision } from './corpus.mjs';

/** npm package, the folder of its sources, the extension of its source files. */
const PACKAGES = [
  ['effect@3.16.0', 'src', '.ts'],
  ['rxjs@7.8.2', 'src', '.ts'],
  ['mongodb@6.22.0', 'src', '.ts'],
  ['hls.js@1.6.15', 'src', '.ts'],
  ['@grpc/grpc-js@1.14.0', 'src', '.ts'],
  ['@azure/msal-common@16.16.1', 'src', '.ts'],
  ['@trpc/server@11.25.2', 'src', '.ts'],
  ['zod@4.6.7', 'src', '.ts'],
  ['eslint@9.28.0', 'lib', '.js'],
  ['webpack@5.99.9', 'lib', '.js'],
];
const MIN_SIMILARITY = 0.8;
const argRuns = process.argv.indexOf('--runs');
const RUNS = argRuns > 0 ? Number(process.argv[argRuns + 1]) : 5;

const dist = (rel) => path.join(repoRoot, 'dist', rel);
const median = (xs) => percentile(xs, 50);
const ms = (x) => `${x.toFixed(0)} ms`;

/** Files under dir ending in ext (not .d.ts), relative to dir, in path order. */
function listSources(dir, ext, base = dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, ext, base, out);
    else if (entry.name.endsWith(ext) && !entry.name.endsWith('.d.ts')) out.push(path.relative(base, full));
  }
  return out;
}

/** bench/corpus/duplicates-mix/<package>/...: the source files of each package, one git repo. */
function prepareCorpus() {
  const dir = path.join(corpusDir, 'duplicates-mix');
  if (existsSync(path.join(dir, '.git'))) return dir;
  for (const [spec, folder, ext] of PACKAGES) {
    const src = path.join(fetchPackage(spec), folder);
    const name = spec.slice(0, spec.lastIndexOf('@')).replace(/^@/, '').replace('/', '-');
    for (const rel of listSources(src, ext)) {
      mkdirSync(path.dirname(path.join(dir, name, rel)), { recursive: true });
      cpSync(path.join(src, rel), path.join(dir, name, rel));
    }
  }
  gitInit(dir);
  return dir;
}

// ------------------------------------------------------------------------------- child: measure
async function measure(dir) {
  const { SqliteStore } = await import(dist('index/store.js'));
  const dup = await import(dist('analysis/duplicates.js'));
  const { exactJaccard, sizesCompatible } = await import(dist('analysis/minhash.js'));
  const store = SqliteStore.open(dir);
  const db = store.database;
  const rssBefore = process.resourceUsage().maxRSS / 1024;

  // The first call in a fresh process (cold JIT, nothing cached): what one CLI call pays.
  const firstStarted = performance.now();
  const first = dup.findDuplicateClusters(db, { minSimilarity: MIN_SIMILARITY });
  const firstMs = performance.now() - firstStarted;
  const rssAfterFirst = process.resourceUsage().maxRSS / 1024;

  // Warm, uncached: the three stages one after the other, RUNS times.
  const runs = [];
  let functions = [];
  let clusters = [];
  let chars = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const loaded = dup.loadFunctions(db, {});
    const t1 = performance.now();
    functions = dup.shingleFunctions(loaded);
    const t2 = performance.now();
    clusters = dup.clusterFunctions(functions, MIN_SIMILARITY);
    const t3 = performance.now();
    chars = loaded.reduce((sum, f) => sum + f.body.length, 0);
    runs.push({ load: t1 - t0, shingle: t2 - t1, cluster: t3 - t2, total: t3 - t0 });
  }
  // Warm, index unchanged: the shingled functions come from the per-database cache.
  const cachedTimes = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    dup.findDuplicateClusters(db, { minSimilarity: MIN_SIMILARITY });
    cachedTimes.push(performance.now() - t);
  }
  const peakRss = process.resourceUsage().maxRSS / 1024;

  // Baseline 1: exact copies only (identical normalised bodies), what a hash-based clone finder reports.
  const h0 = performance.now();
  const byBody = new Map(); // FNV hash of the shingle set → functions with that body
  for (const f of functions) {
    let key = f.shingles.length;
    for (const x of f.shingles) key = Math.imul(key ^ x, 0x01000193);
    byBody.set(key, (byBody.get(key) ?? 0) + 1);
  }
  const exactGroups = [...byBody.values()].filter((n) => n > 1);
  const exactMs = performance.now() - h0;

  // Baseline 2: exact Jaccard over ALL pairs (with the free size filter), the ground truth
  // for recall. Pairs inside one another (a closure in its function) are skipped, as scout does.
  const usable = functions.filter((f) => f.shingles.length > 0);
  const b0 = performance.now();
  const truth = [];
  let merges = 0;
  for (let i = 0; i < usable.length; i++) {
    const a = usable[i];
    for (let j = i + 1; j < usable.length; j++) {
      const b = usable[j];
      if (!sizesCompatible(a.shingles.length, b.shingles.length, MIN_SIMILARITY)) continue;
      if (a.fileId === b.fileId && ((a.member.start_line <= b.member.start_line && b.member.end_line <= a.member.end_line) || (b.member.start_line <= a.member.start_line && a.member.end_line <= b.member.end_line))) continue;
      merges++;
      if (exactJaccard(a.shingles, b.shingles) >= MIN_SIMILARITY) truth.push([a, b]);
    }
  }
  const allPairsMs = performance.now() - b0;
  const clusterOf = new Map();
  clusters.forEach((c, k) => c.members.forEach((m) => clusterOf.set(`${m.file}:${m.start_line}:${m.qualified_name}`, k)));
  const keyOf = (f) => `${f.member.file}:${f.member.start_line}:${f.member.qualified_name}`;
  const found = truth.filter(([a, b]) => clusterOf.has(keyOf(a)) && clusterOf.get(keyOf(a)) === clusterOf.get(keyOf(b))).length;
  const truthClusters = new Set(truth.flatMap(([a, b]) => [keyOf(a), keyOf(b)])).size;

  // findDuplicatesOf (validate_symbol's near-duplicates): 20 targets spread over the corpus, on a
  // second connection, so that the first call has nothing cached and the others reuse its shingles.
  const targets = usable.filter((_, i) => i % Math.floor(usable.length / 20) === 0).slice(0, 20);
  const other = SqliteStore.open(dir);
  const ofTimes = [];
  let ofHits = 0;
  for (const t of targets) {
    const s = performance.now();
    ofHits += dup.findDuplicatesOf(other.database, t.id, { minSimilarity: MIN_SIMILARITY, limit: 10 }).length > 0 ? 1 : 0;
    ofTimes.push(performance.now() - s);
  }
  other.close();

  // Spot check: the largest cluster below 1.0 spanning files in two packages, and the most
  // similar pair below 1.0 in two files (a copy-paste candidate rather than boilerplate).
  const packageOf = (c) => c.members[0].file.split('/')[0];
  const spanning = clusters.filter((c) => c.similarity < 1 && new Set(c.members.map((m) => m.file)).size > 1);
  const large = spanning.filter((c, k, all) => all.findIndex((d) => packageOf(d) === packageOf(c)) === k).slice(0, 2);
  const pair = spanning.filter((c) => c.members.length === 2).sort((a, b) => b.similarity - a.similarity)[0];
  const examples = [...large, ...(pair ? [pair] : [])]
    .map((c) => ({
      language: c.members[0].file.endsWith('.js') ? 'js' : 'ts',
      similarity: c.similarity,
      members: c.members.map((m) => `${m.file}:${m.start_line}-${m.end_line} ${m.qualified_name}`),
      bodies: c.members.slice(0, 2).map((m) => readFileSync(path.join(dir, m.file), 'utf8').split('\n').slice(m.start_line - 1, Math.min(m.end_line, m.start_line + 11)).join('\n')),
    }));
  const biggest = clusters.slice(0, 5).map((c) => `${c.members.length} × ${c.members[0].qualified_name} (${c.similarity})`);
  const sizes = clusters.map((c) => c.members.length);
  store.close();
  return {
    functions: first.functions_compared,
    chars,
    clusters: first.total_clusters,
    inClusters: sizes.reduce((s, n) => s + n, 0),
    exactClusters: clusters.filter((c) => c.similarity === 1).length,
    firstMs,
    runs,
    cached: median(cachedTimes),
    rssBefore,
    rssAfterFirst,
    peakRss,
    exact: { groups: exactGroups.length, members: exactGroups.reduce((s, n) => s + n, 0), ms: exactMs },
    allPairs: { ms: allPairsMs, pairs: (usable.length * (usable.length - 1)) / 2, merges, truth: truth.length, found, truthFunctions: truthClusters },
    findOf: { first: ofTimes[0], median: median(ofTimes.slice(1)), p95: percentile(ofTimes.slice(1), 95), targets: targets.length, withMatches: ofHits },
    examples,
    biggest,
  };
}

/** A fresh process, one call: what `scout duplicates` pays (cold JIT, nothing cached). */
async function firstCall(dir) {
  const { SqliteStore } = await import(dist('index/store.js'));
  const dup = await import(dist('analysis/duplicates.js'));
  const store = SqliteStore.open(dir);
  const started = performance.now();
  dup.findDuplicateClusters(store.database, { minSimilarity: MIN_SIMILARITY });
  const ms = performance.now() - started;
  store.close();
  return { ms, rss: process.resourceUsage().maxRSS / 1024 };
}

if (process.argv[2] === '--first') {
  process.stdout.write(JSON.stringify(await firstCall(process.argv[3])));
  process.exit(0);
}
if (process.argv[2] === '--measure') {
  process.stdout.write(JSON.stringify(await measure(process.argv[3])));
  process.exit(0);
}

// --------------------------------------------------------------------------------- parent: run
const dir = prepareCorpus();
const size = { files: 0, lines: 0 };
for (const ext of new Set(PACKAGES.map((p) => p[2]))) {
  for (const rel of listSources(dir, ext)) {
    if (rel.startsWith('.scout') || rel.startsWith('.git')) continue;
    size.files++;
    size.lines += lineCount(readFileSync(path.join(dir, rel), 'utf8'));
  }
}
const { SqliteStore } = await import(dist('index/store.js'));
const { indexRepository } = await import(dist('index/indexer.js'));
const store = SqliteStore.open(dir);
const indexStarted = performance.now();
const indexStats = await indexRepository(dir, store);
const indexMs = performance.now() - indexStarted;
const byKind = store.counts().byKind;
store.close();
console.log(`corpus ${dir}: ${size.files} files, ${size.lines} lines; index ${indexStats.filesParsed} parsed in ${ms(indexMs)}; ${byKind.function} functions, ${byKind.method} methods`);

const FIRST_RUNS = 5;
const firsts = [];
for (let r = 0; r < FIRST_RUNS; r++) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--first', dir], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`first-call measurement failed: ${run.stderr}`);
  firsts.push(JSON.parse(run.stdout));
}
const firstMs = median(firsts.map((f) => f.ms));
const firstRss = median(firsts.map((f) => f.rss));

const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', dir, '--runs', String(RUNS)], { encoding: 'utf8', maxBuffer: 1 << 28 });
if (child.status !== 0) throw new Error(`measurement failed: ${child.stderr}`);
const m = JSON.parse(child.stdout);
const pick = (key) => median(m.runs.map((r) => r[key]));
const naiveMs = m.allPairs.ms * (m.allPairs.pairs / Math.max(1, m.allPairs.merges)); // without the size filter, every pair is a merge
const load = os.loadavg().map((x) => x.toFixed(2)).join(' / ');

const report = `# Near-duplicate detection benchmark

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version},
load average ${load} at the end (the machine is shared), scout at ${scoutRevision()}, all in one run of \`node bench/duplicates-bench.mjs\`.

Corpus: the sources of ten npm packages side by side in one repository (\`bench/corpus/duplicates-mix\`):
TypeScript \`src/\` (no \`.d.ts\`) of ${PACKAGES.filter((p) => p[2] === '.ts').map((p) => `\`${p[0]}\``).join(', ')};
JavaScript \`lib/\` of ${PACKAGES.filter((p) => p[2] === '.js').map((p) => `\`${p[0]}\``).join(', ')}: **${size.files} files, ${size.lines} lines**,
${byKind.function} functions + ${byKind.method} methods in the index. Compared (function and method, at least 5 lines, with a body):
**${m.functions} functions, ${(m.chars / 1e6).toFixed(1)} MB of text**. Threshold: Jaccard >= ${MIN_SIMILARITY} of the normalised 5-token shingle sets.

Target: <= 1 s for 10,000 functions, single-threaded.

| measure | value |
|---|---|
| \`findDuplicateClusters\`, first call in a fresh process (cold JIT, nothing cached: what one CLI call pays; median of ${FIRST_RUNS} processes) | **${ms(firstMs)}** |
| the same, warm and uncached (median of ${RUNS}) | **${ms(pick('total'))}** |
| &nbsp;&nbsp; load chunk texts from SQLite | ${ms(pick('load'))} |
| &nbsp;&nbsp; normalise + shingle | ${ms(pick('shingle'))} |
| &nbsp;&nbsp; MinHash (64 bins), fold exact copies, LSH, verify, union-find | ${ms(pick('cluster'))} |
| per 10,000 functions: first call / warm | ${ms((firstMs * 10000) / m.functions)} / ${ms((pick('total') * 10000) / m.functions)} |
| the same again, index unchanged (shingles cached per database; median of ${RUNS}) | ${ms(m.cached)} |
| peak RSS of a process that makes one call (median of ${FIRST_RUNS}) | ${firstRss.toFixed(0)} MB |
| peak RSS of the measuring process: after opening the index / after its first call / after all runs | ${m.rssBefore.toFixed(0)} / ${m.rssAfterFirst.toFixed(0)} / ${m.peakRss.toFixed(0)} MB |
| clusters found | ${m.clusters} (${m.exactClusters} of them exact copies after normalisation), ${m.inClusters} functions in clusters |
| \`findDuplicatesOf\` one definition (validate_symbol): first call on a connection / then median, p95 of ${m.findOf.targets - 1} (${m.findOf.withMatches} of ${m.findOf.targets} had matches) | ${ms(m.findOf.first)} / ${ms(m.findOf.median)}, ${ms(m.findOf.p95)} |

Baselines, same functions, same run:

| baseline | time | result |
|---|---|---|
| exact copies only: group identical normalised bodies (after the same load + shingle, ${ms(pick('load') + pick('shingle'))}) | + ${ms(m.exact.ms)} | ${m.exact.groups} groups, ${m.exact.members} functions |
| exact Jaccard of all ${m.allPairs.pairs.toLocaleString('en-US')} pairs, size filter first (${m.allPairs.merges.toLocaleString('en-US')} merges) | ${(m.allPairs.ms / 1000).toFixed(1)} s | ${m.allPairs.truth} pairs >= ${MIN_SIMILARITY} among ${m.allPairs.truthFunctions} functions |
| the same without the size filter (extrapolated from the merges per ms) | ~${(naiveMs / 1000).toFixed(0)} s | |
| **recall of scout's clusters against all pairs** | | **${m.allPairs.found} of ${m.allPairs.truth} pairs (${((100 * m.allPairs.found) / Math.max(1, m.allPairs.truth)).toFixed(2)} %)** in the same cluster |

Largest clusters: ${m.biggest.join('; ')}.

## Spot check: the largest clusters (not all exact copies, spanning files) of two packages, and the most similar pair in two files

${m.examples
  .map(
    (e, k) => `### ${k + 1}. similarity ${e.similarity}, ${e.members.length} members

${e.members.slice(0, 8).map((s) => `- ${s}`).join('\n')}${e.members.length > 8 ? `\n- … ${e.members.length - 8} more` : ''}

${e.bodies.map((b) => `\`\`\`${e.language}\n${b}\n\`\`\``).join('\n\n')}`,
  )
  .join('\n\n')}

How it is measured: ${FIRST_RUNS} child processes each open the index and call \`findDuplicateClusters\` once (the
"first call"); one more child process does the same, then runs its three stages (\`loadFunctions\`, \`shingleFunctions\`, \`clusterFunctions\`, exported from
\`dist/analysis/duplicates.js\`) ${RUNS} times and \`findDuplicateClusters\` ${RUNS} more times with the cache warm.
Recall counts the pairs that the exhaustive exact comparison finds at >= ${MIN_SIMILARITY} and checks that scout put
both in one cluster; precision needs no check, since scout verifies every candidate pair with the same exact
Jaccard before linking it. A cluster's similarity is the smallest exact similarity between any two of its
members, so a chain A~B~C shows up as a low figure even though every link is >= ${MIN_SIMILARITY}.
`;
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'duplicates.md'), report);
console.log(`\n${report}`);
