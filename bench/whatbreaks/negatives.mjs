#!/usr/bin/env node
// Negatives: targets where the TypeScript compiler says a new variant breaks nothing (the oracle's "no
// error" targets, skipped by grade.mjs). A right answer has no high-risk pointer; an answer with one is a
// false alarm. Not a test; prints a table (and --json). Uses the oracle's cache (run grade.mjs first).
//
//   node bench/whatbreaks/negatives.mjs                     # up to 6 negatives per corpus (first in file order)
//   node bench/whatbreaks/negatives.mjs --per-corpus 20 --corpus hlsjs-src,grpc-js-src
//   SCOUT_BENCH_CLI=path/to/cli.js node bench/whatbreaks/negatives.mjs   # another build (before/after)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cli, repoRoot } from '../corpus.mjs';
import { corpora } from './corpora.mjs';
import { oracleFor } from './oracle.mjs';

const args = process.argv.slice(2);
const opt = (n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const perCorpus = Number(opt('--per-corpus') ?? 6);
const names = (opt('--corpus') ?? Object.keys(corpora).join(',')).split(',').filter(Boolean);
const rows = [];
for (const name of names) {
  const dir = corpora[name].prepare();
  const oracle = oracleFor(name, dir, { log: (s) => console.error(s) });
  const negatives = oracle.results.filter((r) => r.errorSites.length === 0 && !r.ambiguous).slice(0, perCorpus);
  for (const t of negatives) {
    const q = `what breaks if I add a variant to \`${t.target}\`?`;
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [cli, 'ask', q, '--repo', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000 });
    const ms = Math.round(performance.now() - t0);
    let answer;
    try {
      answer = JSON.parse(r.stdout);
    } catch {
      rows.push({ corpus: name, target: t.target, kind: t.kind, error: (r.stderr || r.stdout || '').split('\n')[0], ms });
      continue;
    }
    const high = answer.pointers.filter((p) => p.risk === 'high').length;
    const medium = answer.pointers.filter((p) => p.risk === 'medium').length;
    rows.push({ corpus: name, target: t.target, kind: t.kind, high, medium, pointers: answer.pointers.length, verified: answer.meta.verified_by ? `${answer.meta.verified_by.checker}: ${answer.meta.verified_by.errors} errors` : (answer.meta.notes ?? []).find((n) => n.startsWith('not verified')) ?? 'n/a', ms });
    console.error(`[negatives] ${name} ${t.target}: ${high} high, ${medium} medium (${ms} ms)`);
  }
}
if (args.includes('--json')) console.log(JSON.stringify(rows, null, 1));
else {
  console.log(`cli: ${path.relative(repoRoot, cli)}`);
  console.log('| corpus | target | kind | high | medium | verified | time |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.corpus} | \`${r.target}\` | ${r.kind.slice(0, 40)} | ${r.error ? `error: ${r.error.slice(0, 60)}` : r.high} | ${r.medium ?? ''} | ${r.verified ?? ''} | ${(r.ms / 1000).toFixed(1)} s |`);
  const ok = rows.filter((r) => !r.error);
  const falseHigh = ok.filter((r) => r.high > 0).length;
  console.log(`\n${ok.length} negatives answered; ${falseHigh} with a false high (${ok.length ? (falseHigh / ok.length).toFixed(2) : 'n/a'}); ${rows.length - ok.length} errors.`);
}
