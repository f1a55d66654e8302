/**
 * The change kinds other than "add a variant", as Go edits of the declaration the exploration found (by line,
 * never by bare name elsewhere), each keeping every line where it was (verify/line-edits.ts):
 * - remove: a function, a method, a type or a struct field blanked; a constant or a variable renamed `_` (its
 *   name is gone, while an iota group keeps its values and the lines after it keep their implicit type and
 *   value); "remove `Music` from `Kind`": the constant of the type, the field of the struct, or the method;
 * - rename: the declaration's name only, so every use that does not follow breaks;
 * - add_parameter: `scoutNew struct{ scoutNew bool }` after the last parameter (before a variadic one: it
 *   must stay last), a type no existing argument has, so every call with the old arity breaks, and every
 *   function value and interface the old signature satisfied;
 * - change_type: a field's, variable's, constant's or parameter's type, a function's results, or a named
 *   type's underlying type, replaced by the question's type.
 * Go has no optional parameters or fields: make_optional, and an optional new parameter, are refused with
 * what would work. "Add a variant" is never an edit (variant-refusal.ts).
 */
import type { Node } from 'web-tree-sitter';
import type { ChangeSpec } from '../verify/checker.js';
import { editForKind } from '../verify/change-edit.js';
import { blankRange, editAt, type LineEdit } from '../verify/line-edits.js';
import type { GoEditResult } from './go-edit.js';
import { article, declarationAt, type GoDeclaration, isTopLevel, kindOf, labelOf, namesOf, receiverOf, withGoTree } from './syntax.js';

export const NEW_PARAMETER = 'scoutNew struct{ scoutNew bool }';
/** The new parameter's type alone, for a list of unnamed parameters (`func(int, string)`). */
export const NEW_PARAMETER_TYPE = 'struct{ scoutNew bool }';

export const GO_KINDS = 'removing, renaming, adding a parameter and changing a type (a function, a method, a type, a struct field, a constant, a variable)';

const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** The whole declaration statement to blank for a spec: the `type X …` / `func …` itself when it declares nothing else. */
function wholeOf(node: Node): Node {
  const parent = node.parent;
  if (node.type === 'type_spec' || node.type === 'type_alias') {
    if (parent?.type === 'type_declaration' && parent.namedChildren.filter((c) => c?.type === 'type_spec' || c?.type === 'type_alias').length === 1) return parent;
  }
  return node;
}

/** Blank a name of a list (`X, Y int`: `X, ` or `, Y`). */
function blankName(text: string, names: readonly Node[], name: Node): LineEdit[] {
  const i = names.findIndex((n) => n.id === name.id);
  const next = names[i + 1];
  const prev = names[i - 1];
  if (next) return blankRange(text, name.startIndex, next.startIndex);
  if (prev) return blankRange(text, prev.endIndex, name.endIndex);
  return blankRange(text, name.startIndex, name.endIndex);
}

function removeNode(text: string, decl: GoDeclaration): LineEdit[] | string {
  const { node, name } = decl;
  switch (node.type) {
    case 'const_spec':
    case 'var_spec':
      // `_` keeps the spec (its value, its place in an iota group, the implicit lines after it) without its name.
      return [editAt(text, name.startIndex, name.endIndex - name.startIndex, '_')];
    case 'field_declaration': {
      const names = namesOf(node);
      if (names.length > 1) return blankName(text, names, name);
      return blankRange(text, node.startIndex, node.endIndex);
    }
    case 'function_declaration':
    case 'method_declaration':
    case 'type_spec':
    case 'type_alias': {
      const whole = wholeOf(node);
      return blankRange(text, whole.startIndex, whole.endIndex);
    }
    default:
      return `\`${name.text}\` is ${article(kindOf(node))}, which the go checker cannot remove: a function, a method, a type, a struct field, a constant or a package-level variable can be`;
  }
}

