#!/usr/bin/env node
// Query → function benchmark for the embedded vectors (issue 12): doc-comment first sentences as queries, the
// documented function as the answer, searched in copies of real repositories with every doc comment blanked
// (the CodeSearchNet method, as in bench/search-quality, here on Python and TypeScript). Plain BM25 over whole
// files and every scout mode side by side, in one run. Not a test: CI does not run it.
//
//   npm run build && node bench/search-vectors/run.mjs [--set dev|heldout|both] [--modes exact,semantic,hybrid]
//
// Corpora (sources are never committed; only the ids below):
//   Python: snapshots of three public GitHub repositories at the pinned commits (`fetch github:OWNER/NAME` puts them
//   under /work/.mirror/OWNER+NAME/repo; SCOUT_MIRROR overrides that directory), their library .py files.
//   TypeScript: effect@3.16.0 src/ (npm pack, via bench/corpus.mjs), as bench/search-quality.
// Queries: each documented function's first sentence (>= 4 words). Every item is assigned to the dev set or the
// held-out set by a hash of its id (40 % dev), then each set is sampled with a fixed seed. Tuning looked only at dev.
// Writes bench/results/search-vectors.md.
import { Bm25Files } from '../bm25-files.mjs';
import { sample as seededSample } from '../seeded.mjs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, corpusDir, EFFECT, gitInit, listTs, percentile, prepareEffect100k, scoutIndex, scoutRevision, scoutSearchBatch } from '../corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const SETS = arg('--set', 'both') === 'both' ? ['heldout', 'dev'] : [arg('--set')];
const MODES = arg('--modes', 'exact,semantic,hybrid').split(',');
const SEED = 20261125;
/** Query → function is a chunk ranking: scout's default for prose queries ranks files (one result per file) instead. */
const CHUNKS = ['--rank', 'chunks'];
const K = 10;
const SAMPLE = { python: { dev: 150, heldout: 300 }, typescript: { dev: 100, heldout: 200 } };
const MIRROR = process.env.SCOUT_MIRROR ?? '/work/.mirror';
const PY_REPOS = [
  { repo: 'mahmoud/boltons', commit: '967864f89791509f9eb36b22b4579d36b72a6df2', include: /^boltons\/.*\.py$/ },
  { repo: 'psf/requests', commit: '1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e', include: /^src\/requests\/.*\.py$/ },
  { repo: 'more-itertools/more-itertools', commit: '2fe1b2eeb9d75f994113fe3ac76d14b6bcd6fb10', include: /^more_itertools\/.*\.py$/ },
];

// --- corpora --------------------------------------------------------------------------------------

function listFiles(dir, ext, base = dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name === '.git' || e.name === '.scout') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(full, ext, base, out);
    else if (e.name.endsWith(ext)) out.push(path.relative(base, full));
  }
  return out;
}

/** bench/corpus/python-libs: the library files of PY_REPOS at their commits, one folder per repository. */
function preparePython() {
  const dir = path.join(corpusDir, 'python-libs');
  const signature = PY_REPOS.map((r) => `${r.repo}@${r.commit}`).join(' ');
  const marker = path.join(dir, '.source');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === signature) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const { repo, commit, include } of PY_REPOS) {
    const git = path.join(MIRROR, repo.replace('/', '+'), 'repo');
    if (!existsSync(git)) throw new Error(`${git} is missing: fetch github:${repo} first (or set SCOUT_MIRROR)`);
    const files = execFileSync('git', ['-C', git, 'ls-tree', '-r', '--name-only', commit], { encoding: 'utf8' }).split('\n').filter((f) => include.test(f));
    for (const f of files) {
      const target = path.join(dir, repo.split('/')[1], f);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, execFileSync('git', ['-C', git, 'show', `${commit}:${f}`], { maxBuffer: 64 << 20 }));
    }
  }
  writeFileSync(path.join(dir, '.gitignore'), '.source\n');
  gitInit(dir);
  writeFileSync(marker, signature);
  return dir;
}

