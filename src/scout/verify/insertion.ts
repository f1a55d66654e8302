/**
 * An edit that inserts text at one point without adding a line (the new variant cargo's and ghc's checkers
 * add: every other line keeps its number), and positions of the edited text mapped back to the original:
 * text after the insertion moves back, on its line only; a position on the inserted text itself is about the
 * edit, not a break.
 */
export interface Insertion {
  /** 0-based line and UTF-16 column of the insertion. */
  line: number;
  column: number;
  insert: string;
}

/** The declaration an insertion edits, as the check reports it. */
export interface DeclarationEdit extends Insertion {
  /** The declaration's name as declared, and its kind (`enum`, `data`). */
  name: string;
  kind: string;
  /** 1-based line of the declaration's name. */
  declLine: number;
}

export function applyInsertion(text: string, edit: Insertion): string {
  let offset = 0;
  for (let i = 0; i < edit.line; i++) offset = text.indexOf('\n', offset) + 1;
  const at = offset + edit.column;
  return text.slice(0, at) + edit.insert + text.slice(at);
}

/** Whether a 0-based line and UTF-16 column of the edited text falls on the inserted text. */
export function onInsertion(edit: Insertion, line: number, column: number): boolean {
  return line === edit.line && column >= edit.column && column < edit.column + edit.insert.length;
}

/** A 0-based UTF-16 column of the edited text mapped back to the original (text after the insertion moved right, on its line only). */
export function columnBeforeInsertion(edit: Insertion, line: number, column: number): number {
  if (line !== edit.line || column < edit.column) return column;
  return Math.max(edit.column, column - edit.insert.length);
}
