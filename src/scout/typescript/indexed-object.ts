/**
 * What the object indexed at an `obj[value]` site admits as keys, asked of the language server.
 *
 * `queues[type]` with `type` of the question's union breaks once a variant is added only when
 * `queues`'s type spells its keys out (`interface Queues { audio: …; video: … }`, or a Record over
 * some other key type): the new value is not one of them. A Record or mapped type over the union
 * itself, a string index signature or `any` admits the new key. The heuristic alone cannot tell
 * these apart (the site's line only says `queues[type]`), so the exploration asks the server for
 * the object's type (hover) and, when that is a name, reads the declaration the name resolves to
 * (type definition). One concept: keys listed or open.
 */
import type { LspService } from '../../lsp/lsp-service.js';
import { braceBody, declarationText, keyAdmits, MAX_DECLARATION_LINES, shortType, splitTop, type TargetNames } from './type-text.js';
import type { IndexedObject, KeySet } from '../site-facts.js';
export type { IndexedObject, KeySet } from '../site-facts.js';

export type { LineReader } from '../language.js';
import type { LineReader } from '../language.js';

const MAX_ANNOTATION_LINES = 15;

/**
 * The name of the object indexed by the value at `column` (`this.queues[type]`, `lists?.[frag.type]`,
 * ``level[`${type}Codec`]``), with its column; null when the site is not an element access or the
 * object is not a plain name (`f()[x]`).
 */
