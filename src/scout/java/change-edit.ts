/**
 * The change kinds other than "add a variant", as Java edits of the declaration the exploration found (by
 * line, never by bare name elsewhere), each keeping every line where it was (line-edits.ts):
 * - remove: the declaration itself (an enum constant with its comma, a method, a constructor, a field, a
 *   whole type), or one member of it ("remove `BETA` from `Kind`": a constant, a method, a field, a nested
 *   type), blanked;
 * - rename: the declaration's name only (a type's constructors follow it, as any rename does), so every use
 *   that does not follow breaks;
 * - add_parameter: a parameter `java.lang.Void scoutNew` after the last one (before a varargs one), so every
 *   call with the old arity breaks, and every override and implementation that does not follow;
 * - change_type: a field's or variable's type, or a method's return type, replaced by the new type.
 * Java has no optional parameters or fields (javac does not check nullability): make_optional, and an
 * optional new parameter (an overload, which breaks nothing), are refused with what would work.
 */
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { ChangeSpec } from '../verify/checker.js';
import { editForKind } from '../verify/change-edit.js';
import type { JavaEdit, JavaEditResult } from './java-edit.js';
import { blankRange, editAt, type LineEdit } from '../verify/line-edits.js';
import { article, declarationAt, kindOf, labelOf, nameOf, TYPE_DECLARATIONS, typePath, withJavaTree } from './syntax.js';

export const NEW_PARAMETER = 'scoutNew';
/** A parameter type no existing argument is: a call passing nothing new breaks by arity, whatever it passed. */
export const NEW_PARAMETER_TYPE = 'java.lang.Void';

export const JAVA_KINDS = 'adding a variant (enum constant, permitted class), removing, renaming, adding a parameter, changing a type';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A type as a question may write it: `String`, `List<Kind>`, `int[]`, `java.util.Map<String, ? extends Number>`. */
const TYPE_TEXT = /^[A-Za-z_$][\w$.]*(?:\s*<[\w$.<>,?\s[\]]*>)?(?:\s*\[\s*\])*$/;

type Made = Omit<JavaEdit, 'mentions'> & { mentions?: string[] };
/** What a file must name to be touched: the declaration's name, and its owner type's (`Orders::total`, an override). */
const made = (edit: Made, node: Node): JavaEditResult => {
  const owner = TYPE_DECLARATIONS.has(node.type) ? null : typePath(node).pop();
  const own = nameOf(node) ?? edit.name;
  return { ok: true, edit: { ...edit, mentions: edit.mentions ?? [own, ...(owner && owner !== own ? [owner] : [])] } };
};

/** The node whose text is the whole declaration (a field's declaration for one of its variables). */
function wholeOf(node: Node): Node {
  return node.type === 'variable_declarator' && node.parent ? node.parent : node;
}

/** Blank an element of a comma-separated list (an enum constant, a variable of a field), with one comma. */
function blankFromList(text: string, node: Node, siblings: readonly Node[]): LineEdit[] {
  const i = siblings.findIndex((s) => s.id === node.id);
  const next = siblings[i + 1];
  const prev = siblings[i - 1];
  if (next) return blankRange(text, node.startIndex, next.startIndex);
  if (prev) return blankRange(text, prev.endIndex, node.endIndex);
  return blankRange(text, node.startIndex, node.endIndex);
}

function removeNode(text: string, node: Node): LineEdit[] {
  if (node.type === 'enum_constant' && node.parent) {
    return blankFromList(text, node, node.parent.namedChildren.filter((c): c is Node => c?.type === 'enum_constant'));
  }
  if (node.type === 'variable_declarator' && node.parent) {
    const declarators = node.parent.namedChildren.filter((c): c is Node => c?.type === 'variable_declarator');
    if (declarators.length > 1) return blankFromList(text, node, declarators);
  }
  const whole = wholeOf(node);
  return blankRange(text, whole.startIndex, whole.endIndex);
}

const REMOVABLE = new Set([...TYPE_DECLARATIONS, 'method_declaration', 'constructor_declaration', 'compact_constructor_declaration', 'enum_constant', 'variable_declarator', 'annotation_type_element_declaration']);

/** The members of a type declaration's body (constants, methods, fields' variables, nested types). */
function membersOf(decl: Node): Node[] {
  const body = decl.childForFieldName('body');
  if (!body) return [];
  const out: Node[] = [];
  const visit = (container: Node): void => {
    for (const c of container.namedChildren) {
      if (!c) continue;
      if (c.type === 'enum_body_declarations') visit(c);
      else if (c.type === 'field_declaration' || c.type === 'constant_declaration') out.push(...c.namedChildren.filter((d): d is Node => d?.type === 'variable_declarator'));
      else if (REMOVABLE.has(c.type)) out.push(c);
    }
  };
  visit(body);
  return out;
}

