#!/usr/bin/env node
// Query → function benchmark in the shape of CoSQA (issue 12): a web-search-style query, and the one function that
// answers it among a pool of 1,000 documented Python functions, each in a file of its own with its docstring (as a
// CoSQA code snippet). Plain BM25 over the files and scout's modes side by side, in one run. Not a test: CI does not
// run it.
//
//   npm run build && node bench/query-function/run.mjs [--set heldout|dev|both] [--corpus nodoc] [--pool fresh]
//
// --pool fresh: pool-fresh.json and queries-fresh.json, six Python repositories added after all tuning (README.md),
// every query read at once (no dev part), results in bench/results/query-function-fresh[-nodoc].md.
//
// The pool: bench/query-function/pool.json (built by build.mjs from pinned public repositories, sources never
// committed). The queries: queries.json, written for 320 seeded targets by someone who saw only each function's code
// (README.md). Each query is dev or held-out by a hash of its id (40 % dev); tuning looked at dev only.
// A hit is a result in the answer's file; its rank is its position in scout's result list (a second chunk of an
// earlier file takes a place too, as it would in the agent's context). Writes bench/results/query-function.md.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bm25Files } from '../bm25-files.mjs';
import { corpusDir, gitInit, percentile, scoutIndex, scoutRevision, scoutSearchBatch } from '../corpus.mjs';
import { documentedFunctions, eligible, FRESH_REPOS, REPOS } from './build.mjs';
import { splitOf } from './split.mjs';
import { CORPORA, corpusArg, withoutDocstring } from './variants.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const FRESH = arg('--pool', 'main') === 'fresh';
const SETS = FRESH ? ['all'] : arg('--set', 'heldout') === 'both' ? ['heldout', 'dev'] : [arg('--set', 'heldout')];
// queries.json (written from the code) or gap-queries.json (the searcher's everyday words, not the code's), or both.
const QUERY_SETS = FRESH ? ['fresh'] : arg('--queries', 'both') === 'both' ? ['written', 'gap'] : [arg('--queries', 'both')];
const QUERY_FILES = { written: 'queries.json', gap: 'gap-queries.json', fresh: 'queries-fresh.json' };
const K = 10;
// docstrings (default) or nodoc: the same functions with their docstrings removed (variants.mjs).
const CORPUS = corpusArg();
const CORPUS_NAME = FRESH ? CORPORA[CORPUS].replace('query-function', 'query-function-fresh') : CORPORA[CORPUS];


/** bench/corpus/query-function: one file per pool function, named by its pool position (the name says nothing). */
function prepareCorpus(pool) {
  const dir = path.join(corpusDir, CORPUS_NAME);
  const signature = `${createHash('sha1').update(JSON.stringify(pool.functions)).digest('hex')} v1 ${CORPUS}`;
  const marker = path.join(dir, '.source');
  const fileOf = new Map(pool.functions.map((fn, i) => [fn.id, `snippets/f${String(i).padStart(4, '0')}.py`]));
  if (existsSync(marker) && readFileSync(marker, 'utf8') === signature) return { dir, fileOf };
  // A property's getter and setter share an id: the line tells them apart.
  const byId = new Map(eligible(documentedFunctions(FRESH ? FRESH_REPOS : REPOS)).map((fn) => [`${fn.id}@${fn.line}`, fn]));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'snippets'), { recursive: true });
  for (const fn of pool.functions) {
    const source = byId.get(`${fn.id}@${fn.line}`);
    if (!source) throw new Error(`${fn.id} is not at line ${fn.line} in its pinned commit: rebuild the mirrors`);
    writeFileSync(path.join(dir, fileOf.get(fn.id)), `${CORPUS === 'nodoc' ? withoutDocstring(source.code) : source.code}\n`);
  }
  writeFileSync(path.join(dir, '.gitignore'), '.source\n');
  gitInit(dir);
  writeFileSync(marker, signature);
  return { dir, fileOf };
}

function rankIn(results, file) {
  const at = results.findIndex((r) => r.file === file);
  return at < 0 ? null : at + 1;
}

function summarize(ranks, times) {
  const n = ranks.length;
  const mrr = ranks.reduce((s, r) => s + (r !== null && r <= K ? 1 / r : 0), 0) / n;
  const at = (k) => ranks.filter((r) => r !== null && r <= k).length / n;
  return { mrr, r1: at(1), r5: at(5), r10: at(10), p50: times.length ? percentile(times, 50) : null };
}

const pool = JSON.parse(readFileSync(path.join(here, FRESH ? 'pool-fresh.json' : 'pool.json'), 'utf8'));
const querySets = Object.fromEntries(QUERY_SETS.map((name) => [name, JSON.parse(readFileSync(path.join(here, QUERY_FILES[name]), 'utf8'))]));
const { dir, fileOf } = prepareCorpus(pool);
rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
scoutIndex(dir);
const bm25 = new Bm25Files(dir, [...fileOf.values()]);

