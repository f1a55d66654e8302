/**
 * "Add a parameter" to a Python `def` (a function, a method, a class's `__init__`; `async`, decorated,
 * multi-line), as one insertion on the line where the parameter goes, so no line is added:
 * - required: `scout_new_argument: ellipsis`, before `*args`, `*`, `**kwargs` and before the first
 *   parameter with a default (a required parameter after a defaulted one is a syntax error), else last.
 *   Only `...` is assignable to `ellipsis`, as nothing is to the TypeScript checker's parameter type: every
 *   call that does not pass it breaks (reportCallIssue), and so does a call that passes more positional
 *   arguments than the required ones (they shift by one: reportArgumentType), which a real new parameter
 *   in that place would silently take. An override that lacks it breaks (reportIncompatibleMethodOverride).
 * - optional: `scout_new_argument: object = None`, before `**kwargs`, else last (after `*args` it is
 *   keyword-only). No call breaks; what can: overrides in subclasses that lack it (pyright 1.1.414 reports
 *   reportIncompatibleMethodOverride, an error in standard mode), and callables typed with a signature the
 *   function no longer matches (rare: an extra defaulted parameter still fits a narrower Callable).
 */
import type { PySource } from './source-lines.js';
import { blockEnd } from './source-lines.js';
import { signatureAt, type Param } from './signature.js';
import { enclosingClass, type PyEditResult, position } from './variant-edit.js';

export const NEW_ARGUMENT = 'scout_new_argument';
/** Only `...` is assignable to `ellipsis` (builtins, every Python version): see the module comment. */
export const REQUIRED_PARAMETER = `${NEW_ARGUMENT}: ellipsis`;
export const OPTIONAL_PARAMETER = `${NEW_ARGUMENT}: object = None`;

const CALLABLE = 'a parameter can be added to a `def` (a function or a method) or to a class that defines `__init__`';

/** The decorators written above the statement at 0-based line `i` (`@property`, `@staticmethod`). */
function decoratorsAbove(src: PySource, i: number): string[] {
  const out: string[] = [];
  for (let j = i - 1; j >= 0; j--) {
    const s = src.info[j];
    if (!s) break;
    const t = (src.lines[j] ?? '').trim();
    if (t === '' || t.startsWith('#') || !s.start) continue;
    if (!t.startsWith('@')) break;
    out.push(t);
  }
  return out;
}

/** The `def __init__` directly in the body of the class at line `i`, or -1. */
function initOf(src: PySource, i: number): number {
  const header = src.info[i];
  if (!header) return -1;
  let bodyIndent = -1;
  for (let j = header.last + 1; j <= blockEnd(src, i); j++) {
    const s = src.info[j];
    if (!s?.start) continue;
    if (bodyIndent < 0) bodyIndent = s.indent;
    if (s.indent === bodyIndent && /^\s*(?:async\s+)?def\s+__init__\b/.test(src.lines[j] ?? '')) return j;
  }
  return -1;
}

/** The edit that adds a parameter (required unless `optional`) to the `def` (or the class) at 0-based line `i`. */
export function addParameterEdit(src: PySource, asked: string, i: number, optional: boolean): PyEditResult {
  const line = src.lines[i] ?? '';
  let at = i;
  const cls = /^\s*class\s+([A-Za-z_]\w*)/.exec(line);
  if (cls) {
    at = initOf(src, i);
    if (at < 0) return { ok: false, reason: `class \`${cls[1]}\` defines no \`__init__\` (a dataclass, or one inherited): ${CALLABLE}; ask about the \`__init__\` it inherits, or add a field` };
  }
  const sig = signatureAt(src, at);
  if (!sig) return { ok: false, reason: `\`${asked}\` at line ${i + 1} is not a \`def\`: ${CALLABLE}` };
  const decorators = decoratorsAbove(src, at);
  if (decorators.some((d) => /^@(?:[\w.]+\.)?(?:property|cached_property)\b|^@[\w.]+\.(?:setter|getter|deleter)\b/.test(d))) {
    return { ok: false, reason: `\`${asked}\` is a property: it is read, not called, so no call can pass a new parameter (${CALLABLE})` };
  }
  const owner = enclosingClass(src, at);
  const isInit = sig.name === '__init__' && owner !== null;
  const name = isInit ? `${owner.name}.__init__` : owner ? `${owner.name}.${sig.name}` : sig.name;
  const kind = isInit ? 'constructor' : owner ? 'method' : 'function';
  const param = optional ? OPTIONAL_PARAMETER : REQUIRED_PARAMETER;
  const before = sig.params.find((p: Param) => p.kind === 'kwargs' || (!optional && (p.kind === 'args' || p.kind === 'star' || (p.kind === 'plain' && p.hasDefault))));
  const last = sig.params[sig.params.length - 1];
  const { offset, insert } = before ? { offset: before.start, insert: `${param}, ` } : last ? { offset: last.end, insert: `, ${param}` } : { offset: sig.open + 1, insert: param };
  const { line: editLine, column } = position(src, offset);
  // Callers name the function (or, for `__init__`, the class); overrides name the method and subclass the class.
  const mentions = owner ? (isInit ? [owner.name, '__init__'] : [sig.name, owner.name]) : [sig.name];
  const notes = optional
    ? [`an optional parameter (\`${OPTIONAL_PARAMETER}\`) breaks no call: pyright reports the overrides in subclasses that lack it (reportIncompatibleMethodOverride) and callables typed with a signature it no longer matches`]
    : [`the new parameter \`${REQUIRED_PARAMETER}\` accepts only \`...\`: every call that does not pass it breaks, and so does a call that passes more positional arguments than the required ones (they would shift into it); overrides that lack it break too`];
  return {
    ok: true,
    edit: {
      line: editLine,
      column,
      insert,
      name,
      kind,
      declLine: at + 1,
      mentions,
      summary: `added ${optional ? 'an optional' : 'a required'} parameter \`${param}\` to \`${name}\``,
      notes,
    },
  };
}
