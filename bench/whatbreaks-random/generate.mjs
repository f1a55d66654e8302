#!/usr/bin/env node
// Lists every eligible "add a variant" declaration of every corpus (corpora.mjs) and draws the targets with a
// fixed seed: no hand-picking. Writes cache/eligible-<corpus>-<commit>.json and drawn.json (beside this file,
// committed: names, files, lines, kinds, edits and split; no source).
//
//   node bench/whatbreaks-random/generate.mjs [--total 150] [--seed 20261125] [--heldout 0.4]
//   node bench/whatbreaks-random/generate.mjs --rust-only | --haskell-only | --java-only   # redraw one extra stratum only
//
// Draw: `total` targets split evenly over the corpora (a corpus with fewer eligible targets gives all of them;
// the rest is shared evenly by the others); inside a corpus, stratified by kind family (enum, literal union,
// derived union, tagged union, property): proportional to the family's size, at least one per non-empty
// family (largest remainder), targets picked by a seeded shuffle. Then each corpus's drawn targets are shuffled
// again (same seed) and the first 40% are the held-out split (never looked at while tuning scout).
// Eligible: not ambiguous (a name declared twice in a corpus: the question could not tell them apart), not a
// duplicate edit (two aliases derived from the same const).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProject } from '../whatbreaks/project.mjs';
import { corpora, prepare } from './corpora.mjs';
import { pythonTargets } from './py-oracle.mjs';
import { namesInProductCode } from './product-names.mjs';
import { haskellTargets } from './hs-oracle.mjs';
import { rustTargets } from './rs-oracle.mjs';
import { javaTargets } from './java-oracle.mjs';
import { findAllTargets } from './targets-ts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const cacheDir = path.join(here, 'cache');
const DISCOVERY_VERSION = 1;

import { mulberry32 as rng, shuffle } from '../seeded.mjs';

