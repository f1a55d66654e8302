/**
 * Code between `#if`/`#ifdef`/`#ifndef` and its `#endif` (C, C++, Haskell with CPP): compiled only when the
 * condition holds in the checker's build, which has one set of macros. A file's include guard (`#ifndef X_H`
 * then `#define X_H`, first in the file) wraps everything and is not a guard.
 */
const DIRECTIVE = /^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$/;

/** Lines 1-based; the innermost unmatched conditional above `line`, as written, or null. */
export function preprocessorGuard(lines: readonly string[], line: number): string | null {
  let depth = 0;
  for (let i = line - 2; i >= 0; i--) {
    const m = DIRECTIVE.exec(lines[i] ?? '');
    if (!m) continue;
    const kind = m[1];
    if (kind === 'endif') depth++;
    else if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') {
      if (depth > 0) depth--;
      else if (!isIncludeGuard(lines, i)) return (lines[i] ?? '').trim();
    } else if (depth === 0) {
      // `#else` / `#elif` of an enclosing conditional: the branch is guarded too (by the negation), named with its `#if`.
      const opening = openingOf(lines, i);
      return opening ? `${(lines[i] ?? '').trim()} (of ${opening})` : (lines[i] ?? '').trim();
    }
  }
  return null;
}

/** The `#if…` line that the `#else`/`#elif` at `at` (0-based) belongs to. */
function openingOf(lines: readonly string[], at: number): string | null {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const kind = DIRECTIVE.exec(lines[i] ?? '')?.[1];
    if (kind === 'endif') depth++;
    else if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') {
      if (depth === 0) return (lines[i] ?? '').trim();
      depth--;
    }
  }
  return null;
}

/** `#ifndef X` at `at` (0-based), the file's first directive, with `#define X` next. */
function isIncludeGuard(lines: readonly string[], at: number): boolean {
  const m = /^\s*#\s*(?:ifndef\s+(\w+)|if\s+!\s*defined\s*\(?\s*(\w+)\s*\)?)\s*$/.exec(lines[at] ?? '');
  const name = m?.[1] ?? m?.[2];
  if (!name) return false;
  for (let i = 0; i < at; i++) if (/^\s*#/.test(lines[i] ?? '')) return false;
  for (let i = at + 1; i < lines.length; i++) {
    const text = (lines[i] ?? '').trim();
    if (text === '' || text.startsWith('//') || text.startsWith('/*') || text.startsWith('*')) continue;
    return new RegExp(`^#\\s*define\\s+${name}\\b`).test(text);
  }
  return false;
}
