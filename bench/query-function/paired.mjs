#!/usr/bin/env node
// Two (or more) scout builds side by side on bench/query-function, query by query, in one run: MRR@10 of each on
// both query sets of one split, beside plain BM25 over files, and how many queries each build ranks better or worse
// than the first. For before/after comparisons of a ranking change (build the "before" commit in a git worktree).
//
//   node bench/query-function/run.mjs --set dev            # once: writes the corpus and its index
//   node bench/query-function/paired.mjs --split dev /tmp/before/dist/cli/main.js dist/cli/main.js
//   (--corpus nodoc: the corpus without docstrings, written by `run.mjs --corpus nodoc`)
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bm25Files } from '../bm25-files.mjs';
import { corpusDir } from '../corpus.mjs';
import { splitOf } from './split.mjs';
import { CORPORA, corpusArg } from './variants.mjs';
import { inWebPhrasing } from './web-phrasing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--split');
const split = at > 0 ? process.argv[at + 1] : 'dev';
const valued = ['--split', '--corpus', '--phrasing'];
const clis = process.argv.slice(2).filter((a, i, all) => !valued.includes(a) && !valued.includes(all[i - 1]));
const phrasingAt = process.argv.indexOf('--phrasing');
const phrasing = phrasingAt > 0 ? process.argv[phrasingAt + 1] : 'as-written';
if (!['as-written', 'web', 'searchers'].includes(phrasing)) throw new Error(`--phrasing ${phrasing}: use as-written, web or searchers`);
// searchers: each query as helpers who never saw the framing rule retyped it (searcher-phrasings.json, see README).
const retyped = phrasing === 'searchers' ? new Map(JSON.parse(readFileSync(path.join(here, 'searcher-phrasings.json'), 'utf8')).map((q) => [q.id, q.web])) : null;
const phrased = (q) => (phrasing === 'web' ? inWebPhrasing(q.query, q.id) : (retyped?.get(q.id) ?? q.query));
if (clis.length === 0) throw new Error('pass the dist/cli/main.js of each build to compare');
const pool = JSON.parse(readFileSync(path.join(here, 'pool.json'), 'utf8'));
const fileOf = new Map(pool.functions.map((fn, i) => [fn.id, `snippets/f${String(i).padStart(4, '0')}.py`]));
const dir = path.join(corpusDir, CORPORA[corpusArg()]);
const queries = ['gap-queries.json', 'queries.json'].flatMap((f) =>
  JSON.parse(readFileSync(path.join(here, f), 'utf8'))
    .filter((q) => splitOf(q.id) === split)
    .map((q) => ({ ...q, query: phrased(q), set: f.startsWith('gap') ? 'gap' : 'written' })),
);
const reciprocal = (results, i) => {
  const k = results.findIndex((r) => r.file === fileOf.get(queries[i].id));
  return k < 0 || k >= 10 ? 0 : 1 / (k + 1);
};
const bm25 = new Bm25Files(dir, [...fileOf.values()]);
const rows = [['BM25 over files', queries.map((q, i) => reciprocal(bm25.query(q.query, 10).results, i))]];
// Each build indexes the corpus afresh and no watch daemon runs: an index or a daemon left by another build (another
// embedding composition) would otherwise serve part of its answers (measured: 0.405 instead of 0.414).
process.env.SCOUT_WATCH_DAEMON = '0';
for (const cli of clis) {
  rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
  // bench/corpus.mjs reads SCOUT_BENCH_CLI when it loads: a fresh module instance per build.
  process.env.SCOUT_BENCH_CLI = path.resolve(cli);
  const { scoutSearchBatch } = await import(`../corpus.mjs?cli=${encodeURIComponent(cli)}`);
  const answers = scoutSearchBatch(dir, queries.map((q) => q.query), { limit: 10 });
  rows.push([cli, answers.map((a, i) => reciprocal(a.results, i))]);
}
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const first = rows[1][1];
for (const [name, rr] of rows) {
  const of = (set) => rr.filter((_, i) => queries[i].set === set);
  const better = rr.filter((x, i) => x > first[i] + 1e-9).length;
  const worse = rr.filter((x, i) => x < first[i] - 1e-9).length;
  console.log(
    `${name.padEnd(40)} gap (${of('gap').length}) ${mean(of('gap')).toFixed(3)}  written (${of('written').length}) ${mean(of('written')).toFixed(3)}  all ${mean(rr).toFixed(3)}  vs the first build: ${better} better, ${worse} worse`,
  );
}