/** Blank every statement-level triple-quoted string (module, class and function docstrings), keeping newlines and quotes. */
export function stripDocstrings(text) {
  return text.replace(/^([ \t]*)([rRuUbB]{0,2})("""|''')([\s\S]*?)\3/gm, (_m, indent, prefix, q, body) => `${indent}${prefix}${q}${body.replace(/[^\n]/g, ' ')}${q}`);
}

/** Blank every /** … *\/ block, keeping its newlines. */
export function stripDocComments(text) {
  return text.replace(/\/\*\*(?!\/)[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ''));
}

function prepareStripped(source, name, ext, strip, origin) {
  const dir = path.join(corpusDir, name);
  const marker = path.join(dir, '.stripped-from');
  const files = listFiles(source, ext);
  const signature = `${origin} ${files.length} files v1`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === signature) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const rel of files) {
    const text = readFileSync(path.join(source, rel), 'utf8');
    const out = strip(text);
    if (out.split('\n').length !== text.split('\n').length) throw new Error(`line count changed in ${rel}`);
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), out);
  }
  writeFileSync(path.join(dir, '.gitignore'), '.stripped-from\n');
  gitInit(dir);
  writeFileSync(marker, signature);
  return dir;
}

// --- items ----------------------------------------------------------------------------------------

/** One line of plain text: the first sentence of a docstring / JSDoc paragraph. */
function sentenceOf(lines) {
  const para = [];
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('@') || t.startsWith('```') || t.startsWith('**') || t.startsWith('#') || t.startsWith('>>>') || t.startsWith(':') || /^[A-Z][a-z]+:$/.test(t)) break;
    if (!t) {
      if (para.length) break;
      continue;
    }
    para.push(t);
  }
  if (!para.length) return null;
  let text = para.join(' ');
  text = text
    .replace(/\{@link\s+([^}|\s]+)(?:[\s|][^}]*)?\}/g, '$1')
    .replace(/:[a-z]+:`~?([^`]+)`/g, '$1')
    .replace(/`+/g, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = /[.!?](\s|$)/.exec(text);
  if (end) text = text.slice(0, end.index);
  return text.trim();
}

const PY_DEF = /^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;
const PY_DOC = /^[ \t]*[rRuU]?("""|''')([\s\S]*?)\1/;

function pythonItems(root) {
  const items = [];
  for (const file of listFiles(root, '.py')) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(PY_DEF)) {
      const name = m[2];
      if (name.startsWith('_')) continue;
      // The signature ends at the first line ending in ':' after the def (parameters may span lines).
      const after = text.slice(m.index);
      const sig = /\)[^\n]*:[ \t]*(?:#[^\n]*)?\n/.exec(after);
      if (!sig) continue;
      const rest = after.slice(sig.index + sig[0].length);
      const doc = PY_DOC.exec(rest);
      if (!doc || doc.index !== 0) continue;
      const query = sentenceOf(doc[2].split('\n'));
      if (!query || query.split(' ').length < 4 || query.length > 300) continue;
      const line = text.slice(0, m.index).split('\n').length;
      items.push({ id: `${file}:${name}:${line}`, query, file, line, name });
    }
  }
  return dedupe(items);
}

const TS_DECL = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/[ \t]*\n[ \t]*export\s+(?:declare\s+)?(const|function\*?|async\s+function\*?)\s+([A-Za-z_$][\w$]*)/g;
function functionLike(kind, after) {
  if (kind !== 'const') return true;
  const m = /^\s*([:=])\s*([\s\S]{0,5000})/.exec(after);
  if (!m) return false;
  const rest = m[2];
  if (m[1] === ':') return /^[<(]/.test(rest) || /^\{\s*(?:\/\*\*[\s\S]*?\*\/\s*)?[<(]/.test(rest);
  return /^(?:<|\(|function\b|async\b|dual\s*\(|[A-Za-z_$][\w$]*\s*=>)/.test(rest);
}

function typescriptItems(root) {
  const items = [];
  for (const file of listFiles(root, '.ts')) {
    if (file.endsWith('.d.ts')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(TS_DECL)) {
      const [, body, kind, name] = m;
      if (!functionLike(kind.split(/\s+/)[0].replace('*', ''), text.slice(m.index + m[0].length))) continue;
      if (/@internal\b/.test(body)) continue;
      const query = sentenceOf(body.split('\n').map((l) => l.replace(/^\s*\*?\s?/, '')));
      if (!query || query.split(' ').length < 4 || query.length > 300) continue;
      const line = text.slice(0, m.index + m[0].lastIndexOf('export')).split('\n').length;
      items.push({ id: `${file}:${name}:${line}`, query, file, line, name });
    }
  }
  return dedupe(items);
}

/** A sentence that documents two functions has no single answer: drop all its copies. */
function dedupe(items) {
  const seen = new Map();
  for (const it of items) seen.set(it.query.toLowerCase(), (seen.get(it.query.toLowerCase()) ?? 0) + 1);
  return items.filter((it) => seen.get(it.query.toLowerCase()) === 1);
}

/** dev (40 %) or heldout (60 %), by a hash of the item's id: stable when other items come and go. */
function splitOf(item) {
  return createHash('sha1').update(item.id).digest()[0] % 10 < 4 ? 'dev' : 'heldout';
}

function sample(items, n) {
  return seededSample(items, n, SEED);
}

// --- baseline and scoring ---------------------------------------------------------------------------

const norm = (f) => f.replace(/\\/g, '/').replace(/^\.\//, '');
function rankStrict(results, item) {
  const i = results.slice(0, K).findIndex((r) => norm(r.file) === item.file && r.line <= item.line && item.line <= (r.end_line ?? r.line));
  return i < 0 ? null : i + 1;
}
function rankFile(results, file) {
  const distinct = [];
  for (const r of results) if (!distinct.includes(norm(r.file))) distinct.push(norm(r.file));
  const i = distinct.slice(0, K).indexOf(file);
  return i < 0 ? null : i + 1;
}
function metrics(ranks) {
  const n = ranks.length || 1;
  const at = (k) => ranks.filter((r) => r !== null && r <= k).length / n;
  return { n: ranks.length, mrr: ranks.reduce((s, r) => s + (r ? 1 / r : 0), 0) / n, r1: at(1), r5: at(5), r10: at(10) };
}

// --- run ------------------------------------------------------------------------------------------

const loadAtStart = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
const pySource = preparePython();
const effect = prepareEffect100k();
const pyOrigin = PY_REPOS.map((r) => `${r.repo}@${r.commit}`).join(' ');
const corpora = [
  { language: 'python', ext: '.py', source: pySource, stripped: prepareStripped(pySource, 'python-libs-nodoc', '.py', stripDocstrings, pyOrigin), items: pythonItems(pySource) },
  { language: 'typescript', ext: '.ts', source: effect, stripped: prepareStripped(effect, 'effect-100k-nodoc', '.ts', stripDocComments, EFFECT), items: typescriptItems(effect) },
];

const rows = [];
for (const corpus of corpora) {
  const sets = {};
  for (const set of ['dev', 'heldout']) sets[set] = sample(corpus.items.filter((it) => splitOf(it) === set), SAMPLE[corpus.language][set]);
  const files = listFiles(corpus.stripped, corpus.ext).length;
  console.log(`${corpus.language}: ${files} files, ${corpus.items.length} documented functions; dev ${sets.dev.length}, held-out ${sets.heldout.length}`);
  corpus.files = files;
  scoutIndex(corpus.stripped);
  const bm = new Bm25Files(corpus.stripped, listFiles(corpus.stripped, corpus.ext));
  for (const set of SETS) {
    const items = sets[set];
    const record = (system, answers) => {
      const strict = items.map((it, i) => (system === 'BM25 files' ? null : rankStrict(answers[i].results, it)));
      const file = items.map((it, i) => rankFile(answers[i].results, it.file));
      const p50 = percentile(answers.map((a) => a.elapsed_ms).filter((x) => typeof x === 'number'), 50);
      const notes = [...new Set(answers.flatMap((a) => a.notes ?? []).filter((n) => /vectors|hybrid|semantic/.test(n)).map((n) => n.replace(/\d+/g, 'N')))];
      rows.push({ language: corpus.language, set, system, definition: system === 'BM25 files' ? null : metrics(strict), file: metrics(file), p50, notes, ranks: strict });
      const d = rows.at(-1).definition;
      console.log(
        `  ${set.padEnd(7)} ${system.padEnd(16)} function MRR@10 ${d ? d.mrr.toFixed(3) : '  -  '} R@1 ${d ? d.r1.toFixed(2) : ' - '} R@10 ${d ? d.r10.toFixed(2) : ' - '} | file MRR@10 ${rows.at(-1).file.mrr.toFixed(3)} | p50 ${p50?.toFixed(1)} ms`,
      );
      if (process.env.BENCH_DUMP && set === 'dev') writeFileSync(`/tmp/bench-${corpus.language}-${system.replace(/\W+/g, '_')}.json`, JSON.stringify(items.map((it, i) => ({ ...it, strict: strict[i], top: answers[i].results.slice(0, 3).map((r) => `${r.file}:${r.line} ${r.symbol}`) })), null, 1));
    };
    record('BM25 files', items.map((it) => bm.query(it.query)));
    for (const mode of MODES) record(`scout ${mode}`, scoutSearchBatch(corpus.stripped, items.map((it) => it.query), { mode, extra: CHUNKS }));
    if (MODES.includes('hybrid')) {
      // The same hybrid mode with vectors off, to separate what the vectors add from the lexical ranking under them.
      const config = path.join(corpus.stripped, 'scout.config.json');
      writeFileSync(config, JSON.stringify({ embeddings: { provider: 'none' } }));
      try {
        record('scout hybrid, vectors off', scoutSearchBatch(corpus.stripped, items.map((it) => it.query), { mode: 'hybrid', extra: CHUNKS }));
      } finally {
        rmSync(config, { force: true });
      }
      record('scout hybrid, rank auto (files)', scoutSearchBatch(corpus.stripped, items.map((it) => it.query), { mode: 'hybrid' }));
    }
  }
}

// --- (b) CoSQA-style short queries on the Python corpus, with and without its docstrings --------------

const short = JSON.parse(readFileSync(path.join(here, 'short-queries.json'), 'utf8')).queries;
const shortRows = [];
if (SETS.includes('heldout')) {
  const answerOf = (a) => ({ file: a.slice(0, a.lastIndexOf(':')), name: a.slice(a.lastIndexOf(':') + 1) });
  for (const q of short) for (const a of q.answers) if (!existsSync(path.join(pySource, answerOf(a).file))) throw new Error(`short-queries.json: ${a} is not in the corpus`);
  const rankShort = (results, q) => {
    const i = results.slice(0, K).findIndex((r) => q.answers.some((a) => norm(r.file) === answerOf(a).file && (r.symbol ?? '').split('.').at(-1) === answerOf(a).name));
    return i < 0 ? null : i + 1;
  };
  const rankShortFile = (results, q) => {
    const distinct = [];
    for (const r of results) if (!distinct.includes(norm(r.file))) distinct.push(norm(r.file));
    const i = distinct.slice(0, K).findIndex((f) => q.answers.some((a) => answerOf(a).file === f));
    return i < 0 ? null : i + 1;
  };
  for (const [label, dir] of [['with docstrings', pySource], ['docstrings blanked', corpora[0].stripped]]) {
    scoutIndex(dir);
    const bm = new Bm25Files(dir, listFiles(dir, '.py'));
    const record = (system, answers) => {
      const p50 = percentile(answers.map((a) => a.elapsed_ms).filter((x) => typeof x === 'number'), 50);
      const ranks = short.map((q, i) => rankShort(answers[i].results, q));
      const definition = system === 'BM25 files' ? null : metrics(ranks);
      shortRows.push({ label, system, definition, file: metrics(short.map((q, i) => rankShortFile(answers[i].results, q))), p50, ranks });
      console.log(`  short, ${label.padEnd(18)} ${system.padEnd(26)} function MRR@10 ${definition ? definition.mrr.toFixed(3) : '  -  '} | file MRR@10 ${shortRows.at(-1).file.mrr.toFixed(3)}`);
    };
    record('BM25 files', short.map((q) => bm.query(q.q)));
    for (const mode of MODES) record(`scout ${mode}`, scoutSearchBatch(dir, short.map((q) => q.q), { mode, extra: CHUNKS }));
    const config = path.join(dir, 'scout.config.json');
    writeFileSync(config, JSON.stringify({ embeddings: { provider: 'none' } }));
    try {
      record('scout hybrid, vectors off', scoutSearchBatch(dir, short.map((q) => q.q), { mode: 'hybrid', extra: CHUNKS }));
    } finally {
      rmSync(config, { force: true });
    }
    record('scout hybrid, rank auto (files)', scoutSearchBatch(dir, short.map((q) => q.q), { mode: 'hybrid' }));
  }
}

// --- report ---------------------------------------------------------------------------------------

const pct = (x) => `${(x * 100).toFixed(1)} %`;
/** Per query, does hybrid with vectors rank the answer better or worse than hybrid with vectors off? */
function paired(subset) {
  const on = subset.find((r) => r.system === 'scout hybrid');
  const off = subset.find((r) => r.system === 'scout hybrid, vectors off');
  if (!on || !off) return '';
  let better = 0;
  let worse = 0;
  on.ranks.forEach((r, i) => {
    const a = r ? 1 / r : 0;
    const b = off.ranks[i] ? 1 / off.ranks[i] : 0;
    if (a > b) better++;
    else if (a < b) worse++;
  });
  return `Vectors on vs off, per query (function level): better for ${better}, worse for ${worse}, same for ${on.ranks.length - better - worse}.`;
}
const table = (subset) =>
  [
    '| system | function MRR@10 | R@1 | R@5 | R@10 | file MRR@10 | median ms/query |',
    '|---|---|---|---|---|---|---|',
    ...subset.map((r) => {
      const d = r.definition;
      return `| ${r.system} | ${d ? d.mrr.toFixed(3) : '-'} | ${d ? pct(d.r1) : '-'} | ${d ? pct(d.r5) : '-'} | ${d ? pct(d.r10) : '-'} | ${r.file.mrr.toFixed(3)} | ${r.p50?.toFixed(1) ?? '-'} |`;
    }),
  ].join('\n');
const out = [
  '# Query → function with the embedded vectors',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadAtStart} at the start,`,
  `scout at ${scoutRevision()}, all systems in one run of \`node bench/search-vectors/run.mjs\` (method: the header of that script).`,
  '',
  'Query: the first sentence of a function\'s docstring / JSDoc (>= 4 words); answer: that function, searched in a copy of',
  'the corpus with every docstring / doc comment blanked. "function" = a result whose line range contains the answer\'s',
  'definition line (query → function, as CoSQA); "file" = the answer\'s file among the distinct result files (comparable',
  'with the baseline, which ranks whole files). Items are split dev / held-out by a hash of their id; tuning used dev only.',
  'scout runs with its default configuration: `embeddings.provider` = `embedded` (word vectors, no server), except',
  '"scout hybrid, vectors off" (`embeddings.provider` = `none`: the lexical ranking that hybrid re-ranks with vectors).',
  'Every scout row ranks chunks (`--rank chunks`), except "rank auto (files)": scout\'s default for prose queries, one',
  'result per file (its best chunk), files ranked on their whole evidence, without vectors.',
  '',
  ...corpora.map((c) => `- ${c.language}: ${c.language === 'python' ? PY_REPOS.map((r) => `${r.repo}@${r.commit.slice(0, 10)}`).join(', ') : `${EFFECT} src/ (first ~100k lines)`}; ${c.files} files, ${c.items.length} documented functions`),
  '',
];
for (const set of SETS.filter((x) => x === 'heldout')) {
  for (const corpus of corpora) {
    const subset = rows.filter((r) => r.set === set && r.language === corpus.language);
    out.push(`## ${set === 'heldout' ? 'Held-out' : 'Dev (used for tuning)'}: ${corpus.language}, ${subset[0]?.file.n ?? 0} queries`, '', table(subset), '', paired(subset), '');
  }
}
for (const label of [...new Set(shortRows.map((r) => r.label))]) {
  out.push(
    `## CoSQA-style short queries (python, ${label}), ${short.length} queries`,
    '',
    'Web-search-style queries ("python create directory if it does not exist"), written by hand with their answers',
    'before any search was run (`bench/search-vectors/short-queries.json`; never used for tuning). Hit: a result in an answer',
    'file whose symbol ends with the answer\'s function name; some queries have two or three acceptable answers.',
    '',
    table(shortRows.filter((r) => r.label === label)),
    '',
    paired(shortRows.filter((r) => r.label === label)),
    '',
  );
}
for (const set of SETS.filter((x) => x === 'dev')) {
  for (const corpus of corpora) {
    const subset = rows.filter((r) => r.set === set && r.language === corpus.language);
    out.push(`## ${set === 'heldout' ? 'Held-out' : 'Dev (used for tuning)'}: ${corpus.language}, ${subset[0]?.file.n ?? 0} queries`, '', table(subset), '', paired(subset), '');
  }
}
const notes = [...new Set(rows.flatMap((r) => r.notes))];
if (notes.length) out.push('Notes scout gave (numbers replaced by N):', '', ...notes.map((n) => `- ${n}`), '');
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
const target = path.join(benchDir, 'results', 'search-vectors.md');
writeFileSync(target, `${out.join('\n')}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
