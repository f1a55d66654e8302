/**
 * A change to one file as a compiler checker makes it: line-keeping edits (verify/line-edits.ts) and how the
 * answer names what was changed. The checker template (checker-template.ts) applies it, maps the compiler's
 * positions back through it, and reports `summary` as the check's edit; "add a variant" is one of these too
 * (its insertion as a single edit that removes nothing).
 */
import type { ChangeSpec } from './checker.js';
import type { DeclarationEdit } from './insertion.js';
import type { LineEdit } from './line-edits.js';

export interface ChangeEdit {
  edits: LineEdit[];
  /** The declaration as the check reports it (`total`, `Order.weight`). */
  name: string;
  /** Its kind in words (`function`, `method`, `field`). */
  kind: string;
  /** 1-based line of the declaration's name. */
  declLine: number;
  /** The edit in the answer's words (`removed function \`total\``). */
  summary: string;
}

export type ChangeEditResult = { ok: true; edit: ChangeEdit } | { ok: false; reason: string };

/** An insertion (the new variant) as a change: one edit removing nothing. */
export function insertionAsChange(edit: DeclarationEdit, summary: string): ChangeEdit {
  return { edits: [{ line: edit.line, column: edit.column, remove: 0, insert: edit.insert }], name: edit.name, kind: edit.kind, declLine: edit.declLine, summary };
}

/** A language's edit for each change kind but "add a variant" (a checker's variant edit is its own). */
export interface ChangeKindEdits<R> {
  remove(member: string | undefined): R;
  rename(newName: string | undefined): R;
  add_parameter(optional: boolean | undefined): R;
  change_type(newType: string | undefined): R;
  make_optional(): R;
}

/** The edit `change` asks for, from the language's edits; `other` for a kind they do not make. */
export function editForKind<R>(change: ChangeSpec, edits: ChangeKindEdits<R>, other: () => R): R {
  switch (change.kind) {
    case 'remove':
      return edits.remove(change.member);
    case 'rename':
      return edits.rename(change.newName);
    case 'add_parameter':
      return edits.add_parameter(change.optional);
    case 'change_type':
      return edits.change_type(change.newType);
    case 'make_optional':
      return edits.make_optional();
    default:
      return other();
  }
}
