/**
 * TypeScript, TSX and JavaScript facts. The three grammars share node names;
 * JavaScript has its own query file because it lacks the type nodes.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { isField, parentOf, precedingComments, stripCommentMarkers, typeOf } from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set(['===', '!==', '==', '!=']);
const RECORD_LIKE: ReadonlySet<string> = new Set(['Record', 'Map', 'ReadonlyMap', 'WeakMap', 'Partial<Record>']);

/** Nodes a usage walk passes through without deciding anything. */
const TRANSPARENT: ReadonlySet<string> = new Set([
  'parenthesized_expression',
  'non_null_expression',
  'nested_identifier',
  'nested_type_identifier',
  'computed_property_name',
  'spread_element',
]);

/** Type-level nodes: a usage inside one of them is in a type position. */
const TYPE_NODES: ReadonlySet<string> = new Set([
  'generic_type',
  'type_arguments',
  'union_type',
  'intersection_type',
  'array_type',
  'tuple_type',
  'readonly_type',
  'parenthesized_type',
  'lookup_type',
  'index_type_query',
  'type_query',
  'object_type',
  'function_type',
  'constructor_type',
  'conditional_type',
  'infer_type',
  'optional_type',
  'rest_type',
  'literal_type',
  'template_literal_type',
  'type_predicate',
  'asserts',
  'keyof_type',
  'existential_type',
  'constraint',
  'default_type',
  'type_parameter',
  'type_parameters',
  'nested_type_identifier',
  'property_signature',
  'method_signature',
  'index_signature',
  'call_signature',
  'construct_signature',
  'formal_parameters',
  'required_parameter',
  'optional_parameter',
]);

function classifyUsage(node: Node): UsageRole {
  let child = node;
  let parent = parentOf(node);
  let sawMember = false;
  let inType = false;
  while (parent) {
    const type = typeOf(parent);
    switch (type) {
      case 'import_statement':
      case 'import_clause':
      case 'named_imports':
      case 'import_specifier':
      case 'namespace_import':
      case 'import_require_clause':
        return 'import';
      case 'export_specifier':
      case 'export_clause':
        return 'export';
      // Fields are told apart by position and node type rather than childForFieldName:
      // every Node call crosses into wasm, and field lookups are slow in large files.
      case 'export_statement':
        // `export default X`: the value is an identifier; declarations are not.
        return typeOf(child) === 'identifier' ? 'export' : fallback(sawMember, inType);
      case 'switch_case':
        return parent.namedChild(0)?.id === child.id ? 'case_pattern' : fallback(sawMember, inType);
      case 'switch_statement':
        // The switch subject: `switch (node.kind)` is where a property's variants are matched.
        return typeOf(child) === 'parenthesized_expression' ? 'case_pattern' : fallback(sawMember, inType);
      case 'binary_expression': {
        const operator = parent.child(1)?.type ?? '';
        return COMPARISON_OPERATORS.has(operator) ? 'comparison' : fallback(sawMember, inType);
      }
      case 'member_expression': {
        const isProperty = child.startIndex !== parent.startIndex;
        if (isProperty && child.id === node.id) {
          const grand = parentOf(parent);
          const grandType = grand ? typeOf(grand) : '';
          if (grandType === 'call_expression' && grand?.startIndex === parent.startIndex) return 'call';
          if (grandType === 'new_expression') return 'instantiation';
        }
        sawMember = true;
        break;
      }
      case 'call_expression':
        if (child.startIndex === parent.startIndex && typeOf(child) !== 'arguments') return sawMember ? 'member_access' : 'call';
        return fallback(sawMember, inType);
      case 'new_expression': {
        const childType = typeOf(child);
        if (childType !== 'arguments' && childType !== 'type_arguments') return sawMember ? 'member_access' : 'instantiation';
        return fallback(sawMember, inType);
      }
      case 'extends_clause':
      case 'extends_type_clause':
        return 'extends';
      case 'implements_clause':
        return 'implements';
      case 'pair':
        if (child.startIndex === parent.startIndex) return 'object_key';
        return fallback(sawMember, inType);
      case 'subscript_expression':
        // `map[kind]`: the index is a key into an object keyed by its type.
        if (child.startIndex !== parent.startIndex) return 'object_key';
        sawMember = true;
        break;
      case 'mapped_type_clause':
        return 'object_key';
      case 'type_arguments': {
        const generic = parentOf(parent);
        const genericType = generic ? typeOf(generic) : '';
        const name = genericType === 'generic_type' || genericType === 'new_expression' ? generic?.namedChild(0)?.text : undefined;
        if (name && RECORD_LIKE.has(name) && parent.namedChild(0)?.id === child.id) return 'object_key';
        inType = true;
        break;
      }
      case 'type_annotation':
        return annotationRole(parent);
      case 'type_alias_declaration':
      case 'as_expression':
      case 'satisfies_expression':
      case 'type_assertion':
        return inType || typeOf(child) !== 'identifier' ? 'type_reference' : fallback(sawMember, inType);
      case 'assignment_expression':
      case 'augmented_assignment_expression':
        if (child.startIndex === parent.startIndex) return 'assignment';
        return isBareChain(child) ? 'assignment' : fallback(sawMember, inType);
      case 'variable_declarator': {
        const isValue = child.startIndex !== parent.startIndex && typeOf(child) !== 'type_annotation';
        return isValue && isBareChain(child) ? 'assignment' : fallback(sawMember, inType);
      }
      default:
        if (TYPE_NODES.has(type)) {
          if (type !== 'formal_parameters' && type !== 'required_parameter' && type !== 'optional_parameter') inType = true;
          break;
        }
        if (!TRANSPARENT.has(type)) return fallback(sawMember, inType);
    }
    child = parent;
    parent = parentOf(parent);
  }
  return fallback(sawMember, inType);
}

