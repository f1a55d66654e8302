/**
 * Function bodies as sets of hashed token shingles, for near-duplicate detection.
 *
 * Copies that were pasted and then edited usually differ in names and literals, not in
 * shape, so the body is reduced to its shape first: identifiers become `$id` (keywords
 * stay, since `if`/`for`/`return` ARE the shape), string and number literals become
 * `$str`/`$num`, comments and whitespace go, punctuation and operators stay. Then every
 * run of k consecutive tokens (a shingle) is hashed to a 32-bit int. Two bodies are
 * similar when their shingle sets overlap (Jaccard). The lexer is one small hand-written
 * loop for all supported languages: it only has to be consistent, not a parser.
 *
 * It runs over every function of a repository, so it hashes tokens while scanning them
 * (FNV-1a, the value `fnv1a(token)` gives) and allocates no string per token; token texts
 * are built only on request (`normalizeTokens`, for tests and debugging).
 */
import type { Language } from '../core/types.js';

export const SHINGLE_SIZE = 5;

const JS_KEYWORDS = [
  'abstract', 'any', 'as', 'async', 'await', 'bigint', 'boolean', 'break', 'case', 'catch', 'class', 'const',
  'continue', 'debugger', 'declare', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false',
  'finally', 'for', 'from', 'function', 'get', 'if', 'implements', 'import', 'in', 'infer', 'instanceof',
  'interface', 'is', 'keyof', 'let', 'namespace', 'never', 'new', 'null', 'number', 'object', 'of', 'private',
  'protected', 'public', 'readonly', 'return', 'satisfies', 'set', 'static', 'string', 'super', 'switch',
  'symbol', 'this', 'throw', 'true', 'try', 'type', 'typeof', 'undefined', 'unknown', 'var', 'void', 'while',
  'with', 'yield',
];
const C_KEYWORDS = [
  'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern',
  'float', 'for', 'goto', 'if', 'inline', 'int', 'long', 'register', 'return', 'short', 'signed', 'sizeof',
  'static', 'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while',
];
const KEYWORDS: Record<Language, ReadonlySet<string>> = {
  typescript: new Set(JS_KEYWORDS),
  tsx: new Set(JS_KEYWORDS),
  javascript: new Set(JS_KEYWORDS),
  python: new Set([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'case', 'class', 'continue',
    'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'match', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
  ]),
  go: new Set([
    'break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'false', 'for',
    'func', 'go', 'goto', 'if', 'import', 'interface', 'map', 'nil', 'package', 'range', 'return', 'select',
    'struct', 'switch', 'true', 'type', 'var',
  ]),
  rust: new Set([
    'as', 'async', 'await', 'break', 'const', 'continue', 'crate', 'dyn', 'else', 'enum', 'extern', 'false',
    'fn', 'for', 'if', 'impl', 'in', 'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return',
    'self', 'Self', 'static', 'struct', 'super', 'trait', 'true', 'type', 'unsafe', 'use', 'where', 'while',
  ]),
  java: new Set([
    'abstract', 'assert', 'boolean', 'break', 'byte', 'case', 'catch', 'char', 'class', 'const', 'continue',
    'default', 'do', 'double', 'else', 'enum', 'extends', 'false', 'final', 'finally', 'float', 'for', 'if',
    'implements', 'import', 'instanceof', 'int', 'interface', 'long', 'native', 'new', 'null', 'package',
    'private', 'protected', 'public', 'record', 'return', 'short', 'static', 'super', 'switch', 'synchronized',
    'this', 'throw', 'throws', 'transient', 'true', 'try', 'var', 'void', 'volatile', 'while', 'yield',
  ]),
  c: new Set(C_KEYWORDS),
  cpp: new Set([
    ...C_KEYWORDS, 'bool', 'catch', 'class', 'constexpr', 'delete', 'false', 'friend', 'namespace', 'new', 'noexcept',
    'nullptr', 'operator', 'override', 'private', 'protected', 'public', 'template', 'this', 'throw', 'true', 'try',
    'typename', 'using', 'virtual',
  ]),
  haskell: new Set([
    'case', 'class', 'data', 'default', 'deriving', 'do', 'else', 'forall', 'foreign', 'if', 'import', 'in',
    'infix', 'infixl', 'infixr', 'instance', 'let', 'module', 'newtype', 'of', 'then', 'type', 'where',
  ]),
};

