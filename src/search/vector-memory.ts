/**
 * The chunk vectors held in memory by a long-lived process (the MCP server), for the one query that makes
 * sqlite-vec read every stored vector: the nearest chunks of the whole index (a hybrid search's vector-only
 * candidates, a semantic search), and the point reads of a hybrid search's lexical candidates (about 35 µs
 * each). At 1.5M lines (133k chunks of 300 dimensions, 160 MB here) those took about 55 and up to 35 ms of a
 * 100-130 ms phrase query; warm hybrid search went from p90 115-125 ms to 86 ms with the same results
 * (bench/results/scale-search.md). The vectors are read from sqlite-vec's own tables (vec0-direct.ts: about 60 ms
 * at that size, 650 ms through the virtual table). A new CLI process keeps using sqlite-vec: even so, loading them
 * cost it more than its one scan (CLI hybrid search 288 → 367 ms, measured); so does a server whose vectors exceed
 * MAX_BYTES.
 *
 * Distances are sqlite-vec's cosine distance (1 - cosine similarity) between the stored int8 vectors and the
 * query quantized the same way (vector-quantize.ts), so answers are the same up to float rounding. The vectors
 * follow the index generation: a search after an edit applies the chunks the index says changed
 * (vector-follow.ts), and reloads all of them when it cannot say or when they are many.
 */
import type { IndexDb } from '../index/db.js';
import { floatsOf, storedVector, storedVectorCount, storedVectors } from './vector-store.js';
import { chunksChangedSince } from './vector-follow.js';
import { Int8Scan } from './int8-scan.js';
import { readInt8VectorsDirect } from '../index/vec0-direct.js';
import { quantize } from './vector-quantize.js';

export interface MemoryHit {
  chunkId: number;
  distance: number;
  score: number;
}

/** Changed chunks applied on top of the loaded ones, at most, before everything is loaded again. */
const MAX_OVERLAY = 5_000;
/**
 * Vectors larger than this stay in sqlite-vec. They are held as stored, one int8 per dimension (1.5M lines: 133k
 * chunks of 300 dimensions hold 40 MB; 160 MB while they were float32).
 */
const MAX_BYTES = 384 * 1024 * 1024;

let enabled = false;
const held = new WeakMap<IndexDb, VectorMemory>();
/** The generation at which a database's vectors were found too large to hold (counted once per generation). */
const tooLarge = new WeakMap<IndexDb, number>();

/** Called once by a long-lived process: vector scans are answered from memory from then on. */
export function keepVectorsInMemory(): void {
  enabled = true;
}

/**
 * The in-memory vectors of `db` synced by `provider` (its id) at `generation`, loaded or brought up to date;
 * null when not kept. Another provider's vectors (a configuration change) are loaded again.
 */
export function vectorMemoryFor(db: IndexDb, provider: string, generation: number, dimensions: number): VectorMemory | null {
  if (!enabled) return null;
  let memory = held.get(db);
  if (memory && memory.provider === provider && memory.dimensions === dimensions && memory.follow(db, generation)) return memory;
  if (tooLarge.get(db) === generation) return null;
  const count = Math.max(0, storedVectorCount(db));
  if (count * dimensions > MAX_BYTES) {
    tooLarge.set(db, generation);
    return null;
  }
  memory = VectorMemory.load(db, provider, generation, dimensions);
  held.set(db, memory);
  return memory;
}

export class VectorMemory {
  private overlay = new Map<number, Float32Array | null>();
  /** Chunk id → its row in `ids`/`codes`, built on the first lookup by id. */
  private slots: Map<number, number> | null = null;

  private constructor(
    readonly provider: string,
    readonly dimensions: number,
    private generation: number,
    private readonly ids: Int32Array,
    /** The vectors as stored, int8 (a float32 index's are quantized on loading), scanned by int8-scan.ts. */
    private readonly codes: Int8Scan,
    /** 1 / the length of each chunk's int8 vector (0 for a zero vector): the cosine is the dot product times it. */
    private readonly inverseNorms: Float32Array,
  ) {}

