/**
 * The LSP operations answered from the index, for languages without a server (Haskell
 * without HLS) or when the server fails or times out. Everything here matches by NAME
 * (what the syntax says), so answers are marked `source: 'index'` and say so in a note;
 * references carry the syntactic role of each site. The LSP layer sees it as its
 * `LspFallback` (lsp/fallback.ts): pass `new IndexFallback(store.database, root)` as
 * `LspServiceOptions.fallback`. The index's rows are read through index/read/.
 */
import path from 'node:path';
import type { IndexDb } from '../index/db.js';
import { callSitesFrom, callSitesTo, type CallSite } from '../index/read/calls.js';
import {
  definitionNamesOnLines,
  definitionsInFile,
  definitionsMatchingName,
  probeDefinitions,
  qualifiedNameNear,
  symbolDefinitionsNamed,
  symbolDefinitionsQualified,
  type SymbolDefinition,
} from '../index/read/definitions.js';
import { indexedLanguages, isIndexedFile, linksOutsideRoot } from '../index/read/files.js';
import { implementsOrExtends, usageCount, usageSitesNamed, usagesOnLines } from '../index/read/usages.js';
import type { LspFallback } from '../lsp/fallback.js';
import { SourceText } from '../lsp/source-text.js';
import type {
  CallEdge,
  CallItem,
  DocumentSymbolItem,
  HoverInfo,
  Location,
  OperationResult,
  Site,
  SourcePosition,
  SymbolItem,
} from '../lsp/types.js';

type DefinitionRow = SymbolDefinition;
type CallRow = CallSite;

/** The index's key for a call-hierarchy item. */
export interface IndexCallHandle {
  name: string;
  qualifiedName: string;
  file: string;
}

const CALLABLE_KINDS = new Set(['function', 'method']);
const TYPE_KINDS = new Set(['interface', 'class', 'type_class', 'data_type', 'type_alias', 'enum']);
const BY_NAME_NOTE = 'answered from the index by name (syntax only): same-named symbols are not told apart';

function ok<T>(value: T, notes: string[] = []): OperationResult<T> {
  return { status: 'ok', source: 'index', value, droppedOutsideRoot: 0, notes };
}

/** Top-level folders a readiness probe takes a name from: a server that leaves one out (its `include`) finds another. */
const PROBE_FOLDERS = 4;

export class IndexFallback implements LspFallback {
  private readonly db: IndexDb;
  readonly text: SourceText;

  /** `root`: the repository root (resolved, as the LSP layer's paths are). */
  constructor(db: IndexDb, root: string) {
    this.db = db;
    this.text = new SourceText(path.resolve(root));
  }

  /** Repository-relative paths of the links the walker found leading outside the root (skipped, never indexed). */
  escapingLinks(): string[] {
    try {
      return linksOutsideRoot(this.db);
    } catch {
      return []; // an index without the table (older schema): nothing known
    }
  }

  /** Definitions whose name matches the query: exact, then case-insensitive, then substring. */
  workspaceSymbol(query: string, options: { languages?: string[]; limit?: number } = {}): OperationResult<SymbolItem[]> {
    const limit = options.limit ?? 100;
    const languages = options.languages ?? [];
    const rows = definitionsMatchingName(this.db, query, languages, limit + 1);
    const notes = [BY_NAME_NOTE];
    if (rows.length > limit) notes.push(`more than ${limit} matches: refine the query`);
    return ok(
      rows.slice(0, limit).map((r) => ({
        name: r.name,
        kind: r.kind,
        container: r.parent,
        location: spanOf(r),
        position: { file: r.file, line: r.nameLine, column: r.nameCol },
        source: 'index' as const,
      })),
      notes,
    );
  }

  definition(position: SourcePosition): OperationResult<Site[]> {
    const name = this.text.identifierAt(position);
    if (!name) return ok([], [this.noIdentifier(position)]);
    const rows = this.rankedDefinitions(name, position);
    const notes = [BY_NAME_NOTE];
    if (rows.length === 0) notes.push(`no definition of "${name}" in the index (defined outside the repository?)`);
    return ok(rows.map((r) => definitionSite(r)), notes);
  }

