/**
 * C and C++ facts. tree-sitter-cpp is tree-sitter-c's grammar extended, so both languages share their
 * node types, their query (queries/c-family.scm, after each one's own c.scm / cpp.scm) and these hooks:
 * usage roles, visibility, doc comments, signatures, and the container of an out-of-line method.
 *
 * Definitions: function (definitions, prototypes and function-like macros), method (C++ member
 * functions, in the class or out of line as `Shape::area`), class (struct, union, C++ class), enum (plain
 * and `enum class`) with its enumerators as enum_member, type_alias (typedef, `using X = …`), constant
 * (object-like macros with a value, `const`/`constexpr` objects), variable (file-scope objects, `extern`
 * ones included), property (fields), module (C++ named namespaces, which qualify what they hold:
 * `geo.Shape.area`). A template's definition is its inner declaration; its doc comment and its
 * `template <…>` head are read from the template around it.
 */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../../core/types.js';
import {
  endsAt,
  isEquality,
  oneLine,
  parentOf,
  precedingComments,
  startsAt,
  stripCommentMarkers,
  strongerRole as stronger,
  typeOf,
} from '../common.js';
import type { DefinitionCandidate, FileContext, LanguageSpec } from '../language-spec.js';

// ---------------------------------------------------------------- the declaration around a definition

/** Declarator nodes between a declared name and its declaration (`*name[3] = …`). */
const DECLARATORS: ReadonlySet<string> = new Set([
  'identifier',
  'field_identifier',
  'type_identifier',
  'init_declarator',
  'pointer_declarator',
  'reference_declarator',
  'array_declarator',
  'function_declarator',
  'parenthesized_declarator',
]);
const DECLARATIONS: ReadonlySet<string> = new Set(['declaration', 'field_declaration', 'type_definition']);

/** The declaration that carries the comments and specifiers of a definition node (a declarator is one of several). */
function declarationOf(node: Node): Node {
  if (!DECLARATORS.has(node.type)) return node;
  let current = node;
  for (let parent = current.parent; parent && DECLARATORS.has(parent.type); parent = parent.parent) current = parent;
  const holder = current.parent;
  return holder && DECLARATIONS.has(holder.type) ? holder : node;
}

/** The template around a declaration (`template <typename T> class Box`), else the declaration itself. */
function withTemplate(decl: Node): Node {
  const parent = decl.parent;
  return parent?.type === 'template_declaration' ? parent : decl;
}

/** `template <typename T> ` for a templated declaration, else ''. */
function templateHead(decl: Node, source: string): string {
  const template = decl.parent;
  if (template?.type !== 'template_declaration') return '';
  const parameters = template.childForFieldName('parameters');
  return parameters ? `${source.slice(template.startIndex, parameters.endIndex)} ` : '';
}

// ---------------------------------------------------------------- visibility

function hasStorageClass(decl: Node, keyword: string): boolean {
  for (const child of decl.namedChildren) if (child?.type === 'storage_class_specifier' && child.text === keyword) return true;
  return false;
}

/** The access of a member at `child` in a class body: the last `public:` / `private:` above it, else the default of its kind. */
function accessOf(body: Node, child: Node): string {
  let access = body.parent?.type === 'class_specifier' ? 'private' : 'public';
  for (const sibling of body.namedChildren) {
    if (!sibling || sibling.startIndex >= child.startIndex) break;
    if (sibling.type === 'access_specifier') access = sibling.text.trim();
  }
  return access;
}

/**
 * Visible outside its file or class: not `static` at file scope, not in an anonymous namespace, not a
 * private or protected member (nor a member of one), not local to a function. A macro is visible to every
 * file that includes its own.
 */
