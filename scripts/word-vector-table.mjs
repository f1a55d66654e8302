// The compact word-vector table that src/embed/word-vectors.ts loads, written by scripts/build-word-vectors.mjs
// (English GloVe) and scripts/code-vectors/convert.mjs (code words).
//
// File layout (little-endian): "SWV1" | uint32 header length | header JSON {source, dimensions, count, wordsBytes}
// | words (utf8, '\n'-separated, frequency order) | zero padding to 4 bytes | float32 scale[count] | int8 vector[count][dimensions].
// Each vector is stored unit-length, as int8 with one float32 scale per word; a `weighted` table (header
// `"weighted": true`, trained word weights) keeps each vector's length: the word's weight in a composition.

/**
 * The table's bytes for `words` (most frequent first) and their vectors `rows` (numbers, any length ≥ dimensions).
 * `weighted`: keep each vector's length instead of storing unit vectors.
 */
export function encodeWordVectorTable(source, dimensions, words, rows, { weighted = false } = {}) {
  const scales = new Float32Array(words.length);
  const data = new Int8Array(words.length * dimensions);
  rows.forEach((full, w) => {
    const row = full.slice(0, dimensions);
    const norm = Math.hypot(...row) || 1;
    const unit = row.map((x) => x / norm);
    const max = Math.max(...unit.map(Math.abs)) || 1;
    scales[w] = (weighted ? norm : 1) * (max / 127);
    unit.forEach((x, i) => (data[w * dimensions + i] = Math.round((x / max) * 127)));
  });
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const header = Buffer.from(JSON.stringify({ source, dimensions, count: words.length, wordsBytes: wordBytes.length, ...(weighted ? { weighted } : {}) }), 'utf8');
  const head = Buffer.alloc(8);
  head.write('SWV1', 0, 'latin1');
  head.writeUInt32LE(header.length, 4);
  const before = 8 + header.length + wordBytes.length;
  const padding = Buffer.alloc((4 - (before % 4)) % 4);
  return Buffer.concat([head, header, wordBytes, padding, Buffer.from(scales.buffer), Buffer.from(data.buffer)]);
}