  references(position: SourcePosition, includeDeclaration = false): OperationResult<Site[]> {
    const name = this.text.identifierAt(position);
    if (!name) return ok([], [this.noIdentifier(position)]);
    const sites = this.usageSites(name);
    if (includeDeclaration) sites.unshift(...this.definitionsNamed(name).map((r) => definitionSite(r)));
    return ok(sites, [BY_NAME_NOTE]);
  }

  /**
   * Every usage site of a name, with its syntactic role; with `inFilesNaming`, only in the files that
   * define or use that other name (a member's sites where its owner is in sight: `type` in the files that
   * name `ClientResponse`, not every `type` of the repository).
   */
  usageSites(name: string, inFilesNaming?: string): Site[] {
    const rows = usageSitesNamed(this.db, name, inFilesNaming);
    return rows.map((u) => ({
      file: u.file,
      line: u.line,
      column: u.col,
      endLine: u.line,
      endColumn: u.endCol,
      source: 'index' as const,
      role: u.role,
      enclosing: u.enclosing,
    }));
  }

  usageCount(name: string): number {
    return usageCount(this.db, name);
  }

  hover(position: SourcePosition): OperationResult<HoverInfo | null> {
    const name = this.text.identifierAt(position);
    if (!name) return ok(null, [this.noIdentifier(position)]);
    const row = this.rankedDefinitions(name, position)[0];
    if (!row) return ok(null, [`no definition of "${name}" in the index`]);
    const text = [`(${row.kind}) ${row.qualifiedName}`, row.signature, row.docstring ?? ''].filter((t) => t.trim()).join('\n\n').trim();
    return ok({ text, location: selectionOf(row) }, [BY_NAME_NOTE]);
  }

  documentSymbols(file: string): OperationResult<DocumentSymbolItem[]> {
    const rows = definitionsInFile(this.db, file);
    const notes: string[] = [];
    if (rows.length === 0 && !this.isIndexed(file)) notes.push(`${file} is not in the index (run scout index)`);
    const byQualified = new Map<string, DocumentSymbolItem>();
    const roots: DocumentSymbolItem[] = [];
    for (const r of rows) {
      const item: DocumentSymbolItem = { name: r.name, kind: r.kind, detail: r.signature || null, location: spanOf(r), selection: selectionOf(r), children: [] };
      const parent = r.parent ? byQualified.get(r.parent) : undefined;
      if (parent) parent.children.push(item);
      else roots.push(item);
      if (!byQualified.has(r.qualifiedName)) byQualified.set(r.qualifiedName, item);
    }
    return ok(roots, notes);
  }

  prepareCallHierarchy(position: SourcePosition): OperationResult<CallItem[]> {
    const name = this.text.identifierAt(position);
    if (!name) return ok([], [this.noIdentifier(position)]);
    const rows = this.rankedDefinitions(name, position);
    const callable = rows.filter((r) => CALLABLE_KINDS.has(r.kind));
    const chosen = callable.length > 0 ? callable : rows;
    return ok(chosen.map((r) => callItemOf(r)), [BY_NAME_NOTE]);
  }

  incomingCalls(item: CallItem): OperationResult<CallEdge[]> {
    const key = this.keyOf(item);
    const rows = callSitesTo(this.db, key.name)
      // A call resolved as local to another file is not a call to this definition.
      .filter((c) => c.resolution !== 'local' || c.file === key.file);
    const groups = new Map<string, { file: string; caller: string | null; sites: Location[] }>();
    for (const c of rows) {
      const id = `${c.file}\u0000${c.caller ?? ''}`;
      let group = groups.get(id);
      if (!group) {
        group = { file: c.file, caller: c.caller, sites: [] };
        groups.set(id, group);
      }
      group.sites.push(callSite(c));
    }
    const edges: CallEdge[] = [...groups.values()].map((g) => ({ item: this.callerItem(g.file, g.caller), sites: g.sites }));
    return ok(edges, ['call edges from the index, matched by callee name']);
  }