function fallback(sawMember: boolean, inType: boolean): UsageRole {
  if (inType) return 'type_reference';
  return sawMember ? 'member_access' : 'other';
}

/** An identifier or a plain `a.b.c` chain: the value itself flows into the target. */
function isBareChain(node: Node): boolean {
  const type = typeOf(node);
  if (type === 'identifier') return true;
  if (type !== 'member_expression') return false;
  const object = node.namedChild(0);
  return object !== null && (typeOf(object) === 'this' || isBareChain(object));
}

/** The role of a type annotation depends on what it annotates. */
function annotationRole(annotation: Node): UsageRole {
  const owner = parentOf(annotation);
  if (!owner) return 'type_reference';
  const ownerType = typeOf(owner);
  if (RETURN_TYPE_OWNERS.has(ownerType)) return 'type_return';
  switch (ownerType) {
    case 'required_parameter':
    case 'optional_parameter':
      return 'type_parameter';
    case 'public_field_definition':
    case 'property_signature':
      return 'type_property';
    case 'index_signature':
      return 'type_property';
    default:
      return 'type_reference';
  }
}

/** Nodes whose direct type_annotation child is a return type (parameters have their own nodes). */
const RETURN_TYPE_OWNERS: ReadonlySet<string> = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'generator_function',
  'arrow_function',
  'method_definition',
  'method_signature',
  'abstract_method_signature',
  'function_signature',
  'call_signature',
  'construct_signature',
]);

/** The statement that carries a definition's comments and export keyword. */
function statementOf(node: Node): Node {
  let current = node;
  const parent = parentOf(current);
  if (typeOf(current) === 'variable_declarator' && parent) current = parent;
  const outer = parentOf(current);
  if (outer && typeOf(outer) === 'export_statement') current = outer;
  return current;
}

function isExported(def: DefinitionCandidate, file: FileContext): boolean {
  if (def.parentKind === null) {
    return statementOf(def.node).type === 'export_statement' || file.exportedNames.has(def.name) || isAmbientExported(def.node);
  }
  if (def.parentKind === 'function' || def.parentKind === 'method') return false;
  if (hasPrivateMarker(def.node)) return false;
  // A member is reachable from outside when its container is.
  let container = parentOf(def.node);
  while (container && !CONTAINERS.has(typeOf(container))) container = parentOf(container);
  if (!container) return false;
  const nameNode = container.childForFieldName('name');
  const statement = statementOf(container);
  return statement.type === 'export_statement' || (nameNode !== null && file.exportedNames.has(nameNode.text));
}

const CONTAINERS: ReadonlySet<string> = new Set([
  'class_declaration',
  'abstract_class_declaration',
  'interface_declaration',
  'enum_declaration',
  'internal_module',
  'class',
]);

function hasPrivateMarker(node: Node): boolean {
  const name = node.childForFieldName('name');
  if (name?.type === 'private_property_identifier') return true;
  for (const child of node.namedChildren) {
    if (child?.type === 'accessibility_modifier' && child.text !== 'public') return true;
  }
  return false;
}

/** Declarations inside `declare module 'x' { ... }` are visible to importers. */
function isAmbientExported(node: Node): boolean {
  const parent = parentOf(node);
  const grand = parent ? parentOf(parent) : null;
  const type = grand ? typeOf(grand) : '';
  return type === 'module' || type === 'ambient_declaration';
}

