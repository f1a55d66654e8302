#!/usr/bin/env node
// Grades `scout ask` on "what breaks if I add a variant to `X`?" against the TypeScript compiler (oracle.mjs),
// side by side with the naive answer, "all references of X" (LanguageService findReferences), in the same run.
//
//   npm run build && node bench/whatbreaks/grade.mjs                 # every corpus of corpora.mjs
//   node bench/whatbreaks/grade.mjs --corpus llm-router              # one corpus (comma-separated list works)
//   options: --limit N (first N graded targets per corpus), --no-scout (oracle + naive only),
//            --scout-args "--budget 20" (extra arguments for every `scout ask`), --no-write (do not write
//            bench/results/whatbreaks.md), --no-cache (recompute the oracle)
//   SCOUT_BENCH_CLI=path/to/cli.js runs another implementation of the `scout ask` contract.
// Writes bench/results/whatbreaks.md and bench/whatbreaks/cache/last-run.json (every pointer and match).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli, repoRoot, scoutRevision } from '../corpus.mjs';
import { corpora } from './corpora.mjs';
import { gradedSet, oracleFor } from './oracle.mjs';
import { grade, naiveAnswer, parseLocation, sitesOf, unitFinder } from './match.mjs';
import { createLanguageService, loadProject, ts } from './project.mjs';

export { grade, parseLocation };

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpusNames = (opt('--corpus') ?? Object.keys(corpora).join(',')).split(',').filter(Boolean);
const limit = opt('--limit') !== undefined ? Number(opt('--limit')) : undefined;
const withScout = !args.includes('--no-scout');
const scoutArgs = (opt('--scout-args') ?? '').split(/\s+/).filter(Boolean);
const ASK_TIMEOUT_MS = 180_000;
export const TARGETS = { recall: 0.9, highPrecision: 0.7, nodes: 30, warmMs: 5000, coldMs: 20000, tokens: 2000 };

const log = (s) => console.error(s);
const question = (target) => `what breaks if I add a variant to \`${target}\`?`;

// --- scout ask -----------------------------------------------------------------------------------------
function firstLine(s) {
  return String(s ?? '').trim().split('\n').find((l) => l.trim()) ?? '';
}

function scoutIndex(dir) {
  const r = spawnSync(process.execPath, [cli, 'index', '--repo', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 600_000 });
  if (r.status !== 0) return `scout index exited ${r.status}: ${firstLine(r.stderr || r.stdout).slice(0, 200)}`;
  return undefined;
}

function scoutAsk(dir, q) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'ask', q, '--repo', dir, '--json', ...scoutArgs], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: ASK_TIMEOUT_MS });
  const ms = performance.now() - t0;
  if (r.error) return { error: `${r.error.code === 'ETIMEDOUT' ? `timed out after ${ASK_TIMEOUT_MS / 1000} s` : r.error.message}`, ms };
  if (r.status !== 0) return { error: `scout ask exited ${r.status}: ${firstLine(r.stderr || r.stdout).slice(0, 200)}`, ms };
  const out = r.stdout.trim();
  let answer;
  try {
    answer = JSON.parse(out);
  } catch {
    return { error: `scout ask --json printed no JSON object: ${firstLine(out).slice(0, 120)}`, ms };
  }
  if (!answer || !Array.isArray(answer.pointers)) return { error: 'scout ask --json: no pointers array in the answer', ms };
  return { answer, ms, chars: out.length };
}