/** Characters that glue into one operator token (`===`, `=>`, `::`, `?.`, `<-`). Brackets stay single. */
const OPERATOR = new Uint8Array(128);
for (const ch of '=<>!&|+-*/%^~?:.@') OPERATOR[ch.charCodeAt(0)] = 1;

/** ASCII identifier characters: letters, `_`, `$` (start) and digits (part). Non-ASCII counts as a letter. */
const IDENT_START = new Uint8Array(128);
const IDENT_PART = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
  IDENT_START[c] = letter ? 1 : 0;
  IDENT_PART[c] = letter || (c >= 48 && c <= 57) ? 1 : 0;
}
function isIdentStart(c: number): boolean {
  return c >= 128 || IDENT_START[c] === 1;
}
function isIdentPart(c: number): boolean {
  return c >= 128 || IDENT_PART[c] === 1;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isOperator(c: number): boolean {
  return c < 128 && OPERATOR[c] === 1;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of a string. */
export function fnv1a(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

const ID = '$id';
const STR = '$str';
const NUM = '$num';
const ID_HASH = fnv1a(ID);
const STR_HASH = fnv1a(STR);
const NUM_HASH = fnv1a(NUM);

interface Keyword {
  text: string;
  hash: number;
}

/**
 * Keywords are looked up by (first char, last char, length), which the lexer knows after
 * scanning a word without touching its other characters; the text is compared only on a hit.
 */
function keywordKey(first: number, last: number, length: number): number {
  return (first & 0xffff) * 0x10000 * 64 + (last & 0xffff) * 64 + Math.min(length, 63);
}

interface Syntax {
  keywords: Map<number, Keyword[]>;
  longestKeyword: number;
  lineComment: string;
  blockOpen: string | null;
  blockClose: string | null;
  /** Python's `'''` / `"""`, Java's `"""` text blocks. */
  tripleQuotes: boolean;
  /** JS template literals and Go raw strings are backtick strings; in Haskell a backtick is infix syntax. */
  backtickStrings: boolean;
  /** Haskell names may contain `'` (`foldl'`); Rust's `'a` is a lifetime. Both make `'` not always a quote. */
  quoteInNames: boolean;
  lifetimes: boolean;
}

function syntaxOf(language: Language): Syntax {
  const keywords = new Map<number, Keyword[]>();
  let longestKeyword = 0;
  for (const text of KEYWORDS[language]) {
    const key = keywordKey(text.charCodeAt(0), text.charCodeAt(text.length - 1), text.length);
    keywords.set(key, [...(keywords.get(key) ?? []), { text, hash: fnv1a(text) }]);
    longestKeyword = Math.max(longestKeyword, text.length);
  }
  const cLike = { keywords, longestKeyword, lineComment: '//', blockOpen: '/*', blockClose: '*/', tripleQuotes: false, backtickStrings: false, quoteInNames: false, lifetimes: false };
  switch (language) {
    case 'python':
      return { ...cLike, lineComment: '#', blockOpen: null, blockClose: null, tripleQuotes: true };
    case 'haskell':
      return { ...cLike, lineComment: '--', blockOpen: '{-', blockClose: '-}', quoteInNames: true };
    case 'rust':
      return { ...cLike, lifetimes: true };
    case 'java':
      return { ...cLike, tripleQuotes: true };
    case 'c':
    case 'cpp':
      return cLike;
    default: // TypeScript, JavaScript, Go
      return { ...cLike, backtickStrings: true };
  }
}

/** Built once per language. */
const SYNTAX = new Map<Language, Syntax>();
function cachedSyntax(language: Language): Syntax {
  let syntax = SYNTAX.get(language);
  if (!syntax) SYNTAX.set(language, (syntax = syntaxOf(language)));
  return syntax;
}

/** End (exclusive) of a quoted literal that starts at `start` with `width` (1 or 3) copies of the quote char. */
function skipString(text: string, start: number, quote: number, width: number): number {
  let i = start + width;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 2; // backslash escape
    else if (c === quote && (width === 1 || (text.charCodeAt(i + 1) === quote && text.charCodeAt(i + 2) === quote))) return i + width;
    else if (c === 10 && width === 1 && quote !== 96) return i; // unterminated one-line string: stop at the line end
    else i++;
  }
  return text.length;
}

/** Is the `'` at i a character literal (`'a'`, `'\n'`) rather than a lifetime or a name part? */
function isCharLiteral(text: string, i: number): boolean {
  return text.charCodeAt(i + 1) === 92 || (i + 2 < text.length && text.charCodeAt(i + 2) === 39);
}

/** In Haskell `-->` or `--|` is an operator, not a comment: dashes followed by another symbol. */
function isHaskellOperatorAfterDashes(text: string, i: number): boolean {
  let j = i;
  while (text.charCodeAt(j) === 45) j++;
  return j < text.length && isOperator(text.charCodeAt(j));
}

function startsComment(text: string, i: number, syntax: Syntax): boolean {
  const c = text.charCodeAt(i);
  if (c === syntax.lineComment.charCodeAt(0) && text.startsWith(syntax.lineComment, i)) {
    return !(syntax.lineComment === '--' && isHaskellOperatorAfterDashes(text, i));
  }
  return syntax.blockOpen !== null && c === syntax.blockOpen.charCodeAt(0) && text.startsWith(syntax.blockOpen, i);
}

function keywordAt(text: string, start: number, end: number, syntax: Syntax): Keyword | undefined {
  const candidates = syntax.keywords.get(keywordKey(text.charCodeAt(start), text.charCodeAt(end - 1), end - start));
  return candidates?.find((k) => text.startsWith(k.text, start));
}

/** Token hashes of the text being lexed, reused from one call to the next (lexing is synchronous). */
let scratch = new Uint32Array(4096);

/** Where the lexer puts tokens: their hashes always, their texts only when `texts` is given. */
class TokenSink {
  hashes = scratch;
  count = 0;
  constructor(
    private readonly source: string,
    readonly texts: string[] | null,
  ) {}

  /** `placeholder` replaces the source text (`$id`, `$str`, `$num`); null keeps text[start, end). */
  push(hash: number, start: number, end: number, placeholder: string | null): void {
    if (this.count === this.hashes.length) {
      const grown = new Uint32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = scratch = grown;
    }
    this.hashes[this.count++] = hash;
    this.texts?.push(placeholder ?? this.source.slice(start, end));
  }
}

/** The lexer: every normalised token of `text`, in order, into `sink` (see the file comment). */
function lex(text: string, syntax: Syntax, sink: TokenSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c <= 32) {
      i++;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && (isIdentPart(text.charCodeAt(j)) || (syntax.quoteInNames && text.charCodeAt(j) === 39))) j++;
      const keyword = j - i <= syntax.longestKeyword ? keywordAt(text, i, j, syntax) : undefined;
      if (keyword) sink.push(keyword.hash, i, j, null);
      else sink.push(ID_HASH, i, j, ID);
      i = j;
    } else if (startsComment(text, i, syntax)) {
      if (text.startsWith(syntax.lineComment, i)) {
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else {
        const close = syntax.blockClose as string;
        const end = text.indexOf(close, i + 2);
        i = end < 0 ? n : end + close.length;
      }
    } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      let j = i + 1;
      // Hex, exponents, separators, suffixes (0xFF, 1e-3, 1_000, 10n, 2.5f): all one number.
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isIdentPart(d) || d === 46) j++;
        else if ((d === 43 || d === 45) && (text.charCodeAt(j - 1) | 32) === 101 && (text.charCodeAt(i + 1) | 32) !== 120) j++;
        else break;
      }
      sink.push(NUM_HASH, i, j, NUM);
      i = j;
    } else if (c === 39 && (syntax.lifetimes || syntax.quoteInNames) && !isCharLiteral(text, i)) {
      sink.push(Math.imul(FNV_OFFSET ^ c, FNV_PRIME) >>> 0, i, i + 1, null);
      i++;
    } else if (c === 34 || c === 39 || (c === 96 && syntax.backtickStrings)) {
      const triple = syntax.tripleQuotes && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c;
      const end = skipString(text, i, c, triple ? 3 : 1);
      sink.push(STR_HASH, i, end, STR);
      i = end;
    } else if (isOperator(c)) {
      let h = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
      let j = i + 1;
      for (; j < n && isOperator(text.charCodeAt(j)) && !startsComment(text, j, syntax); j++) h = Math.imul(h ^ text.charCodeAt(j), FNV_PRIME);
      sink.push(h >>> 0, i, j, null);
      i = j;
    } else {
      sink.push(Math.imul(FNV_OFFSET ^ c, FNV_PRIME) >>> 0, i, i + 1, null);
      i++;
    }
  }
}

