#!/usr/bin/env node
// Runs the random whatbreaks benchmark on the drawn targets (drawn.json, from generate.mjs): the oracle
// (TypeScript compiler / pyright), then per target, in one run, three answers graded by the same rules as
// bench/whatbreaks (match.mjs): scout with verification (a fresh `scout ask` process: cold time), scout without
// it (`scout.verifyTimeoutMs: 0` in a scout.config.json written into the corpus for that pass, a fresh
// process), and the naive "all references" list; plus the warm time of the same question through one
// long-lived `scout mcp` server per corpus (verification on). Rows are cached per target in cache/rows/, so a
// run can be resumed or extended; report.mjs writes bench/results/whatbreaks-random.md from them.
//
//   node bench/whatbreaks-random/run.mjs [--split heldout|tuning|all] [--per-corpus N] [--corpus a,b]
//        [--oracle-only] [--fresh] [--no-warm]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli, repoRoot, scoutRevision } from '../corpus.mjs';
import { grade, naiveAnswer, parseLocation, sitesOf, unitFinder } from '../whatbreaks/match.mjs';
import { Oracle } from '../whatbreaks/oracle.mjs';
import { createLanguageService, loadProject, ts } from '../whatbreaks/project.mjs';
import { corpora, prepare } from './corpora.mjs';
import { cacheDir } from './generate.mjs';
import { PyOracle, pyrightVersion } from './py-oracle.mjs';
import { namesInProductCode } from './product-names.mjs';
import { cargoVersion, RsOracle } from './rs-oracle.mjs';
import { ghcVersion, HsOracle } from './hs-oracle.mjs';
import { JavaOracle, javacVersionString } from './java-oracle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const split = opt('--split') ?? 'heldout';
const perCorpus = opt('--per-corpus') !== undefined ? Number(opt('--per-corpus')) : undefined;
const only = opt('--corpus')?.split(',');
const ASK_TIMEOUT_MS = 180_000;
const ORACLE_VERSION = 1;
const log = (s) => console.error(`[random ${new Date().toISOString().slice(11, 19)}] ${s}`);
export const question = (t) => `what breaks if I add a variant to \`${t}\`?`;
const safe = (s) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');

// --- the drawn targets, and the check that none of their names is in product code --------------------
const drawnFile = JSON.parse(readFileSync(path.join(here, 'drawn.json'), 'utf8'));
// --- the oracle, cached by corpus commit + target + edit ----------------------------------------------
function oracleCacheFile(t) {
  const c = corpora[t.corpus];
  const h = createHash('sha1').update(JSON.stringify(t.edits)).digest('hex').slice(0, 8);
  return path.join(cacheDir, 'oracle', `${t.corpus}-${c.commit.slice(0, 12)}-v${ORACLE_VERSION}`, `${safe(t.file)}__${safe(t.target)}__${h}.json`);
}
function oracleResults(name, targets) {
  const dir = prepare(name);
  let o;
  const out = [];
  for (const t of targets) {
    const file = oracleCacheFile(t);
    let r = existsSync(file) && !args.includes('--no-cache') ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    if (!r) {
      if (!o) { log(`${name}: building the oracle`); o = { ts: () => new Oracle(dir), py: () => new PyOracle(name, dir), rs: () => new RsOracle(name, dir), hs: () => new HsOracle(name, dir, corpora[name]), java: () => new JavaOracle(name, dir, corpora[name]) }[corpora[name].lang](); }
      r = o.run(t);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(r)}\n`);
      log(`${name} oracle ${t.target}: ${r.errorSites.length} new errors (${r.ms} ms)`);
    }
    out.push({ ...r, editedConst: t.editedConst });
  }
  o?.dispose?.();
  return out;
}

// --- answers ------------------------------------------------------------------------------------------
function scoutAsk(dir, q) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'ask', q, '--repo', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: ASK_TIMEOUT_MS });
  const ms = performance.now() - t0;
  if (r.error || r.status !== 0) return { error: (r.error?.message ?? `exit ${r.status}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`).slice(0, 200), ms };
  try {
    const answer = JSON.parse(r.stdout);
    return { answer, ms, chars: r.stdout.trim().length };
  } catch { return { error: 'no JSON', ms }; }
}
function gradeScout(s, sites, dir) {
  if (s.error) return { error: s.error, ms: s.ms };
  const pointers = s.answer.pointers.map((p) => ({ ...parseLocation(p.location, dir), also: Array.isArray(p.also) ? p.also : [], risk: p.risk }));
  const v = s.answer.meta?.verified_by;
  return {
    ms: s.ms, chars: s.chars, nodes: s.answer.meta?.nodes_visited, sitesSeen: s.answer.meta?.sites_seen,
    verified: v ? `${v.checker}: ${v.errors} errors` : null,
    notes: (s.answer.meta?.notes ?? []).filter((n) => /verif/i.test(n)).map((n) => n.slice(0, 160)),
    interpretation: s.answer.meta?.interpretation,
    grade: grade(sites, pointers.filter((p) => p.file)),
    pointers: s.answer.pointers.map((p) => ({ location: p.location, risk: p.risk, also: p.also, verified: p.verified, what: String(p.what).slice(0, 100) })),
  };
}

/**
 * Python, Rust, Haskell and Java "all references": every line of a .py (.rs, .hs, .java) file where the name (its last segment for
 * Owner.attr) occurs as a word.
 */
function textNaive(dir, t, ext) {
  const t0 = performance.now();
  const name = t.target.split('.').pop();
  const re = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`);
  const pointers = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) { if (!['.git', '.scout', '__pycache__', 'target', 'dist-newstyle'].includes(e.name)) walk(f); } else if (e.name.endsWith(ext)) {
        readFileSync(f, 'utf8').split('\n').forEach((l, i) => { if (re.test(l)) pointers.push({ location: `${path.relative(dir, f)}:${i + 1}`, what: l.trim().slice(0, 100), risk: 'high' }); });
      }
    }
  };
  walk(dir);
  return { ms: performance.now() - t0, pointers, chars: JSON.stringify({ summary: '', pointers }).length };
}

