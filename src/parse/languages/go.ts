/**
 * Go facts. Definitions, imports, calls, references and complexity come from
 * queries/go.scm; this file classifies usage sites and reads visibility, doc
 * comments and signatures.
 * Methods are declared outside their receiver type; `container` names the
 * receiver type so that `Route` is qualified as `Router.Route`.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import {
  endsAt,
  isEquality,
  oneLine,
  parentOf,
  precedingComments,
  signatureUpToBody,
  sourceOf,
  startsAt,
  stripCommentMarkers,
  strongerRole as stronger,
  typeOf,
} from '../common.js';
import type { DefinitionCandidate, LanguageSpec } from '../language-spec.js';

/*
 * Classification runs for every reference, so it avoids node-returning wasm calls
 * (`childForFieldName`, siblings, uncached `parent`), whose cost grows with the file:
 * it walks up with the memoized parentOf / typeOf and tells fields apart by position
 * (`a.b`: the operand starts where the selector starts; `map[K]V`: the value ends it).
 */

/**
 * Where the climb for a usage's context stops: every context that matters (case
 * values, comparisons) lies below these. Climbing less matters: the first
 * `parent` lookup of a node descends from the root.
 */
const STOP = new Set([
  'source_file',
  'block',
  'statement_list',
  'func_literal',
  'function_declaration',
  'method_declaration',
  'field_declaration_list',
  'field_declaration',
  'method_elem',
  'literal_value',
  'argument_list',
  'parameter_list',
  'type_parameter_list',
  'type_declaration',
  'type_spec',
  'type_alias',
  'const_declaration',
  'const_spec',
  'var_declaration',
  'var_spec',
  'if_statement',
  'for_statement',
  'for_clause',
  'range_clause',
  'return_statement',
  'expression_statement',
  'assignment_statement',
  'short_var_declaration',
  'inc_statement',
  'dec_statement',
  'go_statement',
  'defer_statement',
  'send_statement',
  'labeled_statement',
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
  'communication_case',
]);

/** Type constructors a type name passes through on its way to the position that gives its role. */
const TYPE_WRAPPERS = new Set([
  'pointer_type',
  'slice_type',
  'array_type',
  'implicit_length_array_type',
  'channel_type',
  'parenthesized_type',
  'negated_type',
  'qualified_type',
]);

const RESULT_OWNERS = new Set(['function_declaration', 'method_declaration', 'method_elem', 'func_literal', 'function_type']);

/**
 * Steps that keep a node in the "head" of an operand (`a.b`, `f()`, `*p`, `(x)`, `x[i]`).
 * Argument lists and literal bodies are STOP nodes, so arriving at a call or a
 * composite literal from below means coming from its function / type.
 */
function keepsHead(parent: Node, parentType: string, child: Node): boolean {
  switch (parentType) {
    case 'selector_expression':
    case 'qualified_type':
    case 'parenthesized_expression':
    case 'unary_expression':
    case 'call_expression':
    case 'composite_literal':
      return true;
    case 'index_expression':
    case 'slice_expression':
    case 'type_assertion_expression':
    case 'generic_type':
      return startsAt(child, parent); // the operand / generic type comes first
    default:
      return false;
  }
}