/**
 * The JSDoc block directly above a definition, found in the source text: sibling
 * navigation in tree-sitter is linear in the number of siblings, which hurts in
 * large files. Decorator lines between the comment and the definition are skipped;
 * an unusual layout (multi-line decorator) falls back to the syntax tree.
 */
function docstring(def: DefinitionCandidate, file: FileContext): string | null {
  const statement = statementOf(def.node);
  const source = file.source;
  let end = source.lastIndexOf('\n', statement.startIndex - 1);
  for (;;) {
    if (end < 0) return null;
    const lineStart = source.lastIndexOf('\n', end - 1) + 1;
    const line = source.slice(lineStart, end).trim();
    if (line === '') return null;
    if (line.startsWith('@') && !/[({[,]$/.test(line)) {
      end = lineStart - 1;
      continue;
    }
    if (line.endsWith('*/')) {
      const open = source.lastIndexOf('/*', end);
      return open >= 0 && source.startsWith('/**', open) ? stripCommentMarkers(source.slice(open, source.indexOf('*/', open) + 2)) : null;
    }
    if (/^[)}\]]/.test(line)) return docstringFromTree(statement);
    return null;
  }
}

function docstringFromTree(statement: Node): string | null {
  const comments = precedingComments(statement, (n) => n.type === 'comment' || n.type === 'decorator');
  const doc = [...comments].reverse().find((n) => n.type === 'comment' && n.text.startsWith('/**'));
  return doc ? stripCommentMarkers(doc.text) : null;
}

function decorators(def: DefinitionCandidate, file: FileContext): string[] {
  const names: string[] = [];
  const collect = (n: Node | null | undefined): void => {
    if (n?.type !== 'decorator') return;
    const expr = n.namedChild(0);
    const target = expr?.type === 'call_expression' ? expr.childForFieldName('function') : expr;
    if (target) names.push(target.text);
  };
  const statement = statementOf(def.node);
  for (const child of statement.namedChildren) collect(child);
  if (statement.id !== def.node.id) for (const child of def.node.namedChildren) collect(child);
  // Member decorators are the preceding siblings inside a class body. Walking siblings
  // is slow in large classes, so only do it when the text before the member ends like a decorator.
  const parent = parentOf(def.node);
  const before = file.source.slice(Math.max(0, def.node.startIndex - 200), def.node.startIndex).trimEnd();
  const mayHaveDecorator = /(^|\n)\s*@[^\n]*$/.test(before) || before.endsWith(')');
  let sibling = parent && typeOf(parent) === 'class_body' && mayHaveDecorator ? def.node.previousNamedSibling : null;
  const found: string[] = [];
  while (sibling?.type === 'decorator') {
    const expr = sibling.namedChild(0);
    const target = expr?.type === 'call_expression' ? expr.childForFieldName('function') : expr;
    if (target) found.unshift(target.text);
    sibling = sibling.previousNamedSibling;
  }
  return [...found, ...names];
}

function signature(def: DefinitionCandidate, file: FileContext): string {
  const node = def.node;
  const statement = statementOf(node);
  let start = statement.startIndex;
  // Skip decorators and leading comments inside the statement.
  for (const child of statement.namedChildren) {
    if (child?.type === 'decorator') start = child.endIndex;
  }
  const body = node.childForFieldName('body') ?? (node.type === 'variable_declarator' ? node.childForFieldName('value')?.childForFieldName('body') : null);
  const end = body ? body.startIndex : statement.type === 'export_statement' && node.type !== 'variable_declarator' ? node.endIndex : node.endIndex;
  let text = file.source.slice(start, end);
  if (!body) text = text.split('\n')[0] ?? text;
  return text.replace(/\s+/g, ' ').replace(/[\s{=>]+$/, '').trim().slice(0, 200);
}

function makeSpec(language: 'typescript' | 'tsx' | 'javascript', pkg: string, wasm: string, queryFile: string): LanguageSpec {
  return { language, grammar: { package: pkg, wasm }, queryFile, classifyUsage, isExported, docstring, decorators, signature };
}

export const typescriptSpec = makeSpec('typescript', 'tree-sitter-typescript', 'tree-sitter-typescript.wasm', 'typescript.scm');
export const tsxSpec = makeSpec('tsx', 'tree-sitter-typescript', 'tree-sitter-tsx.wasm', 'typescript.scm');
export const javascriptSpec = makeSpec('javascript', 'tree-sitter-javascript', 'tree-sitter-javascript.wasm', 'javascript.scm');
