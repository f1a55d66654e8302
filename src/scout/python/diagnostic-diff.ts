/**
 * Which pyright errors an edit introduced: the edited shadow's errors minus the unmodified shadow's, as a
 * multiset keyed by (file, rule, position in the original text, message with its quoted types blanked).
 * Positions on the edited line are mapped back through the insertion first. Blanking what pyright quotes
 * (`"Literal[ExitCode.OK, ExitCode.FAIL]"`) makes an error that was already there and only prints the type
 * differently (now with the new variant) the same error.
 */
import type { PyEdit } from './variant-edit.js';
import { newErrors } from '../verify/new-errors.js';
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

export function newDiagnostics(after: readonly MappedDiagnostic[], before: readonly MappedDiagnostic[]): MappedDiagnostic[] {
  return newErrors(after, before, keyOf);
}
