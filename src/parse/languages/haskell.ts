/**
 * Haskell facts. Definitions, imports, exports, calls, complexity and reference sites
 * come from queries/haskell.scm; this file decides usage roles, export-list visibility,
 * Haddock comments and signatures.
 *
 * Definitions: function (top-level functions and bindings; ONE per function: the node is
 * the first clause, see the query), data_type (data / newtype), constructor, property
 * (record fields), type_class, method (class method signatures and instance methods),
 * instance (named by its class name node: `instance Show Endpoint` → `Show`),
 * type_family, type_alias. Where / let bindings are local and not definitions.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { isField, oneLine } from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

// ---------------------------------------------------------------- per-file state

interface HaskellFile {
  /** The export list re-exports the module itself (`module M (module M, ...)`). */
  exportsAll: boolean;
  /** Types and classes exported with all their members: `T(..)`. */
  withMembers: Set<string>;
  /** Type-level names in the export list (`T`, `T(..)`, `C(m)`). */
  typeNames: Set<string>;
  /** Value-level names in the export list (functions, field selectors, class methods). */
  valueNames: Set<string>;
  /** Members listed by name: `T(A, f)` → A, f. */
  memberNames: Set<string>;
  /** Comments and Haddock blocks by the line (0-based) they end on. */
  commentsByEndRow: Map<number, Node>;
  /** Comments and Haddock blocks by the line (0-based) they start on. */
  commentsByStartRow: Map<number, Node>;
  /** Type signatures per declaration list (by node id), by declared name. */
  signatures: Map<number, Map<string, Node>>;
}

const FILES = new WeakMap<FileContext, HaskellFile>();

function stateOf(file: FileContext): HaskellFile {
  let state = FILES.get(file);
  if (!state) {
    prepareFile(file);
    state = FILES.get(file);
  }
  if (!state) throw new Error('haskell: file state missing');
  return state;
}