/** A member of the type declared by `decl` named `member`: a field of its struct, a method on it, or a constant of it in the same file. */
function memberOf(root: Node, decl: GoDeclaration, member: string): GoDeclaration | null {
  const own = decl.name.text;
  const found: GoDeclaration[] = [];
  const visit = (n: Node): void => {
    if (n.type === 'field_declaration' && n.parent?.parent?.id === decl.node.childForFieldName('type')?.id) {
      for (const name of namesOf(n)) if (name.text === member) found.push({ node: n, name });
    } else if (n.type === 'method_declaration' && receiverOf(n) === own) {
      const name = n.childForFieldName('name');
      if (name?.text === member) found.push({ node: n, name });
    } else if (n.type === 'const_spec' && isTopLevel(n)) {
      for (const name of namesOf(n)) if (name.text === member) found.push({ node: n, name });
    }
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return found[0] ?? null;
}

function removeEdit(root: Node, text: string, decl: GoDeclaration, line: number, member: string | undefined): GoEditResult {
  let target = decl;
  if (member !== undefined) {
    if (decl.node.type !== 'type_spec') return { ok: false, reason: `\`${labelOf(decl)}\` is ${article(kindOf(decl.node))}, which has no members: a member (a constant, a field, a method) can be removed from a named type` };
    const found = memberOf(root, decl, member);
    if (!found) return { ok: false, reason: `${kindOf(decl.node)} \`${decl.name.text}\` has no field, method or constant \`${member}\` in ${'this file'}` };
    target = found;
  }
  const edits = removeNode(text, target);
  if (typeof edits === 'string') return { ok: false, reason: edits };
  const label = member !== undefined && target.node.type === 'const_spec' ? `${decl.name.text}.${member}` : labelOf(target);
  const how = target.node.type === 'const_spec' || target.node.type === 'var_spec' ? ' (its name replaced by `_`)' : '';
  return { ok: true, edit: { edits, name: label, kind: kindOf(target.node), declLine: line, summary: `removed ${kindOf(target.node)} \`${label}\`${how}` } };
}

function renameEdit(text: string, decl: GoDeclaration, line: number, newName: string | undefined): GoEditResult {
  const own = decl.name.text;
  const wanted = newName ?? `${own}Renamed`;
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a Go identifier: give the new name as one word (letters, digits, _)` };
  if (wanted === own) return { ok: false, reason: `\`${labelOf(decl)}\` is already called \`${own}\`: nothing changes` };
  const label = labelOf(decl);
  const exported = /^[A-Z]/.test(own) && !/^[A-Z]/.test(wanted) ? '; the new name is unexported: uses from other packages break for that too' : '';
  return {
    ok: true,
    edit: {
      edits: [editAt(text, decl.name.startIndex, own.length, wanted)],
      name: label,
      kind: kindOf(decl.node),
      declLine: line,
      summary: `renamed ${kindOf(decl.node)} \`${label}\` to \`${wanted}\` (the declaration only${newName === undefined ? '; the question gave no new name' : ''}${exported})`,
    },
  };
}

function addParameterEdit(text: string, decl: GoDeclaration, line: number, optional: boolean | undefined): GoEditResult {
  const { node } = decl;
  if (optional) return { ok: false, reason: 'Go has no optional parameters: a variadic parameter or a new function beside the old one breaks nothing go build checks; ask about a required parameter to see every call that must pass it' };
  if (node.type !== 'function_declaration' && node.type !== 'method_declaration') {
    const hint = node.type === 'type_spec' ? ' (Go has no constructors: ask about the function that builds it, such as `New…`)' : '';
    return { ok: false, reason: `\`${labelOf(decl)}\` is ${article(kindOf(node))}, not a function or a method: a parameter can be added to a function or a method${hint}` };
  }
  const params = node.childForFieldName('parameters');
  if (!params) return { ok: false, reason: `the parameters of \`${labelOf(decl)}\` cannot be read` };
  const list = params.namedChildren.filter((c): c is Node => c?.type === 'parameter_declaration' || c?.type === 'variadic_parameter_declaration');
  // Unnamed parameters (`func(int, string)`) cannot be mixed with a named one.
  const unnamed = list.length > 0 && list.every((p) => namesOf(p).length === 0);
  const added = unnamed ? NEW_PARAMETER_TYPE : NEW_PARAMETER;
  const last = list[list.length - 1];
  let edit: LineEdit;
  let where: string;
  if (last?.type === 'variadic_parameter_declaration') {
    edit = editAt(text, last.startIndex, 0, `${added}, `);
    where = ' before its variadic parameter';
  } else if (last) {
    edit = editAt(text, last.endIndex, 0, `, ${added}`);
    where = '';
  } else {
    edit = editAt(text, params.startIndex + 1, 0, added);
    where = '';
  }
  const label = labelOf(decl);
  return { ok: true, edit: { edits: [edit], name: label, kind: kindOf(node), declLine: line, summary: `required parameter \`${added}\` added to ${kindOf(node)} \`${label}\`${where}` } };
}

