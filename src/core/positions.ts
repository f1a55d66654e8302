/**
 * Position math in ONE place. Tree-sitter gives 0-based rows and byte columns;
 * we parse JS strings, so web-tree-sitter columns are UTF-16 code units
 * (it encodes input as UTF-16). Facts store 1-based lines and 0-based UTF-16
 * columns, which is what LSP uses too (LSP lines are 0-based: convert here).
 */
import type { Span } from './types.js';

export interface TreePoint {
  row: number;
  column: number;
}

export function lineFromRow(row: number): number {
  return row + 1;
}

export function spanFromPoints(start: TreePoint, end: TreePoint): Span {
  return {
    startLine: start.row + 1,
    startColumn: start.column,
    endLine: end.row + 1,
    endColumn: end.column,
  };
}

/** 1-based line to LSP's 0-based line. */
export function toLspLine(line: number): number {
  return line - 1;
}

/** LSP's 0-based line to our 1-based line. */
export function fromLspLine(line: number): number {
  return line + 1;
}
