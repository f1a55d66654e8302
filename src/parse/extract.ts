/**
 * The generic fact extractor: parse, run the language's query once, then turn
 * captures into definitions, imports, exports, usages with roles, calls,
 * complexity and search chunks. Language differences live in the query file
 * and the LanguageSpec hooks; this file knows no language.
 */
import type { Node, QueryCapture, QueryMatch } from 'web-tree-sitter';
import { spanFromPoints } from '../core/positions.js';
import type {
  CallFact,
  Complexity,
  Definition,
  DefinitionKind,
  ExportFact,
  FileFacts,
  ImportFact,
  Language,
  Usage,
} from '../core/types.js';
import { DEFINITION_KINDS } from '../core/types.js';
import { buildChunks } from './chunks.js';
import { signatureUpToBody } from './common.js';
import type { DefinitionCandidate, FileContext } from './language-spec.js';
import { loadLanguage, type LoadedLanguage } from './loader.js';
import { matchesWithin, parseWithin, startBudget } from './parse-budget.js';

const KIND_SET: ReadonlySet<string> = new Set(DEFINITION_KINDS);
const CALLABLE: ReadonlySet<DefinitionKind> = new Set(['function', 'method']);
const LOCAL_ONLY: ReadonlySet<DefinitionKind> = new Set(['variable', 'constant']);

type ComplexityTag = 'branch' | 'switch' | 'case' | 'logical' | 'else';

interface RawDefinition extends DefinitionCandidate {
  /** Cached node bounds: every Node getter but startIndex crosses into wasm. */
  start: number;
  end: number;
  /** Set when the definition extends past its node (see LanguageSpec.lastNode). */
  endPosition?: { row: number; column: number };
  pattern: number;
  parentIndex: number;
  qualifiedName: string;
}

interface ComplexityItem {
  tag: ComplexityTag;
  start: number;
  end: number;
  /** Number of enclosing structural (branch/switch) items, file-wide. */
  depth: number;
}

/** Where extraction time goes, for the index's per-stage split (milliseconds, added to). */
export interface ExtractTiming {
  /** tree-sitter parsing proper. */
  parseMs: number;
  /** Everything after: query matches, facts, chunks and their search tokens. */
  extractMs: number;
}

export interface ExtractOptions {
  /** Give up parsing and query matching after this many milliseconds (ScoutError PARSE_BUDGET_EXCEEDED); default none. */
  parseBudgetMs?: number;
  /** Stage timings to add to (the index's per-stage split). */
  timing?: ExtractTiming;
}

export async function extractFacts(language: Language, source: string, options: ExtractOptions = {}): Promise<FileFacts> {
  return extractWith(await loadLanguage(language), source, options);
}

