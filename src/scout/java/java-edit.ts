/**
 * A change to a Java file as the checker makes it: line-keeping edits (line-edits.ts) and how the answer
 * names what was changed.
 */
import type { LineEdit } from '../verify/line-edits.js';

export interface JavaEdit {
  edits: LineEdit[];
  /** The declaration as the check reports it (`Kind`, `Orders.total`). */
  name: string;
  /** Its kind in words (`enum`, `sealed interface`, `method`). */
  kind: string;
  /** 1-based line of the declaration's name. */
  declLine: number;
  /** The edit in the answer's words (`constant SCOUT_NEW added to enum Kind`). */
  summary: string;
  /** Names a file must contain to be touched by the change (the declaration's, its members'). */
  mentions: string[];
  /**
   * The file's name in the checked copy, when the change moves it: a top-level type renamed (`Category.java`), or
   * removed from the file named after it (which must no longer be found under that name).
   */
  fileName?: string;
}

export type JavaEditResult = { ok: true; edit: JavaEdit } | { ok: false; reason: string };
