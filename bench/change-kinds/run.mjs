#!/usr/bin/env node
// Change questions other than "add a variant" on one real corpus (zod, pinned in
// bench/whatbreaks-random/corpora.mjs), on targets nobody picked: declarations.mjs lists every eligible
// declaration per change kind, a fixed seed draws N per kind, the oracle is a full check of the edited
// program (every project file, the compiler's own diagnostics, new ones only: keyed by file, line and code),
// and scout answers each question in one process (the built dist/: index, typescript-language-server, the
// verify step's checker kept warm across questions, as in the MCP server). Graded: recall of the oracle's
// breaking lines by scout's verified pointers (their line and `also`), precision of the verified pointers,
// negatives answered with a high pointer, refusals, time. Writes bench/results/change-kinds.md. Not a test.
//
//   npm run build && node bench/change-kinds/run.mjs [--per-kind 20] [--seed 11] [--kinds remove,rename]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, scoutRevision } from '../corpus.mjs';
import { sample } from '../seeded.mjs';
import { loadProject, ts } from '../whatbreaks/project.mjs';
import { corpora, prepare } from '../whatbreaks-random/corpora.mjs';
import { KINDS, listDeclarations } from './declarations.mjs';
import { gradedAnswer } from './graded-answer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const PER_KIND = Number(opt('--per-kind') ?? 20);
const SEED = Number(opt('--seed') ?? 11);
const kinds = opt('--kinds')?.split(',') ?? KINDS;
const CORPUS = 'zod';
const log = (s) => console.error(`[change-kinds ${new Date().toISOString().slice(11, 19)}] ${s}`);

const dist = (p) => import(path.join(repoRoot, 'dist', p));
const { loadConfig } = await dist('core/config.js');
const { indexRepository } = await dist('index/indexer.js');
const { SqliteStore } = await dist('index/store.js');
const { LspService } = await dist('lsp/lsp-service.js');
const { IndexFallback } = await dist('scout/index-fallback.js');
const { Checkers } = await dist('scout/verify/checkers.js');

// --- the corpus, its declarations and the draw ---------------------------------------------------------
const dir = prepare(CORPUS);
const project = loadProject(dir);
log('building the unmodified program');
const base = project.createProgram();
const all = listDeclarations(project, base);
const drawn = kinds.flatMap((kind, i) => sample(all.filter((d) => d.kind === kind), PER_KIND, SEED + i));
log(`${all.length} eligible declarations (${KINDS.map((k) => `${k} ${all.filter((d) => d.kind === k).length}`).join(', ')}); drew ${drawn.length}`);

