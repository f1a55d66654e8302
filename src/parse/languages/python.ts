/**
 * Python facts. The query (queries/python.scm) finds definitions, imports, the
 * `__all__` export list, calls, complexity and reference sites; this file gives
 * each reference its syntactic role and reads docstrings, decorators and
 * visibility (`__all__`, else the leading-underscore convention).
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { oneLine, parentOf, stripCommentMarkers, stripStringQuotes, typeOf } from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

/** Nodes at which classifyUsage stops walking up: statements and scopes. */
const STOP = new Set([
  'module',
  'block',
  'decorator',
  'case_clause',
  'function_definition',
  'class_definition',
  'decorated_definition',
  'expression_statement',
  'return_statement',
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'with_statement',
  'try_statement',
  'except_clause',
  'match_statement',
  'assert_statement',
  'delete_statement',
  'raise_statement',
  'global_statement',
  'nonlocal_statement',
  'print_statement',
  'exec_statement',
  'type_alias_statement',
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'lambda',
  'ERROR',
]);

const IMPORT_STATEMENTS = new Set(['import_statement', 'import_from_statement', 'future_import_statement']);

/** Comparison operators whose operands are compared for equality / identity / membership. */
const EQUALITY_OPERATORS = new Set(['==', '!=', '<>', 'is', 'is not', 'in', 'not in']);

/** Nodes that keep an expression "the same operand" for comparison / object-key roles (plus a subscript's value). */
const OPERAND_CHAIN = new Set(['attribute', 'parenthesized_expression', 'tuple', 'list', 'set']);

/** Nodes through which an identifier is still (part of) an assignment target. */
const TARGET_CHAIN = new Set([
  'attribute',
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'list_splat_pattern',
  'parenthesized_expression',
  'tuple',
  'list',
  'expression_list',
]);

const ASSIGNMENTS = new Set(['assignment', 'augmented_assignment']);

const ROLE_PRIORITY: readonly UsageRole[] = [
  'import',
  'case_pattern',
  'comparison',
  'object_key',
  'type_parameter',
  'type_return',
  'type_property',
  'type_reference',
  'extends',
  'call',
  'assignment',
  'member_access',
  'other',
];

function rank(role: UsageRole): number {
  const index = ROLE_PRIORITY.indexOf(role);
  return index < 0 ? ROLE_PRIORITY.length : index;
}

/** Same node: ids are plain properties (no wasm call) and unique within a tree. */
function same(a: Node | null, b: Node | null): boolean {
  return a !== null && b !== null && a.id === b.id;
}

function fieldIs(parent: Node, field: string, child: Node): boolean {
  return same(parent.childForFieldName(field), child);
}

/** True when an assignment statement sits directly in a class body. */
function isClassLevel(assignment: Node): boolean {
  const statement = parentOf(assignment);
  const block = statement && typeOf(statement) === 'expression_statement' ? parentOf(statement) : null;
  const owner = block && typeOf(block) === 'block' ? parentOf(block) : null;
  return owner !== null && typeOf(owner) === 'class_definition';
}

/** Role of the outermost `type` annotation node, from where it is attached. */
function annotationRole(type: Node): UsageRole {
  const holder = parentOf(type);
  if (!holder) return 'type_reference';
  switch (typeOf(holder)) {
    case 'typed_parameter':
    case 'typed_default_parameter':
      return 'type_parameter';
    case 'function_definition':
      return fieldIs(holder, 'return_type', type) ? 'type_return' : 'type_reference';
    case 'assignment':
      return isClassLevel(holder) ? 'type_property' : 'type_reference';
    default:
      return 'type_reference';
  }
}

/** `operand` sits next to `==`, `!=`, `is`, `is not`, `in` or `not in` (comparisons may chain). */
function isEqualityOperand(operand: Node): boolean {
  const before = operand.previousSibling;
  if (before !== null && EQUALITY_OPERATORS.has(before.type)) return true;
  const after = operand.nextSibling;
  return after !== null && EQUALITY_OPERATORS.has(after.type);
}

/**
 * Role of an identifier, from one walk up its ancestors that stops at the
 * enclosing statement. Parents and types come from the per-tree caches in
 * common.ts: `node.parent` descends from the root on every call.
 */
