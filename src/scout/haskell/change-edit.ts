/**
 * The change kinds other than "add a variant", as Haskell edits of the declaration the exploration found (by
 * line, never by bare name elsewhere) in a tree-sitter parse. Every line the user has keeps its number
 * (verify/line-edits.ts); a fresh type, when one is needed, is declared after the file's last line.
 * - remove: a top-level function or value (its type signature and every equation), a data constructor (with
 *   its `|`), a record field (with its comma), a data type, newtype, type synonym or class; "remove `x` from
 *   `T`": a constructor or a record field of `T`;
 * - rename: the declaration's name only (a function's in its signature and every equation), so every use
 *   that does not follow breaks;
 * - add_parameter: a function gets an argument type `ScoutType__ ->` first in its signature and a parameter
 *   `_scoutNew` in each equation; a constructor gets a field (`ScoutType__` last, or a strict record field
 *   `scoutNew__ :: !ScoutType__`, whose absence from a record construction is an error, not a warning);
 * - change_type: a signature's result type, or a record field's type, becomes the question's type or, when it
 *   names none, `ScoutType__` (`data ScoutType__ = ScoutType__ deriving (Show, Eq, …)`, which nothing converts to);
 * - make_optional: a record field's type `T` becomes `Maybe (T)`.
 * The declaration's entry in the module's export list follows a removal or a rename (the module itself would
 * otherwise fail on its export list, and GHC would check none of its importers, where the uses are).
 *
 * Layout: text inserted on an equation's first line moves what follows it on that line (a `do`, `where` or
 * `case` block opened there); the equation's later lines are indented by as much, so every block keeps its
 * alignment.
 */
import type { Node } from 'web-tree-sitter';
import { type ChangeEdit, type ChangeEditResult, editForKind } from '../verify/change-edit.js';
import type { ChangeSpec } from '../verify/checker.js';
import { blankRange, editAt, type LineEdit, positionOf } from '../verify/line-edits.js';
import { withHaskellTree } from './constructor-edit.js';

export const FRESH_TYPE = 'ScoutType__';
export const NEW_PARAMETER = '_scoutNew';
export const NEW_FIELD = `scoutNew__ :: !${FRESH_TYPE}`;

export const HASKELL_KINDS = 'adding a constructor, removing, renaming, adding a parameter or field, changing a type, making a record field optional (a top-level function or value, a data constructor, a record field, a data type)';