export function extractWith(loaded: LoadedLanguage, source: string, options: ExtractOptions = {}): FileFacts {
  const { spec, parser, query } = loaded;
  const timing = options.timing;
  const budget = startBudget(options.parseBudgetMs);
  const parseStarted = timing ? performance.now() : 0;
  const tree = parseWithin(parser, spec.parsedText ? spec.parsedText(source) : source, budget);
  const parsed = timing ? performance.now() : 0;
  if (timing) timing.parseMs += parsed - parseStarted;
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${spec.language} file`);
  try {
    const root = tree.rootNode;
    const matches = matchesWithin(query, root, budget);
    const file: FileContext = { source, root, exportedNames: new Set(), hasExportList: false };

    const defByNode = new Map<number, RawDefinition>();
    const imports: ImportFact[] = [];
    const exports: ExportFact[] = [];
    const references: Node[] = [];
    const callMatches: QueryMatch[] = [];
    const complexityItems: ComplexityItem[] = [];

    for (const match of matches) {
      const captures = match.captures;
      const first = captures[0];
      if (!first) continue;
      // One pass over the capture names (no arrays per match: there is a match per identifier).
      let reference = false;
      let definition = false;
      let importModule = false;
      let exported = false;
      let call = false;
      for (const c of captures) {
        const n = c.name;
        if (n === 'reference') reference = true;
        else if (n === 'import.module') importModule = true;
        else if (n === 'export.name' || n === 'export.all') exported = true;
        else if (n === 'call') call = true;
        else if (n.startsWith('definition.')) definition = true;
      }
      if (reference && captures.length === 1) {
        references.push(first.node);
      } else if (definition) {
        collectDefinition(match, defByNode);
      } else if (importModule) {
        const fact = importFact(match);
        if (fact) imports.push(fact);
      } else if (exported) {
        const fact = exportFact(match);
        if (fact) exports.push(fact);
      } else if (call) {
        callMatches.push(match);
      } else if (first.name.startsWith('complexity.')) {
        complexityItems.push({
          tag: first.name.slice('complexity.'.length) as ComplexityTag,
          start: first.node.startIndex,
          end: first.node.endIndex,
          depth: 0,
        });
      } else if (reference) {
        for (const c of captures) if (c.name === 'reference') references.push(c.node);
      }
    }

    for (const e of exports) if (!e.module && e.name !== '*') file.exportedNames.add(e.name);
    spec.prepareFile?.(file);

    if (spec.lastNode) {
      for (const d of defByNode.values()) {
        const last = spec.lastNode(d, file);
        if (last && last.endIndex > d.end) {
          d.end = last.endIndex;
          d.endPosition = last.endPosition;
        }
      }
    }
    // A node that ends with its last line's newline (a preprocessor line: `#define N 3`) ends on that line.
    for (const d of defByNode.values()) {
      const end = d.endPosition ?? d.node.endPosition;
      if (end.column === 0 && source.charCodeAt(d.end - 1) === 10 && end.row > d.node.startPosition.row) {
        d.endPosition = { row: end.row - 1, column: d.end - 1 - (source.lastIndexOf('\n', d.end - 2) + 1) };
      }
    }
    const defs = nestDefinitions([...defByNode.values()]);
    // A container named by the syntax rather than the nesting (a Go receiver, C++'s `Shape::area`) sits
    // between a definition and its enclosing one: `Shape::area` defined in `namespace geo { … }` is
    // `geo.Shape.area`. Definitions come parents first, so each one's enclosing name is already final.
    const containers = new Map<RawDefinition, string>();
    if (spec.container) {
      for (const d of defs) {
        const container = spec.container(d, file);
        const enclosing = d.parentIndex >= 0 ? defs[d.parentIndex] : undefined;
        const prefix = [enclosing?.qualifiedName, container].filter((part): part is string => Boolean(part)).join('.');
        if (container) containers.set(d, prefix);
        d.qualifiedName = prefix ? `${prefix}.${d.name}` : d.name;
      }
    }
    const definitions: Definition[] = defs.map((d) => {
      const parent = d.parentIndex >= 0 && !containers.has(d) ? defs[d.parentIndex] : undefined;
      return {
        name: d.name,
        qualifiedName: d.qualifiedName,
        kind: d.kind,
        span: spanFromPoints(d.node.startPosition, d.endPosition ?? d.node.endPosition),
        nameSpan: spanFromPoints(d.nameNode.startPosition, d.nameNode.endPosition),
        signature: spec.signature ? spec.signature(d, file) : signatureUpToBody(d.node, source),
        docstring: spec.docstring(d, file),
        isExported: spec.isExported(d, file),
        decorators: spec.decorators(d, file),
        parent: parent ? parent.qualifiedName : (containers.get(d) ?? null),
        complexity: null,
      };
    });

    const enclosing = makeEnclosingFinder(defs);
    const definitionNameStarts = new Set(defs.map((d) => d.nameNode.startIndex));

    const usages: Usage[] = [];
    const seenReferences = new Set<number>();
    for (const node of references) {
      const start = node.startIndex;
      if (definitionNameStarts.has(start) || seenReferences.has(start)) continue;
      seenReferences.add(start);
      // Identifiers are single-line: derive the end from the text instead of asking wasm.
      const name = node.text;
      if (name.length === 0) continue; // MISSING nodes from error recovery
      const owner = enclosing(start, start + name.length);
      const position = node.startPosition;
      usages.push({
        name,
        role: spec.classifyUsage(node),
        span: { startLine: position.row + 1, startColumn: position.column, endLine: position.row + 1, endColumn: position.column + name.length },
        enclosing: owner ? owner.qualifiedName : null,
      });
    }

    const calls = buildCalls(callMatches, defs, imports, enclosing, spec.moduleBinding ?? 'last');
    attachComplexity(definitions, defs, complexityItems, source);

    return {
      language: spec.language,
      definitions,
      imports,
      exports,
      usages,
      calls,
      chunks: buildChunks(definitions, source),
      syntaxErrors: countSyntaxErrors(root),
    };
  } finally {
    tree.delete();
    if (timing) timing.extractMs += performance.now() - parsed;
  }
}

function capture(match: QueryMatch, name: string): QueryCapture | undefined {
  return match.captures.find((c) => c.name === name);
}

