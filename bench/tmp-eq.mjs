import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
const a = await import('/tmp/perf-base/dist/parse/extract.js');
const b = await import('/work/wt-perf/dist/parse/extract.js');
const files = [];
for (const d of ['bench/corpus/effect-100k/src', 'bench/corpus/three-100k/src', 'bench/corpus/rxjs-10k-files/copy0']) (function walk(dd){ for (const e of readdirSync(dd,{withFileTypes:true})) { const f = path.join(dd,e.name); if (e.isDirectory()) walk(f); else files.push(f); } })(d);
for (const d of ['test/fixtures']) (function walk(dd){ for (const e of readdirSync(dd,{withFileTypes:true})) { const f = path.join(dd,e.name); if (e.isDirectory()) walk(f); else files.push(f); } })(d);
const { languageOf } = await import('/work/wt-perf/dist/workspace/language.js');
let n = 0, bad = 0;
for (const f of files) {
  const lang = languageOf(f); if (!lang) continue;
  const src = readFileSync(f, 'utf8');
  let x, y;
  try { x = JSON.stringify(await a.extractFacts(lang, src)); } catch (e) { x = 'ERR ' + e.message; }
  try { y = JSON.stringify(await b.extractFacts(lang, src)); } catch (e) { y = 'ERR ' + e.message; }
  n++; if (x !== y) { bad++; if (bad < 5) console.log('DIFF', f); }
}
console.log('files', n, 'different', bad);
