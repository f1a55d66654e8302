/**
 * What the LSP layer asks of the index when a server gives nothing: the operations answered by name
 * from the index (`source: 'index'`), the syntactic roles of a server's sites, and the facts the service
 * needs about the repository (its languages, links leading outside it, a readiness probe). The LSP layer
 * only sees this interface; the implementation over the index is scout/index-fallback.ts, which the
 * creator of an `LspService` passes in (`LspServiceOptions.fallback`).
 */
import type { CallEdge, CallItem, DocumentSymbolItem, HoverInfo, OperationResult, Site, SourcePosition, SymbolItem } from './types.js';

export interface LspFallback {
  /** Repository-relative paths of the links the walker found leading outside the root. */
  escapingLinks(): string[];
  /** Languages present in the index. */
  languages(): string[];
  /** Definitions whose name matches the query. */
  workspaceSymbol(query: string, options?: { languages?: string[]; limit?: number }): OperationResult<SymbolItem[]>;
  definition(position: SourcePosition): OperationResult<Site[]>;
  references(position: SourcePosition, includeDeclaration?: boolean): OperationResult<Site[]>;
  /** Every usage site of a name, with its syntactic role; with `inFilesNaming`, only in the files that define or use that other name. */
  usageSites(name: string, inFilesNaming?: string): Site[];
  hover(position: SourcePosition): OperationResult<HoverInfo | null>;
  documentSymbols(file: string): OperationResult<DocumentSymbolItem[]>;
  prepareCallHierarchy(position: SourcePosition): OperationResult<CallItem[]>;
  incomingCalls(item: CallItem): OperationResult<CallEdge[]>;
  outgoingCalls(item: CallItem): OperationResult<CallEdge[]>;
  implementation(position: SourcePosition): OperationResult<Site[]>;
  typeDefinition(position: SourcePosition): OperationResult<Site[]>;
  /** The syntactic role (and enclosing definition) of sites found by a server, matched by position. */
  annotate(sites: Site[]): Site[];
  /** A name defined at top level in a file of one of these languages (under `within`, when given), and its file: the readiness probe of a server; names from other folders as alternatives. */
  probeSymbol(languages: string[], within?: readonly string[] | null): { name: string; file: string; alternatives?: string[] } | null;
}
