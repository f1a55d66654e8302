/**
 * A change to a Go file as the checker makes it: line-keeping edits (verify/line-edits.ts) and how the answer
 * names what was changed.
 */
import type { LineEdit } from '../verify/line-edits.js';

export interface GoEdit {
  edits: LineEdit[];
  /** The declaration as the check reports it (`Total`, `Order.Weight`, `Order.Quantity`). */
  name: string;
  /** Its kind in words (`function`, `method`, `field`). */
  kind: string;
  /** 1-based line of the declaration's name. */
  declLine: number;
  /** The edit in the answer's words (`removed function \`Total\``). */
  summary: string;
}

export type GoEditResult = { ok: true; edit: GoEdit } | { ok: false; reason: string };
