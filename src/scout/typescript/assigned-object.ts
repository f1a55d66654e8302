/**
 * An object assigned whole to a property typed with a Record over the question's type
 * (`this.severities = options.severities`): it compiles today if its type lists every current key,
 * and stops compiling when a variant is added unless its own type is keyed by the union too.
 * The assigned value's type comes from the language server (a hover on its last name).
 */
import type { LspService } from '../../lsp/lsp-service.js';
import { hoverType, resolveKeySet, type DeclarationFinder, type KeySet, type LineReader } from './indexed-object.js';
import { shortType, type TargetNames } from './type-text.js';
import type { AssignedObject } from '../site-facts.js';
export type { AssignedObject } from '../site-facts.js';

/** `this.x = a.b.c;` with the site at `x` (0-based `column`, name `length` long): the value's last name and its column. */
export function assignedValueAt(line: string, column: number, length: number): { name: string; column: number } | null {
  const after = line.slice(column + length);
  const value = /^\s*=(?![=>])\s*((?:[\w$]+\s*[?!]?\.\s*)*([A-Za-z_$][\w$]*))\s*;?\s*$/.exec(after);
  if (!value?.[1] || !value[2]) return null;
  const start = column + length + after.indexOf(value[1]);
  return { name: value[2], column: start + value[1].length - value[2].length };
}

export async function describeAssignedObject(
  lsp: LspService,
  files: LineReader,
  site: { file: string; line: number; column: number; length: number },
  target: TargetNames,
  findDeclaration: DeclarationFinder,
): Promise<AssignedObject | null> {
  const value = assignedValueAt(files.line(site.file, site.line), site.column, site.length);
  if (!value) return null;
  const at = { file: site.file, line: site.line, column: value.column };
  const type = await hoverType(lsp, at);
  if (!type) return null;
  const keys = await resolveKeySet(type, target, at, files, findDeclaration);
  return { name: value.name, type: shortType(type), keys };
}
