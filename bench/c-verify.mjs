// C/C++ verification time and agreement (clang -fsyntax-only with -ivfsoverlay): the CChecker alone (dist/),
// cold and warm, per change kind, on the verify-c and verify-cpp fixtures and on one real C project (lua, a
// pinned commit of github.com/lua/lua, read from a local git mirror: only its commit id and paths appear in
// the results), and an oracle for each question.
//   cold: a new checker per question (files listed, build guessed, include graph read, the units that see the
//         edit checked, then the unedited baseline of each unit that had errors);
//   warm: one checker, every question in a row, then again: the second round is shown (database, include
//         graph and baselines kept: one clang run per unit that sees the edit);
//   oracle: a full copy of the tree with the same edited files written into it, EVERY translation unit of the
//         build compiled (not only those the include graph selects), before and after; its new errors
//         (file, line, message; deduplicated across units) compared with the checker's.
// Run:     npm run build && node bench/c-verify.mjs [--lua <git dir>] [--commit <sha>]
//          (prints one JSON line per question and the tables of bench/results/c-verify.md)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { CChecker } = await import('../dist/scout/clang/checker.js');
const { loadCompileDatabase } = await import('../dist/scout/clang/compile-db.js');
const { listCFiles } = await import('../dist/scout/clang/project-files.js');
const { CHECK_FLAGS, clangVersion } = await import('../dist/scout/clang/run-clang.js');
const { parseClangOutput } = await import('../dist/scout/clang/clang-diagnostics.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const LUA_GIT = arg('--lua', '/work/.mirror/lua+lua/repo');
const LUA_COMMIT = arg('--commit', '53b41d0cddd80bf33fdc631bdd32e3ba53842b89');
const TEMP = mkdtempSync(path.join(os.tmpdir(), 'scout-c-bench-'));

function fixture(name) {
  const root = path.join(TEMP, name);
  cpSync(path.join(here, '..', 'test', 'fixtures', name), root, { recursive: true });
  return root;
}
function lua() {
  const root = path.join(TEMP, 'lua');
  mkdirSync(root);
  const tar = execFileSync('git', ['--git-dir', LUA_GIT, 'archive', LUA_COMMIT], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', root], { input: tar });
  return root;
}

const PROJECTS = { 'verify-c': fixture('verify-c'), 'verify-cpp': fixture('verify-cpp'), lua: lua() };

/** [project, name, file, needle on the declaration's line, change]. */
const QUESTIONS = [
  ['verify-c', 'color', 'include/color.h', 'enum color {', { kind: 'add_variant' }],
  ['verify-c', 'color_name', 'include/color.h', 'color_name(', { kind: 'remove' }],
  ['verify-c', 'order.qty', 'include/order.h', 'int qty;', { kind: 'remove' }],
  ['verify-c', 'color_name', 'src/color.c', 'const char *color_name(', { kind: 'rename', newName: 'colour_name' }],
  ['verify-c', 'order_total', 'include/order.h', 'order_total(', { kind: 'add_parameter' }],
  ['verify-c', 'order.qty', 'include/order.h', 'int qty;', { kind: 'change_type', newType: 'const char *' }],
  ['verify-cpp', 'Kind', 'include/shape.hpp', 'enum class Kind', { kind: 'add_variant' }],
  ['verify-cpp', 'Shape::area', 'include/shape.hpp', 'double area(', { kind: 'add_parameter' }],
  ['verify-cpp', 'Shape', 'include/shape.hpp', 'class Shape', { kind: 'rename', newName: 'Figure' }],
  ['verify-cpp', 'kind_name', 'src/shape.cpp', 'kind_name(Kind k) {', { kind: 'change_type', newType: 'int' }],
  ['lua', 'BinOpr', 'lcode.h', 'typedef enum BinOpr {', { kind: 'add_variant' }],
  ['lua', 'expkind', 'lparser.h', '} expkind;', { kind: 'add_variant' }],
  ['lua', 'TMS', 'ltm.h', '} TMS;', { kind: 'add_variant' }],
  ['lua', 'luaK_exp2nextreg', 'lcode.h', 'luaK_exp2nextreg (', { kind: 'remove' }],
  ['lua', 'luaM_freearray', 'lmem.h', '#define luaM_freearray', { kind: 'remove' }],
  ['lua', 'luaH_getn', 'ltable.h', 'luaH_getn (lua_State', { kind: 'rename', newName: 'luaH_length' }],
  ['lua', 'luaS_newlstr', 'lstring.h', 'luaS_newlstr (lua_State', { kind: 'add_parameter' }],
  ['lua', 'luaH_getn', 'ltable.h', 'luaH_getn (lua_State', { kind: 'change_type', newType: 'const char *' }],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg()[0].toFixed(1);
const label = (q) => `${q[4].kind} \`${q[1]}\``;

async function ask(checker, [project, name, file, needle, change]) {
  const root = PROJECTS[project];
  const line = readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
  const started = performance.now();
  const outcome = await checker.applyChange({ root, declaration: { name, file, line }, deadline: performance.now() + 300_000, change });
  const ms = Math.round(performance.now() - started);
  if (outcome.status !== 'checked') throw new Error(`${name}: ${outcome.reason}`);
  return { ms, check: outcome.check };
}

/** clang over one unit of the copy, the checker's flags; errors as `file:line message` (repository-relative). */
function compile(copy, unit) {
  return new Promise((resolve) => {
    const args = [...unit.args, ...(unit.cpp ? ['-x', 'c++'] : ['-x', 'c']), ...CHECK_FLAGS, path.join(copy, unit.file)];
    const child = spawn('clang', args, { cwd: copy, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } });
    let out = '';
    child.stderr.on('data', (b) => (out += b));
    child.stdout.on('data', (b) => (out += b));
    child.on('close', () => {
      const errors = parseClangOutput(out).errors.map((d) => ({ ...d, file: path.relative(copy, path.resolve(copy, d.file)) })).filter((d) => !d.file.startsWith('..'));
      resolve(errors.map((d) => `${d.file}:${d.line} ${d.message}`));
    });
  });
}

/** Every unit of the build compiled in `copy`, two at a time; the multiset of errors per unit. */
async function fullBuild(copy, units) {
  const out = new Map();
  let next = 0;
  const worker = async () => {
    while (next < units.length) {
      const u = units[next++];
      out.set(u.file, await compile(copy, u));
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** The errors of `after` not in `before`, unit by unit (a multiset), then deduplicated across units. */
function fresh(before, after) {
  const out = new Set();
  for (const [unit, errors] of after) {
    const left = [...(before.get(unit) ?? [])];
    for (const e of errors) {
      const k = left.indexOf(e);
      if (k >= 0) left.splice(k, 1);
      else out.add(e);
    }
  }
  return out;
}

const oracles = {};
async function oracleFor(project) {
  if (oracles[project]) return oracles[project];
  const root = PROJECTS[project];
  const copy = path.join(TEMP, `${project}-oracle`);
  const { db } = loadCompileDatabase(root, listCFiles(root), (rel) => readFileSync(path.join(root, rel), 'utf8'));
  // The copy's units: the same arguments (relative -I), run from the copy's root.
  const units = db.units.map((u) => ({ ...u, dir: copy }));
  const started = performance.now();
  cpSync(root, copy, { recursive: true });
  const baseline = await fullBuild(copy, units);
  oracles[project] = { copy, units, baseline, ms: Math.round(performance.now() - started) };
  return oracles[project];
}

async function oracle(project, edited) {
  const o = await oracleFor(project);
  const root = PROJECTS[project];
  for (const [rel, text] of edited) writeFileSync(path.join(o.copy, rel), text);
  const started = performance.now();
  const after = await fullBuild(o.copy, o.units);
  const ms = Math.round(performance.now() - started);
  for (const rel of edited.keys()) cpSync(path.join(root, rel), path.join(o.copy, rel));
  return { errors: fresh(o.baseline, after), ms, units: o.units.length };
}

const results = [];
// Cold, each question in a new checker; the edited texts kept for the oracle.
for (const q of QUESTIONS) {
  let edited = null;
  const checker = new CChecker({ tempDir: TEMP, onEdited: (files) => (edited = files) });
  const cold = await ask(checker, q);
  checker.dispose();
  const o = await oracle(q[0], edited);
  const mine = new Set(cold.check.errors.map((e) => `${e.file}:${e.line} ${e.message}`));
  const missing = [...o.errors].filter((e) => !mine.has(e));
  const extra = [...mine].filter((e) => !o.errors.has(e));
  results.push({ q, cold: cold.ms, errors: mine.size, checked: cold.check.checkedFiles, oracleErrors: o.errors.size, oracleUnits: o.units, oracleMs: o.ms, missing, extra });
  console.log(JSON.stringify({ project: q[0], question: label(q), cold: cold.ms, errors: mine.size, units: cold.check.checkedFiles, oracle: o.errors.size, oracle_units: o.units, oracle_ms: o.ms, missing, extra, load: load() }));
}
// Warm: one checker per project, every question in a row, then again (the second round).
for (const project of Object.keys(PROJECTS)) {
  const checker = new CChecker({ tempDir: TEMP });
  const mine = QUESTIONS.filter((q) => q[0] === project);
  for (const q of mine) await ask(checker, q);
  for (const q of mine) {
    const warm = await ask(checker, q);
    results.find((r) => r.q === q).warm = warm.ms;
    console.log(JSON.stringify({ project, question: label(q), warm: warm.ms, load: load() }));
  }
  checker.dispose();
}

console.log(`\nclang ${clangVersion()}, lua at ${LUA_COMMIT}\n`);
console.log('| project | question | units checked / in the build | new errors | oracle (full build) | agree | cold (ms) | warm (ms) |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const agree = r.missing.length === 0 && r.extra.length === 0 ? 'yes' : `no (${r.missing.length} missing, ${r.extra.length} extra)`;
  console.log(`| ${r.q[0]} | ${label(r.q)} | ${r.checked} / ${r.oracleUnits} | ${r.errors} | ${r.oracleErrors} | ${agree} | ${r.cold} | ${r.warm} |`);
}
console.log('\n| project | kind | cold median (ms) | warm median (ms) |\n| --- | --- | --- | --- |');
for (const project of Object.keys(PROJECTS)) {
  for (const kind of [...new Set(QUESTIONS.filter((q) => q[0] === project).map((q) => q[4].kind))]) {
    const rs = results.filter((r) => r.q[0] === project && r.q[4].kind === kind);
    console.log(`| ${project} | ${kind} | ${median(rs.map((r) => r.cold))} | ${median(rs.map((r) => r.warm))} |`);
  }
}
const all = (p) => results.filter((r) => p(r));
console.log(`\nmedian over all questions: cold ${median(all(() => true).map((r) => r.cold))} ms, warm ${median(all(() => true).map((r) => r.warm))} ms; lua: cold ${median(all((r) => r.q[0] === 'lua').map((r) => r.cold))} ms, warm ${median(all((r) => r.q[0] === 'lua').map((r) => r.warm))} ms; oracle baseline build of lua ${oracles.lua?.ms} ms`);
rmSync(TEMP, { recursive: true, force: true });