  outgoingCalls(item: CallItem): OperationResult<CallEdge[]> {
    const key = this.keyOf(item);
    const rows = callSitesFrom(this.db, key.file, key.qualifiedName);
    const groups = new Map<string, CallRow[]>();
    for (const c of rows) groups.set(c.callee, [...(groups.get(c.callee) ?? []), c]);
    const edges: CallEdge[] = [];
    const unresolved: string[] = [];
    for (const [callee, calls] of groups) {
      const first = calls[0] as CallRow;
      const candidates = this.definitionsNamed(callee).filter((d) => first.resolution !== 'local' || d.file === key.file);
      const target = candidates.find((d) => d.file === key.file) ?? candidates.find((d) => d.isExported) ?? candidates[0];
      if (!target) {
        unresolved.push(first.receiver ? `${first.receiver}.${callee}` : callee);
        continue;
      }
      edges.push({ item: callItemOf(target), sites: calls.map(callSite) });
    }
    const notes = ['call edges from the index, matched by callee name'];
    if (unresolved.length > 0) notes.push(`${unresolved.length} callee${unresolved.length === 1 ? '' : 's'} not defined in the repository: ${unresolved.slice(0, 8).join(', ')}`);
    return ok(edges, notes);
  }

  /** Classes / instances that implement or extend the type at the position; for a method, the same-named methods in them. */
  implementation(position: SourcePosition): OperationResult<Site[]> {
    const name = this.text.identifierAt(position);
    if (!name) return ok([], [this.noIdentifier(position)]);
    const rows = this.rankedDefinitions(name, position);
    const sites: Site[] = [];
    const seen = new Set<string>();
    const push = (r: DefinitionRow): void => {
      const key = `${r.file}:${r.nameLine}:${r.nameCol}`;
      if (seen.has(key)) return;
      seen.add(key);
      sites.push(definitionSite(r));
    };
    for (const r of rows) {
      if (TYPE_KINDS.has(r.kind)) {
        for (const impl of this.implementors(r.name)) push(impl);
      } else if (r.parent) {
        const parentName = r.parent.split('.').pop() as string;
        for (const impl of this.implementors(parentName)) {
          for (const member of this.definitionsQualified(`${impl.qualifiedName}.${r.name}`, impl.file)) {
            if (member.file !== r.file || member.nameLine !== r.nameLine) push(member);
          }
        }
      }
    }
    return ok(sites, ['implementations from the index: types whose implements/extends clause names the type']);
  }

  typeDefinition(position: SourcePosition): OperationResult<Site[]> {
    void position;
    return { status: 'unsupported', source: 'index', value: [], droppedOutsideRoot: 0, notes: ['the index cannot answer type definitions (no types): needs a language server'] };
  }

  /** The syntactic role (and enclosing definition) of sites found by a server, matched by position. */
  annotate(sites: Site[]): Site[] {
    const byFile = new Map<string, Site[]>();
    for (const s of sites) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
    const annotated = new Map<Site, Site>();
    for (const [file, fileSites] of byFile) {
      const lines = [...new Set(fileSites.map((s) => s.line))];
      const usages = usagesOnLines(this.db, file, lines);
      const definitions = definitionNamesOnLines(this.db, file, lines);
      for (const s of fileSites) {
        const usage = usages.find((u) => u.line === s.line && u.col === s.column);
        if (usage) {
          annotated.set(s, { ...s, role: usage.role, enclosing: usage.enclosing });
          continue;
        }
        const definition = definitions.find((d) => d.line === s.line && d.col === s.column);
        if (definition) annotated.set(s, { ...s, role: 'definition', enclosing: definition.parent });
      }
    }
    return sites.map((s) => annotated.get(s) ?? s);
  }

  /** Languages present in the index. */
  languages(): string[] {
    return indexedLanguages(this.db);
  }

  isIndexed(file: string): boolean {
    return isIndexedFile(this.db, file);
  }

  /** A name defined at top level in a file of one of these languages, and its file: the readiness probe of a server. */
  probeSymbol(languages: string[], within: readonly string[] | null = null): { name: string; file: string; alternatives: string[] } | null {
    if (languages.length === 0) return null;
    const [first, ...others] = probeDefinitions(this.db, languages, PROBE_FOLDERS, within);
    return first ? { ...first, alternatives: others.map((o) => o.name) } : null;
  }

  private definitionsNamed(name: string): DefinitionRow[] {
    return symbolDefinitionsNamed(this.db, name);
  }