/** The same questions through one long-lived `scout mcp` server (verification on): warm time, and the answer's first page graded. */
async function warmAnswers(dir, targets, sitesOf) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', dir], stderr: 'ignore' });
  const client = new Client({ name: 'random-bench', version: '1' });
  await client.connect(transport);
  const out = new Map();
  for (const [i, t] of targets.entries()) {
    const t0 = performance.now();
    try {
      const r = await client.callTool({ name: 'scout', arguments: { query: question(t.target) } }, undefined, { timeout: ASK_TIMEOUT_MS });
      const ms = performance.now() - t0;
      if (r.isError) out.set(t.target, { ms, first: i === 0, error: String(r.content?.[0]?.text).slice(0, 120) });
      else {
        const a = r.structuredContent;
        const g = gradeScout({ answer: a, ms, chars: JSON.stringify(a).length }, sitesOf(t), dir);
        out.set(t.target, { ...g, first: i === 0, pointersTotal: a.meta?.pointers_total, nextCursor: Boolean(a.next_cursor) });
      }
    } catch (e) { out.set(t.target, { ms: performance.now() - t0, first: i === 0, error: String(e.message).slice(0, 120) }); }
  }
  await client.close();
  return out;
}

// --- main ---------------------------------------------------------------------------------------------
/** The corpus's scout.config.json: the --scout-config options with `scout` overrides on top; none at all when both are empty. */
function writeScoutConfig(dir, scout) {
  const extra = opt('--scout-config') ? JSON.parse(opt('--scout-config')) : {};
  const merged = { ...extra, scout: { ...(extra.scout ?? {}), ...scout } };
  if (Object.keys(merged.scout).length === 0) delete merged.scout;
  if (Object.keys(merged).length === 0) rmSync(path.join(dir, 'scout.config.json'), { force: true });
  else writeFileSync(path.join(dir, 'scout.config.json'), JSON.stringify(merged));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // The targets of the corpora run; a Rust name that is a common word (`Position`, `Class`) and was in src/
  // before the Rust stratum was drawn is recorded in drawn.json (rust.nameCollisionsAtDraw) and let through.
  const checked = drawnFile.drawn.filter((t) => !only || only.includes(t.corpus));
  // Names product code took up later for something else, each checked by hand: the word, not the target.
  const unrelated = ['Scope (Scope)']; // pytest's `Scope` enum; src/scout/clang/ reads C/C++ block scopes (scopes.ts), written for the C reader
  const known = new Set([...(drawnFile.rust?.nameCollisionsAtDraw ?? []), ...(drawnFile.haskell?.nameCollisionsAtDraw ?? []), ...(drawnFile.java?.nameCollisionsAtDraw ?? [])]);
  const leaks = namesInProductCode(checked).filter((l) => !known.has(l) && !unrelated.some((u) => l.startsWith(`${u}:`)));
  if (leaks.length) { console.error(`target names found in src/ (a benchmark that can be tuned to):\n  ${leaks.join('\n  ')}`); process.exit(1); }
  log(`no drawn target name in src/ (${checked.length} names checked${known.size ? `; ${known.size} Rust/Haskell/Java collisions recorded at the draw let through` : ''})`);
  // --scout-config '{"scout":{…}}' runs every pass with these options (e.g. the enumeration step off), its
  // rows kept apart under cache/rows-<--tag>.
  const rowsDir = path.join(cacheDir, opt('--tag') ? `rows-${opt('--tag')}` : 'rows');
  mkdirSync(rowsDir, { recursive: true });
  const revision = scoutRevision();
  for (const name of Object.keys(corpora)) {
    if (only && !only.includes(name)) continue;
    let targets = drawnFile.drawn.filter((t) => t.corpus === name && (split === 'all' || t.split === split)).sort((a, b) => (a.split === b.split ? a.order - b.order : a.split === 'heldout' ? -1 : 1));
    if (perCorpus !== undefined) targets = targets.slice(0, perCorpus);
    if (!targets.length) continue;
    const dir = prepare(name);
    const results = oracleResults(name, targets);
    if (args.includes('--oracle-only')) continue;
    const rowFile = (t) => path.join(rowsDir, `${name}__${safe(t.target)}.json`);
    if (args.includes('--warm-only')) {
      const have = targets.filter((t) => existsSync(rowFile(t)));
      if (!have.length) continue;
      const cached = new Map(have.map((t) => [t.target, JSON.parse(readFileSync(rowFile(t), 'utf8'))]));
      writeScoutConfig(dir, {});
      const warm = await warmAnswers(dir, have, (t) => cached.get(t.target).sites);
      for (const [k, w] of warm) {
        const row = cached.get(k);
        row.warm = w;
        writeFileSync(rowFile(have.find((t) => t.target === k)), `${JSON.stringify(row)}\n`);
      }
      log(`${name}: warm pass redone for ${have.length} rows`);
      continue;
    }
    const todo = targets.filter((t) => args.includes('--fresh') || !existsSync(rowFile(t)));
    if (!todo.length) continue;
    const lang = corpora[name].lang;
    const unitOf = lang === 'ts' ? unitFinder(dir) : () => undefined;
    let project; let service;
    if (lang === 'ts') { project = loadProject(dir); service = createLanguageService(project); service.getProgram(); }
    writeScoutConfig(dir, {});
    const ti = performance.now();
    const idx = spawnSync(process.execPath, [cli, 'index', '--repo', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 900_000 });
    log(`${name}: index ${idx.status === 0 ? 'ok' : `failed ${idx.status}`} in ${((performance.now() - ti) / 1000).toFixed(1)} s`);
    const rows = new Map();
    for (const t of todo) {
      const result = results.find((r) => r.target === t.target && r.file === t.file);
      const sites = sitesOf(result, unitOf);
      const naive = lang === 'ts' ? naiveAnswer(project, service, result) : textNaive(dir, t, { rs: '.rs', hs: '.hs', java: '.java' }[lang] ?? '.py');
      const naivePointers = naive.pointers.map((p) => ({ ...parseLocation(p.location, dir), risk: 'high' }));
      const verify = gradeScout(scoutAsk(dir, question(t.target)), sites, dir);
      rows.set(t.target, { corpus: name, lang, split: t.split, order: t.order, target: t.target, file: t.file, line: t.line, kind: t.kind, family: t.family, revision,
        sites, errors: result.errorSites.slice(0, 40).map((e) => ({ file: e.file, line: e.line, code: e.code, message: e.message.slice(0, 160) })), errorCount: result.errorSites.length,
        naive: { ms: naive.ms, chars: naive.chars, grade: grade(sites, naivePointers) }, verify });
      log(`${name} ${t.split} ${t.target}: ${sites.length} sites; verify ${verify.error ?? `recall ${verify.grade.recall.toFixed(2)} high ${verify.grade.high} prec ${verify.grade.highPrecision.toFixed(2)} ${(verify.ms / 1000).toFixed(1)} s`}`);
    }
    if (!args.includes('--no-warm')) {
      const warm = await warmAnswers(dir, todo, (t) => rows.get(t.target).sites);
      for (const [k, w] of warm) rows.get(k).warm = w;
      log(`${name}: warm pass done`);
    }
    if (args.includes('--verify-only')) {
      // Only the answer with verification (the compiler-oracle figures), for comparing builds in half the time.
      for (const t of todo) writeFileSync(path.join(rowsDir, `${name}__${safe(t.target)}.json`), `${JSON.stringify(rows.get(t.target))}\n`);
      writeScoutConfig(dir, {});
      service?.dispose();
      continue;
    }
    writeScoutConfig(dir, { verifyTimeoutMs: 0 });
    try {
      for (const t of todo) {
        const row = rows.get(t.target);
        row.noverify = gradeScout(scoutAsk(dir, question(t.target)), row.sites, dir);
        writeFileSync(path.join(rowsDir, `${name}__${safe(t.target)}.json`), `${JSON.stringify(row)}\n`);
        log(`${name} ${t.target}: no-verify ${row.noverify.error ?? `recall ${row.noverify.grade.recall.toFixed(2)} high ${row.noverify.grade.high}`}`);
      }
    } finally { rmSync(path.join(dir, 'scout.config.json'), { force: true }); }
    service?.dispose();
  }
  log(`done (scout ${revision}, pyright ${pyrightVersion()}, typescript ${ts.version}, ${cargoVersion()}, ${ghcVersion()}, ${javacVersionString()})`);
  process.exit(0);
}
