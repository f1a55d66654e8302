/**
 * Typed LSP operations on OUR coordinates, over one session. Each checks the server's
 * capabilities first and returns 'unsupported' (never throws) when it is missing; failures
 * (timeout, crash, server error, unavailable) come back as a status with a note.
 */
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  DocumentSymbol,
  Hover,
  Location as LspLocation,
  LocationLink,
  ServerCapabilities,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import { hoverText, toCallItem, toDocumentSymbols, toSites, toWorkspaceSymbols, type Converted } from './convert.js';
import { asLspError, type LspErrorKind } from './errors.js';
import { toLspPosition, type PathMapper } from './paths.js';
import type { LspSession } from './session.js';
import { SourceText } from './source-text.js';
import type {
  CallEdge,
  CallItem,
  DocumentSymbolItem,
  HoverInfo,
  Location,
  OperationResult,
  OperationStatus,
  Site,
  SourcePosition,
  SymbolItem,
} from './types.js';

type CapabilityKey = keyof ServerCapabilities;

const STATUS_OF: Record<LspErrorKind, OperationStatus> = {
  timeout: 'timeout',
  unavailable: 'unavailable',
  crashed: 'error',
  error: 'error',
};

export interface OperationsOptions {
  /** Hover text is cut to this many characters (default 1,200). */
  hoverMaxChars?: number;
}

export class LspOperations {
  readonly session: LspSession;
  readonly paths: PathMapper;
  private readonly text: SourceText;
  private readonly hoverMaxChars: number;

  constructor(session: LspSession, paths: PathMapper, options: OperationsOptions = {}) {
    this.session = session;
    this.paths = paths;
    this.text = new SourceText(paths.root);
    this.hoverMaxChars = options.hoverMaxChars ?? 1_200;
  }

  workspaceSymbol(query: string): Promise<OperationResult<SymbolItem[]>> {
    return this.run('workspaceSymbolProvider', 'workspace/symbol', [] as SymbolItem[], async () => {
      const raw = await this.session.request<SymbolInformation[] | WorkspaceSymbol[] | null>('workspace/symbol', { query });
      const converted = toWorkspaceSymbols(raw, this.paths);
      return {
        value: converted.value.map((s) => ({ ...s, position: this.text.namePosition(s.location, s.name), source: 'lsp' as const })),
        dropped: converted.dropped,
      };
    });
  }

  definition(position: SourcePosition): Promise<OperationResult<Site[]>> {
    return this.locations('definitionProvider', 'textDocument/definition', position);
  }

  implementation(position: SourcePosition): Promise<OperationResult<Site[]>> {
    return this.locations('implementationProvider', 'textDocument/implementation', position);
  }

  typeDefinition(position: SourcePosition): Promise<OperationResult<Site[]>> {
    return this.locations('typeDefinitionProvider', 'textDocument/typeDefinition', position);
  }

  references(position: SourcePosition, includeDeclaration = false): Promise<OperationResult<Site[]>> {
    return this.locations('referencesProvider', 'textDocument/references', position, { context: { includeDeclaration } });
  }

  hover(position: SourcePosition): Promise<OperationResult<HoverInfo | null>> {
    const document = this.paths.absolute(position.file);
    return this.run('hoverProvider', 'textDocument/hover', null as HoverInfo | null, async () => {
      const raw = await this.session.request<Hover | null>('textDocument/hover', this.positionParams(position), { document });
      if (!raw) return { value: null, dropped: 0 };
      const text = hoverText(raw.contents, this.hoverMaxChars);
      if (text && (await this.declaredThroughLink(position, document))) return { value: null, dropped: 1 };
      const location = raw.range ? this.paths.location(this.paths.uri(position.file), raw.range) : null;
      return { value: text ? { text, location } : null, dropped: 0 };
    });
  }

  /**
   * Whether the name at a position is declared in a file reached through a link that leads outside
   * the root: its hover would quote that file (a signature, a literal type, a doc comment), so it is
   * dropped. Asked only when a hover has text; one definition request.
   */
  private async declaredThroughLink(position: SourcePosition, document: string): Promise<boolean> {
    const raw = await this.session.request<LspLocation | LspLocation[] | LocationLink[] | null>('textDocument/definition', this.positionParams(position), { document });
    const targets = raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    return targets.some((t) => this.paths.leadsThroughLink('targetUri' in t ? t.targetUri : t.uri));
  }

  documentSymbols(file: string): Promise<OperationResult<DocumentSymbolItem[]>> {
    const document = this.paths.absolute(file);
    const relative = this.paths.relative(file);
    return this.run('documentSymbolProvider', 'textDocument/documentSymbol', [] as DocumentSymbolItem[], async () => {
      const raw = await this.session.request<DocumentSymbol[] | SymbolInformation[] | null>(
        'textDocument/documentSymbol',
        { textDocument: { uri: this.paths.uri(file) } },
        { document },
      );
      return toDocumentSymbols(raw, relative, this.paths);
    });
  }