export function indexedObjectAt(line: string, column: number): { name: string; column: number } | null {
  const before = line.slice(0, column);
  const bracket = /(?:\?\.)?\[\s*(?:(?:[\w$]+\s*\??\.\s*)*|`[^`]*\$\{\s*(?:[\w$]+\s*\??\.\s*)*)$/.exec(before);
  if (!bracket) return null;
  const object = /([A-Za-z_$][\w$]*)\s*!?$/.exec(before.slice(0, bracket.index));
  if (!object?.[1]) return null;
  return { name: object[1], column: bracket.index - object[0].length };
}

/** The type the server's hover gives for the name at `at`, or null (no server, no typed signature). */
export async function hoverType(lsp: LspService, at: { file: string; line: number; column: number }): Promise<string | null> {
  const hover = await lsp.hover(at);
  return hover.source === 'lsp' && hover.value ? typeFromHover(hover.value.text) : null;
}

/** The type part of a hover signature: `(property) A.queues: Queues | null` → `Queues | null`. */
export function typeFromHover(hover: string): string | null {
  // The signature is the first paragraph; an alias's hover goes on with `import NAME` and the docs.
  const paragraph = hover.split(/\n\n/)[0] ?? '';
  const importLine = paragraph.search(/\n\s*import\s/);
  const first = (importLine >= 0 ? paragraph.slice(0, importLine) : paragraph).replace(/\s+/g, ' ').trim();
  const match = /^(?:\((?:property|parameter|variable|const|let|var|alias)\)\s+|(?:const|let|var|readonly)\s+)*[\w$.]+\??\s*:\s*(.+)$/.exec(first);
  return match?.[1]?.trim() ?? null;
}

/** A type as read from its text: keys listed or open, or names still to resolve. */
export type TypeReading = KeySet | { named: string } | { union: string[] };

/** A union's keys: listed when every member lists them, open when any member admits any key. */
export function combineKeySets(kinds: readonly KeySet[]): KeySet {
  if (kinds.length > 0 && kinds.every((k) => k === 'listed')) return 'listed';
  return kinds.some((k) => k === 'open') ? 'open' : 'unknown';
}

/** Type names followed from a site to declarations (an alias of an alias of a union of object types). */
const MAX_NAME_HOPS = 3;

/**
 * Whether a type written out (a hover's type, a declaration's right-hand side) lists its keys.
 * A bare name (or generic application) is returned as `{ named }` for the caller to resolve.
 */
export function classifyType(typeText: string, target: TargetNames): TypeReading {
  let text = typeText.trim().replace(/^readonly\s+/, '');
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const members = splitTop(text, '|').filter((m) => m !== 'null' && m !== 'undefined');
  if (members.length > 1) {
    const kinds = members.map((m) => classifyType(m, target));
    if (kinds.every((k) => typeof k === 'string')) return combineKeySets(kinds as KeySet[]);
    return { union: members };
  }
  text = members[0] ?? '';
  if (text === 'any' || text === 'object') return 'open';
  const wrapper = /^(?:Partial|Readonly|Required)\s*<([\s\S]*)>$/.exec(text);
  if (wrapper?.[1]) return classifyType(wrapper[1], target);
  const record = /^Record\s*<([\s\S]*)>$/.exec(text);
  if (record?.[1]) {
    const [key] = splitTop(record[1], ',');
    return key !== undefined && keyAdmits(key, target) ? 'open' : 'listed';
  }
  const body = braceBody(text);
  if (body !== null) {
    const mapped = /^\s*(?:readonly\s+)?\[\s*[\w$]+\s+in\s+([^\]]+)\]/.exec(body);
    if (mapped?.[1]) {
      const key = mapped[1].trim();
      if (keyAdmits(key, target)) return 'open';
      // Keys computed from another type (`keyof T`, `T[keyof T]`, remapped with `as`): depends on what T is.
      return /\bkeyof\s|\sas\s|\[/.test(key) ? 'unknown' : 'listed';
    }
    if (/\[\s*[\w$]+\s*:\s*(?:string|number|PropertyKey)\s*\]\s*:/.test(body)) return 'open';
    return /[\w$'"\]]\s*\??\s*:/.test(body) ? 'listed' : 'unknown';
  }
  const named = /^([A-Za-z_$][\w$.]*)(?:\s*<[\s\S]*>)?$/.exec(text);
  if (named?.[1] && !['Map', 'ReadonlyMap', 'WeakMap', 'Set', 'Array', 'ReadonlyArray', 'string', 'number', 'unknown', 'never'].includes(named[1])) {
    return { named: named[1] };
  }
  return 'unknown';
}

/**
 * Whether the declaration starting at `line` (an interface, type alias or class the type definition
 * points to) lists its keys. Reads at most MAX_DECLARATION_LINES lines, up to the balancing brace.
 */
export function classifyDeclaration(lines: readonly string[], target: TargetNames): KeySet | { alias: string } {
  const text = declarationText(lines);
  const alias = /\btype\s+[\w$]+\s*(?:<[^=]*>)?\s*=\s*([\s\S]*?);?\s*$/.exec(text);
  if (alias?.[1]) return { alias: alias[1] };
  const shape = /\b(interface|class)\s+[\w$]+[^{]*\{([\s\S]*)\}/.exec(text);
  if (shape?.[2] !== undefined) {
    if (/\bextends\s+(?:Record|Map)\b/.test(text.slice(0, shape.index + shape[0].indexOf('{')))) return 'unknown';
    if (/\[\s*[\w$]+\s*:\s*(?:string|number|PropertyKey)\s*\]\s*:/.test(shape[2])) return 'open';
    return 'listed';
  }
  return 'unknown';
}

/** Whether a type lists its keys, following type names to their declarations (at most MAX_NAME_HOPS). */
export async function resolveKeySet(
  typeText: string,
  target: TargetNames,
  at: { file: string; line: number; column: number },
  files: LineReader,
  findDeclaration: DeclarationFinder,
  hops = 0,
): Promise<KeySet> {
  const reading = classifyType(typeText, target);
  if (typeof reading === 'string') return reading;
  if ('union' in reading) {
    const kinds: KeySet[] = [];
    for (const member of reading.union) kinds.push(await resolveKeySet(member, target, at, files, findDeclaration, hops));
    return combineKeySets(kinds);
  }
  if (hops >= MAX_NAME_HOPS) return 'unknown';
  const declared = await findDeclaration(reading.named, at);
  if (!declared) return 'unknown';
  const declaration = classifyDeclaration(declarationLines(files, declared), target);
  if (typeof declaration === 'string') return declaration;
  return resolveKeySet(declaration.alias, target, { file: declared.file, line: declared.line, column: 0 }, files, findDeclaration, hops + 1);
}

/**
 * Where a type name used at `at` is declared (1-based line of the name): the exploration looks in the
 * index first (aliases of a Record have no type symbol a server's type definition could point to)
 * and asks the server otherwise.
 */
export type DeclarationFinder = (name: string, at: { file: string; line: number; column: number }) => Promise<{ file: string; line: number } | null>;

/** The lines of a declaration, from its name's line on. */
export function declarationLines(files: LineReader, declared: { file: string; line: number }): string[] {
  const lines: string[] = [];
  for (let l = declared.line; l < declared.line + MAX_DECLARATION_LINES; l++) lines.push(files.line(declared.file, l));
  return lines;
}

/** The type annotation written at a declaration (`timeRanges: { [k in K]?: T } | null = …`), across lines; null without one. */
export function annotationAt(files: LineReader, at: { file: string; line: number; column: number }): string | null {
  let text = files.line(at.file, at.line).slice(at.column);
  for (let l = at.line + 1; l < at.line + MAX_ANNOTATION_LINES; l++) text += `\n${files.line(at.file, l)}`;
  const head = /^(?:[\w$]+|'[^']*'|"[^"]*")\s*[?!]?\s*:\s*/.exec(text);
  if (!head) return null;
  let depth = 0;
  for (let i = head[0].length; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[' || c === '(' || c === '<') depth++;
    else if (c === '}' || c === ']' || c === ')' || (c === '>' && text[i - 1] !== '=')) depth--;
    if (depth < 0 || (depth === 0 && ((c === '=' && text[i + 1] !== '>') || c === ';' || c === ','))) {
      return text.slice(head[0].length, i).trim() || null;
    }
  }
  return null;
}

/**
 * Asks the server for the type of the object indexed at the site (file, line, 0-based column of the
 * indexing value) and classifies its keys. Null when the site is not an element access on a name or
 * the server has no type for it (then the heuristic keeps its cautious middle rating).
 */
export async function describeIndexedObject(
  lsp: LspService,
  files: LineReader,
  site: { file: string; line: number; column: number },
  target: TargetNames,
  findDeclaration: DeclarationFinder,
): Promise<IndexedObject | null> {
  const object = indexedObjectAt(files.line(site.file, site.line), site.column);
  if (!object) return null;
  const at = { file: site.file, line: site.line, column: object.column };
  const type = await hoverType(lsp, at);
  if (!type) return null;
  let keys = await resolveKeySet(type, target, at, files, findDeclaration);
  if (keys === 'listed' && /^(?:\{|Record\s*<\s*["'])/.test(type.trim())) {
    // Hover expands a mapped type over a literal union (`{ [s in State]: X }` shows as `{ a: X; b: X }`,
    // `Record<keyof typeof CODES, V>` as `Record<"A" | "B", V>`):
    // the annotation as written at the declaration says whether it is keyed by the union.
    const definitions = await lsp.definition(at);
    const declared = definitions.source === 'lsp' ? definitions.value[0] : undefined;
    const annotation = declared ? annotationAt(files, declared) : null;
    const written = annotation && declared ? await resolveKeySet(annotation, target, { file: declared.file, line: declared.line, column: declared.column }, files, findDeclaration) : 'unknown';
    if (written !== 'unknown') keys = written;
  }
  const valueCarriesAny = await valueCanBeAnyVariant(lsp, files, site);
  const described: IndexedObject = { name: object.name, type: shortType(type), keys, valueCarriesAny };
  // Where the keys are listed: the one place to add the new key for every access through this type.
  const reading = classifyType(type, target);
  if (keys === 'listed' && typeof reading !== 'string' && 'named' in reading) {
    const declared = await findDeclaration(reading.named, at);
    if (declared) described.declaredAt = `${declared.file}:${declared.line}`;
  }
  return described;
}

/** A type written as specific variants only: `Kind.A`, `'audio' | 'video'`, `1 | 2`. */
export function namesSpecificVariants(typeText: string): boolean {
  const members = splitTop(typeText.replace(/\s+/g, ' ').trim(), '|').filter((m) => m !== 'null' && m !== 'undefined');
  return members.length > 0 && members.every((m) => /^(?:"[^"]*"|'[^']*'|-?\d+|[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)$/.test(m));
}

/**
 * Whether the value indexing at `site` can hold any variant: its declarations (one per member of a
 * union of object types) are read as written; all of them naming specific variants means it cannot.
 */
async function valueCanBeAnyVariant(lsp: LspService, files: LineReader, site: { file: string; line: number; column: number }): Promise<boolean> {
  const definitions = await lsp.definition(site);
  if (definitions.source !== 'lsp' || definitions.value.length === 0) return true;
  for (const declared of definitions.value) {
    const written = annotationAt(files, declared);
    if (!written || !namesSpecificVariants(written)) return true;
  }
  return false;
}
