/**
 * Line-keeping edits, shared by the checkers that edit a declaration in place (javac, go): text replaced
 * within one line each, never adding or removing a line, so every line the compiler reports in the edited
 * copy is the same line in the user's file. A change that spans lines (a method removed) is one edit per
 * line, each blanking that line's part (the newlines stay). Several edits make one change (a permitted class
 * added to a `permits` list and declared at the end of the file).
 *
 * Why not verify/insertion.ts: it holds one insertion; these changes need removals, replacements and
 * several places at once. Columns are UTF-16 (JavaScript string indexes); a compiler's own columns are
 * converted to them first (javac's caret lines count UTF-16 units; go counts bytes).
 */

/** Text replaced on one line: `remove` UTF-16 units at 0-based `line` and `column` give way to `insert` (no newline). */
export interface LineEdit {
  line: number;
  column: number;
  remove: number;
  insert: string;
}

/** The 0-based line and column of a UTF-16 offset of `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start };
}

/** Edits that blank `text` from offset `from` to `to` (exclusive), line by line, keeping its newlines. */
export function blankRange(text: string, from: number, to: number): LineEdit[] {
  const out: LineEdit[] = [];
  let at = from;
  while (at < to) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline >= to ? to : newline;
    const { line, column } = positionOf(text, at);
    // A `\r` before the newline stays: the line keeps its ending.
    const stop = end > at && text[end - 1] === '\r' && end === newline ? end - 1 : end;
    if (stop > at) out.push({ line, column, remove: stop - at, insert: '' });
    at = end + 1;
  }
  return out;
}

/** One edit replacing `remove` units at a UTF-16 offset of `text` (on one line) with `insert`. */
export function editAt(text: string, offset: number, remove: number, insert: string): LineEdit {
  const { line, column } = positionOf(text, offset);
  return { line, column, remove, insert };
}

function sorted(edits: readonly LineEdit[]): LineEdit[] {
  return [...edits].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Whether edits overlap (two edits of one place: the change is malformed). */
export function overlapping(edits: readonly LineEdit[]): boolean {
  const s = sorted(edits);
  for (let i = 1; i < s.length; i++) {
    const a = s[i - 1] as LineEdit;
    const b = s[i] as LineEdit;
    if (a.line === b.line && a.column + a.remove > b.column) return true;
  }
  return false;
}

/** The text with every edit made (as many lines as before). */
export function applyLineEdits(text: string, edits: readonly LineEdit[]): string {
  const lines = text.split('\n');
  // Right to left on each line, so the columns of the edits still to make stay valid.
  for (const e of sorted(edits).reverse()) {
    const line = lines[e.line] ?? '';
    lines[e.line] = line.slice(0, e.column) + e.insert + line.slice(e.column + e.remove);
  }
  return lines.join('\n');
}

/**
 * A 0-based UTF-16 column of the edited text's line `line` mapped back to the original line, or null when
 * it falls on inserted text (a diagnostic about the edit itself, not a break).
 */
export function columnBeforeEdits(edits: readonly LineEdit[], line: number, column: number): number | null {
  let shift = 0;
  for (const e of sorted(edits)) {
    if (e.line !== line) continue;
    const start = e.column + shift;
    if (column < start) break;
    if (column < start + e.insert.length) return null;
    shift += e.insert.length - e.remove;
  }
  return column - shift;
}