/** Every target of a corpus (eligible or not), cached by corpus commit. */
export async function eligibleOf(name) {
  const c = corpora[name];
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `eligible-${name}-${c.commit.slice(0, 12)}-v${DISCOVERY_VERSION}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const dir = prepare(name);
  let targets;
  if (c.lang === 'ts') {
    const project = loadProject(dir);
    targets = findAllTargets(project, project.createProgram());
  } else if (c.lang === 'rs') targets = await rustTargets(dir);
  else if (c.lang === 'hs') targets = await haskellTargets(dir);
  else if (c.lang === 'java') targets = await javaTargets(dir, c.sourceDirs);
  else targets = pythonTargets(dir);
  const out = { corpus: name, commit: c.commit, lang: c.lang, targets };
  writeFileSync(file, `${JSON.stringify(out)}\n`);
  return out;
}

const FAMILIES = ['enum', 'literal union', 'derived union', 'tagged union', 'property'];

function allocate(sizes, n) {
  // sizes: Map family -> count; at least one per non-empty family, then largest remainder.
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  if (total <= n) return new Map(sizes);
  const out = new Map();
  const fams = [...sizes.keys()].filter((f) => sizes.get(f) > 0);
  for (const f of fams) out.set(f, 1);
  let left = n - fams.length;
  const rest = fams.map((f) => ({ f, exact: (left * (sizes.get(f) - 1)) / (total - fams.length) }));
  for (const r of rest) { const k = Math.min(Math.floor(r.exact), sizes.get(r.f) - 1); out.set(r.f, out.get(r.f) + k); left -= k; }
  for (const r of rest.sort((a, b) => (b.exact % 1) - (a.exact % 1) || FAMILIES.indexOf(a.f) - FAMILIES.indexOf(b.f))) {
    if (left <= 0) break;
    if (out.get(r.f) < sizes.get(r.f)) { out.set(r.f, out.get(r.f) + 1); left--; }
  }
  return out;
}

/**
 * One stratum of the draw: `total` targets over `names` (quotas, kinds, held-out split as described above).
 * The seeded stream of a corpus is `seed + its index in corpora.mjs`, so adding a stratum never changes another.
 */
async function drawStratum(names, { total, seed, heldout }) {
  const pools = new Map();
  const stats = [];
  for (const name of names) {
    const e = await eligibleOf(name);
    const eligible = e.targets.filter((t) => !t.ambiguous && !t.sameEditAs);
    pools.set(name, eligible);
    const byFamily = {};
    for (const t of e.targets) {
      byFamily[t.family] ??= { all: 0, eligible: 0 };
      byFamily[t.family].all++;
      if (!t.ambiguous && !t.sameEditAs) byFamily[t.family].eligible++;
    }
    stats.push({ corpus: name, lang: e.lang, commit: e.commit, declarations: e.targets.length, ambiguous: e.targets.filter((t) => t.ambiguous).length, duplicates: e.targets.filter((t) => t.sameEditAs).length, eligible: eligible.length, byFamily });
  }
  // quotas: even split, capped by the pool, the rest shared by the others
  const quota = new Map(names.map((n) => [n, 0]));
  let left = total;
  let open = names.filter((n) => pools.get(n).length > 0);
  while (left > 0 && open.length) {
    const share = Math.max(1, Math.floor(left / open.length));
    for (const n of open) {
      const k = Math.min(share, pools.get(n).length - quota.get(n), left);
      quota.set(n, quota.get(n) + k);
      left -= k;
    }
    open = open.filter((n) => quota.get(n) < pools.get(n).length);
  }
  const drawn = [];
  const all = Object.keys(corpora);
  for (const name of names) {
    const rand = rng(seed + all.indexOf(name));
    const pool = pools.get(name);
    const sizes = new Map(FAMILIES.map((f) => [f, pool.filter((t) => t.family === f).length]));
    const alloc = allocate(sizes, quota.get(name));
    const picked = [];
    for (const f of FAMILIES) picked.push(...shuffle(pool.filter((t) => t.family === f), rand).slice(0, alloc.get(f) ?? 0));
    const order = shuffle(picked, rand);
    const nHeld = Math.round(order.length * heldout);
    for (const [i, t] of order.entries()) drawn.push({ corpus: name, lang: corpora[name].lang, split: i < nHeld ? 'heldout' : 'tuning', order: i, ...t });
    const st = stats.find((s) => s.corpus === name);
    st.drawn = order.length;
    for (const f of FAMILIES) if (st.byFamily[f]) st.byFamily[f].drawn = alloc.get(f) ?? 0;
  }
  return { stats, drawn };
}

/** Rust: an additional stratum of `RUST_TOTAL` targets over the Rust corpora, drawn after (and apart from) the others. */
const RUST_TOTAL = 40;
const rustNames = () => Object.keys(corpora).filter((n) => corpora[n].lang === 'rs');

export async function drawRust({ seed = 20261125, heldout = 0.4, total = RUST_TOTAL } = {}) {
  return drawStratum(rustNames(), { total, seed, heldout });
}

/** Haskell: an additional stratum of `HASKELL_TOTAL` targets over the Haskell corpora, drawn after the Rust one. */
const HASKELL_TOTAL = 40;
const haskellNames = () => Object.keys(corpora).filter((n) => corpora[n].lang === 'hs');

export async function drawHaskell({ seed = 20261125, heldout = 0.4, total = HASKELL_TOTAL } = {}) {
  return drawStratum(haskellNames(), { total, seed, heldout });
}

/** Java: an additional stratum of `JAVA_TOTAL` targets over the Java corpora, drawn after the Haskell one. */
const JAVA_TOTAL = 40;
const javaNames = () => Object.keys(corpora).filter((n) => corpora[n].lang === 'java');

export async function drawJava({ seed = 20261125, heldout = 0.4, total = JAVA_TOTAL } = {}) {
  return drawStratum(javaNames(), { total, seed, heldout });
}

const EXTRA = ['rs', 'hs', 'java'];

export async function draw({ total = 150, seed = 20261125, heldout = 0.4 } = {}) {
  const main = await drawStratum(Object.keys(corpora).filter((n) => !EXTRA.includes(corpora[n].lang)), { total, seed, heldout });
  const rust = await drawRust({ seed, heldout });
  const haskell = await drawHaskell({ seed, heldout });
  const java = await drawJava({ seed, heldout });
  return { seed, total, heldout, stats: [...main.stats, ...rust.stats, ...haskell.stats, ...java.stats], drawn: [...main.drawn, ...rust.drawn, ...haskell.drawn, ...java.drawn], rust: { total: RUST_TOTAL, corpora: rustNames() }, haskell: { total: HASKELL_TOTAL, corpora: haskellNames() }, java: { total: JAVA_TOTAL, corpora: javaNames() } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? Number(args[i + 1]) : d; };
  let d;
  if (args.includes('--rust-only')) {
    // Redraw the Rust stratum only, keeping every other entry of drawn.json as it is.
    const old = JSON.parse(readFileSync(path.join(here, 'drawn.json'), 'utf8'));
    const isRust = (x) => x.lang === 'rs';
    const rust = await drawRust({ seed: old.seed, heldout: old.heldout });
    // Rust enum names are often common words already in src/ (`Position`): those found now are recorded, so
    // that run.mjs fails only on a name that enters product code after the draw.
    const nameCollisionsAtDraw = namesInProductCode(rust.drawn);
    d = { ...old, stats: [...old.stats.filter((x) => !isRust(x)), ...rust.stats], drawn: [...old.drawn.filter((x) => !isRust(x)), ...rust.drawn], rust: { total: RUST_TOTAL, corpora: rustNames(), nameCollisionsAtDraw } };
  } else if (args.includes('--haskell-only')) {
    // Redraw the Haskell stratum only, keeping every other entry of drawn.json as it is (names already in src/
    // as common words are recorded, as for Rust).
    const old = JSON.parse(readFileSync(path.join(here, 'drawn.json'), 'utf8'));
    const isHaskell = (x) => x.lang === 'hs';
    const haskell = await drawHaskell({ seed: old.seed, heldout: old.heldout });
    const nameCollisionsAtDraw = namesInProductCode(haskell.drawn);
    d = { ...old, stats: [...old.stats.filter((x) => !isHaskell(x)), ...haskell.stats], drawn: [...old.drawn.filter((x) => !isHaskell(x)), ...haskell.drawn], haskell: { total: HASKELL_TOTAL, corpora: haskellNames(), nameCollisionsAtDraw } };
  } else if (args.includes('--java-only')) {
    // Redraw the Java stratum only, keeping every other entry of drawn.json as it is (names already in src/ as
    // common words are recorded, as for Rust).
    const old = JSON.parse(readFileSync(path.join(here, 'drawn.json'), 'utf8'));
    const isJava = (x) => x.lang === 'java';
    const java = await drawJava({ seed: old.seed, heldout: old.heldout });
    const nameCollisionsAtDraw = namesInProductCode(java.drawn);
    d = { ...old, stats: [...old.stats.filter((x) => !isJava(x)), ...java.stats], drawn: [...old.drawn.filter((x) => !isJava(x)), ...java.drawn], java: { total: JAVA_TOTAL, corpora: javaNames(), nameCollisionsAtDraw } };
  } else d = await draw({ total: opt('--total', 150), seed: opt('--seed', 20261125), heldout: opt('--heldout', 0.4) });
  writeFileSync(path.join(here, 'drawn.json'), `${JSON.stringify(d, null, 1)}\n`);
  for (const s of d.stats) console.log(`${s.corpus} (${s.lang}): ${s.declarations} declarations, ${s.eligible} eligible (${s.ambiguous} ambiguous, ${s.duplicates} duplicate edits), ${s.drawn} drawn; ${Object.entries(s.byFamily).map(([f, x]) => `${f} ${x.eligible}/${x.all} -> ${x.drawn ?? 0}`).join(', ')}`);
  console.log(`${d.drawn.length} drawn: ${d.drawn.filter((t) => t.split === 'heldout').length} held out, ${d.drawn.filter((t) => t.split === 'tuning').length} tuning (seed ${d.seed})`);
}