/** Role of a type name (or the top of a qualified type) from the position it fills. */
function typeRole(start: Node): UsageRole {
  let cur = start;
  /** Passed through an element / value type (`[]T`, `map[K]T`): a literal of it does not instantiate T itself. */
  let element = false;
  for (let p = parentOf(cur); p; cur = p, p = parentOf(p)) {
    const type = typeOf(p);
    if (TYPE_WRAPPERS.has(type)) {
      // `[N]T`: the element type ends the array type, the length does not.
      if (type === 'array_type' && !endsAt(cur, p)) return 'other';
      if (type !== 'qualified_type' && type !== 'parenthesized_type') element = true;
      continue;
    }
    switch (type) {
      case 'map_type':
        if (!endsAt(cur, p)) return 'object_key'; // `map[K]V`: the value type ends it
        element = true;
        continue;
      case 'generic_type':
        if (startsAt(cur, p)) continue;
        return 'type_reference';
      case 'type_arguments':
        return 'type_reference';
      case 'type_elem': {
        const holder = parentOf(p);
        return holder && typeOf(holder) === 'interface_type' && p.namedChildCount === 1 ? 'extends' : 'type_reference';
      }
      case 'field_declaration':
        // An embedded field is only its type: `Base`, `*Base`, `pkg.Base`.
        return startsAt(cur, p) ? 'extends' : 'type_property';
      case 'parameter_declaration':
      case 'variadic_parameter_declaration': {
        // The result list is the parameter list that follows the parameters.
        const list = parentOf(p);
        const owner = list ? parentOf(list) : null;
        if (!list || !owner || !RESULT_OWNERS.has(typeOf(owner))) return 'type_parameter';
        return /\)\s*$/.test(sourceOf(list).slice(owner.startIndex, list.startIndex)) ? 'type_return' : 'type_parameter';
      }
      case 'composite_literal':
        return !element && startsAt(cur, p) ? 'instantiation' : 'type_reference';
      case 'type_conversion_expression':
        // `Sum[int](xs)` is (almost always) a call of a generic function.
        return typeOf(cur) === 'generic_type' && startsAt(cur, p) ? 'call' : 'type_reference';
      case 'type_case':
        return 'case_pattern';
      default:
        // A bare type directly under a function is its result (parameters are lists).
        if (RESULT_OWNERS.has(type)) return 'type_return';
        return 'type_reference';
    }
  }
  return 'type_reference';
}

const ASSIGNING_OWNERS = new Set(['assignment_statement', 'short_var_declaration', 'var_spec', 'const_spec']);

/** Role from the position the name chain `top` fills in an expression. */
function expressionRole(top: Node, last: boolean, bare: boolean): UsageRole | null {
  const parent = parentOf(top);
  if (!parent) return null;
  switch (typeOf(parent)) {
    case 'call_expression':
      // The arguments are an argument_list: a name chain under a call is its function.
      return last ? 'call' : null;
    case 'literal_element': {
      const element = parentOf(parent);
      return bare && element && typeOf(element) === 'keyed_element' && startsAt(parent, element) ? 'object_key' : null;
    }
    case 'inc_statement':
    case 'dec_statement':
      return 'assignment';
    case 'expression_list': {
      const owner = parentOf(parent);
      if (!owner) return null;
      const ownerType = typeOf(owner);
      if (ownerType === 'var_spec' || ownerType === 'const_spec' || !startsAt(parent, owner)) {
        // The right side / value: an assignment when it is exactly this identifier / selector.
        return ASSIGNING_OWNERS.has(ownerType) && startsAt(top, parent) && endsAt(top, parent) ? 'assignment' : null;
      }
      // The left side: `=` targets (`:=` targets are bindings and never captured).
      return ownerType === 'assignment_statement' || ownerType === 'range_clause' || ownerType === 'receive_statement'
        ? 'assignment'
        : null;
    }
    default:
      return null;
  }
}

function classifyUsage(node: Node): UsageRole {
  const first = parentOf(node);
  if (!first) return 'other';
  const firstType = typeOf(first);
  if (firstType === 'import_spec') return 'import';
  const nodeType = typeOf(node);

  // 1. Climb the name chain (`a.b.c`, `pkg.Type`): only its last segment gets the positional role.
  let top = node;
  let last = true;
  for (let p: Node | null = first; p; p = parentOf(p)) {
    const type = p === first ? firstType : typeOf(p);
    if (type !== 'selector_expression' && type !== 'qualified_type') break;
    if (startsAt(top, p)) last = false; // the operand / package comes first
    top = p;
  }
  let role: UsageRole = top !== node ? 'member_access' : 'other';

  // 2. The position the chain fills.
  const isTypeName = nodeType === 'type_identifier' || (nodeType === 'package_identifier' && firstType === 'qualified_type');
  if (isTypeName) {
    const r = typeRole(top);
    if (last || r === 'case_pattern') role = stronger(r, role);
  } else {
    const r = expressionRole(top, last, top === node);
    if (r) role = stronger(r, role);
  }

  // 3. Enclosing context up to the statement: case values (a case's body is a STOP
  //    statement_list, so reaching a case means coming from its values / types) and comparisons.
  let head = true;
  let cur = node;
  for (let p: Node | null = first; p; cur = p, p = parentOf(p)) {
    const type = p === first ? firstType : typeOf(p);
    if (type === 'expression_case' || type === 'type_case') return 'case_pattern';
    if (STOP.has(type)) break;
    if (!head) continue;
    if (type === 'binary_expression') {
      if (isEquality(p, cur)) role = stronger('comparison', role);
      head = false;
    } else if (!keepsHead(p, type, cur)) head = false;
  }
  return role;
}

