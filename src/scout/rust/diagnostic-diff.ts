/**
 * Which rustc errors an edit introduced. rustc's spans (relative to the directory cargo ran in, columns in
 * characters) become repository-relative paths with 0-based lines and UTF-16 columns in the original text
 * (on the edited line, text after the insertion moves back); errors on the inserted variant itself (a lint
 * the crate denies, such as `missing_docs`, or a discriminant overflow) are about the edit, not a break, and
 * are dropped. New errors are the edited crate's minus the unmodified one's, as a multiset keyed by (file,
 * position, code, message with its backquoted parts blanked: rustc quotes the patterns not covered and the
 * types, which name the new variant in an error that was already there).
 */
import path from 'node:path';
import type { RsDiagnostic } from './run-cargo.js';
import { newErrors } from '../verify/new-errors.js';
import { onInsert, columnBeforeEdit, type RsEdit } from './variant-edit.js';
import { type MappedError, utf16Column } from '../verify/mapped-error.js';

/** A diagnostic at its repository position (verify/mapped-error.ts). */
export type RsMappedError = MappedError;

export interface MapContext {
  /** Absolute shadow directory cargo ran in, and its repository-relative counterpart. */
  shadowDir: string;
  checkDir: string;
  /** Lines of a repository file (the edited one as edited), or null when it cannot be read. */
  linesOf: (file: string) => string[] | null;
  edited: { file: string; edit: RsEdit } | null;
}

/** rustc diagnostics as repository positions; those outside the checked directory and those on the inserted variant dropped. */
export function mapRustDiagnostics(diags: readonly RsDiagnostic[], ctx: MapContext): { mapped: RsMappedError[]; onEdit: number } {
  const mapped: RsMappedError[] = [];
  let onEdit = 0;
  for (const d of diags) {
    if (!d.span) continue;
    const inShadow = path.relative(ctx.shadowDir, path.resolve(ctx.shadowDir, d.span.file));
    if (inShadow.startsWith('..') || path.isAbsolute(inShadow)) continue;
    const file = path.posix.join(ctx.checkDir || '.', inShadow.split(path.sep).join('/'));
    const line = d.span.line - 1;
    let character = utf16Column(ctx.linesOf(file)?.[line], d.span.column);
    if (ctx.edited && ctx.edited.file === file) {
      if (onInsert(ctx.edited.edit, line, character)) {
        onEdit++;
        continue;
      }
      character = columnBeforeEdit(ctx.edited.edit, line, character);
    }
    mapped.push({ file, line, character, code: d.code, message: d.message });
  }
  return { mapped, onEdit };
}

/** rustc's message with its quoted list blanked (`` `E::B` and `E::__ScoutNew` not covered `` is the error `` `E::B` not covered `` was). */
const QUOTED_LIST = /`[^`\n]*`(?:(?:,\s*|\s+and\s+)(?:`[^`\n]*`|\d+ more))*/g;

const keyOf = (d: RsMappedError): string => `${d.file}|${d.line}|${d.character}|${d.code}|${d.message.replace(QUOTED_LIST, '`…`')}`;

export function newRustErrors(after: readonly RsMappedError[], before: readonly RsMappedError[]): RsMappedError[] {
  return newErrors(after, before, keyOf);
}