function classifyUsage(node: Node): UsageRole {
  const first = parentOf(node);
  if (!first) return 'other';
  const firstType = typeOf(first);
  let best: UsageRole = firstType === 'attribute' ? 'member_access' : 'other';
  const consider = (role: UsageRole): void => {
    if (rank(role) < rank(best)) best = role;
  };

  // Callee position: `f` in `f()`, `b` in `a.b()`, and a decorator's name (`@f`, `@a.f`).
  const callee = firstType === 'attribute' ? (fieldIs(first, 'attribute', node) ? first : null) : node;
  const holder = callee ? parentOf(callee) : null;
  if (holder && callee) {
    const holderType = typeOf(holder);
    if ((holderType === 'call' && fieldIs(holder, 'function', callee)) || holderType === 'decorator') consider('call');
  }

  let child: Node = node;
  let parent: Node | null = first;
  let operand = true; // only OPERAND_CHAIN nodes (and subscript values) between node and child
  let onlyAttributes = true; // only `attribute` nodes between node and child
  let target = true; // only TARGET_CHAIN nodes (and subscript values) between node and child
  let keywordName = false; // node is the name of a keyword argument
  let outerType: Node | null = null;

  while (parent) {
    const type = typeOf(parent);
    if (IMPORT_STATEMENTS.has(type) || type === 'aliased_import') return 'import';
    if (type === 'case_pattern') return 'case_pattern';
    switch (type) {
      case 'comparison_operator':
        if (operand && isEqualityOperand(child)) return 'comparison';
        break;
      case 'match_statement':
        // The subject of `match x:` is what the case patterns are matched against.
        if (operand && parent.childrenForFieldName('subject').some((s) => same(s, child))) return 'case_pattern';
        break;
      case 'pair':
        if (operand && fieldIs(parent, 'key', child)) consider('object_key');
        break;
      case 'type':
        outerType = parent;
        break;
      case 'keyword_argument':
        if (child === node && fieldIs(parent, 'name', node)) keywordName = true;
        break;
      case 'argument_list': {
        const owner = parentOf(parent);
        if (!keywordName && owner && typeOf(owner) === 'class_definition' && fieldIs(owner, 'superclasses', parent)) {
          consider('extends');
        }
        break;
      }
      case 'assignment':
      case 'augmented_assignment':
        if (target && fieldIs(parent, 'left', child)) consider('assignment');
        else if (onlyAttributes && fieldIs(parent, 'right', child)) consider('assignment');
        break;
      case 'for_statement':
      case 'for_in_clause':
        if (target && fieldIs(parent, 'left', child)) consider('assignment');
        break;
      case 'named_expression':
        if (fieldIs(parent, 'name', child)) consider('assignment');
        break;
      case 'as_pattern_target':
        consider('assignment');
        break;
    }
    if (STOP.has(type)) break;
    const subscriptValue = type === 'subscript' && fieldIs(parent, 'value', child);
    operand = operand && (OPERAND_CHAIN.has(type) || subscriptValue);
    onlyAttributes = onlyAttributes && type === 'attribute';
    target = target && (TARGET_CHAIN.has(type) || subscriptValue);
    child = parent;
    parent = parentOf(parent);
  }
  if (outerType) consider(annotationRole(outerType));
  return best;
}

// ---------------------------------------------------------------------------
// Definitions: docstrings, decorators, visibility, signatures
// ---------------------------------------------------------------------------

/** The class / function definition directly enclosing a definition node, if any. */
function enclosingScope(node: Node): Node | null {
  let current = parentOf(node);
  while (current) {
    const type = typeOf(current);
    if (type === 'class_definition' || type === 'function_definition') return current;
    current = parentOf(current);
  }
  return null;
}

/** The node decorators and comments attach to: the decorated_definition when there is one. */
function outerNode(node: Node): Node {
  const parent = parentOf(node);
  return parent && typeOf(parent) === 'decorated_definition' ? parent : node;
}

/** The statement holding a definition: expression_statement for assignments, else the (decorated) definition. */
function statementOf(def: DefinitionCandidate): Node {
  const node = def.node;
  const parent = parentOf(node);
  if (ASSIGNMENTS.has(typeOf(node)) && parent && typeOf(parent) === 'expression_statement') return parent;
  return outerNode(node);
}

function isPublicName(name: string): boolean {
  return !name.startsWith('_') || (name.startsWith('__') && name.endsWith('__') && name.length > 4);
}

function nameOf(scope: Node): string {
  return scope.childForFieldName('name')?.text ?? '';
}

function isExported(def: DefinitionCandidate, file: FileContext): boolean {
  const scope = enclosingScope(def.node);
  if (!scope) return file.hasExportList ? file.exportedNames.has(def.name) : !def.name.startsWith('_');
  // Inside a function everything is local; inside a class, public when the class is.
  if (scope.type !== 'class_definition' || !isPublicName(def.name)) return false;
  let current: Node = scope;
  for (;;) {
    const outer = enclosingScope(current);
    const name = nameOf(current);
    if (!outer) return file.hasExportList ? file.exportedNames.has(name) : !name.startsWith('_');
    if (outer.type !== 'class_definition' || !isPublicName(name)) return false;
    current = outer;
  }
}

/** The string literal that is the first statement of a body block, if any. */
function leadingString(block: Node | null): Node | null {
  const first = block?.firstNamedChild;
  if (!first || first.type !== 'expression_statement' || first.namedChildCount !== 1) return null;
  const value = first.firstNamedChild;
  return value && (value.type === 'string' || value.type === 'concatenated_string') ? value : null;
}

