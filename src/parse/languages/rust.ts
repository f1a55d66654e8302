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
import {
  endsAt,
  isEquality,
  oneLine,
  parentOf,
  signatureUpToBody,
  sourceOf,
  startsAt,
  stripCommentMarkers,
  strongerRole as stronger,
  typeOf,
} from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

/*
 * Classification runs for every reference, so it avoids node-returning wasm calls
 * (`childForFieldName`, siblings, uncached `parent`), whose cost grows with the file:
 * it walks up with the memoized parentOf / typeOf and tells fields apart by position
 * (`a.b`, `A::b`: the value / path starts where the chain starts).
 */

/**
 * Where the climb for a usage's context stops: every context that matters (use
 * declaration, pattern, comparison) lies below these. Climbing less matters: the
 * first `parent` lookup of a node descends from the root.
 */
const STOP = new Set([
  'source_file',
  'block',
  'declaration_list',
  'match_block',
  'match_arm',
  'closure_expression',
  'function_item',
  'function_signature_item',
  'arguments',
  'field_initializer_list',
  'let_declaration',
  'expression_statement',
  'token_tree',
  'parameters',
  'closure_parameters',
  'type_parameters',
  'where_clause',
  'field_declaration_list',
  'ordered_field_declaration_list',
  'enum_variant_list',
  'struct_item',
  'enum_item',
  'union_item',
  'trait_item',
  'impl_item',
  'type_item',
  'const_item',
  'static_item',
  'mod_item',
  'if_expression',
  'while_expression',
  'for_expression',
  'loop_expression',
  'match_expression',
  'return_expression',
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
    case 'type_cast_expression':
    case 'index_expression':
      return startsAt(child, parent); // the function / value / indexed operand comes first
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
        // `[T; N]`: the element type follows the bracket, the length comes later.
        if (cur.startIndex !== p.startIndex + 1) return 'other';
        continue;
      case 'generic_type':
      case 'generic_type_with_turbofish':
        if (startsAt(cur, p)) continue;
        return 'type_reference';
      case 'type_arguments': {
        // The key type of a map (`HashMap<K, V>`, `BTreeMap<K, V>`): the first argument of a `…Map`.
        const source = sourceOf(p);
        if (source.slice(p.startIndex + 1, cur.startIndex).trim() !== '') return 'type_reference';
        const generic = parentOf(p);
        return generic && /Map\s*(::)?$/.test(source.slice(generic.startIndex, p.startIndex)) ? 'object_key' : 'type_reference';
      }
      case 'parameter':
        // `pattern: Type`: the type ends the parameter.
        return endsAt(cur, p) ? 'type_parameter' : 'case_pattern';
      case 'field_declaration':
      case 'ordered_field_declaration_list':
        return 'type_property';
      case 'impl_item':
        // `impl Trait for Type`: the trait is followed by `for`.
        return /^\s*for\b/.test(sourceOf(p).slice(cur.endIndex, cur.endIndex + 8)) ? 'implements' : 'type_reference';
      case 'trait_bounds': {
        const owner = parentOf(p);
        return owner && typeOf(owner) === 'trait_item' ? 'extends' : 'type_reference';
      }
      case 'struct_expression':
        return startsAt(cur, p) ? 'instantiation' : 'other';
      case 'struct_pattern':
      case 'tuple_struct_pattern':
        return 'case_pattern';
      default:
        // A bare type directly under a function is its return type (parameters are lists).
        if (RETURN_OWNERS.has(type)) return 'type_return';
        return 'type_reference';
    }
  }
  return 'type_reference';
}

/** Identifiers inside macro arguments / attributes: only tokens, so a look at the neighbouring text. */
function tokenRole(node: Node, tree: Node): UsageRole {
  let holder: Node | null = tree;
  while (holder && typeOf(holder) === 'token_tree') holder = parentOf(holder);
  if (holder && typeOf(holder) === 'attribute') {
    return /^\s*derive\s*\(/.test(sourceOf(node).slice(holder.startIndex, tree.endIndex)) ? 'implements' : 'other';
  }
  const source = sourceOf(node);
  const after = source.slice(node.endIndex, node.endIndex + 3).trimStart();
  const before = source.slice(Math.max(0, node.startIndex - 3), node.startIndex).trimEnd();
  if (/^[!=]=/.test(after) || /[!=]=$/.test(before)) return 'comparison';
  if (/^[(!]/.test(after)) return 'call';
  if (/^(::|\.)/.test(after) || /(::|\.)$/.test(before)) return 'member_access';
  return 'other';
}

/** Role from the position the path / field chain `top` fills in an expression. */
function expressionRole(top: Node, last: boolean): UsageRole | null {
  const parent = parentOf(top);
  if (!parent) return null;
  switch (typeOf(parent)) {
    case 'call_expression':
    case 'macro_invocation':
      // The arguments are a separate node: a path chain under a call / macro is its callee.
      return last ? 'call' : null;
    case 'generic_function': {
      const call = parentOf(parent);
      return last && call && typeOf(call) === 'call_expression' && startsAt(top, parent) ? 'call' : null;
    }
    case 'field_initializer':
      return startsAt(top, parent) ? 'object_key' : null;
    case 'shorthand_field_initializer':
      return 'object_key';
    case 'assignment_expression':
      // The target, or the whole value when it is this bare path / field chain.
      return 'assignment';
    case 'compound_assignment_expr':
      return startsAt(top, parent) ? 'assignment' : null;
    case 'let_declaration':
      // Binding patterns are not captured: a chain here is the value.
      return 'assignment';
    default:
      return null;
  }
}

const CHAIN = new Set(['scoped_identifier', 'scoped_type_identifier', 'field_expression']);

function classifyUsage(node: Node): UsageRole {
  const first = parentOf(node);
  if (!first) return 'other';
  const firstType = typeOf(first);
  if (firstType === 'token_tree') return tokenRole(node, first);
  const nodeType = typeOf(node);

  // 1. Climb the path / field chain (`a.b.c`, `A::B::c`): only its last segment gets the positional role.
  let top = node;
  let last = true;
  for (let p: Node | null = first; p; p = parentOf(p)) {
    const type = p === first ? firstType : typeOf(p);
    if (!CHAIN.has(type)) break;
    if (startsAt(top, p)) last = false; // the path / value comes first
    top = p;
  }
  let role: UsageRole = top !== node ? 'member_access' : 'other';

  // 2. The position the chain fills. `fmt` in a `fmt::Result` type counts as part of a type.
  const isTypeName = nodeType === 'type_identifier' || (firstType === 'scoped_type_identifier' && startsAt(node, first));
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
    switch (type) {
      case 'use_declaration':
      case 'extern_crate_declaration':
        return 'import';
      case 'attribute_item':
      case 'visibility_modifier':
        return 'other';
      case 'match_pattern':
        // The pattern comes first; the guard (`if …`) is an expression, not a pattern.
        if (startsAt(cur, p)) return 'case_pattern';
        break;
      case 'let_condition':
        // `let PATTERN = value`: the value ends the condition.
        if (!endsAt(cur, p)) return 'case_pattern';
        break;
    }
    if (PATTERNS.has(type)) return 'case_pattern';
    if (STOP.has(type)) break;
    if (!head) continue;
    if (type === 'binary_expression') {
      if (isEquality(p, cur)) role = stronger('comparison', role);
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
  const list = parentOf(node);
  return list ? parentOf(list) : null;
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
  const owner = parentOf(node)?.type === 'declaration_list' ? container(node) : null;
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
