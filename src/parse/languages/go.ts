/**
 * Go facts. Definitions, imports, calls, references and complexity come from
 * queries/go.scm; this file classifies usage sites and reads visibility, doc
 * comments and signatures.
 *
 * Known limit: methods are declared outside their receiver type, and the engine
 * qualifies names by syntactic nesting only, so a method's qualified name is the
 * bare method name (`Route`, not `Router.Route`).
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { oneLine, parentOf, precedingComments, signatureUpToBody, stripCommentMarkers, typeOf } from '../common.js';
import type { DefinitionCandidate, LanguageSpec } from '../language-spec.js';

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

/** Where the climb for a usage's context stops: statement and declaration level. */
const STOP = new Set([
  'source_file',
  'block',
  'statement_list',
  'func_literal',
  'function_declaration',
  'method_declaration',
  'field_declaration_list',
  'literal_value',
  'argument_list',
  'type_declaration',
  'const_declaration',
  'var_declaration',
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
      return isField(parent, 'operand', child);
    case 'generic_type':
      return isField(parent, 'type', child);
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
      if (type === 'array_type' && isField(p, 'length', cur)) return 'other';
      if (type !== 'qualified_type' && type !== 'parenthesized_type') element = true;
      continue;
    }
    switch (type) {
      case 'map_type':
        if (isField(p, 'key', cur)) return 'object_key';
        element = true;
        continue;
      case 'generic_type':
        if (isField(p, 'type', cur)) continue;
        return 'type_reference';
      case 'type_arguments':
        return 'type_reference';
      case 'type_elem': {
        const holder = parentOf(p);
        return holder && typeOf(holder) === 'interface_type' && p.namedChildCount === 1 ? 'extends' : 'type_reference';
      }
      case 'field_declaration':
        return p.childForFieldName('name') ? 'type_property' : 'extends';
      case 'parameter_declaration':
      case 'variadic_parameter_declaration': {
        const list = parentOf(p);
        const owner = list ? parentOf(list) : null;
        return list && owner && isField(owner, 'result', list) ? 'type_return' : 'type_parameter';
      }
      case 'composite_literal':
        return !element && isField(p, 'type', cur) ? 'instantiation' : 'type_reference';
      case 'type_case':
        return 'case_pattern';
      default:
        if (RESULT_OWNERS.has(type)) return isField(p, 'result', cur) ? 'type_return' : 'type_reference';
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
      return last && isField(parent, 'function', top) ? 'call' : null;
    case 'literal_element': {
      const element = parentOf(parent);
      return bare && element && typeOf(element) === 'keyed_element' && isField(element, 'key', parent) ? 'object_key' : null;
    }
    case 'inc_statement':
    case 'dec_statement':
      return 'assignment';
    case 'expression_list': {
      const owner = parentOf(parent);
      if (!owner) return null;
      const ownerType = typeOf(owner);
      if (isField(owner, 'left', parent)) {
        // `=` targets; `:=` targets are bindings and never captured, range / receive only with `=`.
        return ownerType === 'assignment_statement' || ownerType === 'range_clause' || ownerType === 'receive_statement'
          ? 'assignment'
          : null;
      }
      // The whole right side is this identifier / selector.
      return ASSIGNING_OWNERS.has(ownerType) && parent.namedChildCount === 1 ? 'assignment' : null;
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
    if (type === 'selector_expression') {
      if (isField(p, 'operand', top)) last = false;
    } else if (type === 'qualified_type') {
      if (isField(p, 'package', top)) last = false;
    } else break;
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
    if (STOP.has(type)) break;
    if (type === 'expression_case' || type === 'type_case') return 'case_pattern';
    if (!head) continue;
    if (type === 'binary_expression') {
      const op = p.childForFieldName('operator')?.type;
      if (op === '==' || op === '!=') role = stronger('comparison', role);
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
  if (node.type === 'identifier' || node.type === 'field_identifier') return node.parent ?? node;
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
  const holder = decl.parent?.type === 'var_spec_list' ? decl.parent.parent : decl.parent;
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
};
