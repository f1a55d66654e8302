/**
 * Java facts. Definitions, imports, calls, complexity and reference sites come from
 * queries/java.scm; this file decides usage roles, visibility, Javadoc, annotations
 * and signatures.
 *
 * Definitions: class (classes and records), interface (interfaces and annotation
 * types), enum, enum_member, method (methods, constructors, compact constructors,
 * annotation elements), property (fields, record components), constant (`static final`
 * fields and interface fields). Fields with several declarators (`int a, b;`) are
 * defined per variable_declarator; the hooks below then read the enclosing field.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import { oneLine, precedingComments, stripCommentMarkers } from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

const TYPE_DECLARATIONS: ReadonlySet<string> = new Set([
  'class_declaration',
  'record_declaration',
  'interface_declaration',
  'annotation_type_declaration',
  'enum_declaration',
]);
/** Bodies whose members are implicitly public. */
const IMPLICITLY_PUBLIC_BODIES: ReadonlySet<string> = new Set(['interface_body', 'annotation_type_body']);
const FIELD_DECLARATIONS: ReadonlySet<string> = new Set(['field_declaration', 'constant_declaration']);
const ANNOTATIONS: ReadonlySet<string> = new Set(['marker_annotation', 'annotation']);
const COMMENTS: ReadonlySet<string> = new Set(['block_comment', 'line_comment']);

/** The declaration that carries modifiers, Javadoc and annotations for a definition node. */
function declarationOf(node: Node): Node {
  if (node.type === 'variable_declarator' && node.parent && FIELD_DECLARATIONS.has(node.parent.type)) return node.parent;
  return node;
}

function modifiersOf(decl: Node): Node | null {
  for (const child of decl.namedChildren) if (child?.type === 'modifiers') return child;
  return null;
}

function hasModifier(decl: Node, keyword: string): boolean {
  const mods = modifiersOf(decl);
  if (!mods) return false;
  for (let i = 0; i < mods.childCount; i++) if (mods.child(i)?.type === keyword) return true;
  return false;
}

/** The type declaration whose body directly contains `decl`, or null at top level. */
function enclosingType(decl: Node): Node | null {
  let body = decl.parent;
  if (body?.type === 'enum_body_declarations') body = body.parent;
  const owner = body?.parent ?? null;
  return owner && TYPE_DECLARATIONS.has(owner.type) ? owner : null;
}

function declarationExported(decl: Node): boolean {
  if (hasModifier(decl, 'public')) return true;
  // Interface / annotation members are implicitly public: exported when the interface is.
  const body = decl.parent;
  if (body && IMPLICITLY_PUBLIC_BODIES.has(body.type)) {
    const owner = enclosingType(decl);
    return owner ? declarationExported(owner) : false;
  }
  return false;
}

function isExported(def: DefinitionCandidate): boolean {
  const decl = declarationOf(def.node);
  if (decl.type === 'enum_constant' || decl.type === 'formal_parameter') {
    // Enum constants and record components are visible wherever their type is.
    const owner = decl.parent?.parent;
    return owner ? declarationExported(owner) : false;
  }
  return declarationExported(decl);
}

function isJavadoc(node: Node): boolean {
  return node.type === 'block_comment' && node.text.startsWith('/**') && node.text !== '/**/';
}

function docstring(def: DefinitionCandidate): string | null {
  const decl = declarationOf(def.node);
  // Javadoc directly above, possibly with line comments in between.
  const above = precedingComments(decl, (n) => COMMENTS.has(n.type));
  let doc: Node | undefined;
  for (const c of above) if (isJavadoc(c)) doc = c;
  // Javadoc written after the annotations ends up inside the modifiers.
  if (!doc) {
    const mods = modifiersOf(decl);
    if (mods) for (const c of mods.namedChildren) if (c && isJavadoc(c)) doc = c;
  }
  return doc ? stripCommentMarkers(doc.text) : null;
}