  static load(db: IndexDb, provider: string, generation: number, dimensions: number): VectorMemory {
    return VectorMemory.loadDirect(db, provider, generation, dimensions) ?? VectorMemory.loadRows(db, provider, generation, dimensions);
  }

  /** From sqlite-vec's own tables (vec0-direct.ts): about 20 times faster than through the virtual table; null when it cannot read them. */
  private static loadDirect(db: IndexDb, provider: string, generation: number, dimensions: number): VectorMemory | null {
    let ids = new Int32Array(0);
    let codes: Int8Scan | null = null;
    const read = readInt8VectorsDirect(
      db,
      dimensions,
      (count) => {
        ids = new Int32Array(count);
        codes = new Int8Scan(count, dimensions);
      },
      (index, chunkId, code) => {
        ids[index] = chunkId;
        codes!.set(index, code);
      },
    );
    if (!read || !codes) return null;
    const scan: Int8Scan = codes;
    return new VectorMemory(provider, dimensions, generation, ids, scan, inverseNormsOf(scan, ids.length));
  }

  /** Through the virtual table, row by row (a float32 index's vectors are quantized as they are read). */
  private static loadRows(db: IndexDb, provider: string, generation: number, dimensions: number): VectorMemory {
    const count = Math.max(0, storedVectorCount(db));
    const ids = new Int32Array(count);
    const codes = new Int8Scan(count, dimensions);
    let n = 0;
    // Streamed row by row: the whole table as one array of rows would hold every blob twice at once.
    for (const { chunkId, blob } of storedVectors(db)) {
      if (n >= count) break;
      ids[n] = chunkId;
      const code = blob.byteLength === dimensions ? new Int8Array(blob.buffer, blob.byteOffset, dimensions) : quantize(floatsOf(blob));
      codes.set(n, code);
      n++;
    }
    // Rows past n (vectors deleted between the count and the read) hold zeros, and are never scored.
    return new VectorMemory(provider, dimensions, generation, ids.subarray(0, n), codes, inverseNormsOf(codes, n));
  }

  /** Brings the vectors to `generation` from the chunks the index says changed; false when it cannot (reload). */
  follow(db: IndexDb, generation: number): boolean {
    if (generation === this.generation) return true;
    const changed = chunksChangedSince(db, this.generation);
    if (changed === null || this.overlay.size + changed.length > MAX_OVERLAY) return false;
    for (const id of changed) {
      const blob = storedVector(db, id);
      if (blob === undefined) {
        this.overlay.set(id, null);
        continue;
      }
      const unit = new Float32Array(this.dimensions);
      writeUnit(blob, this.dimensions, unit, 0);
      this.overlay.set(id, unit);
    }
    this.generation = generation;
    return true;
  }

  /** The query as the stored vectors are compared with it (as sqlite-vec does): quantized like them, then a unit vector. */
  private queryUnit(query: Float32Array): Float32Array {
    const q = new Float32Array(this.dimensions);
    const quantized = quantize(query);
    writeUnit(new Uint8Array(quantized.buffer, quantized.byteOffset, quantized.byteLength), this.dimensions, q, 0);
    return q;
  }

  /** The `k` nearest of the `among` chunks (a hybrid search's lexical candidates): no scan, one lookup each. */
  nearestAmong(query: Float32Array, k: number, among: ReadonlySet<number>): MemoryHit[] {
    if (k < 1) return [];
    const dims = this.dimensions;
    const q = this.queryUnit(query);
    this.slots ??= new Map(Array.from(this.ids, (id, slot) => [id, slot]));
    const best = new TopK(k);
    for (const id of among) {
      const changed = this.overlay.get(id);
      if (changed === null) continue;
      if (changed) {
        best.offer(id, 1 - dotOf(q, changed, 0, dims));
        continue;
      }
      const slot = this.slots.get(id);
      if (slot === undefined) continue;
      best.offer(id, 1 - dotOf(q, this.codes.code(slot), 0, dims) * (this.inverseNorms[slot] as number));
    }
    return best.sorted().map(({ id, distance }) => ({ chunkId: id, distance, score: 1 - distance }));
  }

