/**
 * A compiler's diagnostic mapped back to the repository (cargo's and ghc's, which report 1-based character
 * columns in a shadow copy): where it is in the original text, as a checker compares and reports it.
 */
export interface MappedError {
  /** Repository-relative path. */
  file: string;
  /** 0-based line and UTF-16 column in the original text. */
  line: number;
  character: number;
  code: string;
  message: string;
}

/** The UTF-16 column of 1-based character column `column` of a line (the compilers count characters). */
export function utf16Column(lineText: string | undefined, column: number): number {
  if (!lineText) return column - 1;
  let units = 0;
  let chars = 0;
  for (const ch of lineText) {
    if (chars >= column - 1) break;
    units += ch.length;
    chars++;
  }
  return units + Math.max(0, column - 1 - chars);
}

/** The 0-based UTF-16 column of 1-based byte column `column` of a line (go and clang count UTF-8 bytes). */
export function byteColumn(lineText: string | undefined, column: number): number {
  if (!lineText) return column - 1;
  let bytes = 0;
  let units = 0;
  for (const ch of lineText) {
    if (bytes >= column - 1) return units;
    bytes += Buffer.byteLength(ch, 'utf8');
    units += ch.length;
  }
  return units + Math.max(0, column - 1 - bytes);
}