function removeEdit(text: string, file: string, node: Node, line: number, member: string | undefined): JavaEditResult {
  if (member !== undefined) {
    const owner = labelOf(node);
    if (!TYPE_DECLARATIONS.has(node.type)) return { ok: false, reason: `\`${owner}\` is ${article(kindOf(node))}, which has no members: a member can be removed from an enum, a class, an interface or a record` };
    const members = membersOf(node).filter((m) => nameOf(m) === member);
    const m = members[0];
    if (!m) return { ok: false, reason: `${kindOf(node)} \`${owner}\` has no member \`${member}\`` };
    const label = `${owner}.${member}`;
    const overloads = members.length > 1 ? ` (the first of its ${members.length} overloads, at line ${m.startPosition.row + 1})` : '';
    return made({ edits: removeNode(text, m), name: label, kind: kindOf(m), declLine: line, summary: `removed ${kindOf(m)} \`${label}\`${overloads}` }, m);
  }
  if (!REMOVABLE.has(node.type)) return { ok: false, reason: `\`${nameOf(node)}\` is ${article(kindOf(node))}, which the javac checker cannot remove: a type, a method, a constructor, a field or an enum constant can be` };
  const label = labelOf(node);
  const own = nameOf(node) ?? '';
  // A top-level type removed from the file named after it: the file no longer answers to that name (javac must
  // not find `Orders` by looking for Orders.java on a source path); what else it declares stays.
  const named = TYPE_DECLARATIONS.has(node.type) && node.parent?.type === 'program' && path.posix.basename(file) === `${own}.java`;
  const result = made({ edits: removeNode(text, node), name: label, kind: kindOf(node), declLine: line, summary: `removed ${kindOf(node)} \`${label}\`` }, node);
  return named && result.ok ? { ok: true, edit: { ...result.edit, fileName: `${own}__scout_removed.java` } } : result;
}

function renameEdit(text: string, file: string, node: Node, line: number, newName: string | undefined): JavaEditResult {
  const nameNode = node.childForFieldName('name');
  const own = nameNode?.text ?? '';
  if (!nameNode) return { ok: false, reason: `the ${kindOf(node)} at line ${line} has no name to rename` };
  const wanted = newName ?? `${own}Renamed`;
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a Java identifier: give the new name as one word (letters, digits, _ or $)` };
  if (wanted === own) return { ok: false, reason: `\`${labelOf(node)}\` is already called \`${own}\`: nothing changes` };
  const edits = [editAt(text, nameNode.startIndex, own.length, wanted)];
  // A type's constructors carry its name: a rename renames them too (else they stop parsing as constructors).
  if (TYPE_DECLARATIONS.has(node.type)) {
    const body = node.childForFieldName('body');
    // An enum's constructors sit after its constants, in its body declarations.
    const members = (body?.namedChildren ?? []).flatMap((c) => (c?.type === 'enum_body_declarations' ? c.namedChildren : [c]));
    for (const c of members) {
      const cname = c && (c.type === 'constructor_declaration' || c.type === 'compact_constructor_declaration') ? c.childForFieldName('name') : null;
      if (cname?.text === own) edits.push(editAt(text, cname.startIndex, own.length, wanted));
    }
  }
  const label = labelOf(node);
  // A top-level type named like its file moves with it (`Kind.java` becomes `Category.java`), as a rename does.
  const renamesFile = TYPE_DECLARATIONS.has(node.type) && node.parent?.type === 'program' && path.posix.basename(file) === `${own}.java`;
  const moved = renamesFile ? `; its file becomes ${wanted}.java` : '';
  return {
    ok: true,
    edit: {
      edits,
      name: label,
      kind: kindOf(node),
      declLine: line,
      summary: `renamed ${kindOf(node)} \`${label}\` to \`${wanted}\` (the declaration only${moved}${newName === undefined ? '; the question gave no new name' : ''})`,
      mentions: [own],
      ...(renamesFile ? { fileName: `${wanted}.java` } : {}),
    },
  };
}

/** The one constructor of a type, when it has exactly one (a class asked for "add a parameter" means it). */
function onlyConstructor(node: Node): Node | null {
  const ctors = (node.childForFieldName('body')?.namedChildren ?? []).filter((c): c is Node => c?.type === 'constructor_declaration');
  return ctors.length === 1 ? (ctors[0] as Node) : null;
}

