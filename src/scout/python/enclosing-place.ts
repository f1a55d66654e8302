/**
 * The place a pyright error sits in, from indentation: the innermost `def` around it (a method named with
 * its class, `__init__` a constructor, a `@property` an accessor); outside functions, the class-level
 * statement holding it (a field such as `LABELS: dict[...] = {...}`) or the top-level statement, never a
 * whole class. Errors are grouped by place, as for TypeScript.
 */
import type { CheckerPlace } from '../verify/checker.js';
import { blockEnd, type PySource, statementAt } from './source-lines.js';

interface Block {
  line: number;
  kind: 'def' | 'class' | 'other';
  name: string | null;
}

/** The statements that contain 0-based line `i`, outermost first. */
function chain(src: PySource, i: number): Block[] {
  const own = statementAt(src, i);
  if (own < 0) return [];
  const out: Block[] = [];
  let indent = src.info[own]?.indent ?? 0;
  out.push(scopeOf(src, own));
  for (let j = own - 1; j >= 0 && indent > 0; j--) {
    const s = src.info[j];
    if (!s?.start || s.indent >= indent) continue;
    if (blockEnd(src, j) < i) continue;
    out.push(scopeOf(src, j));
    indent = s.indent;
  }
  return out.reverse();
}

function scopeOf(src: PySource, j: number): Block {
  const text = src.lines[j] ?? '';
  const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(text);
  if (def) return { line: j, kind: 'def', name: def[1] as string };
  const cls = /^\s*class\s+(\w+)/.exec(text);
  if (cls) return { line: j, kind: 'class', name: cls[1] as string };
  const assign = /^\s*([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*(?::[^=]*)?=(?!=)/.exec(text) ?? /^\s*type\s+(\w+)/.exec(text) ?? /^\s*([A-Za-z_]\w*)\s*:/.exec(text);
  return { line: j, kind: 'other', name: assign ? (assign[1] as string).replace(/\s+/g, '') : null };
}

/** First line of a definition, its decorators included. */
function withDecorators(src: PySource, j: number): number {
  let first = j;
  for (let k = j - 1; k >= 0; k--) {
    const t = (src.lines[k] ?? '').trim();
    if (t.startsWith('@')) first = k;
    else if (t !== '' && !t.startsWith('#') && src.info[k]?.start) break;
  }
  return first;
}

export function enclosingPlace(src: PySource, line0: number): CheckerPlace | null {
  const scopes = chain(src, line0);
  if (scopes.length === 0) return null;
  let innerDef = -1;
  for (let k = scopes.length - 1; k >= 0; k--) {
    if (scopes[k]?.kind === 'def') {
      innerDef = k;
      break;
    }
  }
  const lines = (j: number): { startLine: number; endLine: number } => ({ startLine: withDecorators(src, j) + 1, endLine: blockEnd(src, j) + 1 });
  if (innerDef >= 0) {
    const def = scopes[innerDef] as Block;
    const parent = scopes[innerDef - 1];
    const decorators = src.lines.slice(withDecorators(src, def.line), def.line).join('\n');
    if (parent?.kind === 'class') {
      const kind: CheckerPlace['kind'] = def.name === '__init__' ? 'constructor' : /@(?:\w+\.)?(?:property|setter|getter|deleter|cached_property)\b/.test(decorators) ? 'accessor' : 'method';
      return { name: `${parent.name}.${def.name}`, kind, ...lines(def.line) };
    }
    return { name: def.name, kind: 'function', ...lines(def.line) };
  }
  // Outside functions: the statement directly in a class body (a field) or at module level, never the class.
  for (let k = 0; k < scopes.length; k++) {
    const s = scopes[k] as Block;
    if (s.kind === 'class') continue;
    const parent = scopes[k - 1];
    if (parent?.kind === 'class') return { name: s.name ? `${parent.name}.${s.name}` : null, kind: 'field', ...lines(s.line) };
    return { name: s.name, kind: 'statement', ...lines(s.line) };
  }
  return null;
}
