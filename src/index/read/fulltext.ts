/**
 * The full-text side of search: BM25-ranked chunks from the FTS5 table `search_fts` (one row per chunk,
 * rowid = chunks.id), match counts, chunks by id, and the per-file counts file ranking builds on. The
 * FTS5 query text (`"a" OR "b"`) and the field weights are search's; the SQL is here.
 */
import type { IndexDb } from '../db.js';
import type { CompiledFilters } from './filters.js';
import { isUnfiltered } from './filters.js';
import { plucked, pluckedOnce, raw, rowsOnce } from './prepared.js';
import { perIndexVersion } from './version-cache.js';

/** A chunk as search ranks it (search/ranking.ts `Candidate`). */
export interface ChunkHit {
  chunkId: number;
  path: string;
  symbol: string | null;
  kind: string;
  startLine: number;
  endLine: number;
  text: string;
  isExported: boolean | null;
  /** Higher is better (the negated BM25 score; 0 for chunks read by id). */
  score: number;
}

/** Weights of the FTS5 columns in BM25, in column order. */
export interface FieldWeights {
  name: number;
  signature: number;
  docstring: number;
  path: number;
  body: number;
}

const CHUNK_COLUMNS = `c.id AS chunkId, f.path AS path, c.symbol AS symbol, c.kind AS kind, c.start_line AS startLine,
  c.end_line AS endLine, c.text AS text, d.is_exported AS isExported`;
const CHUNK_FROM = `chunks c JOIN files f ON f.id = c.file_id LEFT JOIN definitions d ON d.id = c.definition_id`;
/** search_fts joined to its chunk, the chunk's file and definition (for filters). */
const MATCH_FROM = `search_fts JOIN chunks c ON c.id = search_fts.rowid JOIN files f ON f.id = c.file_id LEFT JOIN definitions d ON d.id = c.definition_id`;
/** Columns that hold a chunk's own text (the path column repeats in every chunk of a file). */
const TEXT_COLUMNS = '{name signature docstring body}';

type HitRow = Omit<ChunkHit, 'isExported'> & { isExported: number | null };

function toHit(row: HitRow): ChunkHit {
  return { ...row, isExported: row.isExported === null ? null : Boolean(row.isExported) };
}

function bm25(w: FieldWeights): string {
  return `-bm25(search_fts, ${w.name}, ${w.signature}, ${w.docstring}, ${w.path}, ${w.body})`;
}

function quote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

/**
 * Chunks matching the FTS5 query `match` and the filters, best BM25 score first; `limit` null for all of
 * them. `withText` false reads the chunks without their text (`text` is '').
 */
export function bm25Chunks(
  db: IndexDb,
  match: string,
  filters: CompiledFilters,
  weights: FieldWeights,
  options: { limit: number | null; offset?: number; withText?: boolean },
): ChunkHit[] {
  const columns = options.withText === false ? CHUNK_COLUMNS.replace('c.text AS text', "'' AS text") : CHUNK_COLUMNS;
  const page = options.limit === null ? [] : [options.limit, options.offset ?? 0];
  if (options.limit !== null && isUnfiltered(filters)) {
    // Unfiltered, the page is ranked in the full-text table alone and only its rows are joined: an OR of common
    // words matches tens of thousands of chunks at monorepo scale, and joining (and reading the text of) every
    // one of them before the sort cost twice the ranking itself.
    const sql = `WITH ranked AS (
        SELECT rowid AS id, ${bm25(weights)} AS score FROM search_fts WHERE search_fts MATCH ? ORDER BY score DESC, rowid LIMIT ? OFFSET ?)
      SELECT ${columns}, ranked.score AS score FROM ranked JOIN ${CHUNK_FROM} WHERE c.id = ranked.id ORDER BY ranked.score DESC, ranked.id`;
    return (rowsOnce(db, sql).all(match, ...page) as HitRow[]).map(toHit);
  }
  const sql = `SELECT ${columns}, ${bm25(weights)} AS score
    FROM search_fts JOIN ${CHUNK_FROM}
    WHERE search_fts MATCH ? AND c.id = search_fts.rowid AND ${filters.where}
    ORDER BY score DESC, c.id ${options.limit === null ? '' : 'LIMIT ? OFFSET ?'}`;
  return (rowsOnce(db, sql).all(match, ...filters.params, ...page) as HitRow[]).map(toHit);
}

/** How many chunks match the FTS5 query and the filters. */
export function countChunkMatches(db: IndexDb, match: string, filters: CompiledFilters): number {
  // Every row of search_fts is a chunk: unfiltered, the full-text table alone counts them (no join per match).
  if (isUnfiltered(filters)) return plucked(db, 'SELECT COUNT(*) FROM search_fts WHERE search_fts MATCH ?').get(match) as number;
  const sql = `SELECT COUNT(*) FROM search_fts JOIN ${CHUNK_FROM} WHERE search_fts MATCH ? AND c.id = search_fts.rowid AND ${filters.where}`;
  return pluckedOnce(db, sql).get(match, ...filters.params) as number;
}

