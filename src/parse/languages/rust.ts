/**
 * Rust facts. Definitions, imports, re-exports, calls, references and complexity
 * come from queries/rust.scm; this file classifies usage sites and reads
 * visibility, doc comments, attributes and signatures.
 *
 * Impl blocks are recorded as `instance` definitions named after the implementing
 * type (for `impl Trait for Type` and inherent `impl Type` alike) so that their
 * methods are qualified `Type.method`.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { oneLine, parentOf, signatureUpToBody, stripCommentMarkers, typeOf } from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

const ROLE_PRIORITY: readonly UsageRole[] = [
  'import',
  'export',
  'case_pattern',
  'comparison',
  'object_key',
  'type_parameter',
  'type_property',
  'type_return',
  'type_reference',
  'implements',
  'extends',
  'call',
  'instantiation',
  'assignment',
  'member_access',
  'other',
];
const RANK = new Map(ROLE_PRIORITY.map((r, i) => [r, i]));

function stronger(a: UsageRole, b: UsageRole): UsageRole {
  return (RANK.get(a) ?? 99) <= (RANK.get(b) ?? 99) ? a : b;
}

/** `child` is the node stored under `field` of `parent` (one lookup, ids compared). */
function isField(parent: Node, field: string, child: Node): boolean {
  return parent.childForFieldName(field)?.id === child.id;
}

/** Where the climb for a usage's context stops: statement, item and list level. */
const STOP = new Set([
  'source_file',
  'block',
  'declaration_list',
  'match_block',
  'closure_expression',
  'function_item',
  'arguments',
  'field_initializer_list',
  'let_declaration',
  'expression_statement',
  'token_tree',
]);

const PATTERNS = new Set([
  'tuple_struct_pattern',
  'struct_pattern',
  'or_pattern',
  'range_pattern',
  'field_pattern',
  'captured_pattern',
  'slice_pattern',
  'tuple_pattern',
  'ref_pattern',
  'reference_pattern',
  'mut_pattern',
  'generic_pattern',
]);

/** Type constructors a type name passes through on its way to the position that gives its role. */
const TYPE_WRAPPERS = new Set([
  'reference_type',
  'pointer_type',
  'tuple_type',
  'bounded_type',
  'dynamic_type',
  'abstract_type',
  'bracketed_type',
  'qualified_type',
  'scoped_type_identifier',
  'removed_trait_bound',
  'higher_ranked_trait_bound',
]);

/**
 * Steps that keep a node in the "head" of an operand (`a.b`, `A::b`, `f()`, `&x`, `(x)`, `x?`).
 * Argument lists and struct literal bodies are STOP nodes, so arriving at a call or a
 * struct expression from below means coming from its function / name.
 */
function keepsHead(parent: Node, parentType: string, child: Node): boolean {
  switch (parentType) {
    case 'field_expression':
    case 'scoped_identifier':
    case 'parenthesized_expression':
    case 'unary_expression':
    case 'reference_expression':
    case 'try_expression':
    case 'await_expression':
    case 'call_expression':
    case 'struct_expression':
      return true;
    case 'generic_function':
      return isField(parent, 'function', child);
    case 'type_cast_expression':
      return isField(parent, 'value', child);
    case 'index_expression':
      return parent.namedChild(0)?.id === child.id;
    default:
      return false;
  }
}

const RETURN_OWNERS = new Set(['function_item', 'function_signature_item', 'closure_expression']);

/** Role of a type name (or the top of a scoped type path) from the position it fills. */
function typeRole(start: Node): UsageRole {
  let cur = start;
  for (let p = parentOf(cur); p; cur = p, p = parentOf(p)) {
    const type = typeOf(p);
    if (TYPE_WRAPPERS.has(type)) continue;
    switch (type) {
      case 'array_type':
        if (isField(p, 'length', cur)) return 'other';
        continue;
      case 'generic_type':
      case 'generic_type_with_turbofish':
        if (isField(p, 'type', cur)) continue;
        return 'type_reference';
      case 'type_arguments': {
        // The key type of a map (`HashMap<K, V>`, `BTreeMap<K, V>`): the first argument of a `…Map`.
        if (p.namedChild(0)?.id !== cur.id) return 'type_reference';
        const generic = parentOf(p);
        const base = generic?.childForFieldName('type');
        return base && /Map$/.test(base.text) ? 'object_key' : 'type_reference';
      }
      case 'parameter':
        return isField(p, 'type', cur) ? 'type_parameter' : 'case_pattern';
      case 'field_declaration':
      case 'ordered_field_declaration_list':
        return 'type_property';
      case 'impl_item':
        return isField(p, 'trait', cur) ? 'implements' : 'type_reference';
      case 'trait_bounds': {
        const owner = parentOf(p);
        return owner && typeOf(owner) === 'trait_item' ? 'extends' : 'type_reference';
      }
      case 'struct_expression':
        return isField(p, 'name', cur) ? 'instantiation' : 'other';
      case 'struct_pattern':
      case 'tuple_struct_pattern':
        return 'case_pattern';
      default:
        if (RETURN_OWNERS.has(type)) return isField(p, 'return_type', cur) ? 'type_return' : 'type_reference';
        return 'type_reference';
    }
  }
  return 'type_reference';
}

