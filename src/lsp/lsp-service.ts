/**
 * The LSP layer's facade: each operation goes to the language server of the file's language
 * (one long-lived session per server and root) or, when there is none, it is not installed,
 * it gave up after crashes, lacks the capability, fails or times out, to the index, with a
 * note saying why. Server references are annotated with the index's syntactic roles, and
 * `referencesWithCompleteness` checks the server's count against the index's.
 */
import path from 'node:path';
import { assessCompleteness, mergeSites, type CompletenessOptions } from './completeness.js';
import type { LspFallback } from './fallback.js';
import { LspOperations } from './operations.js';
import { PathMapper } from './paths.js';
import { findProbeFile, type ReadinessProbe } from './readiness.js';
import { SERVER_LANGUAGES, resolveServer, serverLanguageOf, type LspServerOverrides, type ServerSpec } from './servers.js';
import { LspSession, type SessionOptions, type SessionStatus } from './session.js';
import { SourceText } from './source-text.js';
import type {
  CallEdge,
  CallItem,
  DocumentSymbolItem,
  HoverInfo,
  OperationResult,
  ReferencesResult,
  Site,
  SourcePosition,
  SymbolItem,
} from './types.js';
import { LANGUAGES } from '../core/types.js';

export interface LspServiceOptions {
  /** Repository root. */
  root: string;
  /**
   * The index's answers (scout/index-fallback.ts `IndexFallback` over `SqliteStore.database`): fallbacks, syntactic
   * roles, completeness and readiness probes. Without it, servers only.
   */
  fallback?: LspFallback | null;
  /** Per-language server command overrides. */
  servers?: LspServerOverrides;
  /** Languages never sent to a server (always answered from the index). */
  disabledLanguages?: string[];
  session?: Partial<SessionOptions>;
  completeness?: CompletenessOptions;
  hoverMaxChars?: number;
}

type Target = { ops: LspOperations } | { reason: string };

/** A member's owner, for its completeness check: `ClientResponse` for `ClientResponse.type`, and where it is declared. */
export interface MemberScope {
  owner: string;
  ownerPosition: SourcePosition | null;
}

/** Every language the registry or Scout knows, for grouping by server. */
const ALL_LANGUAGES = [...new Set<string>([...LANGUAGES, ...SERVER_LANGUAGES])];

const isEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length === 0 : value === null || value === undefined);

export class LspService {
  readonly root: string;
  readonly paths: PathMapper;
  private readonly options: LspServiceOptions;
  private readonly fallback: LspFallback | null;
  private readonly text: SourceText;
  private readonly bySpec = new Map<string, LspOperations>();

  constructor(options: LspServiceOptions) {
    this.options = options;
    this.paths = new PathMapper(options.root);
    this.root = this.paths.root;
    this.fallback = options.fallback ?? null;
    this.text = new SourceText(this.root);
    this.refreshConfinement();
  }

  /**
   * Re-read where links inside the root lead (the index lists them), so that results a server finds
   * through them are recognised and dropped. Call before a question: the index may have changed.
   */
  refreshConfinement(): void {
    if (!this.fallback) return;
    this.paths.setEscapingLinks(this.fallback.escapingLinks().map((link) => path.join(this.root, link)));
  }

  /** Results dropped so far because they lie outside the root: all of them, and those reached through links inside it. */
  droppedOutside(): { total: number; throughLinks: number } {
    return { total: this.paths.droppedOutsideRoot, throughLinks: this.paths.droppedThroughLinks };
  }

  /** The session for a language (created lazily, not started until a request needs it), or null when it has no server. */
  session(language: string): LspSession | null {
    if (this.options.disabledLanguages?.includes(language)) return null;
    const spec = resolveServer(language, this.options.servers);
    return spec ? this.operations(spec, language).session : null;
  }

  /** Sessions created so far. */
  sessions(): LspSession[] {
    return [...this.bySpec.values()].map((o) => o.session);
  }

  status(): SessionStatus[] {
    return this.sessions().map((s) => s.status());
  }