function collectDefinition(match: QueryMatch, defByNode: Map<number, RawDefinition>): void {
  const defCapture = match.captures.find((c) => c.name.startsWith('definition.'));
  const nameCapture = capture(match, 'name');
  if (!defCapture || !nameCapture) return;
  const kind = defCapture.name.slice('definition.'.length);
  if (!KIND_SET.has(kind)) throw new Error(`query uses unknown definition kind "${kind}"`);
  const existing = defByNode.get(defCapture.node.id);
  if (existing && existing.pattern <= match.patternIndex) return;
  defByNode.set(defCapture.node.id, {
    node: defCapture.node,
    nameNode: nameCapture.node,
    start: defCapture.node.startIndex,
    end: defCapture.node.endIndex,
    name: nameCapture.node.text,
    kind: kind as DefinitionKind,
    parentKind: null,
    pattern: match.patternIndex,
    parentIndex: -1,
    qualifiedName: nameCapture.node.text,
  });
}

/** Sort by position, link each definition to its innermost container, drop function-local variables. */
function nestDefinitions(raw: RawDefinition[]): RawDefinition[] {
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: RawDefinition[] = [];
  const stack: number[] = [];
  for (const def of raw) {
    while (stack.length > 0) {
      const top = kept[stack[stack.length - 1] ?? -1];
      if (top && top.end >= def.end && top.start <= def.start) break;
      stack.pop();
    }
    const parent = stack.length > 0 ? kept[stack[stack.length - 1] ?? -1] : undefined;
    if (parent && LOCAL_ONLY.has(def.kind) && CALLABLE.has(parent.kind)) continue;
    def.parentIndex = parent ? (stack[stack.length - 1] ?? -1) : -1;
    def.parentKind = parent ? parent.kind : null;
    def.qualifiedName = parent ? `${parent.qualifiedName}.${def.name}` : def.name;
    kept.push(def);
    stack.push(kept.length - 1);
  }
  return kept;
}

type EnclosingFinder = (start: number, end: number) => RawDefinition | undefined;

/** Innermost definition containing [start, end): binary search on starts, then walk up parents. */
function makeEnclosingFinder(defs: RawDefinition[]): EnclosingFinder {
  return (start, end) => {
    let lo = 0;
    let hi = defs.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = defs[mid];
      if (d && d.start <= start) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let index = found;
    while (index >= 0) {
      const d = defs[index];
      if (!d) break;
      if (d.start <= start && end <= d.end) return d;
      index = d.parentIndex;
    }
    return undefined;
  };
}

function importFact(match: QueryMatch): ImportFact | null {
  const moduleNode = capture(match, 'import.module')?.node;
  if (!moduleNode) return null;
  const nameNode = capture(match, 'import.name')?.node;
  const aliasNode = capture(match, 'import.alias')?.node;
  const defaultNode = capture(match, 'import.default')?.node;
  const module = unquote(moduleNode.text);
  if (defaultNode) return { name: 'default', alias: defaultNode.text, module, line: defaultNode.startPosition.row + 1 };
  const name = nameNode ? nameNode.text : '*';
  const alias = aliasNode && aliasNode.text !== name ? aliasNode.text : null;
  const at = nameNode ?? aliasNode ?? moduleNode;
  return { name, alias, module, line: at.startPosition.row + 1 };
}

function exportFact(match: QueryMatch): ExportFact | null {
  const moduleNode = capture(match, 'export.module')?.node;
  const all = capture(match, 'export.all')?.node;
  const module = moduleNode ? unquote(moduleNode.text) : null;
  if (all) return { name: '*', alias: null, module, line: all.startPosition.row + 1 };
  const nameNode = capture(match, 'export.name')?.node;
  if (!nameNode) return null;
  const aliasNode = capture(match, 'export.alias')?.node;
  const alias = aliasNode && aliasNode.text !== nameNode.text ? aliasNode.text : null;
  return { name: nameNode.text, alias, module, line: nameNode.startPosition.row + 1 };
}

