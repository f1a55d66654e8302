/**
 * Reads of the `chunks` table (the text of each definition, and leftover top-level code): chunk counts
 * per file, a chunk's text, and the function texts duplicate detection compares. Ranked full-text
 * reads of chunks are in fulltext.ts.
 */
import type { Language } from '../../core/types.js';
import type { IndexDb } from '../db.js';
import type { SQLInputValue } from '../sqlite.js';
import { plucked, raw, rawOnce } from './prepared.js';
import { perIndexVersion } from './version-cache.js';

/** Every file with chunks and how many it has (file id → count), read once per version of the index (file ranking asks on every query). */
export function chunkCountsPerFile(db: IndexDb): ReadonlyMap<number, number> {
  return perIndexVersion(db, 'chunk counts per file', () => new Map(raw(db, 'SELECT file_id AS id, COUNT(*) AS n FROM chunks GROUP BY file_id').all() as Array<[number, number]>));
}

/** The ids of the chunks of these files (repo-relative paths; a path not indexed has none). */
export function chunkIdsOfFiles(db: IndexDb, paths: readonly string[]): number[] {
  const statement = plucked(db, 'SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?');
  return paths.flatMap((p) => statement.all(p) as number[]);
}

/** The text of a chunk, or undefined when there is no such chunk. */
export function chunkText(db: IndexDb, chunkId: number): string | undefined {
  return plucked(db, 'SELECT text FROM chunks WHERE id = ?').get(chunkId) as string | undefined;
}

/** A definition with its chunk's text, read as an array (no object per row). `text` is null when the definition has no chunk. */
export type FunctionTextRow = [
  id: number,
  fileId: number,
  name: string,
  qualifiedName: string,
  kind: string,
  startLine: number,
  endLine: number,
  signature: string,
  docstring: string | null,
  path: string,
  language: Language,
  text: string,
];

const FUNCTION_COLUMNS = 'd.id, d.file_id, d.name, d.qualified_name, d.kind, d.start_line, d.end_line, d.signature, d.docstring, f.path, f.language, c.text';

/** Which definitions `functionTexts` reads. */
export interface FunctionTextSelection {
  kinds: readonly string[];
  /** Chunks of at least this many lines. */
  minLines: number;
  pathPrefix?: string | undefined;
  pathNotContains: readonly string[];
}

/** Every definition of the selection that has a chunk of its own, with the chunk's text, in index order. */
export function functionTexts(db: IndexDb, selection: FunctionTextSelection): FunctionTextRow[] {
  // The chunk repeats its definition's kind and lines, so most chunks (classes, interfaces,
  // leftover file code) are rejected before any join or text is read.
  const kinds = selection.kinds.map(() => '?').join(', ');
  const clauses = [`c.kind IN (${kinds})`, 'c.end_line - c.start_line + 1 >= ?', 'c.definition_id IS NOT NULL'];
  const params: SQLInputValue[] = [...selection.kinds, selection.minLines];
  if (selection.pathPrefix !== undefined) {
    clauses.push('substr(f.path, 1, ?) = ?');
    params.push(selection.pathPrefix.length, selection.pathPrefix);
  }
  for (const s of selection.pathNotContains) {
    clauses.push('instr(f.path, ?) = 0');
    params.push(s);
  }
  // No ORDER BY: SQLite would sort the texts in a temporary b-tree; callers sort what they keep.
  const sql = `SELECT ${FUNCTION_COLUMNS} FROM chunks c JOIN definitions d ON d.id = c.definition_id JOIN files f ON f.id = c.file_id WHERE ${clauses.join(' AND ')}`;
  return rawOnce(db, sql).all(...params) as FunctionTextRow[];
}

/** One definition by id with its chunk's text (null `text` when it has no chunk of its own). */
export function functionTextOf(db: IndexDb, definitionId: number): FunctionTextRow | undefined {
  return raw(
    db,
    `SELECT ${FUNCTION_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id
       LEFT JOIN chunks c ON c.file_id = d.file_id AND c.definition_id = d.id
       WHERE d.id = ?`,
  ).get(definitionId) as FunctionTextRow | undefined;
}
