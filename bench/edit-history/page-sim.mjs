// Paging study: grades the first page of the stored full answers (answers/<id>.json) under the current paging
// (dist/scout/answer-page.js) for one split, so a paging change can be measured without rerunning scout.
//
//   node bench/edit-history/page-sim.mjs [--split tuning]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { grade, gradedPointers, truthPlaces } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const args = process.argv.slice(2);
const SPLIT = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'tuning';
const paging = await import(path.join(repoRoot, 'dist/scout/answer-page.js'));
const { renderAnswer } = await import(path.join(repoRoot, 'dist/scout/render-answer.js'));
const instances = JSON.parse(readFileSync(path.join(here, 'instances.json'), 'utf8')).filter((i) => i.split === SPLIT);

const sum = { n: 0, places: 0, page: 0, all: 0, enumPlaces: 0, enumPage: 0, high: 0, highHits: 0, tokens: [], json: [] };
for (const inst of instances) {
  const f = path.join(here, 'answers', `${inst.id}.json`);
  if (!existsSync(f)) continue;
  const full = JSON.parse(readFileSync(f, 'utf8'));
  const page = paging.firstPage(full, 25, 2000);
  const places = truthPlaces(inst);
  const gPage = grade(inst, gradedPointers(page));
  const gAll = grade(inst, gradedPointers(full));
  sum.n++;
  places.forEach((p, k) => {
    if (p.doc) return;
    sum.places++;
    if (gPage.placeHits[k]) sum.page++;
    if (gAll.placeHits[k]) sum.all++;
    if (p.enumerates) { sum.enumPlaces++; if (gPage.placeHits[k]) sum.enumPage++; }
  });
  sum.high += gPage.high; sum.highHits += gPage.highHits;
  sum.tokens.push(renderAnswer(page).length / 4);
  sum.json.push(JSON.stringify(page).length / 4);
}
const med = (a) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
const max = (a) => Math.max(...a);
console.log(`${SPLIT}: ${sum.n} answers; first page recall ${(sum.page / sum.places).toFixed(2)} (${sum.page}/${sum.places}), all pages ${(sum.all / sum.places).toFixed(2)}; enumerating ${(sum.enumPage / sum.enumPlaces).toFixed(2)}; high precision ${(sum.highHits / sum.high).toFixed(2)} (${sum.highHits}/${sum.high}); text tokens median ${Math.round(med(sum.tokens))} max ${Math.round(max(sum.tokens))}; JSON tokens median ${Math.round(med(sum.json))} max ${Math.round(max(sum.json))}`);