/**
 * The normalised token stream of a piece of code, as text: `$id`, `$str`, `$num` for
 * names and literals, everything else as written. For tests and debugging; shingling
 * uses the hashes directly.
 */
export function normalizeTokens(text: string, language: Language): string[] {
  const sink = new TokenSink(text, []);
  lex(text, cachedSyntax(language), sink);
  return sink.texts ?? [];
}

/**
 * The set of k-token shingles of a stream of `count` token hashes, each shingle hashed to
 * 32 bits, sorted ascending without repeats (sorted so that exact Jaccard is a linear
 * merge). A stream shorter than k is one shingle of all its tokens; an empty one has none.
 * A shingle's hash is the polynomial Σ t_i·B^(k-1-i) mod 2^32, rolled from one window to
 * the next in two multiplications, then mixed.
 */
function shinglesOfHashes(hashes: Uint32Array, count: number, k: number): Uint32Array {
  if (count === 0) return new Uint32Array(0);
  const width = Math.min(k, count);
  const shingles = new Uint32Array(count - width + 1);
  let top = 1; // B^(width-1): the weight of the token that leaves the window
  for (let t = 1; t < width; t++) top = Math.imul(top, ROLL_BASE);
  let h = 0;
  for (let t = 0; t < width; t++) h = (Math.imul(h, ROLL_BASE) + (hashes[t] as number)) | 0;
  shingles[0] = fmix32(h);
  for (let start = 1; start < shingles.length; start++) {
    h = (h - Math.imul(hashes[start - 1] as number, top)) | 0;
    h = (Math.imul(h, ROLL_BASE) + (hashes[start + width - 1] as number)) | 0;
    shingles[start] = fmix32(h);
  }
  shingles.sort();
  return unique(shingles);
}