function literalText(literal: Node): string {
  if (literal.type !== 'concatenated_string') return stripStringQuotes(literal.text);
  return stripStringQuotes(
    literal.namedChildren
      .filter((part): part is Node => part !== null)
      .map((part) => stripStringQuotes(part.text))
      .join(''),
  );
}

function docstring(def: DefinitionCandidate): string | null {
  const node = def.node;
  if (node.type === 'function_definition' || node.type === 'class_definition') {
    const literal = leadingString(node.childForFieldName('body'));
    return literal ? literalText(literal) : null;
  }
  // Attributes and module variables: a string literal statement right after the
  // assignment (PEP 257 attribute docstring), else `#` comments directly above.
  const statement = statementOf(def);
  const next = statement.nextNamedSibling;
  if (next && next.type === 'expression_statement' && next.namedChildCount === 1 && next.startPosition.row === statement.endPosition.row + 1) {
    const value = next.firstNamedChild;
    if (value && value.type === 'string') return literalText(value);
  }
  const comments = commentsAbove(statement);
  if (comments.length === 0) return null;
  const text = stripCommentMarkers(comments.map((c) => c.text).join('\n'));
  return text.length > 0 ? text : null;
}

/**
 * `#` comments directly above a statement (contiguous, no blank line). A comment
 * trailing the previous statement's line belongs to that statement. Comments
 * before the first statement of a block are siblings of the block, not inside it.
 */
function commentsAbove(statement: Node): Node[] {
  const out: Node[] = [];
  let expectedRow = statement.startPosition.row;
  let sibling = statement.previousSibling;
  const parent = parentOf(statement);
  if (!sibling && parent && typeOf(parent) === 'block') sibling = parent.previousSibling;
  while (sibling && sibling.type === 'comment' && sibling.endPosition.row >= expectedRow - 1) {
    const before = sibling.previousSibling;
    if (before && before.endPosition.row === sibling.startPosition.row) break;
    out.unshift(sibling);
    expectedRow = sibling.startPosition.row;
    sibling = before;
  }
  return out;
}

/** `@a.b(...)` → `a.b`; `@name` → `name`. */
function decoratorName(decorator: Node): string {
  let expression = decorator.firstNamedChild;
  if (expression?.type === 'call') expression = expression.childForFieldName('function');
  if (!expression) return decorator.text.replace(/^@\s*/, '');
  return expression.text.replace(/\s+/g, '');
}

function decorators(def: DefinitionCandidate): string[] {
  const parent = parentOf(def.node);
  if (!parent || typeOf(parent) !== 'decorated_definition') return [];
  return parent.namedChildren
    .filter((child): child is Node => child !== null && child.type === 'decorator')
    .map(decoratorName);
}

/**
 * `def name(params) -> ret` / `class Name(Bases)`: the header up to its colon,
 * comments inside it left out; for an assignment, its text.
 */
function signature(def: DefinitionCandidate, file: FileContext): string {
  const node = def.node;
  const body = node.childForFieldName('body');
  if (!body) return oneLine(node.text);
  let end = body.startIndex;
  for (const child of node.children) {
    if (child && child.type === ':' && child.startIndex < body.startIndex) end = child.startIndex;
  }
  let text = '';
  let at = node.startIndex;
  const header = [node.childForFieldName('parameters'), node.childForFieldName('superclasses')];
  for (const part of header) {
    for (const comment of part ? part.descendantsOfType('comment') : []) {
      if (!comment || comment.startIndex < at || comment.endIndex > end) continue;
      text += file.source.slice(at, comment.startIndex);
      at = comment.endIndex;
    }
  }
  return oneLine(text + file.source.slice(at, end));
}

/** Reads a module-level `__all__ = [...]` / `(...)` of string literals (also `+=`). */
function prepareFile(file: FileContext): void {
  for (const statement of file.root.namedChildren) {
    if (!statement || statement.type !== 'expression_statement') continue;
    const assignment = statement.firstNamedChild;
    if (!assignment || !ASSIGNMENTS.has(assignment.type)) continue;
    if (assignment.childForFieldName('left')?.text !== '__all__') continue;
    const value = assignment.childForFieldName('right');
    if (!value || (value.type !== 'list' && value.type !== 'tuple')) continue;
    file.hasExportList = true;
    for (const item of value.namedChildren) {
      if (item?.type !== 'string') continue;
      const content = item.namedChildren.find((c) => c?.type === 'string_content');
      if (content) file.exportedNames.add(content.text);
    }
  }
}

export const pythonSpec: LanguageSpec = {
  language: 'python',
  grammar: { package: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  queryFile: 'python.scm',
  moduleBinding: 'first',
  classifyUsage,
  isExported,
  docstring,
  decorators,
  signature,
  prepareFile,
};