// --- formatting ----------------------------------------------------------------------------------------
const pct = (x) => (Number.isNaN(x) || x === undefined ? 'n/a' : x.toFixed(2));
const secs = (ms) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
const tokens = (chars) => Math.ceil(chars / 4);
const shortKind = (kind) => kind.replace(/^derived literal union \(.*; variant added to const (\S+)\)$/, 'derived union (variant added to const `$1`)').replace(/\|/g, '\\|');
const codeCounts = (results) => {
  const m = new Map();
  for (const r of results) for (const e of r.errorSites) m.set(e.code, (m.get(e.code) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]).map(([c, n]) => `TS${c}×${n}`).join(', ');
};
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const median = (xs) => {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** Aggregate of graded answers: micro recall / precision (pooled sites and pointers) and mean per-target recall. */
function aggregate(rows) {
  const g = rows.map((r) => r.grade);
  const sites = sum(g.map((x) => x.sites));
  const hit = (k) => sum(g.map((x) => x[k] * x.sites));
  const highMatched = sum(g.filter((x) => x.high).map((x) => x.highPrecision * x.high));
  const high = sum(g.map((x) => x.high));
  return {
    n: rows.length,
    sites,
    recall: hit('recall') / sites,
    recallHigh: hit('recallHigh') / sites,
    recallStrict: hit('recallStrict') / sites,
    meanRecall: sum(g.map((x) => x.recall)) / g.length,
    highPrecision: high ? highMatched / high : NaN,
    pointersMedian: median(g.map((x) => x.pointers)),
    tokensMedian: median(rows.map((r) => tokens(r.chars))),
    tokensMax: Math.max(...rows.map((r) => tokens(r.chars))),
    meetsQuality: rows.filter((r) => r.grade.recall >= TARGETS.recall && r.grade.highPrecision >= TARGETS.highPrecision).length,
  };
}

// --- main ----------------------------------------------------------------------------------------------
const scoutAvailable = withScout && existsSync(cli) ? undefined : withScout ? `no CLI at ${path.relative(repoRoot, cli)} (run npm run build)` : 'not run (--no-scout)';
let scoutDown = scoutAvailable; // reason once scout is known not to work
const runs = [];
for (const name of corpusNames) {
  const corpus = corpora[name];
  if (!corpus) throw new Error(`unknown corpus ${name}; known: ${Object.keys(corpora).join(', ')}`);
  const dir = corpus.prepare();
  const oracle = oracleFor(name, dir, { useCache: !args.includes('--no-cache'), log });
  const { graded: all, skippedNoErrors, skippedAmbiguous } = gradedSet(oracle.results);
  const graded = limit !== undefined ? all.slice(0, limit) : all;
  log(`[grade] ${name}: ${oracle.results.length} targets, ${all.length} graded${limit !== undefined ? ` (first ${graded.length})` : ''}`);
  const unitOf = unitFinder(dir);
  const project = loadProject(dir);
  const t0 = performance.now();
  const service = createLanguageService(project);
  service.getProgram();
  const lsLoadMs = performance.now() - t0;

  // scout: index first (not timed as part of ask), then one cold question, then every question warm.
  let scoutReason = scoutDown;
  let coldMs;
  let indexMs;
  if (!scoutReason && graded.length) {
    const ti = performance.now();
    scoutReason = scoutIndex(dir);
    indexMs = performance.now() - ti;
    if (!scoutReason) {
      const cold = scoutAsk(dir, question(graded[0].target));
      if (cold.error) scoutReason = cold.error;
      else coldMs = cold.ms;
    }
    if (scoutReason && /unknown command|exited 2:|no CLI/i.test(scoutReason)) scoutDown = scoutReason;
  }

  const rows = [];
  for (const result of graded) {
    const sites = sitesOf(result, unitOf);
    const naive = naiveAnswer(project, service, result);
    const naivePointers = naive.pointers.map((p) => ({ ...parseLocation(p.location, dir), risk: p.risk }));
    const row = {
      target: result.target,
      file: result.file,
      line: result.line,
      kind: result.kind,
      sites,
      errors: result.errorSites.length,
      naive: { ms: naive.ms, chars: naive.chars, grade: grade(sites, naivePointers) },
    };
    if (!scoutReason) {
      const s = scoutAsk(dir, question(result.target));
      if (s.error) row.scout = { error: s.error, ms: s.ms };
      else {
        const pointers = s.answer.pointers.map((p) => ({ ...parseLocation(p.location, dir), also: Array.isArray(p.also) ? p.also : [], risk: p.risk, raw: p }));
        row.scout = {
          ms: s.ms,
          chars: s.chars,
          nodes: s.answer.meta?.nodes_visited,
          sites: s.answer.meta?.sites_seen,
          elapsedMs: s.answer.meta?.elapsed_ms,
          sources: s.answer.meta?.sources,
          interpretation: s.answer.meta?.interpretation,
          grade: grade(sites, pointers.filter((p) => p.file)),
          pointers: s.answer.pointers,
        };
      }
    }
    log(`[grade] ${name} ${result.target}: ${sites.length} sites; naive recall ${pct(row.naive.grade.recall)} (${row.naive.grade.pointers} refs)` +
      (row.scout?.grade ? `; scout recall ${pct(row.scout.grade.recall)}, high precision ${pct(row.scout.grade.highPrecision)}, ${secs(row.scout.ms)}` : row.scout?.error ? `; scout: ${row.scout.error}` : ''));
    rows.push(row);
  }
  service.dispose();
  runs.push({ name, describe: corpus.describe, dir, oracle, all, skippedNoErrors, skippedAmbiguous, rows, scoutReason, coldMs, indexMs, lsLoadMs });
}

// --- report -------------------------------------------------------------------------------------------
const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
const md = [];
md.push('# whatbreaks: "what breaks if I add a variant to `X`?" graded against the TypeScript compiler', '');
md.push(`Run ${now} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, TypeScript ${ts.version}; scout ${scoutRevision()}.`);
md.push('Method: bench/whatbreaks/README.md. Regenerate with `node bench/whatbreaks/grade.mjs`.', '');
md.push(`Targets (issue 4): recall >= ${TARGETS.recall} with high-risk precision >= ${TARGETS.highPrecision}; <= ${TARGETS.nodes} nodes visited typically; <= ${TARGETS.warmMs / 1000} s warm, <= ${TARGETS.coldMs / 1000} s cold; answers <= ${TARGETS.tokens} tokens.`, '');

md.push('## Oracle', '');
md.push(table(
  ['corpus', 'files', 'lines', 'config', 'targets found', 'graded (>= 1 new error)', 'skipped: no error', 'skipped: ambiguous name', 'skipped: same edit', 'error sites (file:line)', 'new diagnostics by code', 'oracle time (all targets)'],
  runs.map((r) => [
    r.name, r.oracle.files, r.oracle.lines.toLocaleString('en-US'), r.oracle.configSource, r.oracle.results.length + r.oracle.duplicates.length, r.all.length, r.skippedNoErrors, r.skippedAmbiguous,
    r.oracle.duplicates.length, sum(r.all.map((x) => new Set(x.errorSites.map((e) => `${e.file}:${e.line}`)).size)), codeCounts(r.all), secs(sum(r.oracle.results.map((x) => x.ms))),
  ]),
));
md.push('');
md.push('TS2741: a property missing in an object typed `Record<X, …>` or a mapped type; TS2366: a function whose switch no longer returns on every path; TS2345 / TS2322 / TS1360: a value no longer fits `never` or a narrower type; TS7053: an object indexed by X no longer has every key.', '');
for (const r of runs) md.push(`- **${r.name}**: ${r.describe}.`);
for (const r of runs.filter((x) => x.oracle.duplicates.length)) md.push(`- ${r.name}, skipped as the same edit as another target: ${r.oracle.duplicates.map((d) => `\`${d.target}\` (= \`${d.sameEditAs}\`)`).join(', ')}.`);
md.push('');

const allRows = runs.flatMap((r) => r.rows.map((row) => ({ ...row, corpus: r.name })));
md.push('## Per target', '');
md.push('Recall = error sites matched by any pointer; high = by high-risk pointers; ±2 = by the line rule alone. Precision = high-risk pointers that match an error site.', '');
md.push(table(
  ['corpus', 'target', 'kind', 'error sites', 'naive: refs', 'naive: recall (±2)', 'naive: precision', 'naive: tokens', 'scout: recall / high / ±2', 'scout: high precision', 'scout: nodes (sites)', 'scout: time (meta.elapsed_ms)', 'scout: tokens'],
  allRows.map((x) => {
    const n = x.naive.grade;
    const s = x.scout;
    const scoutCells = s?.grade
      ? [`${pct(s.grade.recall)} / ${pct(s.grade.recallHigh)} / ${pct(s.grade.recallStrict)}`, pct(s.grade.highPrecision), s.nodes === undefined ? 'n/a' : `${s.nodes}${typeof s.sites === 'number' ? ` (${s.sites})` : ''}`, `${secs(s.ms)}${typeof s.elapsedMs === 'number' ? ` (${secs(s.elapsedMs)})` : ''}`, tokens(s.chars)]
      : [s?.error ? `not available: ${s.error.replace(/\|/g, '/')}` : 'not available (see the summary)', '', '', '', ''];
    return [x.corpus, `\`${x.target}\``, shortKind(x.kind), x.sites.length, n.pointers, `${pct(n.recall)} (${pct(n.recallStrict)})`, pct(n.highPrecision), tokens(x.naive.chars), ...scoutCells];
  }),
));
md.push('');