  /** Symbols matching a query, from the servers of the given languages (default: the languages in the index). */
  async workspaceSymbol(query: string, options: { languages?: string[] } = {}): Promise<OperationResult<SymbolItem[]>> {
    const languages = options.languages ?? this.fallback?.languages() ?? this.detectLanguages();
    const groups = new Map<string, { target: Target; languages: string[] }>();
    for (const language of languages) {
      const target = this.targetFor(language);
      const key = 'ops' in target ? `server:${target.ops.session.spec.id}` : `index:${language}`;
      const group = groups.get(key) ?? { target, languages: [] };
      group.languages.push(language);
      groups.set(key, group);
    }
    const value: SymbolItem[] = [];
    const notes: string[] = [];
    const statuses: OperationResult<SymbolItem[]>[] = [];
    let dropped = 0;
    for (const { target, languages: groupLanguages } of groups.values()) {
      let result: OperationResult<SymbolItem[]>;
      if ('ops' in target) {
        result = await target.ops.workspaceSymbol(query);
        if (result.status === 'ok' && result.value.length === 0 && !target.ops.session.loaded && this.fallback) {
          const indexed = this.fallback.workspaceSymbol(query, { languages: groupLanguages });
          if (indexed.value.length > 0) {
            result = this.fromIndex(indexed, `${target.ops.session.spec.display} answered workspace/symbol with nothing before it had finished loading the project`);
          }
        } else if (result.status !== 'ok' && this.fallback) {
          const reason = `${target.ops.session.spec.display}: workspace/symbol ${result.status} (${result.notes.join('; ')})`;
          result = this.fromIndex(this.fallback.workspaceSymbol(query, { languages: groupLanguages }), reason);
        }
      } else if (this.fallback) {
        result = this.fromIndex(this.fallback.workspaceSymbol(query, { languages: groupLanguages }), `${groupLanguages.join(', ')}: ${target.reason}`);
      } else {
        result = { status: 'unavailable', source: 'lsp', value: [], droppedOutsideRoot: 0, notes: [target.reason] };
      }
      statuses.push(result);
      value.push(...result.value);
      dropped += result.droppedOutsideRoot;
      for (const note of result.notes) if (!notes.includes(note)) notes.push(note);
    }
    if (groups.size === 0) notes.push('no languages to search: index the repository or pass languages');
    const anyOk = statuses.some((r) => r.status === 'ok');
    return {
      status: anyOk || statuses.length === 0 ? 'ok' : (statuses[0] as OperationResult<SymbolItem[]>).status,
      // 'index' when no server answered; items say their own source when both did.
      source: statuses.length > 0 && statuses.every((r) => r.source === 'index') ? 'index' : 'lsp',
      value,
      droppedOutsideRoot: dropped,
      notes,
    };
  }

  async definition(position: SourcePosition): Promise<OperationResult<Site[]>> {
    const at = this.normalize(position);
    return this.route(at.file, 'definition', (ops) => ops.definition(at), (fb) => fb.definition(at), []);
  }

  async implementation(position: SourcePosition): Promise<OperationResult<Site[]>> {
    const at = this.normalize(position);
    return this.route(at.file, 'implementation', (ops) => ops.implementation(at), (fb) => fb.implementation(at), []);
  }

  async typeDefinition(position: SourcePosition): Promise<OperationResult<Site[]>> {
    const at = this.normalize(position);
    return this.route(at.file, 'typeDefinition', (ops) => ops.typeDefinition(at), (fb) => fb.typeDefinition(at), []);
  }

  /** References; sites found by a server carry the index's syntactic role when it has one. */
  async references(position: SourcePosition, options: { includeDeclaration?: boolean } = {}): Promise<OperationResult<Site[]>> {
    const at = this.normalize(position);
    const include = options.includeDeclaration ?? false;
    const result = await this.route(at.file, 'references', (ops) => ops.references(at, include), (fb) => fb.references(at, include), []);
    if (result.source === 'lsp' && this.fallback && result.value.length > 0) return { ...result, value: this.fallback.annotate(result.value) };
    return result;
  }

  /**
   * References of the symbol at `position`, checked against the index's usage count for `name`
   * (default: the identifier at the position). When the server finds far fewer, the answer
   * says so in a note and includes the index's sites (deduplicated by file and line).
   * When the server could not answer at all, every site comes from the index (`added` counts them).
   */
  async referencesWithCompleteness(position: SourcePosition, name?: string, member?: MemberScope): Promise<ReferencesResult> {
    const at = this.normalize(position);
    const symbol = name ?? this.text.identifierAt(at) ?? '';
    const result = await this.references(at, { includeDeclaration: false });
    if (!this.fallback) {
      return { ...result, completeness: { lspCount: result.value.length, indexCount: 0, complete: true, added: 0 }, notes: [...result.notes, 'no index to check completeness against'] };
    }
    if (member) return this.memberCompleteness(result, symbol, member, this.fallback);
    if (result.source === 'index') {
      const n = result.value.length;
      return { ...result, completeness: { lspCount: 0, indexCount: n, complete: false, added: n } };
    }
    if (result.status !== 'ok') return { ...result, completeness: { lspCount: 0, indexCount: 0, complete: false, added: 0 } };
    const assessment = assessCompleteness(symbol, result.value, symbol ? this.fallback.usageSites(symbol) : [], this.options.completeness);
    return {
      ...result,
      value: assessment.sites,
      notes: assessment.note ? [...result.notes, assessment.note] : result.notes,
      completeness: assessment.completeness,
    };
  }

