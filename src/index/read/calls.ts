/**
 * Reads of the `calls` table (joined to its file): call sites by callee, by calling definition and by
 * span, with how the parser resolved each callee ('local', 'import', 'name').
 */
import type { CallResolution } from '../../core/types.js';
import type { IndexDb } from '../db.js';
import { rows as statement, rowsOnce } from './prepared.js';

// ---------------------------------------------------------------------------------------------------
// The index fallback of the LSP layer (scout/index-fallback.ts)

/** A call site as the index fallback reads it. */
export interface CallSite {
  caller: string | null;
  callee: string;
  receiver: string | null;
  line: number;
  col: number;
  resolution: string;
  file: string;
}

const SITE_COLUMNS = 'c.caller, c.callee, c.receiver, c.line, c.col, c.resolution, f.path AS file';

/** Every call to a name, by path, line and column. */
export function callSitesTo(db: IndexDb, callee: string): CallSite[] {
  return statement(db, `SELECT ${SITE_COLUMNS} FROM calls c JOIN files f ON f.id = c.file_id WHERE c.callee = ? ORDER BY f.path, c.line, c.col`).all(callee) as CallSite[];
}

/** The calls a file makes from the definition `caller` (its top-level code when `caller` is ''), in order. */
export function callSitesFrom(db: IndexDb, file: string, caller: string): CallSite[] {
  return statement(
    db,
    `SELECT ${SITE_COLUMNS} FROM calls c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND (c.caller = ? OR (? = '' AND c.caller IS NULL)) ORDER BY c.line, c.col`,
  ).all(file, caller, caller) as CallSite[];
}

// ---------------------------------------------------------------------------------------------------
// The call graph (analysis/call-graph.ts)

/** A call as the call graph walks it. */
export interface CallRow {
  file_id: number;
  file: string;
  language: string;
  caller: string | null;
  callee: string;
  receiver: string | null;
  line: number;
  resolution: CallResolution;
  module: string | null;
}

const CALL_COLUMNS = 'c.file_id, f.path AS file, f.language, c.caller, c.callee, c.receiver, c.line, c.resolution, c.module';

/** Every call to one of these names, by path, line and column. */
export function callsToAny(db: IndexDb, callees: readonly string[]): CallRow[] {
  return rowsOnce(
    db,
    `SELECT ${CALL_COLUMNS} FROM calls c JOIN files f ON f.id = c.file_id
       WHERE c.callee IN (${callees.map(() => '?').join(',')}) ORDER BY f.path, c.line, c.col`,
  ).all(...callees) as CallRow[];
}

/** The calls of a file between two lines made by `caller` or definitions nested in it, in order. */
export function callsMadeBy(db: IndexDb, fileId: number, startLine: number, endLine: number, caller: string): CallRow[] {
  return statement(
    db,
    `SELECT ${CALL_COLUMNS} FROM calls c JOIN files f ON f.id = c.file_id
         WHERE c.file_id = ? AND c.line BETWEEN ? AND ? AND (c.caller = ? OR substr(c.caller, 1, length(?) + 1) = ? || '.')
         ORDER BY c.line, c.col`,
  ).all(fileId, startLine, endLine, caller, caller, caller) as CallRow[];
}
