// Side by side: the compiler-oracle figures of several cached row sets (e.g. before and after a change), per
// language and overall, for the fresh-process answers with and without verification. Besides the report's
// figures it gives the precision of the pointers that claim a compile break (`verified by …`), which the
// oracle can judge whatever else the answer rates high (enumeration sites that compile are high by the risk rule).
//
//   node bench/whatbreaks-random/compare.mjs LABEL=ROWS_DIR [LABEL=ROWS_DIR ...] [--split heldout]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { grade } from '../whatbreaks/match.mjs';

const args = process.argv.slice(2);
const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'heldout';
const sets = args.filter((a) => a.includes('=')).map((a) => { const [label, dir] = a.split('='); return { label, dir }; });
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

function figures(rows, sys) {
  const ok = rows.filter((r) => r[sys] && !r[sys].error && r[sys].grade);
  const pos = ok.filter((r) => r.sites.length > 0);
  const neg = ok.filter((r) => r.sites.length === 0);
  const sites = sum(pos.map((r) => r.sites.length));
  const high = sum(pos.map((r) => r[sys].grade.high));
  const highMatched = sum(pos.filter((r) => r[sys].grade.high).map((r) => r[sys].grade.highPrecision * r[sys].grade.high));
  // The pointers that claim a compile break, graded alone.
  const claims = pos.map((r) => {
    const ps = (r[sys].pointers ?? []).filter((p) => p.risk === 'high' && /^verified by /.test(p.what ?? '')).map((p) => {
      const m = /^(.*):(\d+)$/.exec(p.location);
      return { file: m?.[1], line: Number(m?.[2]), also: p.also ?? [], risk: 'high' };
    });
    return grade(r.sites, ps);
  });
  const claimed = sum(claims.map((g) => g.high));
  const claimedMatched = sum(claims.filter((g) => g.high).map((g) => g.highPrecision * g.high));
  return {
    answered: ok.length, pos: pos.length, neg: neg.length, sites,
    recall: sites ? sum(pos.map((r) => r[sys].grade.recall * r.sites.length)) / sites : NaN,
    highPrecision: high ? highMatched / high : NaN, high,
    claimPrecision: claimed ? claimedMatched / claimed : NaN, claimed,
    falseHigh: neg.filter((r) => r[sys].grade.high > 0).length,
    falseClaim: neg.filter((r) => (r[sys].pointers ?? []).some((p) => p.risk === 'high' && /^verified by /.test(p.what ?? ''))).length,
    timeouts: ok.filter((r) => (r[sys].notes ?? []).some((n) => /did not finish/.test(n))).length,
  };
}

const out = ['| rows | language | answer | targets (with breaks) | recall | high-risk precision (highs) | compile-break claims: precision (claims) | negatives with a false high | negatives with a false claim | checker timeouts |', '|---|---|---|---|---|---|---|---|---|---|'];
for (const { label, dir } of sets) {
  const rows = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'))).filter((r) => split === 'all' || r.split === split);
  for (const [lang, rs] of [['TypeScript', rows.filter((r) => r.lang === 'ts')], ['Python', rows.filter((r) => r.lang === 'py')], ['Rust', rows.filter((r) => r.lang === 'rs')], ['Haskell', rows.filter((r) => r.lang === 'hs')], ['**all**', rows]]) {
    if (!rs.length) continue;
    for (const sys of ['verify', 'noverify']) {
      const f = figures(rs, sys);
      out.push(`| ${label} | ${lang} | ${sys === 'verify' ? 'verification on' : 'verification off'} | ${f.answered} (${f.pos}, ${f.sites} sites) | ${f2(f.recall)} | ${f2(f.highPrecision)} (${f.high}) | ${f2(f.claimPrecision)} (${f.claimed}) | ${f.falseHigh}/${f.neg} | ${f.falseClaim}/${f.neg} | ${f.timeouts} |`);
    }
  }
}
console.log(out.join('\n'));
