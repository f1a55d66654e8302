/**
 * The place an error sits in: the innermost function, method, constructor, accessor, arrow function or
 * class field around it; outside those, the top-level statement that holds it (a `const NAMES:
 * Record<Kind, string> = {...}`, a type alias), never a whole class. Errors are grouped by place: the
 * cases of one switch and the keys of one object are one thing to change.
 */
import ts from 'typescript';
import type { CheckerPlace } from '../verify/checker.js';

const KIND: Partial<Record<ts.SyntaxKind, CheckerPlace['kind']>> = {
  [ts.SyntaxKind.FunctionDeclaration]: 'function',
  [ts.SyntaxKind.FunctionExpression]: 'function',
  [ts.SyntaxKind.ArrowFunction]: 'arrow function',
  [ts.SyntaxKind.MethodDeclaration]: 'method',
  [ts.SyntaxKind.Constructor]: 'constructor',
  [ts.SyntaxKind.GetAccessor]: 'accessor',
  [ts.SyntaxKind.SetAccessor]: 'accessor',
  [ts.SyntaxKind.PropertyDeclaration]: 'field',
};

function line(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string | null {
  const named = node as { name?: ts.Node };
  let own: string | null = null;
  if (named.name && (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name) || ts.isStringLiteral(named.name))) own = named.name.text;
  else if (ts.isConstructorDeclaration(node)) own = 'constructor';
  else if (ts.isVariableStatement(node)) own = node.declarationList.declarations.map((d) => d.name.getText(sf)).join(', ');
  else if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent))) own = node.parent.name.getText(sf);
  if (own === null) return null;
  // A member of a class is named with its class: `Router.ask`.
  const parent = node.parent;
  if (parent && (ts.isClassDeclaration(parent) || ts.isClassExpression(parent)) && parent.name && KIND[node.kind]) return `${parent.name.text}.${own}`;
  return own;
}

export function enclosingPlace(sf: ts.SourceFile, pos: number): CheckerPlace | null {
  let inner: ts.Node | undefined;
  let top: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (pos < node.getStart(sf) || pos >= node.end) return;
    if (node.parent === sf) top = node;
    if (KIND[node.kind]) inner = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  const unit = inner ?? (top && !ts.isClassDeclaration(top) ? top : undefined);
  if (!unit) return null;
  return { name: nameOf(unit, sf), kind: KIND[unit.kind] ?? 'statement', startLine: line(sf, unit.getStart(sf)), endLine: line(sf, unit.end) };
}
