import { describe, expect, it } from 'vitest';
import { quantize } from '../../src/search/vector-quantize.js';

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

describe('quantize', () => {
  it('scales each vector on its own: the largest component becomes ±127, the rest round', () => {
    expect([...quantize(Float32Array.from([0.5, -0.26, 0.1, 0]))]).toEqual([127, -66, 25, 0]);
    expect([...quantize(Float32Array.from([-0.002, 0.001]))]).toEqual([-127, 64]);
    expect([...quantize(new Float32Array(3))]).toEqual([0, 0, 0]);
  });

  it('keeps the cosine of 300-dimensional vectors within 0.002 (seeded random vectors)', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const vector = () => Float32Array.from({ length: 300 }, random);
    let worst = 0;
    for (let n = 0; n < 200; n++) {
      const a = vector();
      const b = Float32Array.from(a, (x) => x + 0.8 * random());
      worst = Math.max(worst, Math.abs(cosine(a, b) - cosine(quantize(a), quantize(b))));
    }
    expect(worst).toBeLessThan(0.002);
  });
});