// --- the oracle: every project file checked after the edit, new diagnostics by (file, line, code) -----
const keyOf = (sf, d) => `${project.rel(sf.fileName)}:${lineOf(sf, d.start)}|${d.code}`;
const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
function diagnosticKeys(program) {
  const counts = new Map();
  for (const sf of program.getSourceFiles()) {
    if (!project.isProjectFile(sf.fileName)) continue;
    for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
      if (d.start === undefined) continue;
      const k = keyOf(sf, d);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  return counts;
}
const cacheDir = path.join(here, 'cache', `${CORPUS}-${corpora[CORPUS].commit.slice(0, 12)}-${ts.version}`);
let baseline = null;
function oracle(t) {
  const file = path.join(cacheDir, `${createHash('sha1').update(JSON.stringify([t.file, t.edit])).digest('hex').slice(0, 16)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  baseline ??= diagnosticKeys(base);
  const started = performance.now();
  const abs = path.join(dir, t.file);
  const text = readFileSync(abs, 'utf8');
  const edited = text.slice(0, t.edit.pos) + t.edit.text + text.slice(t.edit.end);
  const after = diagnosticKeys(project.createProgram(new Map([[path.resolve(abs), edited]]), base));
  const sites = new Set();
  for (const [k, n] of after) if (n > (baseline.get(k) ?? 0)) sites.add(k.split('|')[0]);
  const result = { sites: [...sites].sort(), ms: Math.round(performance.now() - started) };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(result)}\n`);
  return result;
}

// --- scout: one process, index once, the checker warm across questions ---------------------------------
log('indexing');
const store = SqliteStore.open(dir);
await indexRepository(dir, store);
const lsp = new LspService({ root: dir, fallback: new IndexFallback(store.database, dir) });
const checkers = new Checkers();
const config = loadConfig(dir);

const rows = [];
for (const [i, t] of drawn.entries()) {
  const truth = oracle(t);
  const g = await gradedAnswer(t.question, { root: dir, db: store.database, lsp, config, checkers }, truth.sites);
  const { answer, ms } = g;
  const row = {
    ...t,
    truth: truth.sites.length,
    oracleMs: truth.ms,
    found: g.found,
    high: g.high,
    highCorrect: g.highCorrect,
    verified: g.verified,
    changed: g.changed ? `${g.changed.file}:${g.changed.line}` : null,
    sameDeclaration: g.changed !== null && g.changed.file === t.file && g.changed.line === t.line,
    note: g.note,
    omitted: answer.meta.pointers_omitted,
    ms,
    verifyMs: answer.meta.verified_by?.ms ?? null,
  };
  rows.push(row);
  log(`${i + 1}/${drawn.length} ${t.kind} ${t.target}: oracle ${row.truth}, found ${row.found}, high ${row.highCorrect}/${row.high}, ${ms} ms${row.note ? ` (${row.note.slice(0, 90)})` : ''}`);
}
checkers.dispose();
await lsp.shutdown();
store.close();

// --- the report ---------------------------------------------------------------------------------------
const pct = (a, b) => (b === 0 ? '—' : (a / b).toFixed(2));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : 0; };
const p90 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)] : 0; };
const lines = [
  '# Change kinds: scout\'s verified pointers against a full check, on zod',
  '',
  `Written by \`bench/change-kinds/run.mjs\` (scout ${scoutRevision()}, TypeScript ${ts.version}). Corpus: ${corpora[CORPUS].repo}@${corpora[CORPUS].commit.slice(0, 12)} (${corpora[CORPUS].paths.join(', ')}, tests left out).`,
  `Targets: ${PER_KIND} per change kind drawn with seed ${SEED} from every eligible declaration that \`declarations.mjs\` lists`,
  `(${KINDS.map((k) => `${k} ${all.filter((d) => d.kind === k).length}`).join(', ')}). Oracle: the whole edited program type-checked (every file),`,
  'its new diagnostics as (file, line) breaking sites, with an edit written in the bench apart from scout\'s checker. Scout: `answerQuestion`',
  'in one process (index built once, language server and checker kept warm, as in the MCP server; the first question of the run pays for the cold program),',
  'answers uncapped as the MCP tool asks for them (it pages the list). A question names a declaration by name only; when the name is declared in',
  'several files, scout may change another declaration than the drawn one: "same declaration" counts the targets where it changed the drawn one,',
  'and the last two figures are computed on those alone.',
  '',
  '| change kind | targets | verified | same declaration | breaking sites (oracle) | recall | high pointers | high precision | negatives with a high pointer | median time (ms) | p90 (ms) | recall, same declaration | high precision, same declaration |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const kind of [...kinds, 'all']) {
  const rs = kind === 'all' ? rows : rows.filter((r) => r.kind === kind);
  const truth = rs.reduce((a, r) => a + r.truth, 0);
  const found = rs.reduce((a, r) => a + r.found, 0);
  const high = rs.reduce((a, r) => a + r.high, 0);
  const correct = rs.reduce((a, r) => a + r.highCorrect, 0);
  const negatives = rs.filter((r) => r.truth === 0);
  const same = rs.filter((r) => r.sameDeclaration);
  const sum = (xs, f) => xs.reduce((a, r) => a + f(r), 0);
  lines.push(`| ${kind} | ${rs.length} | ${rs.filter((r) => r.verified).length} | ${same.length} | ${truth} | ${pct(found, truth)} | ${high} | ${pct(correct, high)} | ${negatives.filter((r) => r.high > 0).length} of ${negatives.length} | ${median(rs.map((r) => r.ms))} | ${p90(rs.map((r) => r.ms))} | ${pct(sum(same, (r) => r.found), sum(same, (r) => r.truth))} | ${pct(sum(same, (r) => r.highCorrect), sum(same, (r) => r.high))} |`);
}
lines.push('', 'Recall: breaking sites (oracle) that a verified pointer names (its line or `also`), summed over targets. High precision: high pointers on a breaking site.');
lines.push('Every miss below is another declaration of the same name (zod declares many names in v3, v4/classic and v4/mini): the question names', 'none of them more than the others. A question that names the file ("… `ZodObject` in packages/zod/src/v3/types.ts …") makes the verify step', 'change the declaration in that file; the drawn questions do not name one.', '');
const unverified = rows.filter((r) => !r.verified);
if (unverified.length > 0) {
  lines.push(`Not verified (${unverified.length}):`, '');
  for (const r of unverified) lines.push(`- ${r.kind} \`${r.target}\` (${r.file}:${r.line}): ${r.note}`);
  lines.push('');
}
const other = rows.filter((r) => r.verified && !r.sameDeclaration);
if (other.length > 0) {
  lines.push(`Another declaration of the same name changed (${other.length}):`, '');
  for (const r of other) lines.push(`- ${r.kind} \`${r.target}\`: drawn ${r.file}:${r.line}, scout changed ${r.changed}`);
  lines.push('');
}
const misses = rows.filter((r) => r.verified && r.sameDeclaration && (r.found < r.truth || r.highCorrect < r.high));
if (misses.length > 0) {
  lines.push(`Verified but not equal to the oracle (${misses.length}):`, '');
  for (const r of misses) lines.push(`- ${r.kind} \`${r.target}\`: oracle ${r.truth} site(s), found ${r.found}, ${r.highCorrect} of ${r.high} high pointer(s) on a site${r.omitted > 0 ? ` (${r.omitted} pointer(s) cut by the answer's budget)` : ''}`);
  lines.push('');
}
lines.push('Every target:', '', '| kind | target | declaration | oracle sites | found | high (correct/all) | time (ms) |', '| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) lines.push(`| ${r.kind} | \`${r.target}\`${r.kind === 'remove' && !r.target.includes('.') ? ` (${r.question.match(/'([^']+)'/)?.[1]})` : ''} | ${r.file}:${r.line}${r.sameDeclaration || !r.verified ? '' : ' (another changed)'} | ${r.truth} | ${r.found} | ${r.highCorrect}/${r.high} | ${r.ms} |`);
const out = path.join(repoRoot, 'bench', 'results', 'change-kinds.md');
writeFileSync(out, `${lines.join('\n')}\n`);
log(`wrote ${path.relative(repoRoot, out)}`);