/** A type as a question may write it: one line, no statement or comment in it. */
const TYPE_TEXT = /^[^\n;]+$/;

function changeTypeEdit(text: string, decl: GoDeclaration, line: number, newType: string | undefined): GoEditResult {
  const { node, name } = decl;
  const label = labelOf(decl);
  if (newType === undefined) return { ok: false, reason: `the question gives no new type for \`${label}\`: say which (\`what breaks if I change the type of ${label} to string?\`)` };
  const wanted = newType.trim().replace(/^`|`$/g, '');
  if (!TYPE_TEXT.test(wanted) || /\/[/*]/.test(wanted)) return { ok: false, reason: `\`${newType}\` is not a Go type the checker can write (one line, no comment)` };
  const what = kindOf(node);
  if (node.type === 'function_declaration' || node.type === 'method_declaration') {
    const result = node.childForFieldName('result');
    const params = node.childForFieldName('parameters');
    if (!params) return { ok: false, reason: `the signature of \`${label}\` cannot be read` };
    const edits = result ? [editAt(text, result.startIndex, result.endIndex - result.startIndex, wanted)] : [editAt(text, params.endIndex, 0, ` ${wanted}`)];
    return { ok: true, edit: { edits, name: label, kind: what, declLine: line, summary: `result type of ${what} \`${label}\` changed from \`${result?.text ?? '(none)'}\` to \`${wanted}\`` } };
  }
  if (!['field_declaration', 'var_spec', 'const_spec', 'parameter_declaration', 'variadic_parameter_declaration', 'type_spec'].includes(node.type)) {
    return { ok: false, reason: `\`${label}\` is ${article(what)}: the go checker changes the type of a field, a variable, a constant, a parameter, a function's results or a named type's underlying type` };
  }
  if (node.type !== 'type_spec' && namesOf(node).length > 1) {
    return { ok: false, reason: `\`${label}\` is declared with other names in one declaration (\`${namesOf(node).map((n) => n.text).join(', ')}\`): the checker changes a type declared for one name` };
  }
  const type = node.childForFieldName('type');
  // `var x = 1`: the type is written after the name (`var x T = 1`).
  const edits = type ? [editAt(text, type.startIndex, type.endIndex - type.startIndex, wanted)] : [editAt(text, name.endIndex, 0, ` ${wanted}`)];
  const noun = node.type === 'type_spec' ? 'underlying type' : 'type';
  return { ok: true, edit: { edits, name: label, kind: what, declLine: line, summary: `${noun} of ${what} \`${label}\` changed from \`${type?.text ?? '(inferred)'}\` to \`${wanted}\`` } };
}

export function changeEditIn(root: Node, text: string, name: string, line: number, change: ChangeSpec): GoEditResult {
  const decl = declarationAt(root, name, line);
  if (!decl) return { ok: false, reason: `no Go declaration of \`${name}\` at line ${line}` };
  if (decl.node.hasError) return { ok: false, reason: `\`${name}\` at line ${line} does not parse and cannot be edited` };
  return editForKind<GoEditResult>(
    change,
    {
      remove: (member) => removeEdit(root, text, decl, line, member),
      rename: (newName) => renameEdit(text, decl, line, newName),
      add_parameter: (optional) => addParameterEdit(text, decl, line, optional),
      change_type: (newType) => changeTypeEdit(text, decl, line, newType),
      make_optional: () => ({ ok: false, reason: `Go has no optional fields or parameters, and go build does not check nil: ask to change the type to a pointer (\`change the type of ${labelOf(decl)} to *T\`); the go checker verifies ${GO_KINDS}` }),
    },
    () => ({ ok: false, reason: `the go checker verifies ${GO_KINDS}` }),
  );
}

/** The edit for `change` (not add_variant: variant-refusal.ts) at the declaration of `name` on 1-based `line`. */
export function changeEdit(text: string, name: string, line: number, change: ChangeSpec): Promise<GoEditResult> {
  return withGoTree(text, (root) => changeEditIn(root, text, name, line, change));
}
