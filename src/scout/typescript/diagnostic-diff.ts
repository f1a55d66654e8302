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

/**
 * Errors about what the target library provides (`Promise`, a global type or value): a change to one declaration
 * cannot cause them. The TypeScript checker can still report one in the edited program and not in the original
 * when files are checked in another order (an `async` method in typeorm's SqljsDriver.ts, TS2705, under an ES5
 * target whose `Promise` comes from a later lib), and it would read as a verified break.
 */
const LIBRARY_ENVIRONMENT_CODES: ReadonlySet<number> = new Set([
  2318, // Cannot find global type '{0}'.
  2468, // Cannot find global value '{0}'.
  2583, // Cannot find name '{0}'. Do you need to change your target library?
  2584, // … Try changing the 'lib' compiler option to include 'dom'.
  2585, // '{0}' only refers to a type, but is being used as a value here. Do you need to change your target library?
  2697, // An async function or method must return a 'Promise'. Make sure you have a declaration for 'Promise' …
  2705, // An async function or method in ES5 requires the 'Promise' constructor.
  2712, // A dynamic import call in ES5 requires the 'Promise' constructor.
  // What the project can resolve (a package not installed, a missing helper library): the same before and after an
  // edit to one declaration, and common in a checkout without node_modules, where they would cost a second type check
  // of each file (the unmodified program's, to tell them apart from new errors) for nothing.
  2307, // Cannot find module '{0}' or its corresponding type declarations.
  2792, // Cannot find module '{0}'. Did you mean to set the 'moduleResolution' option to 'nodenext'…?
  7016, // Could not find a declaration file for module '{0}'.
  2688, // Cannot find type definition file for '{0}'.
  2354, // This syntax requires an imported helper but module '{0}' cannot be found.
  2343, // This syntax requires an imported helper named '{1}' which does not exist in '{0}'.
]);

/** A diagnostic the edit may have caused: not one about the library or the modules the project can resolve. */
export function mayBeNew(d: ts.Diagnostic): boolean {
  return !LIBRARY_ENVIRONMENT_CODES.has(d.code);
}

/** The diagnostics of `after` that `before` does not account for; `edits` are those made in this file (none for a dependent). */
export function newDiagnostics(after: readonly ts.Diagnostic[], before: ReadonlyMap<string, number>, edits: readonly TextEdit[]): ts.Diagnostic[] {
  const left = new Map(before);
  const out: ts.Diagnostic[] = [];
  for (const d of after) {
    if (!mayBeNew(d)) continue;
    const k = keyOf(originalPosition(d.start ?? -1, edits), d.code);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(d);
  }
  return out;
}
