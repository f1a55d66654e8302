// Shared corpus preparation for the benchmarks (real code from the npm registry, fetched with
// `npm pack`, kept under bench/corpus/, which git ignores). Same logic as bench/index-bench.mjs,
// which can switch to these exports later:
//   import { prepareEffect100k, prepareRxjs10kFiles } from './corpus.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
export const corpusDir = path.join(benchDir, 'corpus');
export const EFFECT = 'effect@3.16.0';
export const RXJS = 'rxjs@7.8.2';
export const THREE = 'three@0.170.0';
export const TARGET_LINES = 100_000;

export function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

/** `npm pack SPEC` into bench/corpus/packages/ and unpack it; returns the package directory. */
export function fetchPackage(spec) {
  const dest = path.join(corpusDir, 'packages', spec.replace(/[@/]/g, '_'));
  if (existsSync(path.join(dest, 'package'))) return path.join(dest, 'package');
  mkdirSync(dest, { recursive: true });
  const tarball = sh('npm', ['pack', spec, '--silent', '--pack-destination', dest]).trim().split('\n').pop();
  sh('tar', ['xzf', path.join(dest, tarball), '-C', dest]);
  return path.join(dest, 'package');
}

/** Every .ts file (not .d.ts) under dir, relative to base, in path order. */
export function listTs(dir, base = dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listTs(full, base, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path.relative(base, full));
  }
  return out;
}

export function gitInit(dir) {
  sh('git', ['init', '-q'], { cwd: dir });
  sh('git', ['-c', 'user.email=b@b', '-c', 'user.name=bench', 'add', '-A'], { cwd: dir });
  sh('git', ['-c', 'user.email=b@b', '-c', 'user.name=bench', 'commit', '-qm', 'corpus'], { cwd: dir });
}

export function lineCount(text) {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Copy `list(src)`'s files, in path order, into dir/src/ until ~TARGET_LINES lines, and commit them. */
function copyFirstLines(src, dir, list) {
  let lines = 0;
  for (const rel of list(src)) {
    if (lines >= TARGET_LINES) break;
    lines += lineCount(readFileSync(path.join(src, rel), 'utf8'));
    mkdirSync(path.dirname(path.join(dir, 'src', rel)), { recursive: true });
    cpSync(path.join(src, rel), path.join(dir, 'src', rel));
  }
  gitInit(dir);
}

/** bench/corpus/effect-100k: `effect`'s src/, first files in path order up to ~100k lines, a git repo. */
export function prepareEffect100k() {
  const dir = path.join(corpusDir, 'effect-100k');
  if (existsSync(path.join(dir, '.git'))) return dir;
  const pkg = fetchPackage(EFFECT);
  const src = path.join(pkg, 'src');
  copyFirstLines(src, dir, listTs);
  return dir;
}

/** Every .js file under dir, relative to base, in path order. */
export function listJs(dir, base = dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listJs(full, base, out);
    else if (entry.name.endsWith('.js')) out.push(path.relative(base, full));
  }
  return out;
}

/**
 * bench/corpus/three-100k: three.js's src/ (JavaScript, as shipped on npm), first files in path
 * order up to ~100k lines, a git repo: a second real corpus, another language and style than effect.
 */
export function prepareThree100k() {
  const dir = path.join(corpusDir, 'three-100k');
  if (existsSync(path.join(dir, '.git'))) return dir;
  const src = path.join(fetchPackage(THREE), 'src');
  copyFirstLines(src, dir, listJs);
  return dir;
}

/** Files and lines of the .js files under dir (the index directory excluded). */
export const countJsLines = (dir) => countLines(dir, listJs);

/** bench/corpus/rxjs-10k-files: rxjs's src/ copied until there are 10,000 files, a git repo. */
export function prepareRxjs10kFiles() {
  const dir = path.join(corpusDir, 'rxjs-10k-files');
  if (existsSync(path.join(dir, '.git'))) return dir;
  const src = path.join(fetchPackage(RXJS), 'src');
  const files = listTs(src);
  const copies = Math.ceil(10_000 / files.length);
  let n = 0;
  for (let c = 0; c < copies && n < 10_000; c++) {
    for (const rel of files) {
      if (n >= 10_000) break;
      const target = path.join(dir, `copy${c}`, rel);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(src, rel), target);
      n++;
    }
  }
  gitInit(dir);
  return dir;
}

/** Files and lines of the .ts files (or of `list`'s files) under dir (the index directory excluded). */
export function countLines(dir, list = listTs) {
  let files = 0;
  let lines = 0;
  for (const rel of list(dir)) {
    if (rel.startsWith('.scout')) continue;
    files++;
    lines += lineCount(readFileSync(path.join(dir, rel), 'utf8'));
  }
  return { files, lines };
}

/** Percentile by nearest rank (p in 0..100) of a list of numbers. */
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

// --- running scout ------------------------------------------------------------------------------
/** The scout CLI under test (SCOUT_BENCH_CLI overrides it, e.g. to check a harness against a stub). */
export const cli = process.env.SCOUT_BENCH_CLI ?? path.join(repoRoot, 'dist', 'cli', 'main.js');

/** `scout index --repo DIR --json` (incremental; a no-op when the index is fresh). */
export function scoutIndex(dir) {
  return JSON.parse(sh(process.execPath, [cli, 'index', '--repo', dir, '--json'], { maxBuffer: 64 << 20 }));
}

/**
 * Run every query through ONE `scout search --queries-file` process; returns one parsed answer per
 * query, in order: {query, mode, results:[{file, line, end_line, symbol, kind, score, snippet}], elapsed_ms, ...}.
 * Throws with scout's stderr when the process fails.
 */
export function scoutSearchBatch(dir, queries, { mode, limit = 10, extra = [] } = {}) {
  for (const q of queries) if (!q.trim() || /[\r\n]/.test(q)) throw new Error(`query must be one non-empty line: ${JSON.stringify(q)}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-bench-'));
  const file = path.join(tmp, 'queries.txt');
  writeFileSync(file, `${queries.join('\n')}\n`);
  try {
    const args = [cli, 'search', '--queries-file', file, '--repo', dir, '--limit', String(limit), '--json', ...extra];
    if (mode) args.push('--mode', mode);
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0) {
      const error = new Error(`scout search --mode ${mode} exited ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 2000)}`);
      error.stderr = r.stderr;
      throw error;
    }
    const answers = r.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    if (answers.length !== queries.length) throw new Error(`scout search --mode ${mode}: ${answers.length} answers for ${queries.length} queries`);
    answers.forEach((a, i) => {
      if (a.query !== undefined && a.query !== queries[i]) throw new Error(`answer ${i} is for ${JSON.stringify(a.query)}, expected ${JSON.stringify(queries[i])}`);
    });
    return answers;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** True once `scout search --help` works (the search command exists in dist/). */
export function scoutHasSearch() {
  if (!existsSync(cli)) return false;
  const r = spawnSync(process.execPath, [cli, 'search', '--help'], { encoding: 'utf8' });
  return r.status === 0 && /search/i.test(r.stdout);
}

/** The scout build measured: git commit of this checkout, "+ uncommitted changes" when the tree is dirty. */
export function scoutRevision() {
  try {
    const head = sh('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).trim();
    const dirty = sh('git', ['status', '--porcelain', '--', 'src'], { cwd: repoRoot }).trim() !== '';
    return dirty ? `${head} + uncommitted changes in src/` : head;
  } catch {
    return 'unknown';
  }
}
