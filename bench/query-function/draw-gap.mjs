#!/usr/bin/env node
// Draws the targets of the vocabulary-gap query set of bench/query-function (gap-queries.json): pool functions that
// are not targets of queries.json, seeded, so nobody picks them. Writes their code (30 lines at most) to
// .tmp/query-function-gap-<part>.md for the people who write the queries; commits nothing but the ids they write for.
//
//   node bench/query-function/draw-gap.mjs
//
// The queries were written by people who saw only that code, with the instruction in README.md ("the gap set"):
// describe the need in the searcher's everyday words, not the code's; nobody writing them saw scout's answers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sample } from '../seeded.mjs';
import { documentedFunctions, eligible } from './build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const GAP_SEED = 20261126;
const GAP_TARGETS = 240;
const PARTS = 3;

const pool = JSON.parse(readFileSync(path.join(here, 'pool.json'), 'utf8'));
const candidates = pool.functions.filter((fn) => !fn.target);
const targets = sample(candidates, GAP_TARGETS, GAP_SEED);
const byKey = new Map(eligible(documentedFunctions()).map((fn) => [`${fn.id}@${fn.line}`, fn]));
mkdirSync(path.join(here, '../../.tmp'), { recursive: true });
for (let part = 0; part < PARTS; part++) {
  const mine = targets.filter((_, i) => i % PARTS === part);
  const md = mine.map((t) => {
    const fn = byKey.get(`${t.id}@${t.line}`);
    if (!fn) throw new Error(`${t.id} not found at line ${t.line}: rebuild the mirrors`);
    return `## ${t.id}\n\n\`\`\`python\n${fn.code.split('\n').slice(0, 30).join('\n')}\n\`\`\`\n`;
  });
  writeFileSync(path.join(here, `../../.tmp/query-function-gap-${part}.md`), md.join('\n'));
}
console.log(`${candidates.length} non-target pool functions; ${targets.length} gap targets in ${PARTS} parts under .tmp/`);
