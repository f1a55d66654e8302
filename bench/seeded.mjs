// Seeded randomness for the benchmarks: the same draw on every machine, so a target set or a sample
// can be rebuilt from its seed (and nobody picks it by hand).

/** mulberry32: a small seeded PRNG returning numbers in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher-Yates) drawing from `rand`. */
export function shuffle(xs, rand) {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The first n of a seeded shuffle. */
export function sample(items, n, seed) {
  return shuffle(items, mulberry32(seed)).slice(0, n);
}