  prepareCallHierarchy(position: SourcePosition): Promise<OperationResult<CallItem[]>> {
    const document = this.paths.absolute(position.file);
    return this.run('callHierarchyProvider', 'textDocument/prepareCallHierarchy', [] as CallItem[], async () => {
      const raw = await this.session.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', this.positionParams(position), { document });
      return this.callItems(raw ?? []);
    });
  }

  incomingCalls(item: CallItem): Promise<OperationResult<CallEdge[]>> {
    return this.run('callHierarchyProvider', 'callHierarchy/incomingCalls', [] as CallEdge[], async () => {
      const handle = this.handleOf(item);
      const raw = await this.session.request<CallHierarchyIncomingCall[] | null>('callHierarchy/incomingCalls', { item: handle }, { document: this.paths.absolute(item.location.file) });
      const value: CallEdge[] = [];
      let dropped = 0;
      for (const call of raw ?? []) {
        const from = toCallItem(call.from, this.paths);
        if (!from) {
          dropped += 1;
          continue;
        }
        const sites = call.fromRanges.map((r) => this.paths.location(call.from.uri, r)).filter((l): l is Location => l !== null);
        value.push({ item: from, sites });
      }
      return { value, dropped };
    });
  }

  outgoingCalls(item: CallItem): Promise<OperationResult<CallEdge[]>> {
    return this.run('callHierarchyProvider', 'callHierarchy/outgoingCalls', [] as CallEdge[], async () => {
      const handle = this.handleOf(item);
      const raw = await this.session.request<CallHierarchyOutgoingCall[] | null>('callHierarchy/outgoingCalls', { item: handle }, { document: this.paths.absolute(item.location.file) });
      const value: CallEdge[] = [];
      let dropped = 0;
      for (const call of raw ?? []) {
        const to = toCallItem(call.to, this.paths);
        if (!to) {
          dropped += 1;
          continue;
        }
        // fromRanges are in the caller's file.
        const sites = call.fromRanges.map((r) => this.paths.location(handle.uri, r)).filter((l): l is Location => l !== null);
        value.push({ item: to, sites });
      }
      return { value, dropped };
    });
  }

  private locations(
    capability: CapabilityKey,
    method: string,
    position: SourcePosition,
    extra: Record<string, unknown> = {},
  ): Promise<OperationResult<Site[]>> {
    const document = this.paths.absolute(position.file);
    return this.run(capability, method, [] as Site[], async () => {
      const raw = await this.session.request<LspLocation | LspLocation[] | LocationLink[] | null>(
        method,
        { ...this.positionParams(position), ...extra },
        { document },
      );
      return toSites(raw, this.paths);
    });
  }

  private positionParams(position: SourcePosition): { textDocument: { uri: string }; position: { line: number; character: number } } {
    return { textDocument: { uri: this.paths.uri(position.file) }, position: toLspPosition(position) };
  }

  private callItems(raw: CallHierarchyItem[]): Converted<CallItem[]> {
    const value: CallItem[] = [];
    let dropped = 0;
    for (const item of raw) {
      const converted = toCallItem(item, this.paths);
      if (converted) value.push(converted);
      else dropped += 1;
    }
    return { value, dropped };
  }

  private handleOf(item: CallItem): CallHierarchyItem {
    const handle = item.handle as CallHierarchyItem | undefined;
    if (item.source !== 'lsp' || !handle || typeof handle.uri !== 'string') {
      throw new Error(`call item ${item.name} did not come from a language server; use the index for it`);
    }
    return handle;
  }

  private async run<T>(
    capability: CapabilityKey,
    method: string,
    empty: T,
    body: () => Promise<Converted<T>>,
  ): Promise<OperationResult<T>> {
    const server = this.session.spec.display;
    const failed = (error: unknown): OperationResult<T> => {
      const lspError = asLspError(error);
      return { status: STATUS_OF[lspError.kind], source: 'lsp', value: empty, droppedOutsideRoot: 0, notes: [`${server}: ${lspError.message}`] };
    };
    let supported: boolean;
    try {
      const { capabilities, registered } = await this.session.capabilities();
      supported = Boolean(capabilities[capability]) || registered.has(method);
    } catch (error) {
      return failed(error);
    }
    if (!supported) {
      return { status: 'unsupported', source: 'lsp', value: empty, droppedOutsideRoot: 0, notes: [`${server} does not support ${method}`] };
    }
    try {
      const { value, dropped } = await body();
      const notes: string[] = [];
      if (dropped > 0) notes.push(`${dropped} result${dropped === 1 ? '' : 's'} outside the repository (libraries) left out`);
      const isEmpty = Array.isArray(value) ? value.length === 0 : value === null;
      if (isEmpty && this.session.loadNote) notes.push(this.session.loadNote);
      return { status: 'ok', source: 'lsp', value, droppedOutsideRoot: dropped, notes };
    } catch (error) {
      return failed(error);
    }
  }
}
