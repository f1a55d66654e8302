/**
 * A name declared more than once (`Mode` in two modules, `Color` in two packages of a monorepo): a question that
 * names none of their files is about each of them, so each declaration is changed and checked on its own, and
 * the answer holds the breaks of every one, each error saying which declaration it comes from. Checks after the
 * first share the verify step's deadline; a declaration left unchecked is named in a note.
 */
import type { CheckerError, VariantCheck } from './checker.js';

export interface DeclarationCheck {
  /** `file:line` of the declaration changed. */
  declaration: string;
  check: VariantCheck;
}

const errorKey = (e: CheckerError): string => `${e.file}:${e.line}:${e.column}:${e.code}`;

/**
 * One check from the checks of several same-named declarations: every error (an error two changes both cause
 * counted once, under the first declaration), each tagged with its declaration; the files checked added up;
 * the files left unchecked joined; a note naming each declaration with its count, and those not checked.
 */
export function mergeDeclarationChecks(name: string, checks: readonly DeclarationCheck[], notChecked: readonly string[]): VariantCheck {
  const [first, ...rest] = checks;
  if (!first) throw new Error('mergeDeclarationChecks needs at least one check');
  if (rest.length === 0 && notChecked.length === 0) return first.check;
  const seen = new Set<string>();
  const errors: CheckerError[] = [];
  for (const { declaration, check } of checks) {
    for (const e of check.errors) {
      const key = errorKey(e);
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({ ...e, declaration });
    }
  }
  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const unchecked = [...new Set(checks.flatMap((c) => c.check.unchecked ?? []))].sort();
  const each = checks.map((c) => `${c.declaration} (${c.check.errors.length} error(s))`).join(', ');
  const left = notChecked.length > 0 ? `; not checked: ${notChecked.join(', ')}` : '';
  const notes = [...new Set(checks.flatMap((c) => c.check.notes))];
  notes.push(`\`${name}\` is declared ${checks.length + notChecked.length} times; each declaration was changed and checked on its own: ${each}${left}`);
  return {
    ...first.check,
    errors,
    checkedFiles: checks.reduce((n, c) => n + c.check.checkedFiles, 0),
    ...(unchecked.length > 0 ? { unchecked } : {}),
    notes,
  };
}
