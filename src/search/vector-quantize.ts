/**
 * Chunk vectors are stored as int8 (sqlite-vec's `int8[N]`), a quarter of float32: at 1.5M lines 133k vectors of
 * 300 dimensions take 40 MB instead of 160 MB, in the index and in every shared snapshot pulled from PostgreSQL.
 * Search compares them by cosine, which ignores a vector's length, so each vector is scaled on its own: its largest
 * component becomes ±127 and every component is rounded. The query is quantized the same way, so sqlite-vec's int8
 * cosine, and the in-memory search that mirrors it (vector-memory.ts), rank by exactly the same numbers.
 */

/** The int8 form of a vector: components scaled by 127 / (largest magnitude), rounded; a zero vector stays zero. */
export function quantize(vector: Float32Array): Int8Array {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i] as number));
  const out = new Int8Array(vector.length);
  if (!(largest > 0)) return out;
  const scale = 127 / largest;
  for (let i = 0; i < vector.length; i++) out[i] = Math.round((vector[i] as number) * scale);
  return out;
}

/** The bytes of an int8 vector, as sqlite-vec's `vec_int8(?)` takes them. */
export function int8Blob(vector: Int8Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
