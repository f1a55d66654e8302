/** The in-memory vector scan's kernel: exact integer dot products, the same from WebAssembly SIMD and from JavaScript. */
import { describe, expect, it } from 'vitest';
import { Int8Scan } from '../../src/search/int8-scan.js';

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('Int8Scan', () => {
  for (const dimensions of [300, 16, 17, 5]) {
    it(`dot products of ${dimensions}-dimensional vectors, extremes included, by both scans`, () => {
      const random = seeded(dimensions);
      const int8 = (): Int8Array => Int8Array.from({ length: dimensions }, () => Math.round(random() * 255) - 128);
      const rows = Array.from({ length: 50 }, int8);
      rows[0] = new Int8Array(dimensions).fill(-128);
      rows[1] = new Int8Array(dimensions).fill(127);
      const query = int8();
      query[0] = -128;
      const expected = rows.map((row) => row.reduce((sum, x, d) => sum + x * (query[d] as number), 0));
      const simd = new Int8Scan(rows.length, dimensions);
      const plain = new Int8Scan(rows.length, dimensions, false);
      expect(simd.simd).toBe(true);
      expect(plain.simd).toBe(false);
      rows.forEach((row, i) => {
        simd.set(i, row);
        plain.set(i, row);
      });
      expect([...simd.dots(query)]).toEqual(expected);
      expect([...plain.dots(query)]).toEqual(expected);
      expect([...simd.code(7)]).toEqual([...(rows[7] as Int8Array)]);
      // A second query overwrites the first one's padding and results.
      const other = int8();
      expect([...simd.dots(other)]).toEqual(rows.map((row) => row.reduce((sum, x, d) => sum + x * (other[d] as number), 0)));
      // Each row's squared length, from either scan (a stored query does not leak into it).
      const squares = rows.map((row) => row.reduce((sum, x) => sum + x * x, 0));
      expect([...simd.squaredNorms()]).toEqual(squares);
      expect([...plain.squaredNorms()]).toEqual(squares);
    });
  }

  it('holds 133k vectors of 300 dimensions (the 1.5M-line benchmark) in one module memory', () => {
    const scan = new Int8Scan(133_000, 300);
    scan.set(132_999, new Int8Array(300).fill(1));
    const dots = scan.dots(new Int8Array(300).fill(2));
    expect([dots[0], dots[132_999]]).toEqual([0, 600]);
  });
});