/** Identifiers inside macro arguments / attributes: only tokens, so a cheap look at the neighbours. */
function tokenRole(node: Node): UsageRole {
  let holder = parentOf(node);
  while (holder && typeOf(holder) === 'token_tree') holder = parentOf(holder);
  if (holder && typeOf(holder) === 'attribute') return holder.namedChild(0)?.text === 'derive' ? 'implements' : 'other';
  const next = node.nextSibling;
  const prev = node.previousSibling;
  const nextType = next?.type;
  const prevType = prev?.type;
  if (nextType === '==' || nextType === '!=' || prevType === '==' || prevType === '!=') return 'comparison';
  if ((nextType === 'token_tree' && next?.child(0)?.type === '(') || nextType === '!') return 'call';
  if (nextType === '::' || nextType === '.' || prevType === '.' || prevType === '::') return 'member_access';
  return 'other';
}

/** Role from the position the path / field chain `top` fills in an expression. */
function expressionRole(top: Node, last: boolean): UsageRole | null {
  const parent = parentOf(top);
  if (!parent) return null;
  switch (typeOf(parent)) {
    case 'call_expression':
      return last && isField(parent, 'function', top) ? 'call' : null;
    case 'generic_function': {
      const call = parentOf(parent);
      return last && call && typeOf(call) === 'call_expression' && isField(parent, 'function', top) ? 'call' : null;
    }
    case 'macro_invocation':
      return last && isField(parent, 'macro', top) ? 'call' : null;
    case 'field_initializer':
      return isField(parent, 'field', top) ? 'object_key' : null;
    case 'shorthand_field_initializer':
      return 'object_key';
    case 'assignment_expression':
      // The target, or the whole value when it is this bare path / field chain.
      return 'assignment';
    case 'compound_assignment_expr':
      return isField(parent, 'left', top) ? 'assignment' : null;
    case 'let_declaration':
      return isField(parent, 'value', top) ? 'assignment' : null;
    default:
      return null;
  }
}

const CHAIN = new Set(['scoped_identifier', 'scoped_type_identifier', 'field_expression']);

function classifyUsage(node: Node): UsageRole {
  const first = parentOf(node);
  if (!first) return 'other';
  const firstType = typeOf(first);
  if (firstType === 'token_tree') return tokenRole(node);
  const nodeType = typeOf(node);

  // 1. Climb the path / field chain (`a.b.c`, `A::B::c`): only its last segment gets the positional role.
  let top = node;
  let last = true;
  for (let p: Node | null = first; p; p = parentOf(p)) {
    const type = p === first ? firstType : typeOf(p);
    if (!CHAIN.has(type)) break;
    if (last && !isField(p, type === 'field_expression' ? 'field' : 'name', top)) last = false;
    top = p;
  }
  let role: UsageRole = top !== node ? 'member_access' : 'other';

  // 2. The position the chain fills. `fmt` in a `fmt::Result` type counts as part of a type.
  const isTypeName =
    nodeType === 'type_identifier' || (firstType === 'scoped_type_identifier' && isField(first, 'path', node));
  if (isTypeName) {
    const r = typeRole(top);
    if (last || r === 'case_pattern') role = stronger(r, role);
  } else {
    const r = expressionRole(top, last);
    if (r) role = stronger(r, role);
  }

  // 3. Enclosing context up to the statement: use declarations, patterns, comparisons.
  let head = true;
  let cur = node;
  for (let p: Node | null = first; p; cur = p, p = parentOf(p)) {
    const type = p === first ? firstType : typeOf(p);
    if (STOP.has(type)) break;
    switch (type) {
      case 'use_declaration':
      case 'extern_crate_declaration':
        return 'import';
      case 'attribute_item':
      case 'visibility_modifier':
        return 'other';
      case 'match_pattern':
        // The guard (`if …`) is an expression, not a pattern.
        if (!isField(p, 'condition', cur)) return 'case_pattern';
        break;
      case 'let_condition':
        if (isField(p, 'pattern', cur)) return 'case_pattern';
        break;
    }
    if (PATTERNS.has(type)) return 'case_pattern';
    if (!head) continue;
    if (type === 'binary_expression') {
      const op = p.childForFieldName('operator')?.type;
      if (op === '==' || op === '!=') role = stronger('comparison', role);
      head = false;
    } else if (!keepsHead(p, type, cur)) head = false;
  }
  return role;
}