  /** The `k` nearest chunks to `query` by cosine distance, nearest first (ties by chunk id). */
  nearest(query: Float32Array, k: number): MemoryHit[] {
    if (k < 1) return [];
    const dims = this.dimensions;
    const quantized = quantize(query);
    const inverseQueryNorm = inverseNormOf(quantized, dims);
    const best = new TopK(k);
    const { ids, inverseNorms, overlay } = this;
    // Every stored vector's exact integer dot product with the quantized query, in one SIMD pass.
    const dots = this.codes.dots(quantized);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      // A chunk changed since the load is scored from the overlay below (or is gone).
      if (overlay.size > 0 && overlay.has(id)) continue;
      best.offer(id, 1 - (dots[i] as number) * (inverseNorms[i] as number) * inverseQueryNorm);
    }
    if (overlay.size > 0) {
      const q = this.queryUnit(query);
      for (const [id, unit] of overlay) if (unit) best.offer(id, 1 - dotOf(q, unit, 0, dims));
    }
    return best.sorted().map(({ id, distance }) => ({ chunkId: id, distance, score: 1 - distance }));
  }
}

/** The dot product of `q` with `dims` values of `vector` from `at` (a few vectors: the full scan is int8-scan.ts). */
function dotOf(q: Float32Array, vector: Float32Array | Int8Array, at: number, dims: number): number {
  let dot = 0;
  for (let d = 0; d < dims; d++) dot += (q[d] as number) * (vector[at + d] as number);
  return dot;
}

/** 1 / the length of each of the first `count` stored vectors (0 for a zero vector), their squares summed by the scan's kernel. */
function inverseNormsOf(codes: Int8Scan, count: number): Float32Array {
  return Float32Array.from(codes.squaredNorms().subarray(0, count), (sq) => (sq > 0 ? 1 / Math.sqrt(sq) : 0));
}

/** 1 / the length of a vector's first `dims` values, 0 for a zero vector (its cosine with anything is then 0). */
function inverseNormOf(vector: ArrayLike<number>, dims: number): number {
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += (vector[d] as number) * (vector[d] as number);
  return norm > 0 ? 1 / Math.sqrt(norm) : 0;
}

/**
 * A stored vector written as a unit vector into `out` at `offset` (a zero vector stays zero: distance 1 to all): an
 * int8 blob (`dims` bytes), or a float32 one (an index written before int8 storage, until its next sync).
 */
function writeUnit(blob: Uint8Array, dims: number, out: Float32Array, offset: number): void {
  const int8 = blob.byteLength === dims ? new Int8Array(blob.buffer, blob.byteOffset, dims) : null;
  const view = int8 ? null : new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  let norm = 0;
  for (let d = 0; d < dims; d++) {
    const x = int8 ? (int8[d] as number) : (view as DataView).getFloat32(d * 4, true);
    out[offset + d] = x;
    norm += x * x;
  }
  if (norm === 0) return;
  const scale = 1 / Math.sqrt(norm);
  for (let d = 0; d < dims; d++) out[offset + d] = (out[offset + d] as number) * scale;
}

/** The k smallest distances seen, kept in a sorted array (k is small: a page of candidates). */
class TopK {
  private readonly items: Array<{ id: number; distance: number }> = [];
  constructor(private readonly k: number) {}

  offer(id: number, distance: number): void {
    const items = this.items;
    if (items.length >= this.k) {
      const worst = items[items.length - 1] as { id: number; distance: number };
      if (distance > worst.distance || (distance === worst.distance && id > worst.id)) return;
    }
    let at = items.length;
    while (at > 0) {
      const before = items[at - 1] as { id: number; distance: number };
      if (before.distance < distance || (before.distance === distance && before.id < id)) break;
      at--;
    }
    items.splice(at, 0, { id, distance });
    if (items.length > this.k) items.pop();
  }

  sorted(): Array<{ id: number; distance: number }> {
    return this.items;
  }
}
