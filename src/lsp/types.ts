/**
 * Result types of the LSP layer, in OUR coordinates: repository-relative POSIX paths,
 * 1-based lines, 0-based UTF-16 columns (see core/positions). Whatever answered
 * (a language server or the index) is said in `source`.
 */
import type { UsageRole } from '../core/types.js';

export type ResultSource = 'lsp' | 'index';

/** A place in the repository, asked about by a caller. */
export interface SourcePosition {
  /** Repository-relative path (or a path inside the root). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 0-based UTF-16 column. */
  column: number;
}

/** A range in a repository file. */
export interface Location {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A location found by an operation, with who found it and, when the index knows it, the syntactic role of the site. */
export interface Site extends Location {
  source: ResultSource;
  /** Syntactic role of the site (from the index: directly for index answers, matched by position for server answers). */
  role?: UsageRole | 'definition';
  /** Qualified name of the enclosing definition, when the index knows it. */
  enclosing?: string | null;
}

export interface SymbolItem {
  name: string;
  /** LSP symbol kind as a lower-case word (`enum`, `function`, ...), or the index's definition kind. */
  kind: string;
  container: string | null;
  /** The symbol as the server gives it (often the whole declaration). */
  location: Location;
  /** Where the name itself is: ask definition/references/hover here. */
  position: SourcePosition;
  source: ResultSource;
}

export interface DocumentSymbolItem {
  name: string;
  kind: string;
  detail: string | null;
  /** The whole symbol. */
  location: Location;
  /** The name of the symbol. */
  selection: Location;
  children: DocumentSymbolItem[];
}

/** A function-like node of the call hierarchy. `handle` is opaque: pass the item back to incomingCalls/outgoingCalls. */
export interface CallItem {
  name: string;
  kind: string;
  detail: string | null;
  /** The whole definition. */
  location: Location;
  /** The name of the definition. */
  selection: Location;
  source: ResultSource;
  /** The server's own item (source 'lsp') or the index's key (source 'index'). */
  handle: unknown;
}

/** One edge of the call hierarchy: the other end, and where the calls are (always in the caller's file). */
export interface CallEdge {
  item: CallItem;
  sites: Location[];
}

export interface HoverInfo {
  /** Trimmed plain text (code fences removed). */
  text: string;
  location: Location | null;
}

/**
 * - ok: answered (possibly empty).
 * - unsupported: the server lacks the capability (or the index cannot answer this operation).
 * - unavailable: no server for the language, not installed, or given up after crashes.
 * - timeout: the request took longer than the timeout and was cancelled.
 * - error: the server answered with an error, or crashed twice on the same request.
 */
export type OperationStatus = 'ok' | 'unsupported' | 'unavailable' | 'timeout' | 'error';

export interface OperationResult<T> {
  status: OperationStatus;
  source: ResultSource;
  /** The answer; an empty value ([] or null) when status is not 'ok'. */
  value: T;
  /** Locations the server returned outside the repository root (library files), dropped from `value`. */
  droppedOutsideRoot: number;
  /** Things the caller should know: fallbacks taken, project still loading, merged sites. */
  notes: string[];
}

export interface Completeness {
  /** References the server returned (inside the root). */
  lspCount: number;
  /** Usage sites of the name in the index. */
  indexCount: number;
  /** False when the server found far fewer sites than the index and the index's sites were merged in. */
  complete: boolean;
  /** Index sites added by the merge. */
  added: number;
}

export type ReferencesResult = OperationResult<Site[]> & { completeness: Completeness };
