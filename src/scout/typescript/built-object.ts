/**
 * Whether the object literal around a computed key (`[Kind.A]: …`) must list every variant.
 *
 * An entry for one variant breaks nothing by itself: the object breaks when its type requires
 * every key (`Record<Kind, V>`, `{ [k in Kind]: V }`, or a name for one of those), and then the
 * place to fix is that object. `const maps = { [Kind.A]: …, [Kind.B]: … }` (inferred) or a
 * Partial Record does not break when a variant is added. The literal's type is read where it is
 * declared: the annotation on its declaration line, or, for an assignment (`this._streams = {`),
 * the assigned property's type from the language server, following a type name to its declaration.
 */
import type { LspService } from '../../lsp/lsp-service.js';
import { declarationLines, hoverType, type DeclarationFinder, type LineReader } from './indexed-object.js';
import { braceBody, declarationText, keyAdmits, shortType, splitTop, type TargetNames } from './type-text.js';
import type { BuiltObject } from '../site-facts.js';
export type { BuiltObject } from '../site-facts.js';

/** Lines searched above a key for the literal's opening brace. */
const MAX_LOOK_UP = 60;

/** Whether a type (as written) requires one key per variant of `target`, or a name to resolve. */
export function requiresEveryKey(typeText: string, target: TargetNames): boolean | { named: string } | null {
  let text = typeText.trim().replace(/^readonly\s+/, '');
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const members = splitTop(text, '|').filter((m) => m !== 'null' && m !== 'undefined');
  if (members.length !== 1) return null;
  text = members[0] ?? '';
  if (/^Partial\s*</.test(text)) return false;
  const readonly = /^Readonly\s*<([\s\S]*)>$/.exec(text);
  if (readonly?.[1]) return requiresEveryKey(readonly[1], target);
  const record = /^Record\s*<([\s\S]*)>$/.exec(text);
  if (record?.[1]) {
    const [key] = splitTop(record[1], ',');
    return key !== undefined && keyAdmits(key, target) && key !== 'string' && key !== 'PropertyKey';
  }
  const body = braceBody(text);
  if (body !== null) {
    const mapped = /^\s*(?:readonly\s+)?\[\s*[\w$]+\s+in\s+([^\]]+)\]\s*(\??)/.exec(body);
    if (mapped?.[1]) return keyAdmits(mapped[1].trim(), target) && mapped[2] !== '?';
    return false; // a literal type, or an index signature: the variants are not required
  }
  const named = /^([A-Za-z_$][\w$.]*)(?:\s*<[\s\S]*>)?$/.exec(text);
  return named?.[1] ? { named: named[1] } : null;
}

/** Same, for a declaration (`type Prices = Record<Kind, number>;`, an interface) starting at the first line. */
export function declarationRequiresEveryKey(lines: readonly string[], target: TargetNames): boolean | null {
  const text = declarationText(lines);
  const alias = /\btype\s+[\w$]+\s*(?:<[^=]*>)?\s*=\s*([\s\S]*?);?\s*$/.exec(text);
  if (alias?.[1]) {
    const verdict = requiresEveryKey(alias[1], target);
    return typeof verdict === 'boolean' ? verdict : null;
  }
  // An interface or class spells its keys out: a computed key of one variant is one of them.
  return /\b(?:interface|class)\s+[\w$]+/.test(text) ? false : null;
}

/**
 * The head of the object literal holding the key at `line` (the nearest line above with an
 * unmatched `{`), and what it binds: `const X: T = {` / `x: T = {` (annotated), `this.x = {` /
 * `x = {` (assigned), `const x = {` (inferred).
 */
export function literalHead(files: LineReader, file: string, line: number): { line: number; text: string } | null {
  let depth = 0;
  for (let l = line - 1; l >= Math.max(1, line - MAX_LOOK_UP); l--) {
    const text = files.line(file, l);
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === '}') depth++;
      else if (text[i] === '{') {
        if (depth === 0) return { line: l, text };
        depth--;
      }
    }
  }
  return null;
}

/**
 * Reads the type of the object literal around a computed key and whether it requires every variant.
 * Null when the key is not inside an object literal found within MAX_LOOK_UP lines.
 */
export async function describeBuiltObject(
  lsp: LspService,
  files: LineReader,
  site: { file: string; line: number },
  target: TargetNames,
  findDeclaration: DeclarationFinder,
): Promise<BuiltObject | null> {
  const head = literalHead(files, site.file, site.line);
  if (!head) return null;
  const beforeBrace = head.text.slice(0, head.text.lastIndexOf('{'));
  const annotated = /(?:^|[\s(,])(?:(?:export|const|let|var|readonly|private|public|protected|static|declare)\s+)*([\w$]+)\s*[?!]?\s*:\s*(.+?)\s*=\s*$/.exec(beforeBrace);
  const assigned = /(?:this\.|[\w$]+\.)?([\w$]+)\s*=\s*$/.exec(beforeBrace);
  const done = (name: string | null, type: string | null, requires: boolean | null): BuiltObject => ({
    line: head.line,
    name,
    type: type ? shortType(type) : null,
    requiresEveryKey: requires,
  });
  let name: string | null = null;
  let typeText: string | null = null;
  let typeColumn = -1;
  if (annotated?.[1] && annotated[2]) {
    name = annotated[1];
    typeText = annotated[2];
    typeColumn = beforeBrace.lastIndexOf(typeText);
  } else if (assigned?.[1]) {
    name = assigned[1];
    const declaredAsConst = /\b(?:const|let|var)\s+[\w$]+\s*=\s*$/.test(beforeBrace);
    // `const x = {…}` has the literal's own (inferred) type: nothing requires every variant.
    if (declaredAsConst) return done(name, null, false);
    typeText = await hoverType(lsp, { file: site.file, line: head.line, column: beforeBrace.lastIndexOf(name) });
    typeColumn = beforeBrace.lastIndexOf(name);
  }
  if (!typeText) return done(name, null, null);
  const verdict = requiresEveryKey(typeText, target);
  if (typeof verdict === 'boolean' || verdict === null) return done(name, typeText, verdict);
  // A type name: read the declaration it resolves to.
  const declared = await findDeclaration(verdict.named, { file: site.file, line: head.line, column: Math.max(0, typeColumn) });
  if (!declared) return done(name, typeText, null);
  const lines = declarationLines(files, declared);
  return done(name, typeText, declarationRequiresEveryKey(lines, target));
}