function isExported(def: DefinitionCandidate): boolean {
  let child = withTemplate(declarationOf(def.node));
  const inClass = child.parent?.type === 'field_declaration_list';
  if (!inClass && hasStorageClass(declarationOf(def.node), 'static')) return false;
  for (let parent = child.parent; parent; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case 'field_declaration_list':
        if (accessOf(parent, child) !== 'public') return false;
        break;
      case 'namespace_definition':
        if (!parent.childForFieldName('name')) return false;
        break;
      case 'compound_statement':
        return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------- doc comments

/** A comment that can document what follows it: not trailing code on its own line. */
function isDocComment(n: Node): boolean {
  if (n.type !== 'comment') return false;
  const prev = n.previousSibling;
  // A preprocessor line's node runs to the start of the next line (its newline is part of it).
  return !prev || prev.type === 'comment' || prev.endPosition.row < n.startPosition.row || prev.endPosition.column === 0;
}

function commentText(comments: Node[]): string | null {
  if (comments.length === 0) return null;
  const text = comments.map((c) => stripCommentMarkers(c.text)).join('\n').trim();
  return text.length > 0 ? text : null;
}

/** The comment block just above the declaration (or its template); for an enumerator or a field, else a comment after it on its line. */
function docstring(def: DefinitionCandidate): string | null {
  const decl = withTemplate(declarationOf(def.node));
  const above = commentText(precedingComments(decl, isDocComment));
  if (above || (decl.type !== 'enumerator' && decl.type !== 'field_declaration')) return above;
  let next = decl.nextSibling;
  if (next?.type === ',') next = next.nextSibling;
  return next?.type === 'comment' && next.startPosition.row === decl.endPosition.row ? commentText([next]) : null;
}

// ---------------------------------------------------------------- signatures

const clean = (text: string): string => oneLine(text.replace(/[\s{;:]+$/, ''));

/** The text of a declarator, without an initializer that runs over several lines (a table). */
function declaratorText(declarator: Node, source: string): string {
  const value = declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
  if (value && value.startPosition.row !== value.endPosition.row) {
    const inner = declarator.childForFieldName('declarator') ?? declarator;
    return source.slice(declarator.startIndex, inner.endIndex);
  }
  return declarator.text;
}

/** `static const rgb_t` of `static const rgb_t palette[3] = …`: the declaration up to the end of its type. */
function specifiersOf(decl: Node, source: string): string {
  const type = decl.childForFieldName('type');
  return type ? source.slice(decl.startIndex, type.endIndex) : '';
}

/** Text of `node` up to the first child of one of `types` (its body, its member initializers). */
function textBefore(node: Node, types: ReadonlySet<string>, source: string): string {
  for (const child of node.children) if (child && types.has(child.type)) return source.slice(node.startIndex, child.startIndex);
  return node.text;
}

const FUNCTION_BODIES: ReadonlySet<string> = new Set(['compound_statement', 'field_initializer_list', 'try_statement']);
const TYPE_BODIES: ReadonlySet<string> = new Set(['field_declaration_list', 'enumerator_list']);

function signature(def: DefinitionCandidate, file: FileContext): string {
  const { source } = file;
  const node = def.node;
  switch (node.type) {
    case 'function_definition':
      return clean(templateHead(node, source) + textBefore(node, FUNCTION_BODIES, source));
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
    case 'enum_specifier':
      return clean(templateHead(node, source) + textBefore(node, TYPE_BODIES, source));
    case 'type_definition': {
      // `typedef enum { … } stroke_kind`: the anonymous type is named by the typedef.
      const type = node.childForFieldName('type');
      if (type && def.kind !== 'type_alias') return clean(`typedef ${clean(textBefore(type, TYPE_BODIES, source))} { … } ${def.name}`);
      return clean(node.text);
    }
    case 'preproc_def':
    case 'preproc_function_def':
      return oneLine((node.text.split('\n')[0] ?? '').replace(/\\\s*$/, ''));
    case 'namespace_definition':
      return `namespace ${def.name}`;
    case 'declaration':
    case 'field_declaration':
    case 'alias_declaration':
      return clean(templateHead(node, source) + node.text);
    default:
      break;
  }
  // A declarator: one of the declaration's names, with the declaration's specifiers and type.
  const decl = declarationOf(node);
  if (decl === node) return clean(node.text);
  if (decl.type === 'type_definition') {
    // `typedef struct point { … } point_t`: the alias, without the struct's body.
    const type = decl.childForFieldName('type');
    return clean(`typedef ${type ? clean(textBefore(type, TYPE_BODIES, source)) : ''} ${declaratorText(node, source)}`);
  }
  return clean(`${specifiersOf(decl, source)} ${declaratorText(node, source)}`);
}

// ---------------------------------------------------------------- containers

/** `Shape` of `Shape::area`, `geo.Shape` of `geo::Shape::area`, `Box` of `Box<T>::get`: the scopes of an out-of-line definition's name. */
function container(def: DefinitionCandidate): string | null {
  if (def.kind !== 'method' || def.node.type !== 'function_definition') return null;
  let declarator = def.node.childForFieldName('declarator');
  while (declarator && declarator.type !== 'function_declarator') declarator = declarator.type === 'reference_declarator' ? declarator.namedChild(0) : declarator.childForFieldName('declarator');
  let name = declarator?.childForFieldName('declarator') ?? null;
  const scopes: string[] = [];
  while (name?.type === 'qualified_identifier') {
    const scope = name.childForFieldName('scope');
    if (scope) scopes.push((scope.type === 'template_type' ? (scope.childForFieldName('name') ?? scope) : scope).text);
    name = name.childForFieldName('name');
  }
  return scopes.length > 0 ? scopes.join('.') : null;
}

// ---------------------------------------------------------------- usage roles

/*
 * Classification runs for every reference, so, as in go.ts, it climbs with the memoized parentOf /
 * typeOf and tells fields apart by position rather than by childForFieldName.
 */

/** Where the climb for a usage's context stops: every context that matters lies below these. */
const STOP: ReadonlySet<string> = new Set([
  'translation_unit',
  'compound_statement',
  'declaration_list',
  'field_declaration_list',
  'function_definition',
  'declaration',
  'field_declaration',
  'type_definition',
  'argument_list',
  'parameter_list',
  'initializer_list',
  'template_argument_list',
  'lambda_expression',
  'expression_statement',
  'return_statement',
  'if_statement',
  'while_statement',
  'do_statement',
  'for_statement',
  'for_range_loop',
  'preproc_if',
  'preproc_ifdef',
]);

/** Type nodes a type name passes through on its way to the position that gives its role. */
const TYPE_WRAPPERS: ReadonlySet<string> = new Set([
  'struct_specifier',
  'union_specifier',
  'enum_specifier',
  'class_specifier',
  'qualified_identifier',
  'type_descriptor',
  'dependent_type',
]);

/** True when the declaration (or field) `decl` declares a function: its declarator chain holds a function declarator. */
function declaresFunction(decl: Node): boolean {
  for (let d = decl.childForFieldName('declarator'); d; d = d.type === 'reference_declarator' ? d.namedChild(0) : d.childForFieldName('declarator')) {
    if (d.type === 'function_declarator') return true;
    if (!DECLARATORS.has(d.type) || d.type === 'identifier' || d.type === 'field_identifier') return false;
  }
  return false;
}

/** Role of a type name from the position its type fills. */
function typeRole(start: Node): UsageRole {
  let cur = start;
  for (let p = parentOf(cur); p; cur = p, p = parentOf(p)) {
    const type = typeOf(p);
    if (TYPE_WRAPPERS.has(type)) {
      // `geo::Shape`: the scope is a qualifier, not the type.
      if (type === 'qualified_identifier' && !endsAt(cur, p)) return 'member_access';
      continue;
    }
    switch (type) {
      case 'template_type':
        if (startsAt(cur, p)) continue; // the template's name: the role of the whole type
        return 'type_reference';
      case 'parameter_declaration':
      case 'optional_parameter_declaration':
      case 'variadic_parameter_declaration':
        return 'type_parameter';
      case 'field_declaration':
        return declaresFunction(p) ? 'type_return' : 'type_property';
      case 'function_definition':
        return 'type_return';
      case 'declaration':
        return declaresFunction(p) ? 'type_return' : 'type_reference';
      case 'base_class_clause':
        return 'extends';
      case 'new_expression':
      case 'compound_literal_expression':
        return 'instantiation';
      default:
        return 'type_reference';
    }
  }
  return 'type_reference';
}

/** Role from the position the name chain `top` fills in an expression. */
function expressionRole(top: Node, last: boolean): UsageRole | null {
  const parent = parentOf(top);
  if (!parent) return null;
  switch (typeOf(parent)) {
    case 'call_expression':
      // The arguments are an argument_list: a name chain under a call is its function.
      return last ? 'call' : null;
    case 'update_expression':
      return 'assignment';
    case 'assignment_expression':
    case 'init_declarator':
      // The target, or the whole value assigned.
      return 'assignment';
    case 'subscript_designator':
    case 'field_designator':
      // `[RED] = …`, `.x = …`: a key of the table being initialized.
      return 'object_key';
    case 'field_initializer':
      return 'assignment';
    default:
      return null;
  }
}

/** Steps that keep a node in the head of an operand (`a.b`, `f()`, `*p`, `(x)`, `x[i]`). */
function keepsHead(parent: Node, parentType: string, child: Node): boolean {
  switch (parentType) {
    case 'field_expression':
    case 'qualified_identifier':
    case 'parenthesized_expression':
    case 'pointer_expression':
    case 'call_expression':
    case 'cast_expression':
      return true;
    case 'subscript_expression':
      return startsAt(child, parent);
    default:
      return false;
  }
}

function classifyUsage(node: Node): UsageRole {
  const first = parentOf(node);
  if (!first) return 'other';
  const nodeType = typeOf(node);

  // 1. Climb the name chain (`a.b`, `p->b`, `geo::Kind::Circle`, `larger<int>`): only its last segment
  //    gets the positional role; a segment of a member access or a qualified name is a member access.
  let top = node;
  let last = true;
  let chained = false;
  for (let p: Node | null = first; p; p = parentOf(p)) {
    const type = typeOf(p);
    if (type === 'field_expression') {
      if (startsAt(top, p)) last = false; // the object comes first
      chained = true;
    } else if (type === 'qualified_identifier') {
      if (!endsAt(top, p)) last = false; // a scope
      chained = true;
    } else if (type !== 'template_function' && type !== 'template_method') break;
    top = p;
  }
  let role: UsageRole = chained ? 'member_access' : 'other';

  // 2. The position the chain fills.
  if (nodeType === 'type_identifier') {
    const r = typeRole(node);
    if (last || r === 'member_access') role = stronger(r, role);
  } else if (nodeType === 'namespace_identifier') {
    role = 'member_access';
  } else {
    const r = expressionRole(top, last);
    if (r) role = stronger(r, role);
  }

  // 3. Context up to the statement: case values (a case's statements are STOP nodes, so reaching the case
  //    means coming from its value), the subject of a switch, comparisons.
  let head = true;
  let cur = node;
  for (let p: Node | null = first; p; cur = p, p = parentOf(p)) {
    const type = typeOf(p);
    if (type === 'case_statement') return 'case_pattern';
    if (type === 'switch_statement') return head ? 'case_pattern' : role;
    if (STOP.has(type)) break;
    if (!head) continue;
    if (type === 'binary_expression') {
      if (isEquality(p, cur)) role = stronger('comparison', role);
      head = false;
    } else if (type === 'condition_clause' || (type === 'parenthesized_expression' && typeOf(parentOf(p) ?? p) === 'switch_statement')) {
      continue;
    } else if (!keepsHead(p, type, cur)) head = false;
  }
  return role;
}

/**
 * An export macro between `class`/`struct`/`union` and the name of a type being defined (`class YAML_CPP_API Node {`,
 * `class Q_CORE_EXPORT QString : …`): tree-sitter reads the macro as the type's name and the rest as a function, so
 * the parsed text has it blanked. Only before a name followed by `{`, `:` or `final` (a definition's head):
 * `typedef struct DIR DIR;` keeps its tag.
 */
const EXPORT_MACRO = /\b(class|struct|union)(\s+)((?:[A-Z][A-Z0-9_]*[A-Z0-9](?:\([^()\n]*\))?\s+)+)(?=[A-Za-z_]\w*\s*(?:final\s*)?[:{])/g;

export function withoutExportMacros(source: string): string {
  return source.replace(EXPORT_MACRO, (_m, keyword: string, space: string, macros: string) => keyword + space + macros.replace(/[^\n]/g, ' '));
}

function makeSpec(language: 'c' | 'cpp'): LanguageSpec {
  return {
    language,
    grammar: { package: `tree-sitter-${language}`, wasm: `tree-sitter-${language}.wasm` },
    queryFile: [`${language}.scm`, 'c-family.scm'],
    classifyUsage,
    isExported,
    docstring,
    decorators: () => [],
    signature,
    container,
    parsedText: withoutExportMacros,
  };
}

export const cSpec = makeSpec('c');
export const cppSpec = makeSpec('cpp');
