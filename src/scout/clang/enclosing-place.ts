/**
 * Where a clang error sits in a C or C++ file: the function, method or constructor around it (a lambda or a
 * block belongs to its enclosing function), else the declaration around it: a struct's field (a field of a
 * removed type), a global's initializer (`static const char *names[] = {…}` missing a value).
 */
import type { CheckerPlace } from '../verify/checker.js';
import { lineAt, type Token } from './c-code.js';
import { allDeclarations, type CFile } from './declarations.js';
import { DECLARATION_SCOPES, type Scope, scopeAt, statementsOf } from './scopes.js';

/** The function a qualified name and the scope holding its definition make (`Shape::area` defined in `class Shape`). */
function functionPlace(scope: Scope): Pick<CheckerPlace, 'name' | 'kind'> {
  const name = scope.name ?? null;
  const owner = scope.parent?.kind === 'type' ? scope.parent.name : null;
  const parts = (name ?? '').split('::');
  const last = parts[parts.length - 1] ?? '';
  const qualifier = owner ?? (parts.length > 1 ? parts[parts.length - 2] ?? null : null);
  if (qualifier === null) return { name, kind: 'function' };
  return { name: owner ? `${owner}::${name}` : name, kind: last === qualifier ? 'constructor' : 'method' };
}

/** The first token at or after the start of 0-based `row`. */
function tokenAtRow(file: CFile, row: number): number {
  const start = file.code.lineStarts[row] ?? file.code.text.length;
  const { tokens } = file.code;
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid] as Token).start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function cPlaceAt(file: CFile, row: number): CheckerPlace | null {
  const { tokens } = file.code;
  const at = tokenAtRow(file, row);
  // A line with no code (a directive, a comment) is placed by the next token's scope: the function around it.
  if (at >= tokens.length) return null;
  let scope: Scope | null = scopeAt(file.scopes, at);
  // The outermost function around the row (a local block or lambda is part of it).
  let fn: Scope | null = null;
  for (let s: Scope | null = scope; s; s = s.parent) if (s.kind === 'function') fn = s;
  const lineOf = (i: number): number => lineAt(file.code, (tokens[Math.min(i, tokens.length - 1)] as Token).start) + 1;
  if (fn) {
    const holder = fn.parent as Scope;
    const st = statementsOf(file.code, holder).find((s) => s.body === fn);
    return { ...functionPlace(fn), startLine: lineOf(st?.first ?? fn.open), endLine: lineOf(fn.close) };
  }
  while (scope && !DECLARATION_SCOPES.has(scope.kind)) scope = scope.parent;
  if (!scope) return null;
  const st = statementsOf(file.code, scope).find((s) => s.first <= at && s.last >= at);
  if (!st) return null;
  // A function's head (its return type, its parameters) is part of the function.
  if (st.body?.kind === 'function') return { ...functionPlace(st.body), startLine: lineOf(st.first), endLine: lineOf(st.last) };
  const from = (tokens[st.first] as Token).start;
  const to = (tokens[st.last] as Token).end;
  const names = allDeclarations(file).filter((d) => d.nameStart >= from && d.nameEnd <= to && d.kind !== 'parameter' && d.kind !== 'enumerator');
  const own = names.filter((d) => d.kind !== 'field' || scope?.kind === 'type');
  const label = own.length > 0 ? own.map((d) => d.label).join(', ') : null;
  return { name: label, kind: scope.kind === 'type' ? 'field' : 'statement', startLine: lineOf(st.first), endLine: lineOf(st.last) };
}
