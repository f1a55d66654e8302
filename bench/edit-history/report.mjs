// Report of the edit-history benchmark: bench/results/edit-history.md from instances.json and rows/*.jsonl.
// Rows are graded again here against the current instances (the pointers are stored), so a truth fix in the
// miner needs no rerun unless instances are added.
//
//   node bench/edit-history/report.mjs [--out FILE]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mirrorOf } from './corpora.mjs';
import { grade, truthPlaces } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : path.resolve(here, '../results/edit-history.md');
const instances = JSON.parse(readFileSync(path.join(here, 'instances.json'), 'utf8'));
const byId = new Map(instances.map((i) => [i.id, i]));
const rows = [];
for (const split of ['heldout', 'tuning']) {
  const f = path.join(here, 'rows', `${split}.jsonl`);
  if (existsSync(f)) for (const l of readFileSync(f, 'utf8').split('\n').filter(Boolean)) rows.push(JSON.parse(l));
}
// Last row wins per (id, answer). A scout row run with --all (pointersAll) is graded twice: its first page
// (what the CLI prints by default) as `scout`, and every page as `scout-all`.
const latest = new Map();
for (const r of rows) {
  if (!byId.has(r.id)) continue;
  latest.set(`${r.id}:${r.answer}`, r);
  if (r.answer === 'scout' && r.pointersAll) latest.set(`${r.id}:scout-all`, { ...r, answer: 'scout-all' });
  else if (r.answer === 'scout') latest.delete(`${r.id}:scout-all`);
  if (r.answer === 'scout-named' && r.pointersAll) latest.set(`${r.id}:scout-named-all`, { ...r, answer: 'scout-named-all' });
}

function pointersOf(r) {
  if (r.answer === 'rg') return Object.entries(r.rgByFile ?? {}).flatMap(([file, ls]) => ls.map((l) => ({ file, lines: [l], risk: 'high' })));
  if (r.answer === 'scout-all' || r.answer === 'scout-named-all') return r.pointersAll ?? [];
  return r.pointers ?? [];
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN; };
const pct = (a, b) => (b ? (a / b).toFixed(2) : '–');

function gradeRow(inst, r) {
  // rg-members keeps only its grade (its lines are too many to store).
  const g = r.answer === 'rg-members' ? { placeHits: r.placeHits, high: r.high, highHits: r.highHits, pointers: r.pointerCount } : grade(inst, pointersOf(r));
  const places = truthPlaces(inst);
  return { inst, r, g, places };
}

function metrics(graded) {
  const m = { n: graded.length, code: [0, 0], outside: [0, 0], enumer: [0, 0], doc: [0, 0], high: 0, highHits: 0, ms: [], tokens: [], macro: [], answersWithHigh: 0, pointers: [] };
  for (const { g, places, r } of graded) {
    let ch = 0, ct = 0;
    places.forEach((p, k) => {
      const hit = g.placeHits[k] ? 1 : 0;
      if (p.doc) { m.doc[0] += hit; m.doc[1]++; return; }
      m.code[0] += hit; m.code[1]++; ch += hit; ct++;
      if (!p.test) { m.outside[0] += hit; m.outside[1]++; }
      if (p.enumerates) { m.enumer[0] += hit; m.enumer[1]++; }
    });
    if (ct) m.macro.push(ch / ct);
    m.high += g.high; m.highHits += g.highHits;
    if (g.high > 0) m.answersWithHigh++;
    m.pointers.push(g.pointers);
    if (Number.isFinite(r.ms)) m.ms.push(r.ms);
    if (Number.isFinite(r.tokens)) m.tokens.push(r.tokens);
  }
  return m;
}

function table(groups) {
  const out = ['| answer | instances | recall of code places | outside tests | on enumerating places | doc places | macro recall | high-risk precision | high pointers (answers with any) | pointers median | time median / max | tokens median / max |', '|---|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const [label, m] of groups) {
    out.push(`| ${label} | ${m.n} | ${pct(...m.code)} (${m.code[0]}/${m.code[1]}) | ${pct(...m.outside)} (${m.outside[0]}/${m.outside[1]}) | ${pct(...m.enumer)} (${m.enumer[0]}/${m.enumer[1]}) | ${pct(...m.doc)} (${m.doc[0]}/${m.doc[1]}) | ${m.macro.length ? (m.macro.reduce((a, b) => a + b, 0) / m.macro.length).toFixed(2) : '–'} | ${pct(m.highHits, m.high)} (${m.highHits}/${m.high}) | ${m.high} (${m.answersWithHigh}) | ${median(m.pointers)} | ${(median(m.ms) / 1000).toFixed(1)} s / ${(Math.max(...m.ms) / 1000).toFixed(1)} s | ${median(m.tokens)} / ${Math.max(...m.tokens)} |`);
  }
  return out.join('\n');
}

const parentText = new Map();
function lineAt(inst, file, line) {
  const k = `${inst.repo}:${inst.parent}:${file}`;
  if (!parentText.has(k)) {
    let t = '';
    try { t = execFileSync('git', ['--git-dir', mirrorOf(inst.repo), 'show', `${inst.parent}:${file}`], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }); } catch { t = ''; }
    parentText.set(k, t.split('\n'));
  }
  return (parentText.get(k)[line - 1] ?? '').trim().slice(0, 110);
}

