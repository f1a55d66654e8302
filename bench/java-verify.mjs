// Java verification time (javac): the JavaChecker alone (dist/), cold and warm, on the verify-java fixture
// and on google/gson pinned at 9835b6f90192f79cdf5300c528fc6212455fb6c1 (264 .java files in 8 Maven modules,
// none of its dependencies on disk: javac's baseline holds their errors), plus `scout ask --json` wall time.
//   cold: a new checker and an empty shadow cache per question (what a first `scout ask` on a project pays:
//         the edited run, then the baseline run when the edit left any error);
//   warm: one checker, the questions in a row, then again (the figures are the second round: the baseline
//         is known, one javac run per question).
// Prepare: git --git-dir=/work/.mirror/google+gson/repo archive 9835b6f90192f79cdf5300c528fc6212455fb6c1 | tar -x -C bench/corpus/java-gson
//          (or any checkout of that commit at bench/corpus/java-gson); npm run build
// Run:     node bench/java-verify.mjs   (prints one JSON line per question and a median table; figures in
//          bench/results/java-verify.md)
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { JavaChecker } = await import('../dist/scout/java/checker.js');

// The fixture is copied (and committed) in a temporary directory: `scout ask` indexes into the repository's .scout/.
const FIXTURE = mkdtempSync(path.join(os.tmpdir(), 'scout-java-bench-fixture-'));
cpSync(path.join(here, '..', 'test', 'fixtures', 'verify-java'), FIXTURE, { recursive: true });
for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'fixture']]) execFileSync('git', args, { cwd: FIXTURE });
const SHOP = 'src/main/java/com/example/shop';
const GSON = path.join(here, 'corpus', 'java-gson');
const G = 'gson/src/main/java/com/google/gson';

/** Per repository: [name, file, needle on the declaration's line, change]. */
const REPOS = [
  ['verify-java fixture', FIXTURE, [
    ['Kind', `${SHOP}/Kind.java`, 'public enum Kind', { kind: 'add_variant' }],
    ['Shape', `${SHOP}/Shape.java`, 'public sealed interface Shape', { kind: 'add_variant' }],
    ['Orders.total', `${SHOP}/Orders.java`, 'public static int total', { kind: 'add_parameter' }],
  ]],
  ['google/gson', GSON, [
    ['JsonToken', `${G}/stream/JsonToken.java`, 'public enum JsonToken', { kind: 'add_variant' }],
    ['JsonReader.nextName', `${G}/stream/JsonReader.java`, 'public String nextName()', { kind: 'rename', newName: 'readName' }],
    ['Strictness', `${G}/Strictness.java`, 'public enum Strictness', { kind: 'remove', member: 'LEGACY_STRICT' }],
  ]],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg()[0].toFixed(1);

async function ask(checker, root, [name, file, needle, change]) {
  const line = readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
  if (line === 0) throw new Error(`${needle} not found in ${file}`);
  const started = performance.now();
  const outcome = await checker.applyChange({ root, declaration: { name, file, line }, deadline: performance.now() + 300_000, change });
  const ms = Math.round(performance.now() - started);
  if (outcome.status !== 'checked') throw new Error(`${name}: ${outcome.reason}`);
  return { ms, errors: outcome.check.errors.length, checked: outcome.check.checkedFiles };
}

const table = [];
for (const [label, root, targets] of REPOS) {
  try {
    readFileSync(path.join(root, targets[0][1]));
  } catch {
    console.error(`skipped ${label}: ${root} is missing (see Prepare at the top of this file)`);
    continue;
  }
  const cold = [];
  for (const t of targets) {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-java-bench-'));
    const checker = new JavaChecker({ cacheDir: cache });
    const r = await ask(checker, root, t);
    checker.dispose();
    rmSync(cache, { recursive: true, force: true });
    cold.push(r.ms);
    console.log(JSON.stringify({ repo: label, target: t[0], change: t[3].kind, mode: 'cold', ...r, load: load() }));
  }
  const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-java-bench-'));
  const checker = new JavaChecker({ cacheDir: cache });
  for (const t of targets) await ask(checker, root, t);
  const warm = [];
  for (const t of targets) {
    const r = await ask(checker, root, t);
    warm.push(r.ms);
    console.log(JSON.stringify({ repo: label, target: t[0], change: t[3].kind, mode: 'warm', ...r, load: load() }));
  }
  checker.dispose();
  rmSync(cache, { recursive: true, force: true });
  // One `scout ask` end to end (a fresh process: index, exploration, a cold check), its wall time.
  const cliCache = mkdtempSync(path.join(os.tmpdir(), 'scout-java-bench-'));
  const started = performance.now();
  const out = execFileSync(process.execPath, [path.join(here, '..', 'dist', 'cli', 'main.js'), 'ask', `What breaks if I add a variant to ${targets[0][0]}?`, '--repo', root, '--json'], {
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: cliCache, XDG_CACHE_HOME: cliCache },
    maxBuffer: 64 * 1024 * 1024,
  });
  const cliMs = Math.round(performance.now() - started);
  const verified = JSON.parse(out).meta.verified_by;
  rmSync(cliCache, { recursive: true, force: true });
  console.log(JSON.stringify({ repo: label, target: targets[0][0], mode: 'cli', ms: cliMs, verifyMs: verified?.ms, errors: verified?.errors, load: load() }));
  table.push(`| ${label} | ${cold.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} | ${(median(cold) / 1000).toFixed(1)} s | ${warm.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} | ${(median(warm) / 1000).toFixed(1)} s | ${(cliMs / 1000).toFixed(1)} s (verify ${((verified?.ms ?? 0) / 1000).toFixed(1)} s) |`);
}
console.log('\n| repository | cold per question (s) | cold median | warm per question (s) | warm median | `scout ask` wall, first question |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of table) console.log(row);
rmSync(FIXTURE, { recursive: true, force: true });
