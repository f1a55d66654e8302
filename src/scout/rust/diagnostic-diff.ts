/**
 * Which rustc errors an edit introduced: the edited crate's minus the unmodified one's (mapped to repository
 * positions by verify/checker-template.ts), as a multiset keyed by (file, position, code, message with its
 * backquoted parts blanked: rustc quotes the patterns not covered and the types, which name the new variant in
 * an error that was already there).
 */
import type { MappedError } from '../verify/mapped-error.js';
import { newErrors } from '../verify/new-errors.js';

/** rustc's message with its quoted list blanked (`` `E::B` and `E::__ScoutNew` not covered `` is the error `` `E::B` not covered `` was). */
const QUOTED_LIST = /`[^`\n]*`(?:(?:,\s*|\s+and\s+)(?:`[^`\n]*`|\d+ more))*/g;

export const rustErrorKey = (d: MappedError): string => `${d.file}|${d.line}|${d.character}|${d.code}|${d.message.replace(QUOTED_LIST, '`…`')}`;

export function newRustErrors(after: readonly MappedError[], before: readonly MappedError[]): MappedError[] {
  return newErrors(after, before, rustErrorKey);
}
