/**
 * Which diagnostics an edit introduced: the edited program's diagnostics of a file minus the unmodified
 * program's, as a multiset keyed by (position in the original text, code). Positions in the edited file
 * are mapped back through the edits first (text after an edit moves by the length it adds or removes).
 * The message is not part of the key: an error that was already there and only prints the union
 * differently (now with the new variant) is the same error.
 */
import ts from 'typescript';
import { originalPosition, type TextEdit } from './variant-edit.js';

/** A file's syntactic and semantic diagnostics (syntax only changes in the edited file, where a bad edit would show). */
export function diagnosticsOf(program: ts.Program, sf: ts.SourceFile): ts.Diagnostic[] {
  const ds = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  return ds.filter((d) => d.file !== undefined && d.start !== undefined);
}

const keyOf = (start: number, code: number): string => `${start}|${code}`;

/** Counts of (start, code) of a file's unmodified diagnostics. */
export function countDiagnostics(diags: readonly ts.Diagnostic[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of diags) {
    const k = keyOf(d.start ?? -1, d.code);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** The diagnostics of `after` that `before` does not account for; `edits` are those made in this file (none for a dependent). */
export function newDiagnostics(after: readonly ts.Diagnostic[], before: ReadonlyMap<string, number>, edits: readonly TextEdit[]): ts.Diagnostic[] {
  const left = new Map(before);
  const out: ts.Diagnostic[] = [];
  for (const d of after) {
    const k = keyOf(originalPosition(d.start ?? -1, edits), d.code);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(d);
  }
  return out;
}