  /**
   * The completeness check for a member (`Owner.prop`), like with like: the index cannot tell which
   * `prop` belongs to `Owner`, so the member's own count is never compared with every `prop` in the
   * repository. The server's loadedness is judged on the owner's name instead (a declaration-level name,
   * comparable with the index's count); only when the server proves incomplete there, or did not answer,
   * are the index's `prop` sites merged, and only those in files that name the owner.
   */
  private async memberCompleteness(result: OperationResult<Site[]>, symbol: string, member: MemberScope, fallback: LspFallback): Promise<ReferencesResult> {
    const like = (): Site[] => fallback.usageSites(symbol, member.owner);
    if (result.source === 'index') {
      const sites = like();
      return { ...result, value: sites, completeness: { lspCount: 0, indexCount: sites.length, complete: false, added: sites.length } };
    }
    if (result.status !== 'ok') return { ...result, completeness: { lspCount: 0, indexCount: 0, complete: false, added: 0 } };
    const complete = { ...result, completeness: { lspCount: result.value.length, indexCount: 0, complete: true, added: 0 } };
    if (!member.ownerPosition) return complete;
    const ownerRefs = await this.references(member.ownerPosition, { includeDeclaration: false });
    if (ownerRefs.source !== 'lsp' || ownerRefs.status !== 'ok') return complete;
    const owner = assessCompleteness(member.owner, ownerRefs.value, fallback.usageSites(member.owner), this.options.completeness);
    if (owner.completeness.complete) return complete;
    const indexSites = like();
    const merged = mergeSites(result.value, indexSites);
    const added = merged.length - result.value.length;
    const note =
      `the language server found ${owner.completeness.lspCount} reference(s) to "${member.owner}" but the index has ${owner.completeness.indexCount}: ` +
      `the project is probably not fully loaded; merged ${added} index site(s) of "${symbol}" in files that name "${member.owner}" (source 'index', matched by name)`;
    return { ...result, value: merged, notes: [...result.notes, note], completeness: { lspCount: result.value.length, indexCount: indexSites.length, complete: false, added } };
  }

  async hover(position: SourcePosition): Promise<OperationResult<HoverInfo | null>> {
    const at = this.normalize(position);
    return this.route(at.file, 'hover', (ops) => ops.hover(at), (fb) => fb.hover(at), null);
  }

  async documentSymbols(file: string): Promise<OperationResult<DocumentSymbolItem[]>> {
    const relative = this.paths.relative(file);
    return this.route(relative, 'documentSymbol', (ops) => ops.documentSymbols(relative), (fb) => fb.documentSymbols(relative), []);
  }

  async prepareCallHierarchy(position: SourcePosition): Promise<OperationResult<CallItem[]>> {
    const at = this.normalize(position);
    return this.route(at.file, 'prepareCallHierarchy', (ops) => ops.prepareCallHierarchy(at), (fb) => fb.prepareCallHierarchy(at), []);
  }

  /** Callers of an item from prepareCallHierarchy (or from a previous edge). */
  async incomingCalls(item: CallItem): Promise<OperationResult<CallEdge[]>> {
    return this.callEdges(item, 'incomingCalls');
  }

  /** Callees of an item from prepareCallHierarchy (or from a previous edge). */
  async outgoingCalls(item: CallItem): Promise<OperationResult<CallEdge[]>> {
    return this.callEdges(item, 'outgoingCalls');
  }

  /** Shut every server down (shutdown + exit, killed after the grace period). */
  async shutdown(): Promise<void> {
    await Promise.all(this.sessions().map((s) => s.shutdown()));
  }

  private async callEdges(item: CallItem, direction: 'incomingCalls' | 'outgoingCalls'): Promise<OperationResult<CallEdge[]>> {
    const fromIndex = (fb: LspFallback): OperationResult<CallEdge[]> => (direction === 'incomingCalls' ? fb.incomingCalls(item) : fb.outgoingCalls(item));
    if (item.source === 'index') {
      if (this.fallback) return fromIndex(this.fallback);
      return { status: 'unavailable', source: 'index', value: [], droppedOutsideRoot: 0, notes: ['an index call item needs the index'] };
    }
    return this.route(item.location.file, direction, (ops) => (direction === 'incomingCalls' ? ops.incomingCalls(item) : ops.outgoingCalls(item)), fromIndex, []);
  }

