#!/usr/bin/env node
// Change questions in Go, Java, C and C++ (every kind but "add a variant" in Go and Java, where iota groups and
// pre-17 switch statements make it a non-break; every kind in C and C++), on targets nobody picked: the listers
// (declarations-go.mjs, declarations-java.mjs) give every eligible declaration per change kind in pinned
// corpora (bench/whatbreaks-random/corpora.mjs), a fixed seed draws N per kind and corpus, and a hash of each
// target puts 40 % of them in a held-out split (reported first; never looked at while tuning). The oracle is the
// compiler over the whole edited copy (go build, javac), its new errors as (file, line) breaking sites, with an
// edit written in the bench. Scout answers each question in one process (the built dist/: index, language
// server or index fallback, the checker kept warm, as in the MCP server). Graded as bench/change-kinds/run.mjs:
// recall of the oracle's sites by verified high pointers (line or `also`), precision of the high pointers,
// negatives with a high pointer, time. Writes bench/results/change-kinds-<lang>.md. Not a test.
//
//   npm run build && node bench/change-kinds/run-compiled.mjs --lang go|java|c|cpp [--per-kind 8] [--seed 11] [--split heldout|tuning|all]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, scoutRevision } from '../corpus.mjs';
import { sample } from '../seeded.mjs';
import { newErrorSites } from '../whatbreaks-random/compiler-oracle.mjs';
import { corpora, prepare } from '../whatbreaks-random/corpora.mjs';
import { javacVersionString, JavaOracle } from '../whatbreaks-random/java-oracle.mjs';
import { CHECK as CLANG_CHECK, ClangOracle, clangVersionString } from './clang-oracle.mjs';
import { C_KINDS, listCDeclarations } from './declarations-c.mjs';
import { GO_KINDS, listGoDeclarations } from './declarations-go.mjs';
import { JAVA_KINDS, listJavaDeclarations } from './declarations-java.mjs';
import { GoOracle, goVersionString } from './go-oracle.mjs';
import { gradedAnswer } from './graded-answer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const LANG = opt('--lang') ?? 'go';
const PER_KIND = Number(opt('--per-kind') ?? 8);
const SEED = Number(opt('--seed') ?? 11);
const SPLIT = opt('--split') ?? 'all';
const log = (s) => console.error(`[change-kinds ${LANG} ${new Date().toISOString().slice(11, 19)}] ${s}`);

const LANGS = {
  go: { title: 'Go', corpora: ['mux', 'pflag', 'toml'], kinds: GO_KINDS, list: (dir) => listGoDeclarations(dir), oracle: (name, dir) => new GoOracle(name, dir), compiler: goVersionString },
  c: { title: 'C', corpora: ['lua', 'zlib'], kinds: C_KINDS, list: (dir) => listCDeclarations(dir, 'c'), oracle: (name, dir) => new ClangOracle(name, dir).setUp(), compiler: () => `${clangVersionString()} ${CLANG_CHECK.join(' ')}` },
  cpp: { title: 'C++', corpora: ['yaml-cpp', 'fmt'], kinds: C_KINDS, list: (dir) => listCDeclarations(dir, 'cpp'), oracle: (name, dir) => new ClangOracle(name, dir).setUp(), compiler: () => `${clangVersionString()} ${CLANG_CHECK.join(' ')}` },
  java: { title: 'Java', corpora: ['gson', 'javapoet'], kinds: JAVA_KINDS, list: (dir, c) => listJavaDeclarations(dir, c.sourceDirs), oracle: (name, dir, c) => new JavaOracle(name, dir, c), compiler: javacVersionString },
};
const lang = LANGS[LANG];
if (!lang) throw new Error(`--lang must be one of ${Object.keys(LANGS).join(', ')}`);

/** 40 % of the targets are held out, by a hash of the target (not of the draw): stable when the draw grows. */
const splitOf = (corpus, t) => (createHash('sha1').update(`${corpus}|${t.kind}|${t.target}`).digest()[0] % 10 < 4 ? 'heldout' : 'tuning');

const dist = (p) => import(path.join(repoRoot, 'dist', p));
const { loadConfig } = await dist('core/config.js');
const { indexRepository } = await dist('index/indexer.js');
const { SqliteStore } = await dist('index/store.js');
const { LspService } = await dist('lsp/lsp-service.js');
const { IndexFallback } = await dist('scout/index-fallback.js');
const { Checkers } = await dist('scout/verify/checkers.js');

