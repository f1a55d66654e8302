/**
 * The syntax nodes around a row of a tree-sitter parse, outermost first: what each checker's enclosing-place
 * reads to name the function, item or statement an error sits in. `skipped` node types (comments, attributes)
 * are never stepped into: a doc comment ends at column 0 of the next line and would hold the item under it.
 */
import type { Node } from 'web-tree-sitter';

export function nodeChainAt(root: Node, row: number, skipped: ReadonlySet<string>): Node[] {
  const out: Node[] = [];
  let node: Node | null = root;
  while (node) {
    out.push(node);
    let next: Node | null = null;
    for (const child of node.namedChildren) {
      if (child && !skipped.has(child.type) && child.startPosition.row <= row && child.endPosition.row >= row) {
        next = child;
        break;
      }
    }
    node = next;
  }
  return out;
}