function section(split) {
  const ids = instances.filter((i) => split === 'all' || i.split === split).map((i) => i.id);
  const both = ids.filter((id) => ['scout', 'rg'].every((a) => latest.get(`${id}:${a}`) && !latest.get(`${id}:${a}`).error));
  const errors = ids.filter((id) => latest.get(`${id}:scout`)?.error);
  const missing = ids.filter((id) => !latest.get(`${id}:scout`) || !latest.get(`${id}:rg`));
  const graded = (a, filter = () => true) => both.filter((id) => filter(byId.get(id)) && latest.get(`${id}:${a}`)).map((id) => gradeRow(byId.get(id), latest.get(`${id}:${a}`)));
  // The answer's first page (the CLI's default), every page (`--all`, or the MCP tool's cursor), and the word search.
  const systems = (filter) => [
    ['scout, first page', metrics(graded('scout', filter))],
    ...(graded('scout-all', filter).length ? [['scout, all pages', metrics(graded('scout-all', filter))]] : []),
    // The question naming the new member ("add `lasso` to `ToolType`"), when run (`run.mjs --only scout-named`).
    ...(graded('scout-named', filter).length ? [['scout, first page, the question names the new member', metrics(graded('scout-named', filter))]] : []),
    ...(graded('scout-named-all', filter).length ? [['scout, all pages, the question names the new member', metrics(graded('scout-named-all', filter))]] : []),
    ['`rg -w Name`', metrics(graded('rg', filter))],
    ...(graded('rg-members', filter).length ? [['`rg -w` every member\'s name and value', metrics(graded('rg-members', filter))]] : []),
  ];
  const out = [];
  out.push(`${both.length} of ${ids.length} instances graded (both answers ran)${errors.length ? `; scout failed on ${errors.length}: ${errors.join(', ')}` : ''}${missing.length ? `; ${missing.length} not run yet` : ''}.`, '');
  out.push(table(systems()), '');
  for (const [lang, label] of [['ts', 'TypeScript'], ['py', 'Python']]) {
    const f = (i) => i.language === lang;
    out.push(`**${label}**`, '', table(systems(f)), '');
  }
  // The 10 largest misses of scout.
  const misses = graded('scout').map((x) => ({ ...x, missed: x.places.map((p, k) => ({ p, hit: x.g.placeHits[k] })).filter((y) => !y.hit && !y.p.doc).map((y) => y.p) })).filter((x) => x.missed.length > 0);
  misses.sort((a, b) => b.missed.length - a.missed.length || a.inst.id.localeCompare(b.inst.id));
  out.push(`**The 10 largest misses of scout** (instances with the most missed code places; each missed place with its first line at the parent)`, '');
  for (const x of misses.slice(0, 10)) {
    const i = x.inst;
    const codeN = x.places.filter((p) => !p.doc).length;
    out.push(`- \`${i.id}\` (${i.kind} \`${i.type}\` + \`${i.member}\`, ${i.github}@${i.parent.slice(0, 10)}): missed ${x.missed.length} of ${codeN} code places; scout gave ${x.g.pointers} pointers (${x.g.high} high)${x.r.omitted ? `, ${x.r.omitted} omitted` : ''}`);
    for (const p of x.missed.slice(0, 6)) out.push(`  - \`${p.file}:${p.startLine}${p.endLine > p.startLine ? `-${p.endLine}` : ''}\`${p.test ? ' (test)' : ''}${p.enumerates ? ' (enumerates)' : ''}: \`${lineAt(i, p.file, p.startLine).replace(/`/g, "'")}\``);
    if (x.missed.length > 6) out.push(`  - … ${x.missed.length - 6} more`);
  }
  out.push('');
  return out.join('\n');
}

const count = (f, xs = instances) => Object.entries(xs.reduce((m, i) => ((m[f(i)] = (m[f(i)] ?? 0) + 1), m), {})).sort().map(([k, v]) => `${k} ${v}`).join(', ');
const placeCount = (f) => instances.reduce((n, i) => n + truthPlaces(i).filter(f).length, 0);
const md = [
  '# Edit-history benchmark: the edit list when a member is added to an enum or union',
  '',
  `Generated by \`node bench/edit-history/report.mjs\` (${new Date().toISOString().slice(0, 10)}). Method and definitions: [bench/edit-history/README.md](../edit-history/README.md).`,
  `Instances: ${instances.length} commits from ${new Set(instances.map((i) => i.repo)).size} repositories (${count((i) => i.language)}); split ${count((i) => i.split)}.`,
  `Per repository: ${count((i) => i.repo)}. Per declaration kind: ${count((i) => i.kind)}.`,
  `Truth places: ${placeCount(() => true)} (${placeCount((p) => !p.doc)} code, of which ${placeCount((p) => !p.doc && p.test)} in tests and ${placeCount((p) => !p.doc && p.enumerates)} enumerating; ${placeCount((p) => p.doc)} doc).`,
  '',
  'Recall is micro-averaged over places (macro: the mean of per-instance recall). A pointer hits a place when one of its lines',
  '(the location and its `also` lines) is in the same file within 3 lines of the place. High-risk precision counts the high pointers',
  'that hit any truth place (doc places included), pointers at the declaration itself left out. `rg -w Name` lines are all counted as high.',
  'Scout is graded on the first page of `scout ask --json` (the CLI has no cursor); time is the `ask` process, after `scout index`.',
  '',
  '## Held-out split',
  '',
  section('heldout'),
  '## Tuning split',
  '',
  section('tuning'),
].join('\n');
writeFileSync(OUT, md + '\n');
console.error(`wrote ${OUT}`);
