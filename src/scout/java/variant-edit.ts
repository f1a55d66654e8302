/**
 * The Java "add a variant" edit, on the declaration the exploration found (by line, never by bare name):
 * - an enum: a constant `SCOUT_NEW` after the last constant (`, SCOUT_NEW`), on that constant's line, so no
 *   line is added; a `switch` expression over the enum that listed every constant stops compiling ("the
 *   switch expression does not cover all possible input values"); a switch statement does not (javac accepts
 *   a statement that covers only some constants), so it is never a verified break;
 * - a sealed interface or class: a new permitted subclass, `non-sealed abstract class ScoutNew implements X
 *   {}` (`extends X` for a class), written after the last character of the file (on its last line: no line
 *   is added) and named in the `permits` list when there is one. Abstract and non-sealed so it needs no
 *   method of its own (no error about the edit itself); a pattern `switch` over X that named every permitted
 *   class stops covering X (javac 17 checks pattern switches with `--enable-preview`).
 * Anything else is refused with what it is.
 */
import type { Node } from 'web-tree-sitter';
import { editAt, type LineEdit, positionOf } from '../verify/line-edits.js';
import type { JavaEditResult } from './java-edit.js';
import { article, declarationAt, isSealed, kindOf, nameOf, typePath, withJavaTree } from './syntax.js';

/** Upper case like every enum constant, and a name no hand-written enum is likely to hold. */
export const NEW_CONSTANT = 'SCOUT_NEW';
export const NEW_CLASS = 'ScoutNew';

const ONLY = 'the javac checker adds a constant to an enum, or a permitted class to a sealed interface or class';

function enumEdit(text: string, node: Node, label: string, declLine: number): JavaEditResult {
  const body = node.childForFieldName('body');
  if (!body) return { ok: false, reason: `enum \`${label}\` at line ${declLine} has no body the checker can read` };
  const constants = body.namedChildren.filter((c): c is Node => c?.type === 'enum_constant');
  const last = constants[constants.length - 1];
  const edit: LineEdit = last ? editAt(text, last.endIndex, 0, `, ${NEW_CONSTANT}`) : editAt(text, body.startIndex + 1, 0, ` ${NEW_CONSTANT}`);
  const mentions = [nameOf(node) ?? label, ...constants.map((c) => nameOf(c) ?? '').filter((n) => n !== '')];
  return { ok: true, edit: { edits: [edit], name: label, kind: 'enum', declLine, summary: `constant ${NEW_CONSTANT} added to enum ${label}`, mentions } };
}

function sealedEdit(text: string, node: Node, label: string, declLine: number): JavaEditResult {
  const isInterface = node.type === 'interface_declaration';
  const permits = node.childForFieldName('permits') ?? node.namedChildren.find((c) => c?.type === 'permits') ?? null;
  const listed = permits?.namedChildren.find((c) => c?.type === 'type_list') ?? permits;
  const permitted = listed ? listed.namedChildren.filter((c): c is Node => c !== null) : [];
  const edits: LineEdit[] = [];
  const lastPermitted = permitted[permitted.length - 1];
  if (lastPermitted) edits.push(editAt(text, lastPermitted.endIndex, 0, `, ${NEW_CLASS}`));
  // The type as a top-level class of the same file names it (`Outer.Shape` for a nested one); type parameters
  // are left raw: the class is never instantiated.
  const typeName = typePath(node).join('.');
  const declaration = `${text.endsWith('\n') || text === '' ? '' : ' '}non-sealed abstract class ${NEW_CLASS} ${isInterface ? 'implements' : 'extends'} ${typeName} {}`;
  const end = positionOf(text, text.length);
  edits.push({ line: end.line, column: end.column, remove: 0, insert: declaration });
  const word = `sealed ${isInterface ? 'interface' : 'class'}`;
  const mentions = [nameOf(node) ?? label, ...permitted.map((p) => p.text.split('.').pop() ?? p.text)];
  return { ok: true, edit: { edits, name: label, kind: word, declLine, summary: `permitted class ${NEW_CLASS} added to ${word} ${label}`, mentions } };
}

export function variantEditIn(root: Node, text: string, name: string, line: number): JavaEditResult {
  const node = declarationAt(root, name, line);
  if (!node) return { ok: false, reason: `no declaration of \`${name}\` at line ${line} (${ONLY})` };
  const label = typePath(node).join('.') || (nameOf(node) ?? name);
  if (node.hasError) return { ok: false, reason: `\`${label}\` at line ${line} does not parse and cannot be edited` };
  if (node.type === 'enum_declaration') return enumEdit(text, node, label, line);
  if (node.type === 'enum_constant') return { ok: false, reason: `\`${nameOf(node)}\` at line ${line} is an enum constant, not a type: ask about its enum (${ONLY})` };
  if (node.type === 'interface_declaration' || node.type === 'class_declaration') {
    if (isSealed(node)) return sealedEdit(text, node, label, line);
    const what = node.type === 'interface_declaration' ? 'interface' : 'class';
    return { ok: false, reason: `\`${label}\` is ${article(what)} that is not sealed: any class may already extend it, so javac checks no switch over its subtypes for completeness (${ONLY})` };
  }
  return { ok: false, reason: `\`${nameOf(node) ?? name}\` is ${article(kindOf(node))}, not an enum or a sealed type (${ONLY})` };
}

/** The edit that adds a variant to the type declared at 1-based `line` of `text`. */
export function variantEdit(text: string, name: string, line: number): Promise<JavaEditResult> {
  return withJavaTree(text, (root) => variantEditIn(root, text, name, line));
}
