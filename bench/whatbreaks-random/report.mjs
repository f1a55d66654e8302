#!/usr/bin/env node
// Writes bench/results/whatbreaks-random.md from the rows run.mjs cached (cache/rows/): held-out split first,
// then the tuning split; per language and overall; scout with verification, scout without it, and the naive
// "all references" list side by side. Prints the report; --no-write prints only.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../corpus.mjs';
import { corpora } from './corpora.mjs';
import { cacheDir } from './generate.mjs';
import { javacVersionString } from './java-oracle.mjs';
import { grade } from '../whatbreaks/match.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const drawn = JSON.parse(readFileSync(path.join(here, 'drawn.json'), 'utf8'));
const rowsDir = path.join(cacheDir, 'rows');
const rows = readdirSync(rowsDir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(rowsDir, f), 'utf8')));

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const median = (xs) => { if (!xs.length) return undefined; const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const f2 = (x) => (x === undefined || x === null || Number.isNaN(x) ? 'n/a' : x.toFixed(2));
const secs = (ms) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
const tok = (c) => Math.ceil(c / 4);
const table = (h, rs) => [`| ${h.join(' | ')} |`, `| ${h.map(() => '---').join(' | ')} |`, ...rs.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const SYSTEMS = [['verify', 'scout, verification on (fresh process)'], ['warm', 'scout, verification on (MCP server, warm)'], ['noverify', 'scout, verification off (fresh process)'], ['naive', 'all references']];

/** Figures of one system over some rows. */
function figures(rs, sys) {
  const ok = rs.filter((r) => r[sys] && !r[sys].error && r[sys].grade);
  const pos = ok.filter((r) => r.sites.length > 0);
  const neg = ok.filter((r) => r.sites.length === 0);
  const g = pos.map((r) => r[sys].grade);
  const sites = sum(g.map((x) => x.sites));
  const high = sum(g.map((x) => x.high));
  const highMatched = sum(g.filter((x) => x.high).map((x) => x.highPrecision * x.high));
  const falseHigh = neg.filter((r) => r[sys].grade.high > 0).length;
  const nodes = ok.map((r) => r[sys].nodes).filter((v) => typeof v === 'number');
  const warm = sys === 'warm' ? ok.filter((r) => !r.warm.first).map((r) => r.warm.ms) : [];
  return {
    answered: ok.length, errors: rs.filter((r) => r[sys]?.error).length, pos: pos.length, neg: neg.length, sites,
    recall: sites ? sum(g.map((x) => x.recall * x.sites)) / sites : NaN,
    recallHigh: sites ? sum(g.map((x) => x.recallHigh * x.sites)) / sites : NaN,
    meanRecall: g.length ? sum(g.map((x) => x.recall)) / g.length : NaN,
    highPrecision: high ? highMatched / high : NaN, high,
    falseHigh, falseHighPct: neg.length ? falseHigh / neg.length : NaN,
    nodes: nodes.length ? `${median(nodes)} / ${Math.max(...nodes)}` : 'n/a',
    time: sys === 'warm' ? (warm.length ? `${secs(median(warm))} / ${secs(Math.max(...warm))} (server's first question left out)` : 'n/a') : sys === 'naive' ? `${(median(ok.map((r) => r.naive.ms)) ?? 0).toFixed(0)} ms (in process)` : `${secs(median(ok.map((r) => r[sys].ms)))} / ${secs(Math.max(...ok.map((r) => r[sys].ms)))}`,
        tokens: ok.length ? `${median(ok.map((r) => tok(r[sys].chars)))} / ${Math.max(...ok.map((r) => tok(r[sys].chars)))}` : 'n/a',
    verified: sys === 'verify' || sys === 'warm' ? ok.filter((r) => r[sys].verified).length : undefined,
  };
}

function summaryTable(rs) {
  const groups = [['TypeScript', rs.filter((r) => r.lang === 'ts')], ['Python', rs.filter((r) => r.lang === 'py')], ['Rust', rs.filter((r) => r.lang === 'rs')], ['Haskell', rs.filter((r) => r.lang === 'hs')], ['Java', rs.filter((r) => r.lang === 'java')], ['**all**', rs]];
  const out = [];
  const languages = groups.filter(([label, g]) => label !== '**all**' && g.length).length;
  for (const [label, g] of groups) {
    if (!g.length || (label === '**all**' && languages < 2)) continue;
    for (const [sys, name] of SYSTEMS) {
      const f = figures(g, sys);
      out.push([label, name, `${f.answered}${f.errors ? ` (+${f.errors} failed)` : ''}`, `${f.pos} (${f.sites} sites)`, f2(f.recall), f2(f.recallHigh), f2(f.highPrecision), `${f.falseHigh}/${f.neg} (${f2(f.falseHighPct)})`, sys === 'naive' ? 'n/a' : f.nodes, f.time, f.tokens, f.verified === undefined ? '' : `${f.verified}/${f.answered}`]);
    }
  }
  return table(['language', 'answer', 'targets', 'with breaks', 'recall', 'recall (high)', 'high-risk precision', 'negatives with a false high', 'nodes median / max', 'time median / max', 'tokens median / max', 'verified by a checker'], out);
}

const LANG_LABEL = { ts: 'TS', py: 'Py', rs: 'Rs', hs: 'Hs', java: 'Java' };
const kindOf = (r) => `${LANG_LABEL[r.lang] ?? r.lang} ${r.family}`;

function familyTable(rs) {
  const fams = [...new Set(rs.map(kindOf))].sort();
  return table(['kind', 'targets', 'with breaks', 'scout verify (fresh): recall / high precision / false highs', 'scout verify (MCP warm): recall / high precision / false highs', 'scout no verify: recall / high precision / false highs', 'all references: recall / false highs'], fams.map((k) => {
    const g = rs.filter((r) => kindOf(r) === k);
    const c = (s) => { const f = figures(g, s); return `${f2(f.recall)} / ${f2(f.highPrecision)} / ${f.falseHigh}/${f.neg}`; };
    const n = figures(g, 'naive');
    return [k, g.length, g.filter((r) => r.sites.length).length, c('verify'), c('warm'), c('noverify'), `${f2(n.recall)} / ${n.falseHigh}/${n.neg}`];
  }));
}

function targetTable(rs) {
  const cell = (x) => (!x ? 'not run' : x.error ? `failed: ${x.error.slice(0, 40).replace(/\|/g, '/')}` : `${f2(x.grade.recall)} · ${x.grade.high}h${x.grade.high ? ` (${f2(x.grade.highPrecision)})` : ''}`);
  return table(['corpus', 'target', 'kind', 'sites', 'verify (fresh): recall · high (precision)', 'verified', 'verify (MCP warm)', 'verified (warm)', 'no verify', 'all refs', 'verify time', 'warm', 'nodes'], rs.map((r) => [r.corpus, `\`${r.target}\``, r.family, r.sites.length, cell(r.verify), r.verify?.verified ?? (r.verify?.notes?.[0] ?? '').slice(0, 60).replace(/\|/g, '/'), r.warm?.grade ? cell(r.warm) : 'n/a', r.warm?.grade ? r.warm.verified ?? (r.warm.notes?.[0] ?? '').slice(0, 50).replace(/\|/g, '/') : '', cell(r.noverify), `${f2(r.naive.grade.recall)} · ${r.naive.grade.high}h`, secs(r.verify?.ms), r.warm ? secs(r.warm.ms) : '', r.verify?.nodes ?? '']));
}

const drawTable = (stats) => table(['corpus', 'language', 'repository @ commit', 'declarations', 'eligible', 'drawn', 'by kind: eligible -> drawn'], stats.map((s) => [s.corpus, s.lang, `${corpora[s.corpus].repo} @ ${s.commit.slice(0, 12)} (${corpora[s.corpus].paths.join(', ')})`, s.declarations, s.eligible, s.drawn, Object.entries(s.byFamily).map(([f, x]) => `${f} ${x.eligible} -> ${x.drawn ?? 0}`).join(', ')]));

/**
 * The pointers that claim a compile break (`verified by …`, high), graded alone on the targets with breaks, and
 * the negatives answered with a high pointer or with such a claim (as compare.mjs counts them).
 */
function claimsTable(rs) {
  const out = [];
  for (const [sys, name] of SYSTEMS.filter(([s]) => s !== 'naive')) {
    const ok = rs.filter((r) => r[sys] && !r[sys].error && r[sys].grade);
    const pos = ok.filter((r) => r.sites.length > 0);
    const neg = ok.filter((r) => r.sites.length === 0);
    const claims = pos.map((r) => grade(r.sites, (r[sys].pointers ?? []).filter((p) => p.risk === 'high' && /^verified by /.test(p.what ?? '')).map((p) => {
      const m = /^(.*):(\d+)$/.exec(p.location);
      return { file: m?.[1], line: Number(m?.[2]), also: p.also ?? [], risk: 'high' };
    })));
    const claimed = sum(claims.map((g) => g.high));
    const matched = sum(claims.filter((g) => g.high).map((g) => g.highPrecision * g.high));
    const f = figures(rs, sys);
    const falseClaim = neg.filter((r) => (r[sys].pointers ?? []).some((p) => p.risk === 'high' && /^verified by /.test(p.what ?? ''))).length;
    out.push([name, `${f.answered} (${f.pos} with breaks, ${f.neg} negatives)`, f2(f.recall), `${f2(f.highPrecision)} (${f.high})`, `${f2(claimed ? matched / claimed : NaN)} (${claimed})`, `${f.falseHigh}/${f.neg}`, `${falseClaim}/${f.neg}`, sys === 'warm' ? f.time : secs(median(ok.map((r) => r[sys].ms)))]);
  }
  return table(['answer', 'targets', 'recall', 'high-risk precision (highs)', 'compile-break claims: precision (claims)', 'negatives with a false high', 'negatives with a false claim', 'time median'], out);
}

/** The extra strata, each reported as a section of its own (`--section rs|hs|java`). */
const SECTIONS = {
  rs: {
    heading: '## Rust (',
    title: '## Rust (cargo check as the oracle and as scout\'s checker)',
    label: 'Rust',
    stratum: drawn.rust,
    tool: () => execSync('cargo --version', { encoding: 'utf8' }).trim(),
    method: 'Kinds: every `enum` (pub or not) outside `#[cfg(test)]` modules; the edit is a unit variant before the closing brace. All references: every line of a `.rs` file where the name occurs as a word. Matching: ±2 lines (no enclosing unit for Rust yet). '
      + 'Times: the checker keeps its shadow crate, cargo\'s target directory and the baseline in the user\'s cache (`XDG_CACHE_HOME`, empty when the run started), so the first fresh-process question on a corpus builds cold and the next ones are incremental.',
  },
  hs: {
    heading: '## Haskell (',
    title: '## Haskell (GHC as the oracle and as scout\'s checker)',
    label: 'Haskell',
    stratum: drawn.haskell,
    tool: () => `ghc ${execSync('ghc --numeric-version', { encoding: 'utf8' }).trim()}`,
    method: 'Kinds: every `data` type declared with `=` (not a newtype, not GADT syntax); the edit is a nullary constructor ` | ScoutNew__` after the last one. The oracle: `ghc --make -fno-code -fforce-recomp` over every module with `-Wincomplete-patterns -Wincomplete-uni-patterns -Wincomplete-record-updates -Woverlapping-patterns`, new warnings as a multiset of (file, line, flag). All references: every line of a `.hs` file where the name occurs as a word. Matching: ±2 lines (no enclosing unit for Haskell yet). '
      + 'Times: the checker keeps its shadow project, the clean interfaces and the baseline in the user\'s cache (`XDG_CACHE_HOME`, empty when the run started), so the first fresh-process question on a corpus checks the whole project and the next ones only the edited module and its importers.',
  },
  java: {
    heading: '## Java (',
    title: '## Java (javac as the oracle and as scout\'s checker)',
    label: 'Java',
    stratum: drawn.java,
    claims: true,
    tool: () => javacVersionString(),
    method: 'Kinds: every `enum` (top-level or nested, any visibility) and every top-level `sealed` interface or class; the edit of an enum is a constant `, SCOUT_NEW` after the last constant, on its line. The oracle: javac over every main source file with the flags of scout\'s checker (`--release 17 --enable-preview -proc:none -implicit:none -nowarn -Xmaxerrs 10000 -XDshould-stop.ifError=FLOW -XDshould-stop.ifNoError=FLOW`), `module-info.java` left out, new errors as a multiset of (file, line, message); errors on the inserted constant itself (a constant without the arguments of the enum\'s constructor, or without the body its abstract methods need) are about the edit and left out. '
      + 'For a sealed type (jenetics\'s `Val`) the edit is `, ScoutNew` in its `permits` list and `non-sealed abstract class ScoutNew extends Val {}` at the end of the file, as scout\'s checker writes it. gson and javapoet target Java 7/8 (no `switch` expression, and a `switch` statement over an enum compiles with a constant missing); jenetics v7.2.0 targets Java 17 but its `switch` expressions are over bytes, chars and ints: every target is a negative for javac, so the section measures false highs and false compile-break claims only (recall and precision are n/a). All references: every line of a `.java` file where the name occurs as a word. Matching: ±2 lines (no enclosing unit for Java yet). '
      + 'Times: the run had `TMPDIR` set to an empty directory, where the checker keeps its shadow copy and baseline, so the first fresh-process question on a corpus builds them and the next ones reuse them.',
  },
};

/**
 * `--section rs|hs`: only that stratum, written as its own section of the existing report (replaced if there,
 * else put before "## What was run"), the rest of the file left as it is.
 */
if (process.argv.includes('--section')) {
  const lang = process.argv[process.argv.indexOf('--section') + 1];
  const sec = SECTIONS[lang];
  if (!sec) throw new Error('--section takes rs, hs or java');
  const rs = rows.filter((r) => r.lang === lang).sort((a, b) => a.corpus.localeCompare(b.corpus) || a.order - b.order);
  const d = drawn.drawn.filter((t) => t.lang === lang);
  const h = rs.filter((r) => r.split === 'heldout');
  const t = rs.filter((r) => r.split === 'tuning');
  const revs = [...new Set(rs.map((r) => r.revision))].join(', ');
  const part = [sec.title, ''];
  part.push(`Written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores; scout ${revs}; ${sec.tool()}. An additional stratum of ${sec.stratum?.total ?? d.length} targets drawn with seed ${drawn.seed} over the ${sec.label} corpora after the other draw (which it leaves as it was): ${d.length} drawn, ${d.filter((x) => x.split === 'heldout').length} held out. Graded here: ${h.length} held-out and ${t.length} tuning targets. ${sec.method}`, '');
  part.push(drawTable(drawn.stats.filter((s) => s.lang === lang)), '');
  for (const [title, g] of [['Held-out split (the headline)', h], ['Tuning split', t]]) {
    part.push(`### ${sec.label}: ${title}`, '');
    if (!g.length) { part.push('Not run yet.', ''); continue; }
    part.push(summaryTable(g), '', ...(sec.claims ? [claimsTable(g), ''] : []), targetTable(g), '');
  }
  const file = path.join(repoRoot, 'bench', 'results', 'whatbreaks-random.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = part.join('\n');
  const start = old.indexOf(sec.heading);
  let next;
  if (start >= 0) {
    const after = old.slice(start + 3).search(/^## (?!#)/m);
    next = after < 0 ? old.length : start + 3 + after;
  }
  const at = old.indexOf('## What was run');
  const out = start >= 0 ? `${old.slice(0, start)}${section}\n${old.slice(next)}` : at >= 0 ? `${old.slice(0, at)}${section}\n${old.slice(at)}` : `${old}\n${section}\n`;
  console.log(section);
  if (!process.argv.includes('--no-write')) writeFileSync(file, out);
  process.exit(0);
}

const sorted = rows.sort((a, b) => a.corpus.localeCompare(b.corpus) || a.order - b.order);
const held = sorted.filter((r) => r.split === 'heldout');
const tuning = sorted.filter((r) => r.split === 'tuning');
const heldDrawn = drawn.drawn.filter((t) => t.split === 'heldout').length;
const tuningDrawn = drawn.drawn.filter((t) => t.split === 'tuning').length;
const revList = [...new Set(rows.map((r) => r.revision))];
const srcTree = (rev) => { try { return execSync(`git rev-parse ${rev.split(/\s/)[0]}:src`, { cwd: repoRoot, encoding: 'utf8' }).trim().slice(0, 12); } catch { return 'unknown'; } };
const trees = [...new Set(revList.map(srcTree))];
const revisions = `${revList.join(', ')} (src/ tree ${trees.join(', ')}${trees.length === 1 ? ', the same in every run' : ''})`;
const md = [];
md.push('# whatbreaks-random: "what breaks if I add a variant to `X`?" on targets nobody picked', '');
md.push(`Report written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores; scout ${revisions}. Method: bench/whatbreaks-random/README.md. `
  + `${drawn.drawn.length} targets drawn with seed ${drawn.seed} (stratified by corpus and kind), ${heldDrawn} held out (never looked at while tuning), ${tuningDrawn} for tuning. `
  + `Graded here: ${held.length}/${heldDrawn} held-out targets, ${tuning.length}/${tuningDrawn} tuning targets.`, '');
md.push('Systems, in one run per target: **scout (verification on)**: `scout ask --json`, a fresh process (cold time), the default configuration; **scout (verification off)**: the same with `scout.verifyTimeoutMs: 0`; **all references**: the TypeScript LanguageService\'s findReferences on the declaration (Python: every line where the name occurs as a word), every line one high pointer. Warm time: the same question through one long-lived `scout mcp` server per corpus (verification on; the server\'s first question left out). Recall: share of error sites found by any pointer (same file, within ±2 lines or inside the error\'s enclosing function / top-level statement; Python: ±2 lines only); high-risk precision: share of high pointers that match a site; a negative (the checker finds no error) answered with a high pointer is a false high.', '');
md.push('## Corpora and draw', '');
md.push(drawTable(drawn.stats));
md.push('');
for (const [title, rs] of [['Held-out split (the headline)', held], ['Tuning split', tuning]]) {
  md.push(`## ${title}`, '');
  if (!rs.length) { md.push('Not run yet.', ''); continue; }
  md.push(summaryTable(rs), '', '### By kind', '', familyTable(rs), '', '### Targets', '', targetTable(rs), '');
}
// Hand-written notes on this run (what was run, where scout goes wrong), kept beside the scripts.
const notesFile = path.join(here, 'notes.md');
if (existsSync(notesFile)) md.push(readFileSync(notesFile, 'utf8').trim(), '');
const report = md.join('\n');
console.log(report);
if (!process.argv.includes('--no-write')) writeFileSync(path.join(repoRoot, 'bench', 'results', 'whatbreaks-random.md'), `${report}\n`);
