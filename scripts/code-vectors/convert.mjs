#!/usr/bin/env node
// word2vec text format (most frequent word first) → the compact table src/embed/word-vectors.ts reads (SWV1:
// see scripts/build-word-vectors.mjs for the layout): lower-case words only, unit vectors as int8 with one scale each.
//
//   node scripts/code-vectors/convert.mjs VECTORS.txt OUT.q8.bin SOURCE-NAME
import { readFileSync, writeFileSync } from 'node:fs';

const [input, target, source] = process.argv.slice(2);
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
const scales = new Float32Array(words.length);
const data = new Int8Array(words.length * dims);
rows.forEach((row, w) => {
  const norm = Math.hypot(...row) || 1;
  const unit = row.map((x) => x / norm);
  const max = Math.max(...unit.map(Math.abs)) || 1;
  scales[w] = max / 127;
  unit.forEach((x, i) => (data[w * dims + i] = Math.round((x / max) * 127)));
});
const wordBytes = Buffer.from(words.join('\n'), 'utf8');
const header = Buffer.from(JSON.stringify({ source, dimensions: dims, count: words.length, wordsBytes: wordBytes.length }), 'utf8');
const head = Buffer.alloc(8);
head.write('SWV1', 0, 'latin1');
head.writeUInt32LE(header.length, 4);
const before = 8 + header.length + wordBytes.length;
const out = Buffer.concat([head, header, wordBytes, Buffer.alloc((4 - (before % 4)) % 4), Buffer.from(scales.buffer), Buffer.from(data.buffer)]);
writeFileSync(target, out);
console.log(`${target}: ${words.length} words x ${dims} dimensions, ${(out.length / 1e6).toFixed(1)} MB`);
