/**
 * Where a value of the question's type is handed on inside an object literal (`severity: event.severity`)
 * and whether the receiving property's type has room for a new variant.
 *
 * Copying a value into a property of another type compiles today because every current variant
 * is also one of that type's; a new variant is not (`Type '"new"' is not assignable to type
 * '"CT_INFO" | "CT_ERROR"'`). The receiving property's type comes from the language server (a
 * hover on the property name): the union itself or `string` has room; a list of literals does not.
 */
import type { LspService } from '../../lsp/lsp-service.js';
import { annotationAt, classifyDeclaration, declarationLines, type DeclarationFinder, type LineReader } from './indexed-object.js';
import { shortType, splitTop, type TargetNames } from './type-text.js';
import type { Destination, Room } from '../site-facts.js';
import { receivingProperty } from '../site-text.js';
export type { Destination, Room } from '../site-facts.js';


/** Whether a receiving type has room for every variant of the target (by name, or as a string). */
export function roomFor(typeText: string, target: TargetNames): Room {
  const names = typeof target === 'string' ? [target] : [...target];
  const members = splitTop(typeText.replace(/\s+/g, ' ').trim(), '|').filter((m) => m !== 'null' && m !== 'undefined');
  if (members.length === 0) return 'unknown';
  if (members.some((m) => names.includes(m) || ['string', 'any', 'unknown', 'PropertyKey', 'number'].includes(m))) return 'fits';
  // The union named inside another type (`Array<Kind>[number]`, `Exclude<Kind, 'x'>`): cannot tell.
  if (names.some((n) => new RegExp(`(?:^|[^\\w$])${n.replace(/[$.*+?^(){}|[\]\\]/g, '\\$&')}(?:[^\\w$]|$)`).test(typeText))) return 'unknown';
  // Only literals (or enum members): a closed list the new variant is not on.
  if (members.every((m) => /^(?:"[^"]*"|'[^']*'|-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)$/.test(m))) return 'no_room';
  return 'unknown';
}

/**
 * Asks the server where the receiving property is declared (go to definition on an object-literal key
 * leads to the property of the literal's contextual type) and reads its type as written there,
 * following one type name to its alias. Null when the literal has no declared type to check against.
 */
export async function describeDestination(
  lsp: LspService,
  files: LineReader,
  site: { file: string; line: number; column: number; length: number },
  target: TargetNames,
  findDeclaration: DeclarationFinder,
): Promise<Destination | null> {
  const property = receivingProperty(files.line(site.file, site.line), site.column, site.length);
  if (!property) return null;
  const at = { file: site.file, line: site.line, column: property.column };
  const definitions = await lsp.definition(at);
  const declared = definitions.source === 'lsp' ? definitions.value[0] : undefined;
  // The key itself: an object literal without a declared type, nothing to fit.
  if (!declared || (declared.file === site.file && declared.line === site.line)) return null;
  const written = annotationAt(files, declared);
  if (!written) return null;
  let room = roomFor(written, target);
  const name = /^\(?\s*([A-Za-z_$][\w$.]*)\s*\)?$/.exec(written.trim())?.[1];
  if (room === 'unknown' && name) {
    const alias = await findDeclaration(name, { file: declared.file, line: declared.line, column: declared.column });
    const declaration = alias ? classifyDeclaration(declarationLines(files, alias), target) : null;
    if (declaration && typeof declaration !== 'string') room = roomFor(declaration.alias, target);
  }
  return { name: property.name, type: shortType(written), room };
}