const ROLL_BASE = 0x01000193;

/**
 * MurmurHash3's finaliser: every input bit reaches every output bit. The FNV step alone
 * only carries upwards, and MinHash (minhash.ts) bins shingles by their top bits.
 */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Drop repeats from a sorted array (in place; returns a view of the distinct prefix). */
function unique(sorted: Uint32Array): Uint32Array {
  if (sorted.length === 0) return sorted;
  let w = 1;
  for (let r = 1; r < sorted.length; r++) {
    if (sorted[r] !== sorted[w - 1]) sorted[w++] = sorted[r] as number;
  }
  return sorted.subarray(0, w);
}

/** The shingle set of a list of tokens (as `normalizeTokens` gives them). */
export function shingleSet(tokens: readonly string[], k = SHINGLE_SIZE): Uint32Array {
  return shinglesOfHashes(Uint32Array.from(tokens, fnv1a), tokens.length, k);
}

/** The shingle set of a piece of code: `shingleSet(normalizeTokens(text, language))` without the strings. */
export function shinglesOf(text: string, language: Language, k = SHINGLE_SIZE): Uint32Array {
  const sink = new TokenSink(text, null);
  lex(text, cachedSyntax(language), sink);
  return shinglesOfHashes(sink.hashes, sink.count, k);
}
