/**
 * Code-aware tokens for full-text search, the same at index and query time:
 * identifiers are kept whole AND split on camelCase, snake_case, kebab-case and
 * digits; everything is lower-cased; the parts get a light stemmer so that
 * "parsing durations" meets `parseDuration`. Pure functions only.
 */

const WORD = /[A-Za-z0-9_$]+/g;
/** The same pattern, for the exec loop in tokenText (matchAll copies WORD; exec moves lastIndex). */
const WORD_SCAN = /[A-Za-z0-9_$]+/g;
/** Split one identifier into its lower-cased parts: `parseHTTPHeader2` → parse, http, header, 2. */
export function identifierParts(word: string): string[] {
  const spaced = word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2') // fooBar, utf8Decode
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2') // HTTPHeader → HTTP Header
    .replace(/([A-Za-z])([0-9])/g, '$1 $2') // utf8 → utf 8
    .replace(/([0-9])([A-Za-z])/g, '$1 $2');
  return spaced
    .split(/[\s_$-]+/)
    .filter((p) => p.length > 0)
    .map((p) => p.toLowerCase());
}

/**
 * A conservative English suffix stripper (plural, -ing, -ed). It only has to map
 * related forms to one token; it never needs to produce a real word.
 */
export function stem(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  let t = token;
  if (t.endsWith('ies') && t.length > 4) t = `${t.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(t)) return t;
  else if (/(xes|ches|shes|sses|zes)$/.test(t)) t = t.slice(0, -2);
  else if (t.endsWith('s')) t = t.slice(0, -1);
  else if (t.endsWith('ing') && t.length > 5) t = undouble(t.slice(0, -3));
  else if (t.endsWith('ed') && t.length > 4) t = undouble(t.slice(0, -2));
  // A final silent e goes too, so parse / parses / parsing / parsed all meet at `pars`.
  if (t.endsWith('e') && t.length > 3) t = t.slice(0, -1);
  return t;
}

function undouble(token: string): string {
  return token.length >= 4 && /([^aeiouls])\1$/.test(token) ? token.slice(0, -1) : token;
}

/**
 * Tokens of a text: for every identifier-like word, the whole word (lower-cased)
 * plus its stemmed parts, unless they are the same single token. Order is kept (FTS phrase queries use it).
 */
export function codeTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) out.push(...wordTokens(match[0]));
  return out;
}

function wordTokens(word: string): string[] {
  const whole = word.toLowerCase();
  const stems = identifierParts(word).map(stem);
  // The whole word as written (lower-cased) matches exact names; the stemmed parts match prose.
  return stems.length !== 1 || stems[0] !== whole ? [whole, ...stems] : stems;
}

/**
 * The tokens to search for, word by word: a plain word by its stem alone, an identifier by its whole
 * form and its stemmed parts. The index holds both the whole form and the stem of every word, so
 * searching a plain word's two forms (`calculate`, `calculat`) would count it twice, and words
 * with a suffix would outweigh rarer words without one (`trimean`). `skip` drops words (stop words).
 */
export function searchTokens(text: string, skip: (lowerWord: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    if (skip(lower)) continue;
    const tokens = wordTokens(match[0]);
    out.push(...(identifierParts(match[0]).length === 1 ? tokens.slice(-1) : tokens));
  }
  return out;
}

/**
 * The space-joined tokens of one word, memoized: indexing tokenizes every chunk, and the
 * same identifiers recur throughout a repository. Never empty (a word yields at least itself).
 */
const joinedCache = new Map<string, string>();
const JOINED_CACHE_LIMIT = 100_000;
function joinedWordTokens(word: string): string {
  let joined = joinedCache.get(word);
  if (joined === undefined) {
    joined = wordTokens(word).join(' ');
    if (joinedCache.size >= JOINED_CACHE_LIMIT) joinedCache.clear();
    joinedCache.set(word, joined);
  }
  return joined;
}

/** Tokens of a repository path: segments, file name parts and extension. */
export function pathTokens(relativePath: string): string[] {
  return codeTokens(relativePath.replace(/[/.\\-]+/g, ' '));
}

/** The space-joined form stored in the full-text index. */
export function tokenText(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  WORD_SCAN.lastIndex = 0;
  for (let match = WORD_SCAN.exec(text); match !== null; match = WORD_SCAN.exec(text)) {
    const joined = joinedWordTokens(match[0]);
    out = out.length === 0 ? joined : `${out} ${joined}`;
  }
  return out;
}