function unquote(text: string): string {
  return text.replace(/^['"`]|['"`]$/g, '');
}

function buildCalls(
  callMatches: QueryMatch[],
  defs: RawDefinition[],
  imports: ImportFact[],
  enclosing: EnclosingFinder,
  moduleBinding: 'first' | 'last',
): CallFact[] {
  const localNames = new Set(defs.map((d) => d.name));
  const importByLocal = new Map<string, ImportFact>();
  for (const imp of imports) {
    const local = imp.alias ?? (imp.name === '*' ? moduleSegment(imp.module, moduleBinding) : imp.name);
    importByLocal.set(local, imp);
  }
  const calls: CallFact[] = [];
  const seen = new Set<number>();
  for (const match of callMatches) {
    const callNode = capture(match, 'call')?.node;
    const nameNode = capture(match, 'call.name')?.node;
    if (!callNode || !nameNode || seen.has(nameNode.startIndex)) continue;
    seen.add(nameNode.startIndex);
    const receiverNode = capture(match, 'call.receiver')?.node;
    const callee = nameNode.text;
    const receiver = receiverNode ? receiverNode.text : null;
    let owner = enclosing(callNode.startIndex, callNode.endIndex);
    while (owner && !CALLABLE.has(owner.kind) && owner.kind !== 'class' && owner.parentIndex >= 0) {
      // Calls inside a variable's initializer belong to the nearest callable or class.
      const parent = defs[owner.parentIndex];
      if (!parent) break;
      owner = parent;
    }
    const viaImport = receiver === null ? importByLocal.get(callee) : importByLocal.get(receiver.split(/\.|::/)[0] ?? receiver);
    let resolution: CallFact['resolution'] = 'name';
    let module: string | null = null;
    const selfCall = receiver === 'this' || receiver === 'self';
    if ((receiver === null || selfCall) && localNames.has(callee)) resolution = 'local';
    else if (viaImport) {
      resolution = 'import';
      module = viaImport.module;
    }
    calls.push({
      caller: owner ? owner.qualifiedName : null,
      callee,
      receiver,
      line: nameNode.startPosition.row + 1,
      column: nameNode.startPosition.column,
      resolution,
      module,
    });
  }
  return calls;
}

function moduleSegment(module: string, which: 'first' | 'last'): string {
  const parts = module.split(/[/.:]+/).filter(Boolean);
  return (which === 'first' ? parts[0] : parts[parts.length - 1]) ?? module;
}

/** Complexity per function/method from the @complexity.* captures (see language-spec.ts). */
function attachComplexity(
  definitions: Definition[],
  defs: RawDefinition[],
  items: ComplexityItem[],
  source: string,
): void {
  items.sort((a, b) => a.start - b.start || b.end - a.end);
  const structural: ComplexityItem[] = [];
  for (const item of items) {
    while (structural.length > 0 && (structural[structural.length - 1]?.end ?? 0) < item.end) structural.pop();
    item.depth = structural.length;
    if (item.tag === 'branch' || item.tag === 'switch') structural.push(item);
  }
  defs.forEach((def, i) => {
    const target = definitions[i];
    if (!target || !CALLABLE.has(def.kind)) return;
    const start = def.start;
    const end = def.end;
    let baseDepth = -1;
    let cyclomatic = 1;
    let cognitive = 0;
    let maxNesting = 0;
    for (const item of lowerBoundSlice(items, start)) {
      if (item.start >= end) break;
      if (item.end > end) continue;
      if (baseDepth < 0) baseDepth = item.depth;
      const nesting = Math.max(0, item.depth - baseDepth);
      switch (item.tag) {
        case 'branch':
          cyclomatic++;
          cognitive += 1 + nesting;
          maxNesting = Math.max(maxNesting, nesting + 1);
          break;
        case 'switch':
          cognitive += 1 + nesting;
          maxNesting = Math.max(maxNesting, nesting + 1);
          break;
        case 'case':
          cyclomatic++;
          break;
        case 'logical':
          cyclomatic++;
          cognitive++;
          break;
        case 'else':
          cognitive++;
          break;
      }
    }
    const complexity: Complexity = {
      cyclomatic,
      cognitive,
      maxNesting,
      lines: (def.endPosition ?? def.node.endPosition).row - def.node.startPosition.row + 1,
    };
    target.complexity = complexity;
  });
  void source;
}

function* lowerBoundSlice(items: ComplexityItem[], start: number): Generator<ComplexityItem> {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.start ?? 0) < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < items.length; i++) {
    const item = items[i];
    if (item) yield item;
  }
}

/**
 * ERROR nodes in the tree (at least 1 when it has errors). Only subtrees flagged
 * `hasError` can hold one, so the walk skips the rest instead of visiting the whole
 * tree as descendantsOfType does. (An ERROR node nested in another may itself carry
 * no `hasError` flag, hence the isError test on children too.)
 */
function countSyntaxErrors(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const pending: Node[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.isError) count++;
    for (const child of node.children) if (child && (child.hasError || child.isError)) pending.push(child);
  }
  return Math.max(1, count);
}