/** A reader of the best-scoring chunk of one file for an FTS5 query (prepared once, for a page of files). */
export function bestChunkInFile(db: IndexDb, filters: CompiledFilters, weights: FieldWeights): (match: string, path: string) => ChunkHit | undefined {
  const best = rowsOnce(
    db,
    `SELECT ${CHUNK_COLUMNS}, ${bm25(weights)} AS score
    FROM search_fts JOIN ${CHUNK_FROM} WHERE search_fts MATCH ? AND c.id = search_fts.rowid AND f.path = ? AND ${filters.where} ORDER BY score DESC LIMIT 1`,
  );
  return (match, path) => {
    const row = best.get(match, path, ...filters.params) as HitRow | undefined;
    return row ? toHit(row) : undefined;
  };
}

/** The chunks with these ids that pass the filters (score 0), in no particular order. */
export function chunksByIds(db: IndexDb, ids: readonly number[], filters: CompiledFilters): ChunkHit[] {
  if (ids.length === 0) return [];
  const sql = `SELECT ${CHUNK_COLUMNS}, 0 AS score FROM ${CHUNK_FROM} WHERE c.id IN (${ids.map(() => '?').join(',')}) AND ${filters.where}`;
  return (rowsOnce(db, sql).all(...ids, ...filters.params) as HitRow[]).map(toHit);
}

/**
 * A reader of, for one search token, the number of chunks per file (file id) whose own text (not the path)
 * holds it, among the chunks the filters admit. Prepared once, for the tokens of one query.
 */
export function tokenChunkCountsPerFile(db: IndexDb, filters: CompiledFilters): (token: string) => Array<{ id: number; n: number }> {
  if (isUnfiltered(filters)) {
    // Unfiltered, the matching chunk ids come from the full-text table alone and their files from the chunk → file
    // map: a common word matches tens of thousands of chunks, and a join reads each chunk's row (text and all)
    // only to learn its file, three times the cost of the match.
    const fileOf = chunkFiles(db);
    const matching = pluckedOnce(db, 'SELECT rowid FROM search_fts WHERE search_fts MATCH ?');
    return (token) => {
      const counts = new Map<number, number>();
      for (const id of matching.all(`${TEXT_COLUMNS}: ${quote(token)}`) as number[]) {
        const file = fileOf[id];
        if (file !== undefined && file > 0) counts.set(file, (counts.get(file) ?? 0) + 1);
      }
      // In file id order, as GROUP BY gives them (ties in file ranking keep their order).
      return [...counts].sort((a, b) => a[0] - b[0]).map(([id, n]) => ({ id, n }));
    };
  }
  const perToken = rowsOnce(db, `SELECT c.file_id AS id, COUNT(*) AS n FROM ${MATCH_FROM} WHERE search_fts MATCH ? AND ${filters.where} GROUP BY c.file_id`);
  return (token) => perToken.all(`${TEXT_COLUMNS}: ${quote(token)}`, ...filters.params) as Array<{ id: number; n: number }>;
}

/**
 * The file id of every chunk, indexed by chunk id (0: no such chunk), read once per version of the index.
 * Read as one id range per file: a file's chunks are written together, so their ids are consecutive, and
 * 10k ranges cost a third of 130k rows in a new CLI process. A file whose ids are not (none seen so far)
 * has its ids read one by one.
 */
function chunkFiles(db: IndexDb): Int32Array {
  return perIndexVersion(db, 'chunk files', () => {
    const ranges = raw(db, 'SELECT file_id, min(id), max(id), count(*) FROM chunks GROUP BY file_id').all() as Array<[number, number, number, number]>;
    let max = 0;
    for (const [, , last] of ranges) if (last > max) max = last;
    const files = new Int32Array(max + 1);
    for (const [file, first, last, count] of ranges) {
      if (last - first + 1 === count) files.fill(file, first, last + 1);
      else for (const id of plucked(db, 'SELECT id FROM chunks WHERE file_id = ?').all(file) as number[]) files[id] = file;
    }
    return files;
  });
}

/**
 * A reader of the paths of files (at most 20) whose chunks hold `phrase` (space-separated search tokens,
 * in order) in their own text, among the chunks the filters admit. Prepared once, for the phrases of one query.
 */
export function filesWithPhrase(db: IndexDb, filters: CompiledFilters): (phrase: string) => string[] {
  const phrase = pluckedOnce(db, `SELECT DISTINCT f.path AS path FROM ${MATCH_FROM} WHERE search_fts MATCH ? AND ${filters.where} LIMIT 20`);
  return (text) => phrase.all(`${TEXT_COLUMNS}: ${quote(text)}`, ...filters.params) as string[];
}
