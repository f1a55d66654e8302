/**
 * The place a GHC diagnostic sits in, from a tree-sitter parse: the top-level function around it, all its
 * equations together (`route reg OpenAI = …` and `route _ Local = …` are one place: GHC reports a missing
 * pattern on the first equation, and one function is one thing to fix); inside an `instance` or a `class`
 * its method (`LLMKind.pretty` for `instance Pretty LLMKind`); `where` and `let` bindings stay part of their
 * function. Elsewhere, the declaration around it (a data type, a value), named when it has a name.
 */
import type { Node } from 'web-tree-sitter';
import type { CheckerPlace } from '../verify/checker.js';

const FUNCTIONS = new Set(['function', 'bind']);

/** The name a function clause or binding defines (an operator's too). */
function definedName(node: Node): string | null {
  const name = node.childForFieldName('name');
  if (name) return name.text;
  const infix = node.namedChildren.find((c) => c?.type === 'infix');
  return infix?.childForFieldName('operator')?.text ?? null;
}

/** The named children of `list` that cover 0-based `row`, and the clauses of the same function beside it. */
function clausesAround(list: Node, row: number): { node: Node; start: Node; end: Node } | null {
  const children = list.namedChildren.filter((c): c is Node => c !== null);
  const k = children.findIndex((c) => c.startPosition.row <= row && c.endPosition.row >= row);
  const node = children[k];
  if (!node) return null;
  if (!FUNCTIONS.has(node.type)) return { node, start: node, end: node };
  const name = definedName(node);
  let first = k;
  let last = k;
  const same = (c: Node | undefined): boolean => c !== undefined && FUNCTIONS.has(c.type) && definedName(c) === name;
  while (first > 0 && same(children[first - 1])) first--;
  while (last < children.length - 1 && same(children[last + 1])) last++;
  return { node, start: children[first] as Node, end: children[last] as Node };
}

const span = (start: Node, end: Node): { startLine: number; endLine: number } => ({ startLine: start.startPosition.row + 1, endLine: end.endPosition.row + 1 });

export function haskellPlaceAt(root: Node, row: number): CheckerPlace | null {
  const declarations = root.childForFieldName('declarations') ?? root.namedChildren.find((c) => c?.type === 'declarations') ?? null;
  if (!declarations) return null;
  const top = clausesAround(declarations, row);
  if (!top) return null;
  const { node } = top;
  if (FUNCTIONS.has(node.type)) return { name: definedName(node), kind: 'function', ...span(top.start, top.end) };
  if (node.type === 'instance' || node.type === 'class') {
    const body = node.childForFieldName('declarations');
    const inner = body ? clausesAround(body, row) : null;
    if (inner && FUNCTIONS.has(inner.node.type)) {
      const owner = node.type === 'instance' ? (node.childForFieldName('patterns')?.text ?? node.childForFieldName('name')?.text) : node.childForFieldName('name')?.text;
      const method = definedName(inner.node);
      return { name: owner && method ? `${owner.replace(/\s+/g, ' ')}.${method}` : method, kind: 'method', ...span(inner.start, inner.end) };
    }
  }
  return { name: node.childForFieldName('name')?.text ?? null, kind: 'statement', ...span(node, node) };
}