const SYSTEMS = [
  ['scout (default)', []],
  ['scout exact', ['--mode', 'exact']],
  ['scout hybrid, rank chunks', ['--mode', 'hybrid', '--rank', 'chunks']],
  ['scout semantic', ['--mode', 'semantic']],
];
const lines = [];
const revision = scoutRevision();
lines.push(`# Query → function (CoSQA-shaped)${FRESH ? ', fresh pool (never tuned on)' : ''}${CORPUS === 'nodoc' ? ', docstrings removed' : ''}`, '');
lines.push(`Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.version}, scout at ${revision}, all systems in one run of \`node bench/query-function/run.mjs${FRESH ? ' --pool fresh' : ''}${CORPUS === 'nodoc' ? ' --corpus nodoc' : ''}\`.`, '');
lines.push(`Pool: ${pool.functions.length} documented Python functions (seed ${pool.seed}) from ${pool.repos.map((r) => `${r.repo}@${r.commit.slice(0, 10)}`).join(', ')}; one file each, ${CORPUS === 'nodoc' ? 'its docstring removed (`--corpus nodoc`: the query meets only the code\'s own words)' : 'docstring included'}.`);
if (FRESH) lines.push('Queries: **fresh** (queries-fresh.json, one per seeded target, 239 targets), written by helpers who saw only the function (30 lines at most) and never scout\'s answers, with the gap set\'s instruction: the need in the searcher\'s everyday words, not the function\'s name, parameter names or docstring words. Nothing was tuned on this pool or these queries. Hit: a result in the answer\'s file, ranked by its position in the result list.', '');
else lines.push('Queries, web-search style, for seeded targets, by people who saw only the function and never scout\'s answers: **written** (queries.json, 320 targets: what a developer would search for) and **gap** (gap-queries.json, 240 other targets: the need in the searcher\'s everyday words, without the function\'s name, parameter names or docstring phrasing, the vocabulary gap of real web queries). Hit: a result in the answer\'s file, ranked by its position in the result list.', '');
const perQuery = {};
for (const [queryName, queries] of Object.entries(querySets)) for (const set of SETS) {
  const items = queries.filter((q) => (set === 'all' || splitOf(q.id) === set) && fileOf.has(q.id));
  lines.push(`## ${queryName} queries, ${set === 'all' ? 'all (never tuned on)' : set === 'heldout' ? 'held-out' : 'dev (used for tuning)'}: ${items.length} queries`, '');
  lines.push('| system | MRR@10 | R@1 | R@5 | R@10 | median ms/query |', '|---|---|---|---|---|---|');
  const base = items.map((q) => bm25.query(q.query, K));
  const b = summarize(base.map((a, i) => rankIn(a.results, fileOf.get(items[i].id))), base.map((a) => a.elapsed_ms));
  lines.push(`| BM25 over files (FTS5) | ${b.mrr.toFixed(3)} | ${(b.r1 * 100).toFixed(1)} % | ${(b.r5 * 100).toFixed(1)} % | ${(b.r10 * 100).toFixed(1)} % | ${b.p50.toFixed(1)} |`);
  console.log(`${queryName.padEnd(7)} ${set.padEnd(7)} ${'BM25 files'.padEnd(28)} MRR@10 ${b.mrr.toFixed(3)} R@1 ${b.r1.toFixed(2)} R@10 ${b.r10.toFixed(2)}`);
  for (const [name, extra] of SYSTEMS) {
    const answers = scoutSearchBatch(dir, items.map((q) => q.query), { limit: K, extra });
    const ranks = answers.map((a, i) => rankIn(a.results, fileOf.get(items[i].id)));
    perQuery[`${queryName} ${set} ${name}`] = ranks;
    const s = summarize(ranks, answers.map((a) => a.elapsed_ms));
    const rankings = [...new Set(answers.map((a) => a.ranking))].join('/');
    lines.push(`| ${name} (ranking: ${rankings}) | ${s.mrr.toFixed(3)} | ${(s.r1 * 100).toFixed(1)} % | ${(s.r5 * 100).toFixed(1)} % | ${(s.r10 * 100).toFixed(1)} % | ${s.p50.toFixed(1)} |`);
    console.log(`${queryName.padEnd(7)} ${set.padEnd(7)} ${name.padEnd(28)} MRR@10 ${s.mrr.toFixed(3)} R@1 ${s.r1.toFixed(2)} R@10 ${s.r10.toFixed(2)} (${rankings})`);
  }
  lines.push('');
}
if (process.env.QF_DUMP) writeFileSync(process.env.QF_DUMP, JSON.stringify(perQuery));
if (!process.env.QF_NO_WRITE) writeFileSync(path.join(here, `../results/${CORPUS_NAME}.md`), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
