// Go verification time (go build with an overlay): the GoChecker alone (dist/), cold and warm, on the
// verify-go fixture, plus `scout ask --json` wall time for the first question in a fresh process.
//   cold, empty GOCACHE: a new checker and an empty go build cache (a machine that never built anything);
//   cold: a new checker, the build cache as the previous runs left it (a first question in a new process:
//         go list, the edited build, then the baseline build when the edit left any error);
//   warm: one checker, the questions in a row, then again (the figures are the second round: packages and
//         baseline known, one go build per question).
// Run:     npm run build && node bench/go-verify.mjs   (prints one JSON line per question and a median table;
//          figures in bench/results/go-verify.md)
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { GoChecker } = await import('../dist/scout/go/checker.js');

const ROOT = mkdtempSync(path.join(os.tmpdir(), 'scout-go-bench-fixture-'));
cpSync(path.join(here, '..', 'test', 'fixtures', 'verify-go'), ROOT, { recursive: true });
for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'fixture']]) execFileSync('git', args, { cwd: ROOT });
const TEMP = mkdtempSync(path.join(os.tmpdir(), 'scout-go-bench-'));
process.env.GOCACHE = path.join(TEMP, 'gocache');

/** [name, file, needle on the declaration's line, change]. */
const TARGETS = [
  ['Total', 'orders/orders.go', 'func Total(', { kind: 'add_parameter' }],
  ['Order.Quantity', 'orders/orders.go', 'Quantity int', { kind: 'change_type', newType: 'string' }],
  ['Total', 'orders/orders.go', 'func Total(', { kind: 'rename', newName: 'Sum' }],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg()[0].toFixed(1);

async function ask(checker, [name, file, needle, change]) {
  const line = readFileSync(path.join(ROOT, file), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
  const started = performance.now();
  const outcome = await checker.applyChange({ root: ROOT, declaration: { name, file, line }, deadline: performance.now() + 300_000, change });
  const ms = Math.round(performance.now() - started);
  if (outcome.status !== 'checked') throw new Error(`${name}: ${outcome.reason}`);
  return { ms, errors: outcome.check.errors.length };
}

const rows = {};
const record = (mode, t, r) => {
  (rows[mode] ??= []).push(r.ms);
  console.log(JSON.stringify({ target: t[0], change: t[3].kind, mode, ...r, load: load() }));
};
for (const t of TARGETS) {
  rmSync(process.env.GOCACHE, { recursive: true, force: true });
  const checker = new GoChecker({ tempDir: TEMP });
  record('cold, empty GOCACHE', t, await ask(checker, t));
  checker.dispose();
}
for (const t of TARGETS) {
  const checker = new GoChecker({ tempDir: TEMP });
  record('cold', t, await ask(checker, t));
  checker.dispose();
}
const checker = new GoChecker({ tempDir: TEMP });
for (const t of TARGETS) await ask(checker, t);
for (const t of TARGETS) record('warm', t, await ask(checker, t));
checker.dispose();

const cli = path.join(here, '..', 'dist', 'cli', 'main.js');
const started = performance.now();
const r = spawnSync(process.execPath, [cli, 'ask', 'What breaks if I add a parameter to Total?', '--repo', ROOT, '--json'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(TEMP, 'xdg') } });
const wall = Math.round(performance.now() - started);
const verify = JSON.parse(r.stdout).meta.verified_by;
console.log(JSON.stringify({ mode: 'scout ask', wall, verify_ms: verify?.ms, errors: verify?.errors, load: load() }));

console.log('\n| mode | per question (ms) | median |\n| --- | --- | --- |');
for (const [mode, ms] of Object.entries(rows)) console.log(`| ${mode} | ${ms.join(' / ')} | ${median(ms)} ms |`);
console.log(`| \`scout ask\` wall, first question | ${wall} (verify ${verify?.ms}) | |`);
rmSync(ROOT, { recursive: true, force: true });
rmSync(TEMP, { recursive: true, force: true });