  private definitionsQualified(qualifiedName: string, file: string): DefinitionRow[] {
    return symbolDefinitionsQualified(this.db, qualifiedName, file);
  }

  /** Definitions of a name, best first: the one at the position, `Receiver.name` for `Receiver.name`, same file, exported. */
  private rankedDefinitions(name: string, position: SourcePosition): DefinitionRow[] {
    const rows = this.definitionsNamed(name);
    const lineText = this.text.line(position.file, position.line) ?? '';
    const receiver = /([\p{L}\p{N}_$]+)\s*\.\s*$/u.exec(lineText.slice(0, this.startOfName(lineText, position.column)))?.[1] ?? null;
    const score = (r: DefinitionRow): number =>
      (r.file === position.file && r.nameLine === position.line ? 8 : 0) +
      (receiver && r.qualifiedName === `${receiver}.${name}` ? 4 : 0) +
      (r.file === position.file ? 2 : 0) +
      (r.isExported ? 1 : 0);
    return rows.map((r, i) => ({ r, i, s: score(r) })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.r);
  }

  private startOfName(lineText: string, column: number): number {
    let start = Math.min(column, lineText.length);
    while (start > 0 && /[\p{L}\p{N}_$']/u.test(lineText.charAt(start - 1))) start -= 1;
    return start;
  }

  /** Definitions whose implements/extends clause names `typeName` (the enclosing definitions of those sites), and instances of it. */
  private implementors(typeName: string): DefinitionRow[] {
    const sites = implementsOrExtends(this.db, typeName);
    const viaClause = sites.flatMap((s) => this.definitionsQualified(s.enclosing, s.file).slice(0, 1));
    // Haskell instances are definitions named after their class.
    const instances = this.definitionsNamed(typeName).filter((d) => d.kind === 'instance');
    return [...viaClause, ...instances];
  }

  private keyOf(item: CallItem): IndexCallHandle {
    const handle = item.handle as Partial<IndexCallHandle> | undefined;
    if (item.source === 'index' && handle?.qualifiedName && handle.file) {
      return { name: item.name, qualifiedName: handle.qualifiedName, file: handle.file };
    }
    // A server's item: find the definition at its name in the index.
    const file = item.selection.file;
    const qualifiedName = qualifiedNameNear(this.db, file, item.name, item.selection.line);
    return { name: item.name, qualifiedName: qualifiedName ?? item.name, file };
  }

  private callerItem(file: string, caller: string | null): CallItem {
    if (caller) {
      const row = this.definitionsQualified(caller, file)[0];
      if (row) return callItemOf(row);
    }
    const whole: Location = { file, line: 1, column: 0, endLine: 1, endColumn: 0 };
    return {
      name: caller ?? file,
      kind: caller ? 'function' : 'module',
      detail: caller ? null : 'top-level code',
      location: whole,
      selection: whole,
      source: 'index',
      handle: { name: caller ?? file, qualifiedName: caller ?? '', file } satisfies IndexCallHandle,
    };
  }

  private noIdentifier(position: SourcePosition): string {
    return `no identifier at ${position.file}:${position.line}:${position.column}`;
  }
}

function spanOf(r: DefinitionRow): Location {
  return { file: r.file, line: r.startLine, column: r.startCol, endLine: r.endLine, endColumn: r.endCol };
}

function selectionOf(r: DefinitionRow): Location {
  return { file: r.file, line: r.nameLine, column: r.nameCol, endLine: r.nameLine, endColumn: r.nameCol + r.name.length };
}

function definitionSite(r: DefinitionRow): Site {
  return { ...selectionOf(r), source: 'index', role: 'definition', enclosing: r.parent };
}

function callItemOf(r: DefinitionRow): CallItem {
  return {
    name: r.name,
    kind: r.kind,
    detail: r.signature || null,
    location: spanOf(r),
    selection: selectionOf(r),
    source: 'index',
    handle: { name: r.name, qualifiedName: r.qualifiedName, file: r.file } satisfies IndexCallHandle,
  };
}

function callSite(c: CallRow): Location {
  return { file: c.file, line: c.line, column: c.col, endLine: c.line, endColumn: c.col + c.callee.length };
}
