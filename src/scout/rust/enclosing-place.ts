/**
 * The place a rustc error sits in, from a tree-sitter parse: the innermost function around it (a method,
 * `Type.name`, inside an `impl` or a `trait`); outside functions, the `const` or `static` holding it (a field
 * `Type.NAME` inside an `impl`), else the item around it (an `enum`, a `static` table, a `mod`'s item), never a
 * whole `impl` or `mod`. Closures stay part of their function. Errors are grouped by place, as for the other
 * languages.
 */
import type { Node } from 'web-tree-sitter';
import type { CheckerPlace } from '../verify/checker.js';
import { nodeChainAt } from '../verify/node-chain.js';

/** A doc comment ends at column 0 of the next line: it would hold the item under it. */
const SKIPPED = new Set(['line_comment', 'block_comment', 'attribute_item', 'inner_attribute_item']);
const CONTAINERS = new Set(['impl_item', 'trait_item', 'mod_item', 'declaration_list', 'source_file', 'foreign_mod_item']);

/** `impl<T> Display for Foo<T>` -> `Foo`. */
function implName(impl: Node): string | null {
  const type = impl.childForFieldName('type');
  if (!type) return null;
  return type.text.replace(/<[\s\S]*$/, '').split('::').pop()?.trim() || null;
}

/** The nodes around 0-based `row`, outermost first. */
const chainAt = (root: Node, row: number): Node[] => nodeChainAt(root, row, SKIPPED);

export function rustPlaceAt(root: Node, row: number): CheckerPlace | null {
  const chain = chainAt(root, row);
  const lines = (n: Node): { startLine: number; endLine: number } => ({ startLine: n.startPosition.row + 1, endLine: n.endPosition.row + 1 });
  const nameOf = (n: Node): string | null => n.childForFieldName('name')?.text ?? null;
  const owner = (k: number): Node | null => {
    // The impl or trait a function or const sits directly in (through its declaration_list).
    const list = chain[k - 1];
    const parent = chain[k - 2];
    return list?.type === 'declaration_list' && parent && (parent.type === 'impl_item' || parent.type === 'trait_item') ? parent : null;
  };
  const qualified = (k: number, n: Node): string | null => {
    const o = owner(k);
    const name = nameOf(n);
    if (!o || !name) return name;
    const type = o.type === 'impl_item' ? implName(o) : nameOf(o);
    return type ? `${type}.${name}` : name;
  };
  for (let k = chain.length - 1; k >= 0; k--) {
    const n = chain[k] as Node;
    if (n.type === 'function_item') return { name: qualified(k, n), kind: owner(k) ? 'method' : 'function', ...lines(n) };
  }
  for (let k = chain.length - 1; k >= 0; k--) {
    const n = chain[k] as Node;
    if (n.type === 'const_item' || n.type === 'static_item') return { name: qualified(k, n), kind: owner(k) ? 'field' : 'statement', ...lines(n) };
  }
  // The outermost item that is not a container.
  for (const n of chain) {
    if (!CONTAINERS.has(n.type) && n !== root) return { name: nameOf(n), kind: 'statement', ...lines(n) };
  }
  return null;
}
