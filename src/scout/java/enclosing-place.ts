/**
 * The place a javac error sits in, from a tree-sitter parse: the innermost method or constructor around it
 * (`Pricing.price`, lambdas and anonymous classes stay part of their method: the method is what a developer
 * edits), else the field whose initializer holds it (`Catalog.LABELS`), else a static or instance
 * initializer, an enum constant's or a type's header (`class Square implements Shape`: a missing method),
 * else the top-level statement (an import).
 */
import type { Node } from 'web-tree-sitter';
import type { CheckerPlace } from '../verify/checker.js';
import { nodeChainAt } from '../verify/node-chain.js';
import { nameOf, TYPE_DECLARATIONS, typePath } from './syntax.js';

const SKIPPED = new Set(['line_comment', 'block_comment']);

/** The nodes around 0-based `row`, outermost first. */
const chainAt = (root: Node, row: number): Node[] => nodeChainAt(root, row, SKIPPED);

const lines = (n: Node): { startLine: number; endLine: number } => ({ startLine: n.startPosition.row + 1, endLine: n.endPosition.row + 1 });

/** `Owner.name`, the owner being the type declaration around the member (the outermost method's, for a local class's member). */
function qualified(n: Node, own: string | null): string | null {
  const owner = typePath(n).pop();
  return own && owner ? `${owner}.${own}` : own;
}

export function javaPlaceAt(root: Node, row: number): CheckerPlace | null {
  const chain = chainAt(root, row);
  // The outermost method or constructor: a lambda's or a local class's method belongs to it.
  for (const n of chain) {
    if (n.type === 'method_declaration') return { name: qualified(n, nameOf(n)), kind: 'method', ...lines(n) };
    if (n.type === 'constructor_declaration' || n.type === 'compact_constructor_declaration') return { name: qualified(n, nameOf(n)), kind: 'constructor', ...lines(n) };
  }
  for (const n of chain) {
    if (n.type === 'field_declaration' || n.type === 'constant_declaration') {
      const names = n.namedChildren.filter((c) => c?.type === 'variable_declarator').map((c) => c?.childForFieldName('name')?.text ?? '');
      return { name: qualified(n, names.join(', ') || null), kind: 'field', ...lines(n) };
    }
    if (n.type === 'static_initializer' || n.type === 'block' && n.parent?.type === 'class_body') return { name: qualified(n, n.type === 'static_initializer' ? 'static' : null), kind: 'statement', ...lines(n) };
    if (n.type === 'enum_constant') return { name: qualified(n, nameOf(n)), kind: 'field', ...lines(n) };
  }
  // A type's own header or body (a class that no longer implements an interface's methods).
  const type = [...chain].reverse().find((n) => TYPE_DECLARATIONS.has(n.type));
  if (type) return { name: typePath(type).join('.'), kind: 'statement', ...lines(type) };
  const top = chain[1];
  return top && !SKIPPED.has(top.type) ? { name: null, kind: 'statement', ...lines(top) } : null;
}
