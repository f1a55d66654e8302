/**
 * MinHash signatures and LSH banding over shingle sets (see shingles.ts).
 *
 * Comparing every pair of N functions is N²/2 set merges; MinHash + LSH finds the pairs
 * worth comparing in about linear time. A signature holds `size` minima; two sets agree at
 * one position with probability equal to their Jaccard similarity. Banding then cuts a
 * signature into `bands` groups of `rows` values: two sets that agree on a whole band share
 * a bucket and become a candidate pair. Candidates are verified with the exact Jaccard, so
 * MinHash only decides what gets compared, never the reported similarity.
 *
 * The signature is one-permutation MinHash with optimal densification (Shrivastava, ICML
 * 2017) rather than `size` separate hash functions: each shingle is hashed once and lands
 * in one of `size` bins by its top bits, and a bin keeps its smallest hash. That is one
 * operation per shingle instead of 64, which decides whether 10,000 functions fit in a
 * second on a slow core. Bins that no shingle reached borrow the value of a non-empty bin
 * chosen by a fixed pseudo-random probe sequence, the same for every set, which keeps the
 * agreement probability equal to the Jaccard similarity.
 */

export const SIGNATURE_SIZE = 64;
const EMPTY = 0xffffffff;

/** MurmurHash3's finaliser, used as the probe sequence of densification. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Which bins of the signature being built got a shingle of their own (scratch, reused). */
let filled = new Uint8Array(SIGNATURE_SIZE);

/**
 * The signature of a shingle set (well-mixed 32-bit hashes, see shingles.ts), written into
 * `out` at `offset` so that many signatures can share one flat array. `size` is a power of
 * two from 2 to 65536. An empty set gets all 0xffffffff.
 */
export function minhashSignature(shingles: Uint32Array, size = SIGNATURE_SIZE, out = new Uint32Array(size), offset = 0): Uint32Array {
  const bits = Math.log2(size);
  if (!Number.isInteger(bits) || bits < 1 || bits > 16) throw new Error(`signature size must be a power of two from 2 to 65536, got ${size}`);
  const shift = 32 - bits;
  if (filled.length < size) filled = new Uint8Array(size);
  filled.fill(0, 0, size);
  out.fill(EMPTY, offset, offset + size);
  // Bin by the top bits; within a bin the top bits are equal, so the full hash orders the rest.
  for (let s = 0; s < shingles.length; s++) {
    const x = shingles[s] as number;
    const bin = x >>> shift;
    filled[bin] = 1;
    if (x < (out[offset + bin] as number)) out[offset + bin] = x;
  }
  if (shingles.length === 0) return out;
  for (let bin = 0; bin < size; bin++) {
    if (filled[bin] === 1) continue;
    // Probe bins in a pseudo-random order that depends on (bin, attempt) only, until one a shingle filled.
    for (let attempt = 1; ; attempt++) {
      const source = mix(Math.imul(bin + 1, 0x9e3779b1) ^ Math.imul(attempt, 0x85ebca6b)) & (size - 1);
      if (filled[source] === 1) {
        out[offset + bin] = out[offset + source] as number;
        break;
      }
    }
  }
  return out;
}

/** The share of positions where two signatures agree: an estimate of their Jaccard similarity. */
export function estimateJaccard(a: Uint32Array, b: Uint32Array): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let same = 0;
  for (let i = 0; i < n; i++) if (a[i] === b[i]) same++;
  return same / n;
}

/** Exact Jaccard similarity |A∩B| / |A∪B| of two sorted arrays without repeats. */
export function exactJaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}

/**
 * Jaccard can only reach `threshold` when the smaller set is at least `threshold` of the
 * larger one (|A∩B| ≤ |A| and |A∪B| ≥ |B|): a free test before any merge.
 */
export function sizesCompatible(sizeA: number, sizeB: number, threshold: number): boolean {
  const small = Math.min(sizeA, sizeB);
  const large = Math.max(sizeA, sizeB);
  return large === 0 || small / large >= threshold;
}

export interface Banding {
  bands: number;
  rows: number;
}

/** Probability that a pair with Jaccard `similarity` shares at least one band. */
export function candidateProbability(similarity: number, banding: Banding): number {
  return 1 - (1 - similarity ** banding.rows) ** banding.bands;
}

/**
 * The banding for a similarity threshold: the most rows per band (fewest false candidates,
 * so least verification work) that still makes a pair AT the threshold a candidate with
 * probability ≥ `recall`. For 64 values and 0.8 that is 16 bands of 4 rows (99.98%).
 */
export function chooseBanding(size: number, threshold: number, recall = 0.995): Banding {
  let best: Banding = { bands: size, rows: 1 };
  for (let rows = 1; rows <= size; rows++) {
    if (size % rows !== 0) continue;
    const banding = { bands: size / rows, rows };
    if (candidateProbability(threshold, banding) >= recall) best = banding;
  }
  return best;
}

/** Items per band key in `lshCandidatePairs`: key·2^21 + item stays an exact integer in a double. */
const ITEM_SPACE = 2 ** 21;

/**
 * Candidate pairs (i < j) among `count` signatures stored flat in `signatures`
 * (signature i at i·size). Per band, every item gets the hash of its band's values; items
 * with equal hashes share a bucket. Buckets are found by sorting (hash·2^21 + item) in a
 * Float64Array, a native sort with no comparator and no per-bucket arrays: on a slow core
 * that is several times cheaper than a Map of arrays. A pair that shares several bands is
 * reported once.
 */
export function lshCandidatePairs(signatures: Uint32Array, count: number, size: number, banding: Banding): Array<[number, number]> {
  if (count > ITEM_SPACE) throw new Error(`at most ${ITEM_SPACE} signatures, got ${count}`);
  const seen = new Set<number>();
  const pairs: Array<[number, number]> = [];
  const keyed = new Float64Array(count);
  for (let band = 0; band < banding.bands; band++) {
    for (let item = 0; item < count; item++) {
      const start = item * size + band * banding.rows;
      let h = 0x811c9dc5;
      for (let r = 0; r < banding.rows; r++) h = Math.imul(h ^ (signatures[start + r] as number), 0x01000193);
      keyed[item] = (h >>> 0) * ITEM_SPACE + item;
    }
    keyed.sort();
    // Runs of equal hash are buckets; within a run the items come in ascending order.
    let runStart = 0;
    for (let k = 1; k <= count; k++) {
      if (k < count && Math.floor((keyed[k] as number) / ITEM_SPACE) === Math.floor((keyed[runStart] as number) / ITEM_SPACE)) continue;
      for (let x = runStart; x < k; x++) {
        const i = (keyed[x] as number) % ITEM_SPACE;
        for (let y = x + 1; y < k; y++) {
          const j = (keyed[y] as number) % ITEM_SPACE;
          const key = i * count + j;
          if (seen.has(key)) continue;
          seen.add(key);
          pairs.push([i, j]);
        }
      }
      runStart = k;
    }
  }
  return pairs;
}
