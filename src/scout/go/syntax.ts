/**
 * Reading Go declarations from a tree-sitter parse, for the Go checker's edits: the declaration the
 * exploration found (by its line and name, never by bare name elsewhere), what kind it is in words, and its
 * label as answers write it (`Order.Weight` for a method, `Order.Quantity` for a field).
 */
import type { Node } from 'web-tree-sitter';
import { withSyntaxTree } from '../../parse/loader.js';

/** Parse Go text with the project's tree-sitter grammar; the callback gets the root (the tree is freed after). */
export function withGoTree<T>(text: string, fn: (root: Node) => T): Promise<T> {
  return withSyntaxTree('go', text, fn);
}

const WORDS: Record<string, string> = {
  function_declaration: 'function',
  method_declaration: 'method',
  type_spec: 'type',
  type_alias: 'type alias',
  const_spec: 'constant',
  var_spec: 'variable',
  field_declaration: 'field',
  parameter_declaration: 'parameter',
  variadic_parameter_declaration: 'parameter',
};

/** A declaration and the one name of it the question is about (`b` in `a, b int`). */
export interface GoDeclaration {
  node: Node;
  name: Node;
}

export function kindOf(node: Node): string {
  if (node.type === 'type_spec') {
    const type = node.childForFieldName('type')?.type;
    if (type === 'struct_type') return 'struct type';
    if (type === 'interface_type') return 'interface type';
  }
  if (node.type === 'var_spec' && !isTopLevel(node)) return 'local variable';
  return WORDS[node.type] ?? node.type.replace(/_/g, ' ');
}

export const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** Whether a spec is declared at package level (not inside a function). */
export function isTopLevel(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'source_file') return true;
    if (n.type === 'block' || n.type === 'func_literal') return false;
  }
  return false;
}

export const namesOf = (node: Node): Node[] => node.childrenForFieldName('name').filter((n): n is Node => n !== null);

/** Declarations with a name on 0-based `row`, outermost first. */
function declaredOn(root: Node, row: number): GoDeclaration[] {
  const out: GoDeclaration[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > row || node.endPosition.row < row) return;
    if (WORDS[node.type]) for (const name of namesOf(node)) if (name.startPosition.row === row) out.push({ node, name });
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return out;
}

/**
 * The declaration of `asked` (`Total`, `orders.Total`, `Order.Weight`: the last segment is the name) on
 * 1-based `line`: the innermost one with that name, else the outermost one declared there.
 */
export function declarationAt(root: Node, asked: string, line: number): GoDeclaration | null {
  const own = asked.split('.').pop() ?? asked;
  const all = declaredOn(root, line - 1);
  const named = all.filter((d) => d.name.text === own);
  return named[named.length - 1] ?? all[0] ?? null;
}

/** The receiver's type name of a method (`Order` for `func (o *Order[T]) M()`), or null. */
export function receiverOf(method: Node): string | null {
  const receiver = method.childForFieldName('receiver');
  const type = receiver?.namedChildren.find((c) => c?.type === 'parameter_declaration')?.childForFieldName('type');
  return type ? (/([A-Za-z_]\w*)\s*(?:\[.*\])?$/.exec(type.text.replace(/^\*/, ''))?.[1] ?? null) : null;
}

/** The struct type a field belongs to (`Order`), or null (an anonymous struct). */
export function structOf(field: Node): string | null {
  for (let n = field.parent; n; n = n.parent) {
    if (n.type === 'type_spec' || n.type === 'type_alias') return n.childForFieldName('name')?.text ?? null;
    if (n.type === 'field_declaration') return null;
  }
  return null;
}

/** How answers name a declaration: `Order.Weight` (a method), `Order.Quantity` (a field), else its own name. */
export function labelOf(decl: GoDeclaration): string {
  const own = decl.name.text;
  const owner = decl.node.type === 'method_declaration' ? receiverOf(decl.node) : decl.node.type === 'field_declaration' ? structOf(decl.node) : null;
  return owner ? `${owner}.${own}` : own;
}