// ------------------------------------------------------------------ visibility

function hasPub(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'visibility_modifier' && !/^pub\s*\(\s*self\s*\)$/.test(c.text));
}

/** The item whose body list holds `node` (enum for variants, struct / variant for fields, trait / impl for members). */
function container(node: Node): Node | null {
  const list = node.parent;
  return list ? list.parent : null;
}

function isExported(def: DefinitionCandidate, file: FileContext): boolean {
  const node = def.node;
  switch (node.type) {
    case 'impl_item':
      return false;
    case 'enum_variant': {
      const owner = container(node);
      return owner ? hasPub(owner) : false;
    }
    case 'field_declaration': {
      const owner = container(node);
      if (owner?.type === 'enum_variant') {
        const enumItem = container(owner);
        return enumItem ? hasPub(enumItem) : false;
      }
      return hasPub(node);
    }
    case 'macro_definition':
      return decorators(def, file).includes('macro_export');
  }
  const owner = node.parent?.type === 'declaration_list' ? container(node) : null;
  if (owner?.type === 'trait_item') return hasPub(owner);
  // Members of a trait implementation are as visible as the trait: no `pub` is written.
  if (owner?.type === 'impl_item' && owner.childForFieldName('trait')) return true;
  return hasPub(node);
}

// ------------------------------------------------------------------ doc comments and attributes

function isOuterDoc(n: Node): boolean {
  return (n.type === 'line_comment' || n.type === 'block_comment') && n.childForFieldName('outer') !== null;
}

function isInnerDoc(n: Node): boolean {
  return (n.type === 'line_comment' || n.type === 'block_comment') && n.childForFieldName('inner') !== null;
}

/** Last row a node really occupies (line comments end at column 0 of the next row). */
function lastRow(n: Node): number {
  return n.endPosition.column === 0 && n.endPosition.row > n.startPosition.row ? n.endPosition.row - 1 : n.endPosition.row;
}

/** Doc comments and attributes directly above `node`, in source order (no blank line in between). */
function leadingTrivia(node: Node): { docs: Node[]; attributes: Node[] } {
  const docs: Node[] = [];
  const attributes: Node[] = [];
  let expectedRow = node.startPosition.row;
  for (let s = node.previousSibling; s; s = s.previousSibling) {
    if (lastRow(s) < expectedRow - 1) break;
    if (s.type === 'attribute_item') attributes.unshift(s);
    else if (isOuterDoc(s)) docs.unshift(s);
    else break;
    expectedRow = s.startPosition.row;
  }
  return { docs, attributes };
}

function docText(comments: Node[]): string | null {
  if (comments.length === 0) return null;
  const text = stripCommentMarkers(comments.map((c) => c.text.trimEnd()).join('\n'));
  return text.length > 0 ? text : null;
}

function docstring(def: DefinitionCandidate): string | null {
  const outer = docText(leadingTrivia(def.node).docs);
  if (outer || def.node.type !== 'mod_item') return outer;
  // `//!` at the top of a module body documents the module.
  const inner: Node[] = [];
  const body = def.node.childForFieldName('body');
  for (const child of body?.namedChildren ?? []) {
    if (!child || !isInnerDoc(child)) break;
    inner.push(child);
  }
  return docText(inner);
}

function decorators(def: DefinitionCandidate, _file?: FileContext): string[] {
  return leadingTrivia(def.node).attributes.flatMap((item) => {
    const attribute = item.namedChildren.find((c) => c?.type === 'attribute');
    const path = attribute?.namedChild(0);
    return path ? [path.text] : [];
  });
}

// ------------------------------------------------------------------ signatures

function signature(def: DefinitionCandidate, file: FileContext): string {
  const node = def.node;
  switch (node.type) {
    case 'enum_variant':
    case 'field_declaration':
      return oneLine(node.text);
    case 'macro_definition':
      return `macro_rules! ${def.name}`;
    case 'struct_item':
      if (node.childForFieldName('body')?.type === 'ordered_field_declaration_list') return oneLine(node.text.replace(/;$/, ''));
      break;
  }
  return signatureUpToBody(node, file.source).replace(/[;,\s]+$/, '');
}

export const rustSpec: LanguageSpec = {
  language: 'rust',
  grammar: { package: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
  queryFile: 'rust.scm',
  classifyUsage,
  isExported,
  docstring,
  decorators,
  signature,
};