  private async route<T>(
    file: string,
    operation: string,
    viaServer: (ops: LspOperations) => Promise<OperationResult<T>>,
    viaIndex: (fallback: LspFallback) => OperationResult<T>,
    empty: T,
  ): Promise<OperationResult<T>> {
    const language = serverLanguageOf(file);
    const target: Target = language ? this.targetFor(language) : { reason: `no language server for ${file}` };
    if ('reason' in target) {
      if (!this.fallback) return { status: 'unavailable', source: 'lsp', value: empty, droppedOutsideRoot: 0, notes: [target.reason] };
      return this.fromIndex(viaIndex(this.fallback), target.reason);
    }
    const result = await viaServer(target.ops);
    if (!this.fallback) return result;
    if (result.status === 'ok') {
      if (isEmpty(result.value) && !target.ops.session.loaded) {
        // An empty answer from a server that had not finished loading is not trusted.
        const indexed = viaIndex(this.fallback);
        if (indexed.status === 'ok' && !isEmpty(indexed.value)) {
          return this.fromIndex(indexed, `${target.ops.session.spec.display} answered ${operation} with nothing before it had finished loading the project`);
        }
      }
      return result;
    }
    const why = `${target.ops.session.spec.display}: ${operation} ${result.status}${result.notes.length > 0 ? ` (${result.notes.join('; ')})` : ''}`;
    const indexed = viaIndex(this.fallback);
    if (indexed.status !== 'ok') return { ...result, notes: [...result.notes, ...indexed.notes] };
    return this.fromIndex(indexed, why);
  }

  private fromIndex<T>(result: OperationResult<T>, reason: string): OperationResult<T> {
    return { ...result, notes: [`${reason}; answered from the index`, ...result.notes] };
  }

  private targetFor(language: string): Target {
    if (this.options.disabledLanguages?.includes(language)) return { reason: `language servers are disabled for ${language}` };
    const spec = resolveServer(language, this.options.servers);
    if (!spec) return { reason: `no language server is known for ${language}` };
    const ops = this.operations(spec, language);
    if (!ops.session.available) return { reason: ops.session.unavailableReason ?? `${spec.display} is unavailable` };
    return { ops };
  }

  private operations(spec: ServerSpec, language: string): LspOperations {
    const existing = this.bySpec.get(spec.id);
    if (existing) return existing;
    const languages = [language, ...ALL_LANGUAGES.filter((l) => l !== language && resolveServer(l, this.options.servers)?.id === spec.id)];
    const session = new LspSession(spec, this.root, {
      ...this.options.session,
      probe: this.options.session?.probe ?? (() => this.probeFor(languages, spec)),
    });
    const ops = new LspOperations(session, this.paths, this.options.hoverMaxChars === undefined ? {} : { hoverMaxChars: this.options.hoverMaxChars });
    this.bySpec.set(spec.id, ops);
    return ops;
  }

  private probeFor(languages: string[], spec: ServerSpec): Partial<ReadinessProbe> | null {
    const within = spec.projectScope?.(this.root) ?? null;
    const found = this.fallback?.probeSymbol(languages, within);
    // The project's configuration covers none of the indexed files: it will never list a probe name.
    if (!found && within && this.fallback?.probeSymbol(languages)) return { unreachable: `${spec.display}'s project (include: ${within.join(', ')}) covers none of the indexed files` };
    if (!found) return null;
    try {
      return { file: this.paths.absolute(found.file), symbol: found.name, alternatives: found.alternatives ?? [] };
    } catch {
      return null;
    }
  }

  /** Without an index: the languages that have at least one source file with a server's extension. */
  private detectLanguages(): string[] {
    const found: string[] = [];
    const seenSpecs = new Set<string>();
    for (const language of SERVER_LANGUAGES) {
      const spec = resolveServer(language, this.options.servers);
      if (!spec || seenSpecs.has(spec.id)) continue;
      seenSpecs.add(spec.id);
      if (findProbeFile(this.root, spec.extensions, 2_000)) found.push(language);
    }
    return found;
  }

  private normalize(position: SourcePosition): SourcePosition {
    return { file: this.paths.relative(position.file), line: position.line, column: position.column };
  }
}
