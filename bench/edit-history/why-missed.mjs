// Why scout missed: each missed code place of a split (tuning by default; read held-out only after a run),
// classed by what the answer had near it. Prints counts per class and, with --list, the places.
//
//   node bench/edit-history/why-missed.mjs [--split tuning] [--all-pages] [--list]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { grade, truthPlaces } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const SPLIT = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'tuning';
const ALL = args.includes('--all-pages');
const LIST = args.includes('--list');
const instances = JSON.parse(readFileSync(path.join(here, 'instances.json'), 'utf8'));
const byId = new Map(instances.map((i) => [i.id, i]));
const latest = new Map();
const f = path.join(here, 'rows', `${SPLIT}.jsonl`);
if (existsSync(f)) for (const l of readFileSync(f, 'utf8').split('\n').filter(Boolean)) { const r = JSON.parse(l); if (r.answer === 'scout' && !r.error) latest.set(r.id, r); }

const classes = new Map();
const add = (cls, item) => classes.set(cls, [...(classes.get(cls) ?? []), item]);
for (const [id, r] of latest) {
  const inst = byId.get(id);
  if (!inst) continue;
  const pointers = (ALL ? r.pointersAll : r.pointers) ?? [];
  const g = grade(inst, pointers);
  const places = truthPlaces(inst);
  places.forEach((p, k) => {
    if (p.doc || g.placeHits[k]) return;
    const inFile = pointers.filter((q) => q.file === p.file);
    const near = inFile.flatMap((q) => q.lines).map((l) => Math.min(Math.abs(l - p.startLine), Math.abs(l - p.endLine))).sort((a, b) => a - b)[0];
    const cls = `${p.enumerates ? 'enumerating' : 'other'} · ${inFile.length === 0 ? 'file not pointed at' : near <= 20 ? 'within 20 lines' : 'file pointed at, far'}${p.test ? ' · test' : ''}`;
    add(cls, `${id} ${p.file}:${p.startLine}-${p.endLine}${near !== undefined ? ` (nearest ${near})` : ''}`);
  });
}
for (const [cls, items] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${items.length}\t${cls}`);
  if (LIST) for (const it of items) console.log(`\t${it}`);
}