/** The edited copy checked, its new errors as breaking sites (those on the inserted text itself are about the edit). */
async function runOracle(oracle, t) {
  const t0 = performance.now();
  const file = path.join(oracle.copy, t.file);
  const text = readFileSync(file, 'utf8');
  // Several edits (a class and its constructors renamed): applied last first; none adds a line, so each one's
  // line is its line in the edited text, and its column too when it is alone on its line.
  let edited = text;
  for (const e of [...t.edits].sort((a, b) => b.pos - a.pos)) edited = edited.slice(0, e.pos) + e.text + edited.slice(e.end);
  writeFileSync(file, edited);
  let diags;
  try { diags = oracle.checkAsync ? await oracle.checkAsync() : oracle.check(); } finally { writeFileSync(file, text); }
  const spans = t.edits.filter((e) => e.text.trim() !== '').map((e) => {
    const before = text.slice(0, e.pos);
    return { line: before.split('\n').length, col: before.length - before.lastIndexOf('\n'), len: e.text.length };
  });
  const onEdit = (d) => d.file === t.file && spans.some((s) => d.line === s.line && d.column >= s.col && d.column < s.col + s.len);
  const sites = [...new Set(newErrorSites(diags, oracle.baseline, onEdit).map((d) => `${d.file}:${d.line}`))].sort();
  return { sites, ms: Math.round(performance.now() - t0) };
}

const VIA_STORE = process.argv.includes('--via-store');
const viaStore = VIA_STORE ? await (async () => {
  const { startTestPostgres } = await import(path.join(repoRoot, 'test', 'helpers', 'postgres.ts'));
  const { connectStore, closeStore } = await import(path.join(repoRoot, 'dist', 'index', 'postgres', 'pg-connection.js'));
  const { publishSnapshot } = await import(path.join(repoRoot, 'dist', 'index', 'postgres', 'publish-snapshot.js'));
  const { findSnapshot } = await import(path.join(repoRoot, 'dist', 'index', 'postgres', 'shared-index.js'));
  const { pullSnapshot } = await import(path.join(repoRoot, 'dist', 'index', 'postgres', 'pull-snapshot.js'));
  const { openIndexFile } = await import(path.join(repoRoot, 'dist', 'index', 'db.js'));
  const server = await startTestPostgres();
  const pg = await connectStore(server.url);
  return {
    async roundTrip(db, repo, commit, dbPath) {
      await publishSnapshot(pg, db, { repo, commit });
      await pullSnapshot(pg, await findSnapshot(pg, repo, [commit]), dbPath);
      return openIndexFile(dbPath);
    },
    async close() {
      await closeStore(pg);
      await server.stop();
    },
  };
})() : null;

const rows = [];
for (const name of lang.corpora) {
  const c = corpora[name];
  const dir = prepare(name);
  const all = (await lang.list(dir, c)).filter((d) => !d.ambiguous);
  const drawn = lang.kinds.flatMap((kind, i) => sample(all.filter((d) => d.kind === kind), PER_KIND, SEED + i)).filter((t) => SPLIT === 'all' || splitOf(name, t) === SPLIT);
  log(`${name}: ${all.length} eligible (${lang.kinds.map((k) => `${k} ${all.filter((d) => d.kind === k).length}`).join(', ')}); ${drawn.length} drawn in split ${SPLIT}`);
  const cacheDir = path.join(here, 'cache', `${LANG}-${name}-${c.commit.slice(0, 12)}-${createHash('sha1').update(lang.compiler()).digest('hex').slice(0, 8)}`);
  let oracle = null;
  const truthOf = async (t) => {
    const f = path.join(cacheDir, `${createHash('sha1').update(JSON.stringify([t.file, t.edits])).digest('hex').slice(0, 16)}.json`);
    if (existsSync(f)) return JSON.parse(readFileSync(f, 'utf8'));
    oracle ??= await lang.oracle(name, dir, c);
    const result = await runOracle(oracle, t);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(f, `${JSON.stringify(result)}\n`);
    return result;
  };

  const store = SqliteStore.open(dir);
  await indexRepository(dir, store);
  // --via-store: scout answers from the index published to PostgreSQL and pulled back into a new database (issue 29's
  // parity check); the checker and the language server still work on the corpus's files.
  const answerDb = viaStore ? await viaStore.roundTrip(store.database, name, c.commit, path.join(here, 'cache', `via-store-${process.pid}.db`)) : store.database;
  const lsp = new LspService({ root: dir, fallback: new IndexFallback(answerDb, dir) });
  const checkers = new Checkers();
  const config = loadConfig(dir);
  for (const [i, t] of drawn.entries()) {
    const truth = await truthOf(t);
    const g = await gradedAnswer(t.question, { root: dir, db: answerDb, lsp, config, checkers }, truth.sites);
    const row = {
      corpus: name, split: splitOf(name, t), kind: t.kind, target: t.target, file: t.file, line: t.line, question: t.question,
      truth: truth.sites.length, oracleMs: truth.ms,
      found: g.found, high: g.high, highCorrect: g.highCorrect, wrongHigh: g.wrongHigh, missed: g.missed,
      verifiedHigh: g.verifiedHigh, verifiedHighCorrect: g.verifiedHighCorrect, ruleHigh: g.ruleHigh,
      verified: g.verified, changed: g.changed ? `${g.changed.file}:${g.changed.line}` : null, note: g.note,
      ms: g.ms, first: i === 0,
    };
    rows.push(row);
    log(`${i + 1}/${drawn.length} ${row.split} ${t.kind} ${t.target}: oracle ${row.truth}, found ${row.found}, high ${row.highCorrect}/${row.high}, ${row.ms} ms${row.note ? ` (${row.note.slice(0, 100)})` : ''}`);
  }
  checkers.dispose();
  await lsp.shutdown();
  if (answerDb !== store.database) answerDb.close();
  store.close();
  oracle?.dispose();
}
await viaStore?.close();
writeFileSync(path.join(here, `rows-${LANG}-${SPLIT}${VIA_STORE ? '-via-store' : ''}.json`), `${JSON.stringify(rows, null, 1)}\n`);

