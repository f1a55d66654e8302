/**
 * An object literal typed with a generic type over the question's type:
 *
 *     export const BY_NUMBER: InvertKeyValue<
 *       typeof CODES        ← the site
 *     > = {
 *       [-32700]: 'PARSE_ERROR', …
 *
 * The site only names the type inside an annotation; whether the object breaks depends on the
 * generic. When it is a mapped type over its parameter (`type InvertKeyValue<T> = { [V in
 * T[keyof T]]: … }`, no `?`), the object needs one entry per variant and lacks the new one. When it
 * is anything else (`Box<T> = { value: T }`), the object does not list the variants. Read from the
 * code: the statement around the site, and the generic's declaration (found through the index,
 * else the language server's type definition).
 */
import { declarationLines, type DeclarationFinder, type LineReader } from './indexed-object.js';
import { declarationText, shortType, splitTop, type TargetNames } from './type-text.js';
import type { AnnotatedObject } from '../site-facts.js';
export type { AnnotatedObject } from '../site-facts.js';

/** The annotation around a site: the generic's name and the index of the type argument holding the site. */
export interface GenericAnnotation {
  line: number;
  name: string;
  generic: string;
  argument: string;
  argumentIndex: number;
  type: string;
}

const BUILT_IN_GENERICS = new Set(['Record', 'Partial', 'Readonly', 'Required', 'Pick', 'Omit', 'Map', 'Set', 'ReadonlyMap', 'ReadonlySet', 'Array', 'ReadonlyArray', 'Promise']);

/** Lines above the site searched for the declaration's head, and below it for `> = {`. */
const LINES_ABOVE = 3;
const LINES_BELOW = 3;

/**
 * `const NAME: Generic<…site…> = {` around the site, across a few lines; null when the site is not
 * a type argument of the annotation of a declaration initialised with an object literal.
 */
export function genericAnnotationAt(files: LineReader, site: { file: string; line: number; column: number }): GenericAnnotation | null {
  for (let head = site.line; head >= Math.max(1, site.line - LINES_ABOVE); head--) {
    const headText = files.line(site.file, head);
    const match = /^\s*(?:(?:export|declare|const|let|var|readonly|private|public|protected|static)\s+)+([A-Za-z_$][\w$]*)\s*!?\s*:\s*([A-Za-z_$][\w$.]*)\s*</.exec(headText);
    if (!match?.[1] || !match[2]) continue;
    // Record and the built-in wrappers are read from the line itself (record-declaration.ts).
    if (BUILT_IN_GENERICS.has(match[2])) return null;
    // The text from the generic's `<` to a few lines past the site, with the site's offset in it.
    let text = headText.slice(match[0].length);
    let siteOffset = head === site.line ? site.column - match[0].length : -1;
    for (let l = head + 1; l <= site.line + LINES_BELOW; l++) {
      if (l === site.line) siteOffset = text.length + 1 + site.column;
      text += `\n${files.line(site.file, l)}`;
    }
    if (siteOffset < 0) return null;
    const close = closingAngle(text);
    if (close === null || siteOffset > close) return null;
    if (!/^\s*=\s*\{/.test(text.slice(close + 1))) return null;
    const inside = text.slice(0, close);
    const args = splitTop(inside, ',');
    const argumentIndex = topLevelCommas(inside.slice(0, siteOffset));
    const argument = args[argumentIndex];
    if (argument === undefined) return null;
    return { line: head, name: match[1], generic: match[2], argument: argument.replace(/\s+/g, ' ').trim(), argumentIndex, type: `${match[2]}<${args.map((a) => a.replace(/\s+/g, ' ').trim()).join(', ')}>` };
  }
  return null;
}

/** Commas outside brackets in `text`: the index of the type argument that follows it. */
function topLevelCommas(text: string): number {
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if ((c === '>' && text[i - 1] !== '=') || c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) commas++;
  }
  return commas;
}

/** Offset of the `>` closing the generic whose `<` precedes `text` (arrows `=>` ignored), or null. */
function closingAngle(text: string): number | null {
  let depth = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>' && text[i - 1] !== '=') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return null;
}

/** Whether a type argument is the question's union itself, under one of its names (`Kind`, `typeof CODES`, `keyof typeof CODES`). */
export function namesTheUnion(argument: string, target: TargetNames): boolean {
  const names = typeof target === 'string' ? [target] : target;
  const spellings = names.flatMap((n) => {
    const constant = /^keyof typeof (.+)$/.exec(n)?.[1];
    return constant ? [n, `typeof ${constant}`] : [n];
  });
  return spellings.includes(argument.replace(/\s+/g, ' ').trim());
}

/**
 * Whether the generic declared in `lines` (`type G<A, B> = { [K in …A…]: … }`) maps every value of
 * its parameter number `index` to a key. Null when the declaration is not a type alias with parameters.
 */
export function genericMapsEveryKey(lines: readonly string[], index: number): boolean | null {
  const text = declarationText(lines);
  const alias = /\btype\s+[\w$]+\s*<([\s\S]*?)>\s*=\s*([\s\S]*?);?\s*$/.exec(text);
  if (!alias?.[1] || alias[2] === undefined) return null;
  const parameter = /^[A-Za-z_$][\w$]*/.exec(splitTop(alias[1], ',')[index] ?? '')?.[0];
  if (!parameter) return null;
  const body = alias[2].trim();
  const mapped = /^\{\s*(?:readonly\s+)?\[\s*[\w$]+\s+in\s+([^\]]+)\]\s*(\??)/.exec(body);
  if (!mapped?.[1]) return false;
  return new RegExp(`\\b${parameter.replace(/\$/g, '\\$')}\\b`).test(mapped[1]) && mapped[2] !== '?';
}

/** Reads the generic annotation around a site and whether the object it types needs an entry per variant. */
export async function describeAnnotatedObject(
  files: LineReader,
  site: { file: string; line: number; column: number },
  target: TargetNames,
  findDeclaration: DeclarationFinder,
): Promise<AnnotatedObject | null> {
  const annotation = genericAnnotationAt(files, site);
  if (!annotation || !namesTheUnion(annotation.argument, target)) return null;
  const headText = files.line(site.file, annotation.line);
  const declared = await findDeclaration(annotation.generic, { file: site.file, line: annotation.line, column: Math.max(0, headText.indexOf(annotation.generic)) });
  const requiresEveryKey = declared ? genericMapsEveryKey(declarationLines(files, declared), annotation.argumentIndex) : null;
  return { line: annotation.line, name: annotation.name, type: shortType(annotation.type), requiresEveryKey };
}
