/**
 * Where a Go error sits: the function or method around it (a function literal belongs to its enclosing
 * declaration: it has no name of its own), else the package-level declaration around it (a `var` built from
 * a changed call, a struct type that no longer implements an interface).
 */
import type { Node } from 'web-tree-sitter';
import type { CheckerPlace } from '../verify/checker.js';
import { receiverOf } from './syntax.js';

const lines = (n: Node): Pick<CheckerPlace, 'startLine' | 'endLine'> => ({ startLine: n.startPosition.row + 1, endLine: n.endPosition.row + 1 });

/** The names a package-level declaration declares (`Shelf`, `Book, Music`). */
function declaredNames(decl: Node): string | null {
  const names: string[] = [];
  const visit = (n: Node): void => {
    if (['const_spec', 'var_spec', 'type_spec', 'type_alias'].includes(n.type)) {
      for (const name of n.childrenForFieldName('name')) if (name) names.push(name.text);
      return;
    }
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(decl);
  return names.length > 0 ? names.join(', ') : null;
}

export function goPlaceAt(root: Node, row: number): CheckerPlace | null {
  const top = root.namedChildren.find((c) => c !== null && c.startPosition.row <= row && c.endPosition.row >= row) ?? null;
  if (!top) return null;
  if (top.type === 'function_declaration') return { name: top.childForFieldName('name')?.text ?? null, kind: 'function', ...lines(top) };
  if (top.type === 'method_declaration') {
    const own = top.childForFieldName('name')?.text ?? null;
    const receiver = receiverOf(top);
    return { name: own && receiver ? `${receiver}.${own}` : own, kind: 'method', ...lines(top) };
  }
  if (top.type === 'package_clause' || top.type === 'import_declaration' || top.type === 'comment') return null;
  return { name: declaredNames(top), kind: 'statement', ...lines(top) };
}
