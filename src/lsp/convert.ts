/** Pure conversions from LSP result shapes to ours (locations outside the root are dropped and counted). */
import type {
  CallHierarchyItem,
  DocumentSymbol,
  Hover,
  Location as LspLocation,
  LocationLink,
  MarkedString,
  MarkupContent,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import { fromLspRange, type PathMapper } from './paths.js';
import type { CallItem, DocumentSymbolItem, Location, Site } from './types.js';

export interface Converted<T> {
  value: T;
  /** Items outside the repository root, dropped. */
  dropped: number;
}

const SYMBOL_KIND_NAMES = [
  'file', 'module', 'namespace', 'package', 'class', 'method', 'property', 'field', 'constructor', 'enum',
  'interface', 'function', 'variable', 'constant', 'string', 'number', 'boolean', 'array', 'object', 'key',
  'null', 'enum_member', 'struct', 'event', 'operator', 'type_parameter',
];

/** LSP SymbolKind (1-26) as a lower-case word. */
export function symbolKindName(kind: number): string {
  return SYMBOL_KIND_NAMES[kind - 1] ?? 'unknown';
}

/** definition / implementation / typeDefinition / references answers → sites. */
export function toSites(result: LspLocation | LspLocation[] | LocationLink[] | null | undefined, paths: PathMapper): Converted<Site[]> {
  const items: Array<LspLocation | LocationLink> = result == null ? [] : Array.isArray(result) ? result : [result];
  const value: Site[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  for (const item of items) {
    const location = 'targetUri' in item
      ? paths.location(item.targetUri, item.targetSelectionRange ?? item.targetRange)
      : paths.location(item.uri, item.range);
    if (!location) {
      dropped += 1;
      continue;
    }
    const key = `${location.file}:${location.line}:${location.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    value.push({ ...location, source: 'lsp' });
  }
  return { value, dropped };
}

export interface RawSymbol {
  name: string;
  kind: string;
  container: string | null;
  location: Location;
}

/** workspace/symbol answers → symbols inside the root. */
export function toWorkspaceSymbols(result: SymbolInformation[] | WorkspaceSymbol[] | null | undefined, paths: PathMapper): Converted<RawSymbol[]> {
  const value: RawSymbol[] = [];
  let dropped = 0;
  for (const symbol of result ?? []) {
    const where = symbol.location as { uri: string; range?: LspLocation['range'] };
    const range = where.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const location = paths.location(where.uri, range);
    if (!location) {
      dropped += 1;
      continue;
    }
    value.push({ name: symbol.name, kind: symbolKindName(symbol.kind), container: symbol.containerName ?? null, location });
  }
  return { value, dropped };
}

/** textDocument/documentSymbol answers (hierarchical or flat) → a tree. */
export function toDocumentSymbols(
  result: DocumentSymbol[] | SymbolInformation[] | null | undefined,
  file: string,
  paths: PathMapper,
): Converted<DocumentSymbolItem[]> {
  let dropped = 0;
  const convert = (symbol: DocumentSymbol | SymbolInformation): DocumentSymbolItem | null => {
    if ('location' in symbol) {
      const location = paths.location(symbol.location.uri, symbol.location.range);
      if (!location) {
        dropped += 1;
        return null;
      }
      return { name: symbol.name, kind: symbolKindName(symbol.kind), detail: symbol.containerName ?? null, location, selection: location, children: [] };
    }
    const rangeOf = (r: DocumentSymbol['range']): Location => ({ file, ...fromLspRange(r) });
    return {
      name: symbol.name,
      kind: symbolKindName(symbol.kind),
      detail: symbol.detail ?? null,
      location: rangeOf(symbol.range),
      selection: rangeOf(symbol.selectionRange),
      children: byPosition((symbol.children ?? []).map(convert).filter((c): c is DocumentSymbolItem => c !== null)),
    };
  };
  const value = byPosition((result ?? []).map(convert).filter((c): c is DocumentSymbolItem => c !== null));
  return { value, dropped };
}

/** Symbols in source order (some servers sort them by name). */
function byPosition(items: DocumentSymbolItem[]): DocumentSymbolItem[] {
  return items.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.line - b.location.line || a.location.column - b.location.column);
}

/** A call hierarchy item → ours (the server's item kept as the handle), or null outside the root. */
export function toCallItem(item: CallHierarchyItem, paths: PathMapper): CallItem | null {
  const location = paths.location(item.uri, item.range);
  const selection = paths.location(item.uri, item.selectionRange);
  if (!location || !selection) return null;
  return { name: item.name, kind: symbolKindName(item.kind), detail: item.detail ?? null, location, selection, source: 'lsp', handle: item };
}

/** Hover contents as trimmed plain text: code fences and horizontal rules removed, blank lines collapsed, capped. */
export function hoverText(contents: Hover['contents'] | null | undefined, maxChars = 1_200): string {
  const parts: string[] = [];
  const add = (part: MarkupContent | MarkedString): void => {
    if (typeof part === 'string') parts.push(part);
    else if ('kind' in part) parts.push(part.value);
    else parts.push(part.value);
  };
  if (contents == null) return '';
  if (Array.isArray(contents)) contents.forEach(add);
  else add(contents);
  const text = parts
    .join('\n\n')
    .split('\n')
    .filter((line) => !/^\s*```/.test(line) && !/^\s*(---+|\*\*\*+|___+)\s*$/.test(line))
    .join('\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}