function isExported(def: DefinitionCandidate): boolean {
  return /^\p{Lu}/u.test(def.name);
}

/** The declaration that carries the comments: the spec / field for multi-name definitions. */
function declarationOf(def: DefinitionCandidate): Node {
  const node = def.node;
  if (node.type === 'identifier' || node.type === 'field_identifier') return parentOf(node) ?? node;
  return node;
}

/** A comment that can document what follows: not a directive, not trailing code on its line. */
function isDocComment(n: Node): boolean {
  if (n.type !== 'comment' || /^\/\/(go:|line |nolint)/.test(n.text)) return false;
  const prev = n.previousSibling;
  return !prev || prev.type === 'comment' || prev.endPosition.row < n.startPosition.row;
}

function commentText(comments: Node[]): string | null {
  if (comments.length === 0) return null;
  const text = stripCommentMarkers(comments.map((c) => c.text).join('\n'));
  return text.length > 0 ? text : null;
}

function isGrouped(declaration: Node): boolean {
  for (let i = 0; i < declaration.childCount; i++) if (declaration.child(i)?.type === '(') return true;
  return declaration.namedChildren.some((c) => c?.type === 'var_spec_list');
}

function docstring(def: DefinitionCandidate): string | null {
  const decl = declarationOf(def);
  const own = commentText(precedingComments(decl, isDocComment));
  if (own) return own;
  const up = parentOf(decl);
  const holder = up?.type === 'var_spec_list' ? parentOf(up) : up;
  const single =
    holder &&
    (holder.type === 'type_declaration' || holder.type === 'const_declaration' || holder.type === 'var_declaration') &&
    !isGrouped(holder);
  if (single) return commentText(precedingComments(holder, isDocComment));
  // A trailing line comment on a spec or field: `KindOpenAI Kind = iota // OpenAI`.
  if (decl.type === 'const_spec' || decl.type === 'var_spec' || decl.type === 'field_declaration' || decl.type === 'method_elem') {
    const next = decl.nextSibling;
    if (next && next.type === 'comment' && next.startPosition.row === decl.endPosition.row) return commentText([next]);
  }
  return null;
}

function firstLine(text: string): string {
  return oneLine((text.split('\n')[0] ?? text).replace(/[\s{(]+$/, ''));
}

function signature(def: DefinitionCandidate, file: { source: string }): string {
  const decl = declarationOf(def);
  switch (decl.type) {
    case 'type_spec':
    case 'type_alias': {
      const type = decl.childForFieldName('type');
      if (type && (type.type === 'struct_type' || type.type === 'interface_type')) {
        const head = file.source.slice(decl.startIndex, type.startIndex);
        return oneLine(`type ${head}${type.type === 'struct_type' ? 'struct' : 'interface'}`);
      }
      return oneLine(`type ${firstLine(decl.text)}`);
    }
    case 'const_spec':
      return `const ${firstLine(decl.text)}`;
    case 'var_spec':
      return `var ${firstLine(decl.text)}`;
    case 'field_declaration':
    case 'method_elem':
      return oneLine(decl.text);
    default:
      return signatureUpToBody(decl, file.source);
  }
}

export const goSpec: LanguageSpec = {
  language: 'go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  queryFile: 'go.scm',
  classifyUsage,
  isExported,
  docstring,
  decorators: () => [],
  signature,
  container: receiverType,
};

/** The receiver's type name of a method declaration: `func (r *Router[T]) Route()` → `Router`. */
function receiverType(def: DefinitionCandidate): string | null {
  if (def.kind !== 'method' || typeOf(def.node) !== 'method_declaration') return null;
  const receiver = def.node.childForFieldName('receiver');
  const param = receiver?.namedChildren.find((c) => c?.type === 'parameter_declaration');
  let type = param?.childForFieldName('type') ?? null;
  while (type && (type.type === 'pointer_type' || type.type === 'generic_type' || type.type === 'parenthesized_type')) {
    type = type.type === 'generic_type' ? type.childForFieldName('type') : type.namedChild(0);
  }
  return type?.type === 'type_identifier' ? type.text : null;
}