const FUNCTIONS = new Set(['function', 'bind']);
const TYPES = new Set(['data_type', 'newtype', 'type_synomym', 'class']);
const WORDS: Record<string, string> = { data_type: 'data type', newtype: 'newtype', type_synomym: 'type synonym', class: 'type class', instance: 'instance', signature: 'function' };
const VARIABLE = /^[a-z_][\w']*$/;
const CONSTRUCTOR = /^[A-Z][\w']*$/;

/** What a question can be about: a function (its signature and equations), a type, a constructor, a record field. */
type Target =
  | { kind: 'function'; name: string; signature: Node | null; signatureName: Node | null; equations: Node[] }
  | { kind: 'type'; name: string; node: Node; nameNode: Node }
  | { kind: 'constructor'; name: string; node: Node; nameNode: Node; owner: Node }
  | { kind: 'field'; name: string; node: Node; nameNode: Node; owner: Node };

const words = (t: Target): string => (t.kind === 'type' ? (WORDS[t.node.type] ?? 'type') : t.kind === 'field' ? 'record field' : t.kind);
const article = (w: string): string => `${/^[aeiou]/.test(w) ? 'an' : 'a'} ${w}`;

function declarationsOf(root: Node): Node[] {
  const list = root.childForFieldName('declarations') ?? root.namedChildren.find((c) => c?.type === 'declarations') ?? null;
  return list?.namedChildren.filter((c): c is Node => c !== null) ?? [];
}

/** The names a signature gives a type to (`f :: …`, `g, h :: …`). */
function signatureNames(sig: Node): Node[] {
  const one = sig.childForFieldName('name');
  if (one) return [one];
  return sig.childForFieldName('names')?.namedChildren.filter((c): c is Node => c?.type === 'variable') ?? [];
}

/** The function `name` at top level: its signature and equations (those with a plain name; an infix equation has none). */
function functionTarget(decls: readonly Node[], name: string): Target | null {
  let signature: Node | null = null;
  let signatureName: Node | null = null;
  const equations: Node[] = [];
  for (const d of decls) {
    if (d.type === 'signature') {
      const n = signatureNames(d).find((v) => v.text === name);
      if (n) {
        signature = d;
        signatureName = n;
      }
    } else if (FUNCTIONS.has(d.type) && d.childForFieldName('name')?.text === name) equations.push(d);
  }
  return signature || equations.length > 0 ? { kind: 'function', name, signature, signatureName, equations } : null;
}

const constructorsOf = (data: Node): Node[] => data.childForFieldName('constructors')?.namedChildren.filter((c): c is Node => c?.type === 'data_constructor') ?? [];
/** `prefix` or `record` inside a data_constructor. */
const formOf = (ctor: Node): Node | null => ctor.childForFieldName('constructor');
const fieldsOf = (ctor: Node): Node[] => formOf(ctor)?.childForFieldName('fields')?.namedChildren.filter((c): c is Node => c?.type === 'field') ?? [];
const fieldNames = (field: Node): Node[] => field.namedChildren.filter((c): c is Node => c?.type === 'field_name').map((f) => f.namedChildren[0] ?? f);

/** The declaration named `name` (last segment) whose name sits on 1-based `line`. */
export function haskellTargetAt(root: Node, name: string, line: number): Target | null {
  const own = name.split('.').pop() ?? name;
  const row = line - 1;
  const decls = declarationsOf(root);
  const on = (n: Node | null | undefined): n is Node => !!n && n.startPosition.row === row;
  const found: Target[] = [];
  for (const d of decls) {
    if (d.endPosition.row < row || d.startPosition.row > row + 200) continue;
    if (d.type === 'signature' && signatureNames(d).some((v) => on(v) && v.text === own)) found.push(functionTarget(decls, own) as Target);
    if (FUNCTIONS.has(d.type) && on(d.childForFieldName('name')) && d.childForFieldName('name')?.text === own) found.push(functionTarget(decls, own) as Target);
    if (TYPES.has(d.type)) {
      const n = d.childForFieldName('name');
      if (on(n) && n.text === own) found.push({ kind: 'type', name: own, node: d, nameNode: n });
    }
    if (d.type === 'data_type' || d.type === 'newtype') {
      const ctors = d.type === 'newtype' ? [] : constructorsOf(d);
      for (const c of ctors) {
        const n = formOf(c)?.childForFieldName('name');
        if (on(n) && n.text === own) found.push({ kind: 'constructor', name: own, node: c, nameNode: n, owner: d });
        for (const f of fieldsOf(c)) for (const v of fieldNames(f)) if (on(v) && v.text === own) found.push({ kind: 'field', name: own, node: f, nameNode: v, owner: c });
      }
    }
  }
  // A type and its only constructor often share a name (`data Config = Config {…}`): the type is meant.
  return found.find((t) => t.kind === 'type') ?? found[0] ?? null;
}

/**
 * Blank an element of a separated list with one separator beside it: the one before it when it is on the
 * same line (a leading-comma list, `  , total`, loses its whole line), else the one after it.
 */
function blankElement(text: string, node: Node, separator: string): LineEdit[] {
  const prev = node.previousSibling;
  const next = node.nextSibling;
  if (prev?.type === separator && (prev.endPosition.row === node.startPosition.row || next?.type !== separator)) return blankRange(text, prev.startIndex, node.endIndex);
  if (next?.type === separator) return blankRange(text, node.startIndex, next.endIndex);
  return blankRange(text, node.startIndex, node.endIndex);
}

/** The module's export entries naming `name`: a whole entry (`f`, `T(..)`) or an element of one's children (`T(C, field)`). */
function exportsNaming(root: Node, name: string): { entry: Node; whole: boolean; nameNode: Node }[] {
  const exports = root.namedChildren.find((c) => c?.type === 'header')?.childForFieldName('exports');
  if (!exports) return [];
  const out: { entry: Node; whole: boolean; nameNode: Node }[] = [];
  for (const e of exports.namedChildren) {
    if (e?.type !== 'export') continue;
    const own = e.childForFieldName('variable') ?? e.childForFieldName('type');
    if (own?.text === name) out.push({ entry: e, whole: true, nameNode: own });
    for (const el of e.childForFieldName('children')?.namedChildren ?? []) if (el && el.text === name) out.push({ entry: el, whole: false, nameNode: el });
  }
  return out;
}

/** A name inserted or changed on an equation's first line: its later lines indented by `by`, so layout blocks keep their alignment. */
function keepLayout(text: string, equation: Node, by: number): LineEdit[] {
  if (by === 0) return [];
  const lines = text.split('\n');
  const out: LineEdit[] = [];
  for (let row = equation.startPosition.row + 1; row <= equation.endPosition.row; row++) {
    const l = lines[row] ?? '';
    if (l.trim() === '') continue;
    // A shorter name: as many leading spaces taken out, where the line has them.
    if (by > 0) out.push({ line: row, column: 0, remove: 0, insert: ' '.repeat(by) });
    else if (l.startsWith(' '.repeat(-by + 1))) out.push({ line: row, column: 0, remove: -by, insert: '' });
  }
  return out;
}

/** The declaration of the fresh type, after the file's last line (no line of the user's moves). */
function freshTypeEdit(text: string): LineEdit {
  const at = positionOf(text, text.length);
  // The classes a type is commonly derived with, so a field of the fresh type does not break the deriving clause.
  return { line: at.line, column: at.column, remove: 0, insert: `${at.column === 0 ? '' : '\n'}data ${FRESH_TYPE} = ${FRESH_TYPE} deriving (Show, Read, Eq, Ord, Bounded, Enum)` };
}

const made = (t: Target, line: number, edits: LineEdit[], summary: string): ChangeEditResult => {
  const edit: ChangeEdit = { edits, name: t.name, kind: words(t), declLine: line, summary };
  return { ok: true, edit };
};

function removeEdit(root: Node, text: string, t: Target, line: number, member: string | undefined): ChangeEditResult {
  let target = t;
  if (member !== undefined) {
    if (t.kind !== 'type' || t.node.type !== 'data_type') return { ok: false, reason: `\`${t.name}\` is ${article(words(t))}: a member (a constructor or a record field) can be removed from a data type` };
    const inner = constructorsOf(t.node).flatMap((c): Target[] => {
      const n = formOf(c)?.childForFieldName('name');
      const own: Target[] = n?.text === member ? [{ kind: 'constructor', name: member, node: c, nameNode: n, owner: t.node }] : [];
      return [...own, ...fieldsOf(c).flatMap((f): Target[] => fieldNames(f).filter((v) => v.text === member).map((v) => ({ kind: 'field', name: member, node: f, nameNode: v, owner: c })))];
    })[0];
    if (!inner) return { ok: false, reason: `data type \`${t.name}\` has no constructor or record field \`${member}\`` };
    target = inner;
  }
  const edits: LineEdit[] = [];
  switch (target.kind) {
    case 'function':
      if (target.signature && target.signatureName) {
        const names = signatureNames(target.signature);
        edits.push(...(names.length > 1 ? blankElement(text, target.signatureName, ',') : blankRange(text, target.signature.startIndex, target.signature.endIndex)));
      }
      for (const eq of target.equations) edits.push(...blankRange(text, eq.startIndex, eq.endIndex));
      break;
    case 'type':
      edits.push(...blankRange(text, target.node.startIndex, target.node.endIndex));
      break;
    case 'constructor': {
      const ctors = constructorsOf(target.owner);
      if (ctors.length === 1) {
        // The only constructor: `data T = C` becomes `data T` (an empty data type), its `=` with it.
        const eq = target.owner.children.find((c) => c?.type === '=');
        edits.push(...blankRange(text, eq?.startIndex ?? target.node.startIndex, target.node.endIndex));
      } else edits.push(...blankElement(text, target.node, '|'));
      break;
    }
    case 'field': {
      const names = fieldNames(target.node);
      edits.push(...(names.length > 1 ? blankElement(text, target.nameNode, ',') : blankElement(text, target.node, ',')));
      break;
    }
  }
  const exported = exportsNaming(root, target.name);
  for (const e of exported) edits.push(...blankElement(text, e.entry, ','));
  const also = exported.length > 0 ? ' and its entry in the export list' : '';
  return made(target, line, edits, `removed ${words(target)} \`${target.name}\`${also}`);
}

function renameEdit(root: Node, text: string, t: Target, line: number, newName: string | undefined): ChangeEditResult {
  const upper = t.kind === 'type' || t.kind === 'constructor';
  const wanted = newName ?? `${t.name}Renamed`;
  if (!(upper ? CONSTRUCTOR : VARIABLE).test(wanted)) return { ok: false, reason: `\`${newName}\` is not a Haskell ${upper ? 'type or constructor name (upper case first)' : 'variable name (lower case first)'}: give the new name as one word` };
  if (wanted === t.name) return { ok: false, reason: `\`${t.name}\` is already called \`${wanted}\`: nothing changes` };
  const grow = wanted.length - t.name.length;
  const edits: LineEdit[] = [];
  const rename = (n: Node): LineEdit => editAt(text, n.startIndex, n.endIndex - n.startIndex, wanted);
  if (t.kind === 'function') {
    if (t.signatureName) edits.push(rename(t.signatureName));
    for (const eq of t.equations) edits.push(rename(eq.childForFieldName('name') as Node), ...keepLayout(text, eq, grow));
  } else edits.push(rename(t.nameNode));
  const exported = exportsNaming(root, t.name);
  for (const e of exported) edits.push(rename(e.nameNode));
  return made(t, line, edits, `renamed ${words(t)} \`${t.name}\` to \`${wanted}\` (the declaration only${exported.length > 0 ? ', and its export' : ''}${newName === undefined ? '; the question gave no new name' : ''})`);
}

/** A signature's type below its `forall` and context (`forall a. Ord a => a -> b` -> `a -> b`). */
function bareType(type: Node | null): Node | null {
  let t = type;
  while (t && (t.type === 'forall' || t.type === 'context')) t = t.childForFieldName('type');
  return t;
}

/** The result of a function type (`a -> b -> IO c` -> `IO c`), or the type itself. */
function resultOf(type: Node): Node {
  let t = type;
  while (t.type === 'function') {
    const r = t.childForFieldName('result');
    if (!r) break;
    t = r;
  }
  return t;
}

function addParameterEdit(text: string, t: Target, line: number, optional: boolean | undefined): ChangeEditResult {
  if (optional) return { ok: false, reason: 'Haskell has no optional parameters: a `Maybe` argument must still be passed at every call, so ask about a required parameter to see every call that must pass it' };
  let target = t;
  if (t.kind === 'type' && t.node.type === 'data_type' && constructorsOf(t.node).length === 1) {
    const c = constructorsOf(t.node)[0] as Node;
    target = { kind: 'constructor', name: formOf(c)?.childForFieldName('name')?.text ?? t.name, node: c, nameNode: formOf(c)?.childForFieldName('name') as Node, owner: t.node };
  }
  if (target.kind === 'function') {
    if (target.equations.length === 0) return { ok: false, reason: `\`${target.name}\` has a type signature but no equation here: the ghc checker adds a parameter to a function defined in the file` };
    const edits: LineEdit[] = [freshTypeEdit(text)];
    const type = bareType(target.signature?.childForFieldName('type') ?? null);
    if (type) edits.push(editAt(text, type.startIndex, 0, `${FRESH_TYPE} -> `));
    for (const eq of target.equations) edits.push(editAt(text, (eq.childForFieldName('name') as Node).endIndex, 0, ` ${NEW_PARAMETER}`), ...keepLayout(text, eq, NEW_PARAMETER.length + 1));
    return made(target, line, edits, `required parameter \`${NEW_PARAMETER} :: ${FRESH_TYPE}\` added first to function \`${target.name}\`${type ? '' : ' (it has no type signature: only its equations changed)'}`);
  }
  if (target.kind === 'constructor') {
    const form = formOf(target.node);
    if (!form) return { ok: false, reason: `the constructor \`${target.name}\` cannot be read` };
    const edits: LineEdit[] = [freshTypeEdit(text)];
    if (form.type === 'record') {
      const fields = fieldsOf(target.node);
      const last = fields[fields.length - 1];
      const open = form.childForFieldName('fields')?.firstChild;
      edits.push(last ? editAt(text, last.endIndex, 0, `, ${NEW_FIELD}`) : editAt(text, (open as Node).endIndex, 0, ` ${NEW_FIELD} `));
      return made(target, line, edits, `strict field \`${NEW_FIELD}\` added to constructor \`${target.name}\``);
    }
    edits.push(editAt(text, form.endIndex, 0, ` ${FRESH_TYPE}`));
    return made(target, line, edits, `field \`${FRESH_TYPE}\` added last to constructor \`${target.name}\``);
  }
  return { ok: false, reason: `\`${t.name}\` is ${article(words(t))}: a parameter can be added to a top-level function, and a field to a constructor (or to a data type with one constructor)` };
}

function changeTypeEdit(text: string, t: Target, line: number, newType: string | undefined, optional: boolean): ChangeEditResult {
  const wanted = newType === undefined ? FRESH_TYPE : newType.trim().replace(/^`|`$/g, '');
  if (!/^[^\n;{}=]+$/.test(wanted) || /--|\{-/.test(wanted)) return { ok: false, reason: `\`${newType}\` is not a Haskell type the checker can write (one line, no comment)` };
  const fresh = newType === undefined && !optional ? [freshTypeEdit(text)] : [];
  if (t.kind === 'field') {
    if (fieldNames(t.node).length > 1) return { ok: false, reason: `\`${t.name}\` is declared with other fields in one declaration (\`${fieldNames(t.node).map((n) => n.text).join(', ')}\`): the checker changes a type declared for one field` };
    const type = t.node.childForFieldName('type');
    if (!type) return { ok: false, reason: `the type of record field \`${t.name}\` cannot be read` };
    if (optional) {
      // A strict field stays strict: `!Int` becomes `!(Maybe (Int))`.
      const strict = type.text.startsWith('!');
      const inner = strict ? type.text.slice(1).trim() : type.text;
      if (/^\(?\s*Maybe\b/.test(inner)) return { ok: false, reason: `record field \`${t.name}\` is already optional (\`${type.text}\`): nothing changes` };
      const edits = strict ? [editAt(text, type.startIndex + 1, 0, '(Maybe ('), editAt(text, type.endIndex, 0, '))')] : [editAt(text, type.startIndex, 0, 'Maybe ('), editAt(text, type.endIndex, 0, ')')];
      return made(t, line, edits, `record field \`${t.name}\` made optional: \`${type.text}\` to \`${strict ? `!(Maybe (${inner}))` : `Maybe (${inner})`}\``);
    }
    return made(t, line, [...fresh, editAt(text, type.startIndex, type.endIndex - type.startIndex, wanted)], `type of record field \`${t.name}\` changed from \`${type.text}\` to \`${wanted}\``);
  }
  if (optional) {
    return { ok: false, reason: `\`${t.name}\` is ${article(words(t))}: Haskell has no optional parameters; the ghc checker makes a record field optional (\`T\` to \`Maybe T\`), or ask to change the type of \`${t.name}\` to a \`Maybe\`` };
  }
  if (t.kind === 'function') {
    const type = bareType(t.signature?.childForFieldName('type') ?? null);
    if (!type || !t.signature) return { ok: false, reason: `\`${t.name}\` has no type signature in the file: add one, and ask again (the checker changes the type a signature gives)` };
    if (signatureNames(t.signature).length > 1) return { ok: false, reason: `\`${t.name}\` shares its type signature with ${signatureNames(t.signature).length - 1} other name(s): the checker changes a signature that types one name` };
    const result = resultOf(type);
    return made(t, line, [...fresh, editAt(text, result.startIndex, result.endIndex - result.startIndex, wanted)], `result type of function \`${t.name}\` changed from \`${result.text}\` to \`${wanted}\`${newType === undefined ? ' (a fresh type declared for the check: nothing converts to it)' : ''}`);
  }
  return { ok: false, reason: `\`${t.name}\` is ${article(words(t))}: the ghc checker changes the type of a record field or a function's result (its signature)` };
}

export function haskellChangeEditIn(root: Node, text: string, name: string, line: number, change: ChangeSpec): ChangeEditResult {
  const t = haskellTargetAt(root, name, line);
  if (!t) return { ok: false, reason: `no top-level Haskell declaration, constructor or record field \`${name}\` at line ${line} (the ghc checker verifies ${HASKELL_KINDS})` };
  const nodes = t.kind === 'function' ? [...(t.signature ? [t.signature] : []), ...t.equations] : [t.node];
  if (nodes.some((n) => n.hasError)) return { ok: false, reason: `\`${name}\` at line ${line} does not parse and cannot be edited` };
  return editForKind<ChangeEditResult>(
    change,
    {
      remove: (member) => removeEdit(root, text, t, line, member),
      rename: (newName) => renameEdit(root, text, t, line, newName),
      add_parameter: (optional) => addParameterEdit(text, t, line, optional),
      change_type: (newType) => changeTypeEdit(text, t, line, newType, false),
      make_optional: () => changeTypeEdit(text, t, line, undefined, true),
    },
    () => ({ ok: false, reason: `the ghc checker verifies ${HASKELL_KINDS}` }),
  );
}

/** The edit for `change` (not add_variant: constructor-edit.ts) at the declaration of `name` on 1-based `line`. */
export function haskellChangeEdit(text: string, name: string, line: number, change: ChangeSpec): Promise<ChangeEditResult> {
  return withHaskellTree(text, (root) => haskellChangeEditIn(root, text, name, line, change));
}