function decorators(def: DefinitionCandidate): string[] {
  const mods = modifiersOf(declarationOf(def.node));
  if (!mods) return [];
  const names: string[] = [];
  for (const child of mods.namedChildren) {
    if (!child || !ANNOTATIONS.has(child.type)) continue;
    const name = child.childForFieldName('name');
    if (name) names.push(name.text);
  }
  return names;
}

/** Source text of `node` from its start to `end`, leaving out annotations and comments. */
function textWithout(node: Node, end: number, source: string): string {
  const skip: Array<[number, number]> = [];
  const mods = modifiersOf(node);
  for (const parent of [node, mods]) {
    if (!parent) continue;
    for (const c of parent.namedChildren) {
      if (c && (ANNOTATIONS.has(c.type) || COMMENTS.has(c.type)) && c.endIndex <= end) skip.push([c.startIndex, c.endIndex]);
    }
  }
  skip.sort((a, b) => a[0] - b[0]);
  let text = '';
  let at = node.startIndex;
  for (const [s, e] of skip) {
    if (s > at) text += source.slice(at, s);
    at = Math.max(at, e);
  }
  if (end > at) text += source.slice(at, end);
  return text;
}

function cleanSignature(text: string): string {
  return oneLine(text.replace(/[\s{;]+$/, ''));
}

/** Declarator text, without a multi-line initializer. */
function declaratorText(declarator: Node, source: string): string {
  const value = declarator.childForFieldName('value');
  if (value && value.startPosition.row !== value.endPosition.row) {
    const name = declarator.childForFieldName('name') ?? declarator;
    return source.slice(declarator.startIndex, name.endIndex);
  }
  return declarator.text;
}

function signature(def: DefinitionCandidate, file: FileContext): string {
  const { source } = file;
  const node = def.node;
  if (node.type === 'variable_declarator') {
    // One of several declarators: modifiers and type of the field, then this declarator.
    const field = declarationOf(node);
    const type = field.childForFieldName('type');
    const head = type ? textWithout(field, type.endIndex, source) : '';
    return cleanSignature(`${head} ${declaratorText(node, source)}`);
  }
  if (FIELD_DECLARATIONS.has(node.type)) {
    const declarator = node.childForFieldName('declarator');
    const type = node.childForFieldName('type');
    if (declarator && type) return cleanSignature(`${textWithout(node, type.endIndex, source)} ${declaratorText(declarator, source)}`);
  }
  const body = node.childForFieldName('body');
  const end = body && body.startIndex > node.startIndex ? body.startIndex : node.endIndex;
  return cleanSignature(textWithout(node, end, source));
}

// ---------------------------------------------------------------- usage roles

/** Nodes at which the walk up from a reference stops: nothing above them changes its role. */
function isBoundary(type: string): boolean {
  return (
    type.endsWith('_statement') ||
    type.endsWith('_declaration') ||
    type.endsWith('_body') ||
    type === 'block' ||
    type === 'program' ||
    type === 'switch_rule' ||
    type === 'switch_block_statement_group' ||
    type === 'lambda_expression'
  );
}

function same(a: Node | null, b: Node): boolean {
  return a !== null && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
}

function lastSegmentOf(text: string): string {
  const parts = text.split('.');
  return (parts[parts.length - 1] ?? text).trim();
}

/** Role of a type_identifier: decided by the type position it sits in. */
function classifyType(node: Node): UsageRole {
  let child = node;
  let parent = node.parent;
  let qualifier = false;
  let inTypeArgument = false;
  let role: UsageRole | null = null;
  while (parent && role === null) {
    switch (parent.type) {
      case 'scoped_type_identifier':
        // `Outer.Inner`: only the last segment names the type in this position.
        if (!same(parent.lastNamedChild, child)) qualifier = true;
        break;
      case 'generic_type':
      case 'array_type':
      case 'annotated_type':
      case 'wildcard':
      case 'type_list':
        break;
      case 'type_arguments': {
        const generic = parent.parent;
        const head = generic?.type === 'generic_type' ? generic.firstNamedChild : null;
        if (head && same(parent.firstNamedChild, child) && lastSegmentOf(head.text).endsWith('Map')) role = 'object_key';
        else inTypeArgument = true;
        break;
      }
      case 'formal_parameter':
        role = parent.parent?.parent?.type === 'record_declaration' ? 'type_property' : 'type_parameter';
        break;
      case 'spread_parameter':
      case 'receiver_parameter':
        role = 'type_parameter';
        break;
      case 'method_declaration':
      case 'annotation_type_element_declaration':
        role = 'type_return';
        break;
      case 'field_declaration':
      case 'constant_declaration':
        role = 'type_property';
        break;
      case 'superclass':
      case 'extends_interfaces':
        role = inTypeArgument ? 'type_reference' : 'extends';
        break;
      case 'super_interfaces':
        role = inTypeArgument ? 'type_reference' : 'implements';
        break;
      case 'object_creation_expression':
        role = inTypeArgument ? 'type_reference' : 'instantiation';
        break;
      case 'type_pattern':
      case 'record_pattern':
      case 'record_pattern_component':
        role = 'case_pattern';
        break;
      case 'method_reference':
        role = 'member_access';
        break;
      default:
        role = 'type_reference';
    }
    child = parent;
    parent = parent.parent;
  }
  role ??= 'type_reference';
  if (qualifier && role !== 'object_key' && role !== 'case_pattern') return 'member_access';
  return role;
}

function classifyIdentifier(node: Node): UsageRole {
  let child = node;
  let parent = node.parent;
  /** `child` is still the whole operand: the identifier itself or a field access chain around it. */
  let wholeOperand = true;
  let memberAccess = false;
  let inGuard = false;
  while (parent && !isBoundary(parent.type)) {
    switch (parent.type) {
      case 'scoped_identifier':
      case 'field_access':
        memberAccess = true;
        break;
      case 'method_reference':
        return 'member_access';
      case 'parenthesized_expression':
        break;
      case 'switch_expression':
        // The switch subject, as in the TypeScript facts: where a value's variants are matched.
        if (wholeOperand && same(parent.childForFieldName('condition'), child)) return 'case_pattern';
        wholeOperand = false;
        break;
      case 'switch_label':
      case 'record_pattern':
      case 'type_pattern':
        if (!inGuard) return 'case_pattern';
        break;
      case 'guard':
        inGuard = true;
        wholeOperand = false;
        break;
      case 'method_invocation':
        if (same(parent.childForFieldName('name'), child)) return 'call';
        if (same(parent.childForFieldName('object'), child)) return 'member_access';
        wholeOperand = false;
        break;
      case 'binary_expression': {
        const op = parent.childForFieldName('operator')?.type;
        if (wholeOperand && (op === '==' || op === '!=')) return 'comparison';
        wholeOperand = false;
        break;
      }
      case 'assignment_expression':
      case 'update_expression':
        if (wholeOperand) return 'assignment';
        wholeOperand = false;
        break;
      case 'variable_declarator':
        if (wholeOperand && same(parent.childForFieldName('value'), child)) return 'assignment';
        wholeOperand = false;
        break;
      case 'marker_annotation':
      case 'annotation':
        if (same(parent.childForFieldName('name'), child)) return memberAccess ? 'member_access' : 'other';
        wholeOperand = false;
        break;
      case 'argument_list':
      case 'annotation_argument_list':
        // An argument: nothing above changes its role.
        return memberAccess ? 'member_access' : 'other';
      default:
        wholeOperand = false;
    }
    child = parent;
    parent = parent.parent;
  }
  if (parent?.type === 'import_declaration') return 'import';
  return memberAccess ? 'member_access' : 'other';
}

function classifyUsage(node: Node): UsageRole {
  return node.type === 'type_identifier' ? classifyType(node) : classifyIdentifier(node);
}

export const javaSpec: LanguageSpec = {
  language: 'java',
  grammar: { package: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  queryFile: 'java.scm',
  classifyUsage,
  isExported,
  docstring,
  decorators,
  signature,
};