function addParameterEdit(text: string, node: Node, line: number, optional: boolean | undefined): JavaEditResult {
  if (optional) return { ok: false, reason: 'Java has no optional parameters: an overload that keeps the old signature breaks nothing javac checks; ask about a required parameter to see every call that must pass it' };
  let target = node;
  if (node.type === 'class_declaration' || node.type === 'enum_declaration') {
    const ctor = onlyConstructor(node);
    if (!ctor) return { ok: false, reason: `\`${labelOf(node)}\` is ${article(kindOf(node))} without exactly one constructor: ask about the method or constructor that gets the parameter` };
    target = ctor;
  }
  if (target.type !== 'method_declaration' && target.type !== 'constructor_declaration') {
    return { ok: false, reason: `\`${nameOf(node)}\` is ${article(kindOf(node))}, not a method or a constructor: a parameter can be added to a method or a constructor` };
  }
  const params = target.childForFieldName('parameters');
  if (!params) return { ok: false, reason: `the parameters of \`${labelOf(target)}\` cannot be read` };
  const list = params.namedChildren.filter((c): c is Node => c?.type === 'formal_parameter' || c?.type === 'spread_parameter' || c?.type === 'receiver_parameter');
  const declared = `${NEW_PARAMETER_TYPE} ${NEW_PARAMETER}`;
  const varargs = list.find((p) => p.type === 'spread_parameter');
  const last = list.filter((p) => p.type !== 'spread_parameter').pop();
  let edit: LineEdit;
  if (varargs) edit = editAt(text, varargs.startIndex, 0, `${declared}, `);
  else if (last) edit = editAt(text, last.endIndex, 0, `, ${declared}`);
  else edit = editAt(text, params.startIndex + 1, 0, declared);
  const label = labelOf(target);
  return made({ edits: [edit], name: label, kind: kindOf(target), declLine: line, summary: `required parameter \`${declared}\` added to ${kindOf(target)} \`${label}\`` }, target);
}

function changeTypeEdit(text: string, node: Node, line: number, newType: string | undefined): JavaEditResult {
  const label = labelOf(node);
  if (newType === undefined) return { ok: false, reason: `the question gives no new type for \`${label}\`: say which (\`change the type of ${label} to String\`)` };
  const wanted = newType.trim();
  if (!TYPE_TEXT.test(wanted)) return { ok: false, reason: `\`${newType}\` is not a Java type the checker can write (a name, type arguments, array brackets)` };
  const holder = node.type === 'variable_declarator' ? node.parent : node;
  const type = holder?.childForFieldName('type');
  if (!holder || !type || !['method_declaration', 'field_declaration', 'constant_declaration', 'local_variable_declaration', 'formal_parameter', 'annotation_type_element_declaration'].includes(holder.type)) {
    return { ok: false, reason: `\`${label}\` is ${article(kindOf(node))}: the javac checker changes the type of a field, a variable, a parameter or a method's return type` };
  }
  if (type.text === 'var') return { ok: false, reason: `\`${label}\` is declared with \`var\`: its type is inferred, change its initializer instead` };
  if (holder.childForFieldName('type') && holder.namedChildren.filter((c) => c?.type === 'variable_declarator').length > 1) {
    return { ok: false, reason: `\`${label}\` is declared with other variables in one statement (\`${type.text} a, b\`): the checker changes a type declared for one variable` };
  }
  const what = node.type === 'method_declaration' ? 'return type' : 'type';
  return made({ edits: [editAt(text, type.startIndex, type.endIndex - type.startIndex, wanted)], name: label, kind: kindOf(node), declLine: line, summary: `${what} of ${kindOf(node)} \`${label}\` changed from \`${type.text}\` to \`${wanted}\`` }, node);
}

export function changeEditIn(root: Node, text: string, file: string, name: string, line: number, change: ChangeSpec): JavaEditResult {
  const node = declarationAt(root, name, line);
  if (!node) return { ok: false, reason: `no declaration of \`${name}\` at line ${line}` };
  if (node.hasError) return { ok: false, reason: `\`${name}\` at line ${line} does not parse and cannot be edited` };
  return editForKind(
    change,
    {
      remove: (member) => removeEdit(text, file, node, line, member),
      rename: (newName) => renameEdit(text, file, node, line, newName),
      add_parameter: (optional) => addParameterEdit(text, node, line, optional),
      change_type: (newType) => changeTypeEdit(text, node, line, newType),
      make_optional: () => ({ ok: false as const, reason: 'Java has no optional fields or parameters, and javac does not check nullability: the javac checker verifies ' + JAVA_KINDS }),
    },
    () => ({ ok: false as const, reason: `the javac checker verifies ${JAVA_KINDS}` }),
  );
}

/** The edit for `change` (not add_variant: variant-edit.ts) at the declaration of `name` on 1-based `line` of `file` (repository-relative). */
export function changeEdit(text: string, file: string, name: string, line: number, change: ChangeSpec): Promise<JavaEditResult> {
  return withJavaTree(text, (root) => changeEditIn(root, text, file, name, line, change));
}