// --- the report ---------------------------------------------------------------------------------------
const pct = (a, b) => (b === 0 ? '—' : (a / b).toFixed(2));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : 0; };
const sum = (xs, f) => xs.reduce((a, r) => a + f(r), 0);
const table = (rs) => {
  const out = ['| change kind | targets | verified | breaking sites (oracle) | recall | high pointers | high precision | verified high precision | negatives with a high pointer | with a verified high | median time, warm (ms) |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  for (const kind of [...lang.kinds, 'all']) {
    const k = kind === 'all' ? rs : rs.filter((r) => r.kind === kind);
    if (k.length === 0) continue;
    const negatives = k.filter((r) => r.truth === 0);
    out.push(`| ${kind} | ${k.length} | ${k.filter((r) => r.verified).length} | ${sum(k, (r) => r.truth)} | ${pct(sum(k, (r) => r.found), sum(k, (r) => r.truth))} | ${sum(k, (r) => r.high)} | ${pct(sum(k, (r) => r.highCorrect), sum(k, (r) => r.high))} | ${pct(sum(k, (r) => r.verifiedHighCorrect), sum(k, (r) => r.verifiedHigh))} | ${negatives.filter((r) => r.high > 0).length} of ${negatives.length} | ${negatives.filter((r) => r.verifiedHigh > 0).length} of ${negatives.length} | ${median(k.filter((r) => !r.first).map((r) => r.ms))} |`);
  }
  return out;
};
const lines = [
  `# Change kinds in ${lang.title}: scout's verified pointers against the compiler, on targets nobody picked`,
  '',
  `Written by \`bench/change-kinds/run-compiled.mjs --lang ${LANG} --per-kind ${PER_KIND} --seed ${SEED} --split ${SPLIT}${VIA_STORE ? " --via-store" : ""}\` (scout ${scoutRevision()}, ${lang.compiler()}).`,
  `Corpora: ${lang.corpora.map((n) => `${corpora[n].repo}@${corpora[n].commit.slice(0, 12)}`).join(', ')} (tests left out). ${PER_KIND} targets per change kind and corpus, drawn with seed ${SEED}`,
  `from every eligible declaration (declarations-${LANG}.mjs; a name declared twice is left out); 40 % held out by a hash of the target.`,
  'Oracle: the compiler over the whole edited copy, its new errors as (file, line) breaking sites, with an edit written in the bench apart from',
  'scout\'s checker. Scout: `answerQuestion` in one process per corpus (index built once, the checker kept warm as in the MCP server; the time',
  'column leaves out the first question of each corpus, which pays for the cold build). Recall: oracle sites that a verified high pointer names',
  '(its line or `also`). High precision: high pointers on an oracle site; verified high precision: the same of the pointers the checker',
  'reported (`verified`), leaving out the enumeration rule\'s highs (a construct listing every member with no default, which compiles: an',
  'edit-list site that the answer marks "unverified"; each one off the oracle is listed below with its text).',
  '',
];
for (const split of ['heldout', 'tuning']) {
  const rs = rows.filter((r) => r.split === split);
  if (rs.length === 0) continue;
  lines.push(`## ${split === 'heldout' ? 'Held-out split' : 'Tuning split'}`, '', ...table(rs), '');
}
const off = rows.filter((r) => !r.verified || r.found < r.truth || r.wrongHigh.length > 0);
if (off.length > 0) {
  lines.push('## Not verified, or not equal to the oracle', '');
  for (const r of off) {
    lines.push(`- ${r.split} ${r.corpus} ${r.kind} \`${r.target}\` (${r.file}:${r.line}): ${r.verified ? `oracle ${r.truth}, found ${r.found}${r.missed.length ? ` (missed ${r.missed.slice(0, 4).join(', ')})` : ''}${r.wrongHigh.length ? `; high not on a site: ${r.wrongHigh.slice(0, 4).join(', ')}` : ''}` : r.note}`);
    for (const h of r.ruleHigh ?? []) lines.push(`  - unverified high: ${h.replace(/\|/g, '\\|')}`);
  }
  lines.push('');
}
lines.push('## Every target', '', '| split | corpus | kind | target | declaration | oracle sites | found | high (correct/all) | time (ms) |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) lines.push(`| ${r.split} | ${r.corpus} | ${r.kind} | \`${r.target}\` | ${r.file}:${r.line} | ${r.truth} | ${r.found} | ${r.highCorrect}/${r.high} | ${r.ms} |`);
const out = path.join(repoRoot, 'bench', 'results', `change-kinds-${LANG}${VIA_STORE ? '-via-store' : ''}.md`);
writeFileSync(out, `${lines.join('\n')}\n`);
log(`wrote ${path.relative(repoRoot, out)}`);
