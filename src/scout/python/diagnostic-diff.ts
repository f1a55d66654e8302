/**
 * Which pyright errors an edit introduced: the edited shadow's errors minus the unmodified shadow's, keyed
 * by (file, rule, position in the original text, message with its quoted types blanked).
 * Positions on the edited line are mapped back through the insertion first. Blanking what pyright quotes
 * (`"Literal[ExitCode.OK, ExitCode.FAIL]"`) makes an error that was already there and only prints the type
 * differently (now with the new variant) the same error.
 */
import type { PyEdit } from './variant-edit.js';
import { originalColumn } from './variant-edit.js';

export interface MappedDiagnostic {
  /** Repository-relative path. */
  file: string;
  /** 0-based, in the original text. */
  line: number;
  character: number;
  rule: string;
  message: string;
}

/**
 * What a message says, for comparing before and after: its first line (what is wrong) with quoted types
 * blanked. pyright's further lines explain, one per member of a union ("\"str\" is not assignable to type
 * \"Literal['session']\"", ...), so a new variant adds a line to an error that was there already.
 */
export function messageKey(message: string): string {
  return (message.split('\n')[0] ?? '').replace(/"[^"\n]*"/g, '"…"').replace(/\s+/g, ' ').trim();
}

const keyOf = (d: MappedDiagnostic): string => `${d.file}|${d.line}|${d.character}|${d.rule}|${messageKey(d.message)}`;

/** A diagnostic of the edited shadow with its column mapped back (only `editedFile` was edited). */
export function mapBack(d: MappedDiagnostic, editedFile: string, edit: PyEdit): MappedDiagnostic {
  return d.file === editedFile ? { ...d, character: originalColumn(edit, d.line, d.character) } : d;
}

/**
 * The edited code's errors that the unmodified code did not have. Unlike the other checkers' multiset, an
 * error already reported at the same place with the same message is never new, whatever the count: pyright
 * infers through circular imports in the order it happens to check files, so in an untyped project the
 * same error shows once or twice from one run to the next (seen in click: `"…".join(ty.name for ty in …)`).
 */
export function newDiagnostics(after: readonly MappedDiagnostic[], before: readonly MappedDiagnostic[]): MappedDiagnostic[] {
  const seen = new Set(before.map(keyOf));
  return after.filter((d) => !seen.has(keyOf(d)));
}
