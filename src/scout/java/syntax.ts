/**
 * Reading Java declarations from a tree-sitter parse, for the Java checker's edits: the declaration the
 * exploration found (by its line and name, never by bare name elsewhere), what kind it is in words, the
 * type declarations around a node (`Outer.Shape`), and whether a type is sealed.
 */
import type { Node } from 'web-tree-sitter';
import { withSyntaxTree } from '../../parse/loader.js';

/** Parse Java text with the project's tree-sitter grammar; the callback gets the root (the tree is freed after). */
export function withJavaTree<T>(text: string, fn: (root: Node) => T): Promise<T> {
  return withSyntaxTree('java', text, fn);
}

export const TYPE_DECLARATIONS: ReadonlySet<string> = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);

const WORDS: Record<string, string> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
  annotation_type_declaration: 'annotation type',
  method_declaration: 'method',
  constructor_declaration: 'constructor',
  compact_constructor_declaration: 'constructor',
  enum_constant: 'enum constant',
  variable_declarator: 'field',
  formal_parameter: 'parameter',
  annotation_type_element_declaration: 'annotation element',
};

/** The declaration's kind in words (`enum`, `method`, `field`). */
export function kindOf(node: Node): string {
  if (node.type === 'variable_declarator' && node.parent?.type === 'local_variable_declaration') return 'local variable';
  if (node.type === 'variable_declarator' && node.parent?.type === 'constant_declaration') return 'constant';
  return WORDS[node.type] ?? node.type.replace(/_/g, ' ');
}

export const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** Declarations whose name starts on 0-based `row`, outermost first. */
export function declaredOn(root: Node, row: number): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > row || node.endPosition.row < row) return;
    const name = node.childForFieldName('name');
    if (name && name.startPosition.row === row && WORDS[node.type]) out.push(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return out;
}

/**
 * The declaration of `asked` (`Kind`, `Kind.BETA`, `Orders.total`: the last segment is the name) on 1-based
 * `line`: the innermost one with that name, else the outermost one declared there.
 */
export function declarationAt(root: Node, asked: string, line: number): Node | null {
  const own = asked.split('.').pop() ?? asked;
  const nodes = declaredOn(root, line - 1);
  const named = nodes.filter((n) => n.childForFieldName('name')?.text === own);
  return named[named.length - 1] ?? nodes[0] ?? null;
}

export const nameOf = (node: Node): string | null => node.childForFieldName('name')?.text ?? null;

/** The names of the type declarations around `node`, outermost first (`['Outer', 'Shape']` for `Outer.Shape`). */
export function typePath(node: Node): string[] {
  const out: string[] = [];
  for (let n: Node | null = node; n; n = n.parent) if (TYPE_DECLARATIONS.has(n.type) && nameOf(n)) out.unshift(nameOf(n) as string);
  return out;
}

/** The `Owner.member` label of a member of a type; a type's own dotted path. */
export function labelOf(node: Node): string {
  const path = typePath(node);
  const own = nameOf(node) ?? '';
  if (TYPE_DECLARATIONS.has(node.type)) return path.join('.');
  const owner = path[path.length - 1];
  return owner ? `${owner}.${own}` : own;
}

/** The modifiers node of a declaration, or null. */
export function modifiersOf(decl: Node): Node | null {
  for (const child of decl.namedChildren) if (child?.type === 'modifiers') return child;
  return null;
}

/** Whether a class or interface is declared `sealed` (not `non-sealed`). */
export function isSealed(decl: Node): boolean {
  const mods = modifiersOf(decl);
  if (!mods) return false;
  return /(?:^|\s)sealed\b/.test(mods.text.replace(/non-sealed/g, ''));
}
