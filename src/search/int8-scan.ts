/**
 * The dot products of one int8 query with every int8 vector held in memory (vector-memory.ts), computed by a
 * 233-byte WebAssembly module with 128-bit SIMD (int8-dots.wat, built into int8-dots-wasm.ts by
 * scripts/build-int8-dots.mjs): 16 products per instruction. At 1.5M lines (133k vectors of 300 dimensions) a scan
 * takes about 2 ms, against 22-34 ms for the same loop in JavaScript, which was the largest part of a warm phrase
 * search in the MCP server. Integer arithmetic, so the results are exact, and the same as JavaScript's where
 * WebAssembly SIMD is missing (the fallback below).
 */
import { INT8_DOTS_WASM_BASE64 } from './int8-dots-wasm.js';

const PAGE = 65_536;

interface Kernel {
  memory: WebAssembly.Memory;
  dots: (query: number, codes: number, count: number, stride: number, out: number) => void;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where this runtime has no WebAssembly SIMD (then the scan runs in JavaScript). */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(INT8_DOTS_WASM_BASE64, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

export class Int8Scan {
  /** Bytes per vector in memory: the dimensions rounded up to 16 (the padding stays zero). */
  readonly stride: number;
  private readonly kernel: Kernel | null;
  /** The query at 0, then the vectors, then one int32 result per vector. */
  private readonly bytes: Int8Array;
  private readonly results: Int32Array;
  private readonly codesAt: number;
  private readonly resultsAt: number;

  /** Room for `count` vectors of `dimensions`; `useKernel` false forces the JavaScript scan (tests). */
  constructor(
    readonly count: number,
    readonly dimensions: number,
    useKernel = true,
  ) {
    this.stride = Math.ceil(dimensions / 16) * 16;
    this.codesAt = this.stride;
    this.resultsAt = this.codesAt + count * this.stride;
    const total = this.resultsAt + count * 4;
    const module = useKernel ? kernelModule() : null;
    if (module) {
      const instance = new WebAssembly.Instance(module);
      const memory = instance.exports.memory as WebAssembly.Memory;
      const missing = total - memory.buffer.byteLength;
      if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
      this.kernel = { memory, dots: instance.exports.dots as Kernel['dots'] };
      this.bytes = new Int8Array(memory.buffer, 0, total);
      this.results = new Int32Array(memory.buffer, this.resultsAt, count);
    } else {
      this.kernel = null;
      const buffer = new ArrayBuffer(total);
      this.bytes = new Int8Array(buffer);
      this.results = new Int32Array(buffer, this.resultsAt, count);
    }
  }

  /** Whether the WebAssembly kernel scans (else JavaScript). */
  get simd(): boolean {
    return this.kernel !== null;
  }

  /** Store the vector of row `row` (its first `dimensions` values). */
  set(row: number, code: ArrayLike<number>): void {
    const at = this.codesAt + row * this.stride;
    if (code instanceof Int8Array) {
      this.bytes.set(code.length === this.dimensions ? code : code.subarray(0, this.dimensions), at);
      return;
    }
    for (let d = 0; d < this.dimensions; d++) this.bytes[at + d] = code[d] as number;
  }

  /** The stored vector of row `row` (a view: valid until the next `set` of that row). */
  code(row: number): Int8Array {
    const at = this.codesAt + row * this.stride;
    return this.bytes.subarray(at, at + this.dimensions);
  }

  /** Every row's dot product with itself (its squared length): a view, overwritten by the next scan. */
  squaredNorms(): Int32Array {
    const { stride, dimensions, results } = this;
    if (this.kernel) {
      // One row at a time, as its own query: a call costs well under a microsecond next to the row's products.
      for (let row = 0, at = this.codesAt; row < this.count; row++, at += stride) this.kernel.dots(at, at, 1, stride, this.resultsAt + row * 4);
      return results;
    }
    const bytes = this.bytes;
    for (let row = 0, at = this.codesAt; row < this.count; row++, at += stride) {
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += (bytes[at + d] as number) * (bytes[at + d] as number);
      results[row] = sum;
    }
    return results;
  }

  /** The dot product of `query` (int8, `dimensions` values) with every row: a view, overwritten by the next scan. */
  dots(query: Int8Array): Int32Array {
    this.bytes.fill(0, 0, this.stride);
    this.bytes.set(query.subarray(0, this.dimensions), 0);
    if (this.kernel) {
      this.kernel.dots(0, this.codesAt, this.count, this.stride, this.resultsAt);
      return this.results;
    }
    const { bytes, stride, dimensions, results } = this;
    for (let row = 0, at = this.codesAt; row < this.count; row++, at += stride) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += (bytes[d] as number) * (bytes[at + d] as number);
      results[row] = dot;
    }
    return results;
  }
}
