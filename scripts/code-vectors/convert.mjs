#!/usr/bin/env node
// word2vec text format (most frequent word first) → the compact table src/embed/word-vectors.ts reads (layout:
// scripts/word-vector-table.mjs): lower-case words only, unit vectors as int8 with one scale each.
//
//   node scripts/code-vectors/convert.mjs VECTORS.txt OUT.q8.bin SOURCE-NAME [--weighted]
//
// --weighted keeps each vector's length (train_search.py's vectors: the length is the word's learned weight).
import { readFileSync, writeFileSync } from 'node:fs';
import { encodeWordVectorTable } from '../word-vector-table.mjs';

const [input, target, source] = process.argv.slice(2).filter((a) => a !== '--weighted');
const weighted = process.argv.includes('--weighted');
if (!input || !target || !source) throw new Error('usage: convert.mjs VECTORS.txt OUT.q8.bin SOURCE-NAME');
const lines = readFileSync(input, 'utf8').split('\n');
const dims = Number(lines[0]?.split(' ')[1]);
const words = [];
const rows = [];
for (const line of lines.slice(1)) {
  const parts = line.split(' ');
  const word = parts[0];
  if (!word || !/^[a-z][a-z0-9]{0,23}$/.test(word)) continue;
  words.push(word);
  rows.push(parts.slice(1, dims + 1).map(Number));
}
const out = encodeWordVectorTable(source, dims, words, rows, { weighted });
writeFileSync(target, out);
console.log(`${target}: ${words.length} words x ${dims} dimensions, ${(out.length / 1e6).toFixed(1)} MB`);