md.push('## Summary', '');
const summaryRows = [];
for (const r of [...runs.map((x) => ({ name: x.name, rows: x.rows, run: x })), { name: '**all**', rows: allRows }]) {
  if (!r.rows.length) continue;
  const n = aggregate(r.rows.map((x) => ({ grade: x.naive.grade, chars: x.naive.chars })));
  summaryRows.push([r.name, 'naive: all references', n.n, n.sites, pct(n.recall), pct(n.meanRecall), pct(n.recallHigh), pct(n.recallStrict), pct(n.highPrecision), `${n.meetsQuality}/${n.n}`, 'n/a', `${secs(median(r.rows.map((x) => x.naive.ms)))} (LanguageService warm)`, '', `${n.tokensMedian} / ${n.tokensMax}`]);
  const scouted = r.rows.filter((x) => x.scout?.grade);
  if (scouted.length) {
    const s = aggregate(scouted.map((x) => ({ grade: x.scout.grade, chars: x.scout.chars })));
    const colds = runs.map((x) => x.coldMs).filter((v) => v !== undefined);
    const cold = r.run ? r.run.coldMs : colds.length ? Math.max(...colds) : undefined;
    const nodes = scouted.map((x) => x.scout.nodes).filter((v) => typeof v === 'number');
    summaryRows.push([r.name, 'scout ask', s.n, s.sites, pct(s.recall), pct(s.meanRecall), pct(s.recallHigh), pct(s.recallStrict), pct(s.highPrecision), `${s.meetsQuality}/${s.n}`,
      nodes.length ? `${median(nodes)} / ${Math.max(...nodes)}` : 'n/a', `${secs(median(scouted.map((x) => x.scout.ms)))} / ${secs(Math.max(...scouted.map((x) => x.scout.ms)))}`, cold !== undefined ? secs(cold) : '', `${s.tokensMedian} / ${s.tokensMax}`]);
  } else {
    const reason = r.run ? r.run.scoutReason ?? r.rows.find((x) => x.scout?.error)?.scout.error : runs.map((x) => x.scoutReason).find(Boolean);
    summaryRows.push([r.name, 'scout ask', `not available: ${(reason ?? 'not run').replace(/\|/g, '/')}`, '', '', '', '', '', '', '', '', '', '', '']);
  }
}
md.push(table(['corpus', 'answer', 'targets', 'error sites', 'recall', 'mean recall', 'recall (high)', 'recall (±2)', 'high precision', 'targets meeting recall & precision', 'nodes median / max', 'time warm median / max', 'time cold (all: max)', 'tokens median / max'], summaryRows));
md.push('');
const scoutedAll = allRows.filter((x) => x.scout?.grade);
if (scoutedAll.length) {
  const n = scoutedAll.length;
  const count = (f) => `${scoutedAll.filter(f).length}/${n}`;
  const colds = runs.filter((r) => r.coldMs !== undefined);
  md.push('## scout ask against the targets', '');
  md.push(`Each question is one \`scout ask\` process: "cold" is the first question on a corpus, "warm" the questions after it (index built, files in the OS cache; each process starts its own language server). With the language server kept warm by the MCP server (\`scout mcp\`), a new question on the ~100k-line effect corpus takes well under a second: see bench/results/mcp.md.`, '');
  md.push(table(['target', 'met by'], [
    [`recall >= ${TARGETS.recall} and high-risk precision >= ${TARGETS.highPrecision}`, count((x) => x.scout.grade.recall >= TARGETS.recall && x.scout.grade.highPrecision >= TARGETS.highPrecision)],
    [`recall >= ${TARGETS.recall}`, count((x) => x.scout.grade.recall >= TARGETS.recall)],
    [`high-risk precision >= ${TARGETS.highPrecision}`, count((x) => x.scout.grade.highPrecision >= TARGETS.highPrecision)],
    [`<= ${TARGETS.nodes} nodes visited`, count((x) => typeof x.scout.nodes === 'number' && x.scout.nodes <= TARGETS.nodes)],
    [`<= ${TARGETS.nodes} nodes visited, median ("typically")`, (() => {
      const nodes = scoutedAll.map((x) => x.scout.nodes).filter((v) => typeof v === 'number');
      return nodes.length ? `${median(nodes)} (${median(nodes) <= TARGETS.nodes ? 'met' : 'not met'})` : 'n/a';
    })()],
    [`<= ${TARGETS.warmMs / 1000} s warm (wall time of the process)`, count((x) => x.scout.ms <= TARGETS.warmMs)],
    [`<= ${TARGETS.coldMs / 1000} s cold (first question per corpus)`, `${colds.filter((r) => r.coldMs <= TARGETS.coldMs).length}/${colds.length}`],
    [`<= ${TARGETS.tokens} tokens`, count((x) => tokens(x.scout.chars) <= TARGETS.tokens)],
  ]));
  md.push('');
}
const naiveMissed = allRows.filter((x) => x.naive.grade.missed.length).map((x) => `\`${x.target}\` (${x.corpus}): ${x.naive.grade.missed.slice(0, 6).join(', ')}${x.naive.grade.missed.length > 6 ? ', …' : ''}`);
if (naiveMissed.length) md.push('Sites the naive list misses (no reference within ±2 lines or in the same unit: the site is reached through a property, a parameter, an inferred type or another name):', '', ...naiveMissed.map((s) => `- ${s}`), '');

const report = md.join('\n');
console.log(report);
if (!args.includes('--no-write') && limit === undefined && corpusNames.length === Object.keys(corpora).length) {
  writeFileSync(path.join(repoRoot, 'bench', 'results', 'whatbreaks.md'), `${report}\n`);
  log('[grade] wrote bench/results/whatbreaks.md');
} else if (!args.includes('--no-write')) {
  log('[grade] partial run (--corpus or --limit): bench/results/whatbreaks.md not written');
}
writeFileSync(path.join(here, 'cache', 'last-run.json'), `${JSON.stringify(runs.map((r) => ({ ...r, oracle: { ...r.oracle, results: undefined } })), null, 1)}\n`);