/** `(<+>)` → `<+>`, `M.lookup` → `lookup`. */
function bareName(text: string): string {
  const unparenthesized = text.replace(/^\(\s*(.*?)\s*\)$/, '$1');
  const match = /^(?:[A-Z][\w']*\.)+(.+)$/.exec(unparenthesized);
  return match?.[1] ?? unparenthesized;
}

function prepareFile(file: FileContext): void {
  const state: HaskellFile = {
    exportsAll: false,
    withMembers: new Set(),
    typeNames: new Set(),
    valueNames: new Set(),
    memberNames: new Set(),
    commentsByEndRow: new Map(),
    commentsByStartRow: new Map(),
    signatures: new Map(),
  };
  FILES.set(file, state);
  for (const comment of file.root.descendantsOfType(['comment', 'haddock'])) {
    if (!comment) continue;
    state.commentsByEndRow.set(comment.endPosition.row, comment);
    if (!state.commentsByStartRow.has(comment.startPosition.row)) state.commentsByStartRow.set(comment.startPosition.row, comment);
  }
  const header = file.root.namedChildren.find((n) => n?.type === 'header');
  const exports = header?.childForFieldName('exports');
  if (!header || !exports) {
    file.hasExportList = false;
    return;
  }
  file.hasExportList = true;
  const moduleName = header.childForFieldName('module')?.text;
  for (const entry of exports.namedChildren) {
    if (!entry) continue;
    if (entry.type === 'module_export') {
      if (entry.childForFieldName('module')?.text === moduleName) state.exportsAll = true;
      continue;
    }
    if (entry.type !== 'export') continue;
    const variable = entry.childForFieldName('variable');
    const type = entry.childForFieldName('type');
    const named = variable ?? type;
    if (!named) continue;
    const name = bareName(named.text);
    file.exportedNames.add(name);
    (variable ? state.valueNames : state.typeNames).add(name);
    const children = entry.childForFieldName('children');
    if (!children) continue;
    for (const element of children.namedChildren) {
      if (!element) continue;
      if (element.type === 'all_names') state.withMembers.add(name);
      else {
        file.exportedNames.add(bareName(element.text));
        state.memberNames.add(bareName(element.text));
      }
    }
  }
}

// ---------------------------------------------------------------- visibility

const TYPE_OWNERS: ReadonlySet<string> = new Set(['data_type', 'newtype', 'class', 'data_family']);

/** Name of the data type / class a constructor, field or class method belongs to. */
function ownerName(node: Node): string | null {
  let current = node.parent;
  while (current && !TYPE_OWNERS.has(current.type)) current = current.parent;
  return current?.childForFieldName('name')?.text ?? null;
}

function isExported(def: DefinitionCandidate, file: FileContext): boolean {
  // No export list: everything declared at the top level is exported.
  if (!file.hasExportList) return true;
  const state = stateOf(file);
  if (state.exportsAll) return true;
  // Type-level and value-level names are separate: `Config(configName)` exports the type
  // Config and the field configName, not the data constructor Config.
  const asMember = (): boolean => state.memberNames.has(def.name) || state.withMembers.has(ownerName(def.node) ?? '');
  switch (def.kind) {
    case 'instance':
      return true; // instances cannot be hidden
    case 'constructor':
      return asMember();
    case 'property':
      return asMember() || state.valueNames.has(def.name);
    case 'method':
      if (def.parentKind === 'instance') return true;
      return asMember() || state.valueNames.has(def.name);
    case 'function':
      return state.valueNames.has(def.name);
    default:
      return state.typeNames.has(def.name);
  }
}

// ---------------------------------------------------------------- signatures and docs

/** The type signature declaring `name` in the same declaration list as `def`, if any. */
function signatureFor(def: DefinitionCandidate, file: FileContext): Node | null {
  if (def.kind !== 'function' && !(def.kind === 'method' && def.parentKind === 'instance')) return null;
  const list = def.node.parent;
  if (!list) return null;
  const state = stateOf(file);
  let byName = state.signatures.get(list.id);
  if (!byName) {
    byName = new Map();
    for (const child of list.namedChildren) {
      if (child?.type !== 'signature') continue;
      const single = child.childForFieldName('name');
      const names = single ? [single] : (child.childForFieldName('names')?.namedChildren ?? []);
      for (const n of names) if (n && !byName.has(bareName(n.text))) byName.set(bareName(n.text), child);
    }
    state.signatures.set(list.id, byName);
  }
  return byName.get(def.name) ?? null;
}

function stripHaddock(text: string): string {
  const body = text.startsWith('{-')
    ? text.replace(/^\{-\s*[|^]?/, '').replace(/-\}$/, '').split('\n')
    : text.split('\n').map((l) => l.trim().replace(/^--+\s?[|^]?\s?/, ''));
  const lines = body.map((l) => l.trimEnd());
  const indents = lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.length - l.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  const dedented = lines.map((l, i) => (i === 0 ? l.trim() : l.slice(common)));
  while (dedented.length > 0 && (dedented[0] ?? '').trim() === '') dedented.shift();
  while (dedented.length > 0 && (dedented[dedented.length - 1] ?? '').trim() === '') dedented.pop();
  return dedented.join('\n');
}

/** The `-- |` / `{- |` part of the comment block ending on the line above `row`. */
function docAbove(row: number, state: HaskellFile): string | null {
  const comment = state.commentsByEndRow.get(row - 1);
  if (!comment) return null;
  const lines = comment.text.split('\n');
  // A comment block may start with plain comments: the doc starts at its `-- |` line.
  const start = lines.findIndex((l) => /^\s*(--+\s*\||\{-\s*\|)/.test(l));
  if (start < 0) return null;
  return stripHaddock(lines.slice(start).join('\n'));
}

/** A `-- ^` comment after a constructor or field (same line or the next one). */
function docAfter(node: Node, state: HaskellFile, source: string): string | null {
  for (const row of [node.endPosition.row, node.endPosition.row + 1]) {
    const comment = state.commentsByStartRow.get(row);
    if (!comment || comment.startIndex < node.endIndex) continue;
    // Only layout (or a separating comma) between the declaration and its comment.
    if (!/^[\s,]*$/.test(source.slice(node.endIndex, comment.startIndex))) continue;
    if (/^(--+\s*\^|\{-\s*\^)/.test(comment.text)) return stripHaddock(comment.text);
  }
  return null;
}

/** True when only layout (and a leading `=`, `|`, `,` or `{`) precedes `node` on its line. */
function startsLine(node: Node, source: string): boolean {
  const lineStart = source.lastIndexOf('\n', node.startIndex - 1) + 1;
  return /^\s*[=|,{]?\s*$/.test(source.slice(lineStart, node.startIndex));
}

function docstring(def: DefinitionCandidate, file: FileContext): string | null {
  const state = stateOf(file);
  const signature = signatureFor(def, file);
  const anchor = signature ?? def.node;
  // A comment above a line documents the declaration that starts that line, not one
  // that follows on it (`data T = A | B`: the comment is the type's, not A's).
  const doc = startsLine(anchor, file.source) ? docAbove(anchor.startPosition.row, state) : null;
  if (doc !== null) return doc;
  if (def.kind === 'constructor' || def.kind === 'property') return docAfter(def.node, state, file.source);
  return null;
}

/** First line of a declaration, without a trailing `where` / `=`. */
function headLine(node: Node): string {
  const first = node.text.split('\n')[0] ?? node.text;
  return oneLine(first.replace(/\s*(\bwhere|=|\|)\s*$/, ''));
}

function signature(def: DefinitionCandidate, file: FileContext): string {
  const node = def.node;
  const typeSignature = signatureFor(def, file);
  if (typeSignature) return oneLine(typeSignature.text);
  // One of several names sharing a type: `a, b :: Int` (fields and class methods).
  const shared = node.type === 'field_name' ? node.parent : node.parent?.type === 'binding_list' ? node.parent.parent : null;
  const sharedType = shared?.childForFieldName('type');
  if (sharedType) return oneLine(`${def.name} :: ${sharedType.text}`);
  switch (node.type) {
    case 'function':
    case 'bind': {
      // No type signature: the clause head, up to its `=` or guards.
      const match = node.childForFieldName('match');
      const end = match ? match.startIndex : node.endIndex;
      return oneLine(file.source.slice(node.startIndex, end));
    }
    case 'signature':
    case 'field':
    case 'type_synomym':
      return oneLine(node.text);
    default:
      return headLine(node);
  }
}

// ---------------------------------------------------------------- usage roles

const COMPARISON: ReadonlySet<string> = new Set(['==', '/=']);
/** Nodes a pattern can be built from: climbing through them keeps us inside the pattern. */
const PATTERN_PARTS: ReadonlySet<string> = new Set([
  'apply',
  'parens',
  'infix',
  'tuple',
  'list',
  'record',
  'as',
  'strict',
  'irrefutable',
  'lazy',
  'negation',
  'unboxed_tuple',
  'unboxed_sum',
  'view_pattern',
  'signature',
]);
/** Declarations whose type positions are plain type references. */
const TYPE_REFERENCE_OWNERS: ReadonlySet<string> = new Set([
  'prefix',
  'infix_constructor',
  'type_synomym',
  'equation',
  'class',
  'data_type',
  'newtype',
  'newtype_constructor',
  'gadt_constructor',
  'type_family',
  'data_family',
  'type_instance',
  'data_instance',
  'kind_signature',
  'type_application',
  'role_annotation',
]);
/** Where a walk up from a type-level name stops. */
const TYPE_WALK_STOP: ReadonlySet<string> = new Set([
  'declarations',
  'class_declarations',
  'instance_declarations',
  'haskell',
  'match',
  'function', // the declaration, not the type `a -> b` (same node name, see isTypeFunction)
  'bind',
]);

function isTypeFunction(node: Node): boolean {
  return node.type === 'function' && node.childForFieldName('parameter') !== null;
}

/** Role inside a type signature, from the path (leaf first) that leads to it. */
function signatureRole(path: Node[]): UsageRole {
  let arrow = false;
  for (let i = path.length - 1; i > 0; i--) {
    const current = path[i];
    const next = path[i - 1];
    if (!current || !next) break;
    if (current.type === 'context') {
      if (isField(current, 'context', next)) return 'type_reference';
      continue;
    }
    if (current.type === 'forall' || current.type === 'parens') {
      if (current.type === 'parens' && !arrow) break;
      continue;
    }
    if (isTypeFunction(current)) {
      if (isField(current, 'parameter', next)) return 'type_parameter';
      arrow = true;
      continue;
    }
    break;
  }
  return arrow ? 'type_return' : 'type_reference';
}

function endsWithMap(head: Node): boolean {
  return /(^|\.)([A-Za-z]*Map)$/.test(head.text);
}

/** Role of a type-level name (`name` node) from the type position it sits in. */
function typeRole(target: Node): UsageRole {
  const path: Node[] = [target];
  let child = target;
  let parent = target.parent;
  while (parent && !(TYPE_WALK_STOP.has(parent.type) && !isTypeFunction(parent))) {
    switch (parent.type) {
      case 'apply': {
        // `Map K V` / `M.Map K V`: the key type is the first argument of a *Map type.
        const head = parent.childForFieldName('constructor');
        if (head && isField(parent, 'argument', child) && head.type !== 'apply' && endsWithMap(head)) return 'object_key';
        break;
      }
      case 'signature':
        return isField(parent, 'type', child) ? signatureRole(path) : 'type_reference';
      case 'field':
        return parent.childForFieldName('name') ? 'type_property' : 'type_reference';
      case 'instance':
      case 'deriving_instance':
        return isField(parent, 'name', child) ? 'implements' : 'type_reference';
      case 'deriving':
        return 'implements';
      default:
        if (TYPE_REFERENCE_OWNERS.has(parent.type)) return 'type_reference';
    }
    path.push(parent);
    child = parent;
    parent = parent.parent;
  }
  return 'type_reference';
}

/** True when `target` sits inside a pattern: function arguments, case alternatives, lambdas, binds. */
function inPattern(target: Node): boolean {
  let child = target;
  let parent = target.parent;
  while (parent) {
    if (parent.type === 'patterns' || parent.type === 'field_pattern') return true;
    if (isField(parent, 'pattern', child)) return true;
    // `a <+> b = ...`: the operands of an operator definition's head.
    if (parent.type === 'function' && child.type === 'infix') return true;
    if (!PATTERN_PARTS.has(parent.type)) return false;
    child = parent;
    parent = parent.parent;
  }
  return false;
}

function operatorOf(infix: Node): string {
  return infix.childForFieldName('operator')?.text ?? '';
}

/**
 * True when an operator next to `target` is == or /=. The grammar does not resolve
 * fixities (`a == b && c` nests as `a == (b && c)`), so the operators adjacent to the
 * operand in the flat chain decide, not the tree shape.
 */
function isComparisonOperand(target: Node): boolean {
  const parent = target.parent;
  if (!parent) return false;
  if (parent.type === 'left_section' || parent.type === 'right_section') {
    return parent.namedChildren.some((c) => c?.type === 'operator' && COMPARISON.has(c.text));
  }
  if (parent.type !== 'infix') return false;
  if (COMPARISON.has(operatorOf(parent))) return isField(parent, 'left_operand', target) || isField(parent, 'right_operand', target);
  const grand = parent.parent;
  if (grand?.type !== 'infix' || !COMPARISON.has(operatorOf(grand))) return false;
  if (isField(parent, 'left_operand', target)) return isField(grand, 'right_operand', parent);
  if (isField(parent, 'right_operand', target)) return isField(grand, 'left_operand', parent);
  return false;
}

/** Import / export lists: returns the role, or null outside them. */
function listRole(target: Node): UsageRole | null {
  let current: Node | null = target.parent;
  for (let depth = 0; current && depth < 4; depth++) {
    switch (current.type) {
      case 'import_name':
      case 'import_list':
      case 'import':
        return 'import';
      case 'export':
      case 'exports':
      case 'module_export':
        return 'export';
      case 'children':
      case 'qualified':
        break;
      default:
        return null;
    }
    current = current.parent;
  }
  return null;
}

function classifyUsage(node: Node): UsageRole {
  const qualified = node.parent?.type === 'qualified' ? node.parent : null;
  const target = qualified ?? node;
  const listed = listRole(target);
  if (listed) return listed;
  if (node.type === 'name') return typeRole(target);

  const parent = target.parent;
  if (!parent) return 'other';
  if (parent.type === 'field_name') {
    // A record field name: construction `C { f = x }`, update `r { f = x }` or pattern.
    const owner = parent.parent;
    if (owner?.type === 'field_pattern') return 'case_pattern';
    const record = owner?.parent;
    const subject = record?.type === 'record' ? record.childForFieldName('expression') : null;
    return subject?.type === 'constructor' ? 'object_key' : 'assignment';
  }
  if (inPattern(target)) return 'case_pattern';
  if (isComparisonOperand(target)) return 'comparison';
  if (parent.type === 'apply' && isField(parent, 'function', target)) return node.type === 'constructor' ? 'instantiation' : 'call';
  if (parent.type === 'infix' && node.type === 'variable' && isField(parent, 'left_operand', target) && operatorOf(parent) === '$') return 'call';
  if (parent.type === 'infix_id' && node.type === 'variable') return 'call';
  if (parent.type === 'case' && !isField(parent, 'alternatives', target)) return 'case_pattern'; // the scrutinee
  if (node.type === 'constructor') return 'instantiation';
  return qualified ? 'member_access' : 'other';
}

export const haskellSpec: LanguageSpec = {
  language: 'haskell',
  grammar: { package: 'tree-sitter-haskell', wasm: 'tree-sitter-haskell.wasm' },
  queryFile: 'haskell.scm',
  classifyUsage,
  isExported,
  docstring,
  decorators: () => [],
  signature,
  prepareFile,
  lastNode: lastClause,
};

const BETWEEN_CLAUSES: ReadonlySet<string> = new Set(['comment', 'haddock', 'pragma', 'cpp']);

/** The last of the consecutive clauses `f (A x) = …; f B = …` that make up one function. */
function lastClause(def: DefinitionCandidate): Node | null {
  if ((def.kind !== 'function' && def.kind !== 'method') || def.node.type !== 'function') return null;
  let last: Node | null = null;
  for (let sibling = def.node.nextNamedSibling; sibling; sibling = sibling.nextNamedSibling) {
    if (BETWEEN_CLAUSES.has(sibling.type)) continue;
    if (sibling.type !== 'function' || clauseName(sibling) !== def.name) break;
    last = sibling;
  }
  return last;
}

function clauseName(clause: Node): string | null {
  const name = clause.childForFieldName('name');
  if (name) return name.text;
  const infix = clause.namedChildren.find((c) => c?.type === 'infix');
  return infix?.childForFieldName('operator')?.text ?? null;
}
