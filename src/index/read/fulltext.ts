/**
 * The full-text side of search: BM25-ranked chunks from the FTS5 table `search_fts` (one row per chunk,
 * rowid = chunks.id), match counts, chunks by id, and the per-file counts file ranking builds on. The
 * FTS5 query text (`"a" OR "b"`) and the field weights are search's; the SQL is here.
 */
import type { IndexDb } from '../db.js';
import type { SQLInputValue } from '../sqlite.js';
import type { CompiledFilters } from './filters.js';
import { isUnfiltered } from './filters.js';
import { rows as statement, pluckedOnce, rowsOnce } from './prepared.js';

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
  const sql = `SELECT ${columns}, ${bm25(weights)} AS score
    FROM search_fts JOIN ${CHUNK_FROM}
    WHERE search_fts MATCH ? AND c.id = search_fts.rowid AND ${filters.where}
    ORDER BY score DESC ${options.limit === null ? '' : 'LIMIT ? OFFSET ?'}`;
  const params: SQLInputValue[] = [match, ...filters.params];
  if (options.limit !== null) params.push(options.limit, options.offset ?? 0);
  return (rowsOnce(db, sql).all(...params) as HitRow[]).map(toHit);
}

/** How many chunks match the FTS5 query and the filters. */
export function countChunkMatches(db: IndexDb, match: string, filters: CompiledFilters): number {
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
  // Unfiltered, the per-token count needs the chunk's file only (no joins to files and definitions).
  const unfiltered = isUnfiltered(filters);
  const perToken = unfiltered
    ? statement(db, 'SELECT c.file_id AS id, COUNT(*) AS n FROM search_fts JOIN chunks c ON c.id = search_fts.rowid WHERE search_fts MATCH ? GROUP BY c.file_id')
    : rowsOnce(db, `SELECT c.file_id AS id, COUNT(*) AS n FROM ${MATCH_FROM} WHERE search_fts MATCH ? AND ${filters.where} GROUP BY c.file_id`);
  return (token) => perToken.all(`${TEXT_COLUMNS}: ${quote(token)}`, ...(unfiltered ? [] : filters.params)) as Array<{ id: number; n: number }>;
}

/**
 * A reader of the paths of files (at most 20) whose chunks hold `phrase` (space-separated search tokens,
 * in order) in their own text, among the chunks the filters admit. Prepared once, for the phrases of one query.
 */
export function filesWithPhrase(db: IndexDb, filters: CompiledFilters): (phrase: string) => string[] {
  const phrase = pluckedOnce(db, `SELECT DISTINCT f.path AS path FROM ${MATCH_FROM} WHERE search_fts MATCH ? AND ${filters.where} LIMIT 20`);
  return (text) => phrase.all(`${TEXT_COLUMNS}: ${quote(text)}`, ...filters.params) as string[];
}
