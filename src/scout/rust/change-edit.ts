/**
 * The change kinds other than "add a variant", as Rust edits of the declaration the exploration found (by
 * line, never by bare name elsewhere) in a tree-sitter parse, each keeping every line where it was
 * (verify/line-edits.ts):
 * - remove: a function, a method (in an `impl` or a trait), a struct field, an enum variant, a const or static,
 *   a type alias, a struct, enum, trait or module, blanked with its attributes and doc comments (a field or
 *   variant with its comma); "remove `x` from `Config`": a field, a variant, or a method or associated const
 *   of the type (in its `impl` blocks of the same file) or of the trait;
 * - rename: the declaration's name only, so every use that does not follow breaks;
 * - add_parameter: `__scout_new: u8` after a function's last parameter, so every call with the old arity breaks
 *   (and every impl of a trait method); on a struct, a field `pub __scout_new: u8` (a tuple struct: `pub u8`),
 *   which breaks every struct literal without `..` and every tuple construction and pattern; on an enum
 *   variant, the same field (a unit variant becomes `V(u8)`);
 * - change_type: a function's return type, a field's, a const's or static's type, a type alias's target, or a
 *   parameter's type, replaced by the question's type or, when it names none, by a fresh unit struct
 *   `__ScoutType` that nothing converts to, declared on the same line as the module-level item around the
 *   declaration (`pub struct __ScoutType; ` before it: items are visible in their whole module);
 * - make_optional: a field's, parameter's or type alias's type `T` becomes `Option<T>`.
 * Refused with the reason: what has no name at that line, macro-generated items, an `impl` block, an optional
 * new parameter (Rust has none), a function made optional.
 */
import type { Node } from 'web-tree-sitter';
import { type ChangeEditResult, editForKind } from '../verify/change-edit.js';
import type { ChangeSpec } from '../verify/checker.js';
import { blankRange, editAt, type LineEdit } from '../verify/line-edits.js';
import { withRustTree } from './variant-edit.js';

export const NEW_PARAMETER = '__scout_new: u8';
export const NEW_FIELD = 'pub __scout_new: u8';
export const FRESH_TYPE = '__ScoutType';

export const RUST_KINDS = 'adding a variant, removing, renaming, adding a parameter or field, changing a type, making a field or parameter optional (a function, a method, a struct field, an enum variant, a const or static, a type alias, a struct, an enum, a trait)';

const DECLARATIONS = new Set([
  'function_item',
  'function_signature_item',
  'struct_item',
  'enum_item',
  'union_item',
  'enum_variant',
  'field_declaration',
  'const_item',
  'static_item',
  'type_item',
  'trait_item',
  'mod_item',
  'parameter',
]);

const WORDS: Record<string, string> = {
  function_item: 'function',
  function_signature_item: 'trait method',
  struct_item: 'struct',
  enum_item: 'enum',
  union_item: 'union',
  enum_variant: 'variant',
  field_declaration: 'field',
  const_item: 'const',
  static_item: 'static',
  type_item: 'type alias',
  trait_item: 'trait',
  mod_item: 'module',
  parameter: 'parameter',
  impl_item: 'impl block',
  macro_definition: 'macro',
};

const IDENTIFIER = /^(?:r#)?[A-Za-z_][A-Za-z0-9_]*$/;
/** A type as a question may write it: one line, no item, statement or comment in it. */
const TYPE_TEXT = /^[^\n;{}]+$/;

/** The name node of a declaration; a parameter's is its pattern when that is a plain identifier. */
function nameNode(node: Node): Node | null {
  if (node.type === 'parameter') {
    const pattern = node.childForFieldName('pattern');
    const inner = pattern?.type === 'mut_pattern' ? pattern.namedChildren[0] : pattern;
    return inner?.type === 'identifier' ? inner : null;
  }
  return node.childForFieldName('name');
}

/** The `impl`, trait, struct or enum a declaration sits in (through its list), or null at module level. */
function ownerOf(node: Node): Node | null {
  const list = node.parent;
  const owner = list?.parent;
  if (!list || !owner) return null;
  if (node.type === 'parameter') return owner.type === 'function_item' || owner.type === 'function_signature_item' ? owner : null;
  if (['declaration_list', 'field_declaration_list', 'enum_variant_list'].includes(list.type) && owner.type !== 'mod_item') return owner;
  // A field of a struct variant: enum_variant > field_declaration_list.
  return null;
}

/** `impl<T> Display for Foo<T>` -> `Foo`; a trait, struct, enum or function by its name. */
function typeNameOf(owner: Node): string | null {
  if (owner.type === 'impl_item') return owner.childForFieldName('type')?.text.replace(/<[\s\S]*$/, '').split('::').pop()?.trim() || null;
  return nameNode(owner)?.text ?? null;
}

/** `Config.port`, `Parser.parse`, `Shape.Circle`, `parse`. */
function labelOf(node: Node): string {
  const own = nameNode(node)?.text ?? '?';
  const owner = ownerOf(node);
  const type = owner ? typeNameOf(owner) : null;
  return type ? `${type}.${own}` : own;
}

function kindOf(node: Node): string {
  if (node.type === 'function_item' && ownerOf(node)) return 'method';
  return WORDS[node.type] ?? node.type.replace(/_/g, ' ');
}

const article = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** Declarations whose name starts on 0-based `row`, outermost first. */
function declarationsOn(root: Node, row: number): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > row || node.endPosition.row < row) return;
    const name = DECLARATIONS.has(node.type) ? nameNode(node) : null;
    if (name && name.startPosition.row === row) out.push(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return out;
}

/**
 * The declaration of `name` (its last segment) at 1-based `line`: the innermost with that name that is not a
 * parameter (`fn target(target: &str)` is about the function), a parameter only when nothing else there has the
 * name; else the outermost declaration there.
 */
export function rustDeclarationAt(root: Node, name: string, line: number): Node | null {
  const own = name.split(/::|\./).pop() ?? name;
  const found = declarationsOn(root, line - 1);
  const named = found.filter((n) => nameNode(n)?.text === own || nameNode(n)?.text === `r#${own}`);
  const items = named.filter((n) => n.type !== 'parameter');
  return items[items.length - 1] ?? named[named.length - 1] ?? found[0] ?? null;
}

/** The attributes and doc comments written right before a declaration, first one first. */
function leadingOf(node: Node): Node[] {
  const out: Node[] = [];
  for (let prev = node.previousNamedSibling; prev; prev = prev.previousNamedSibling) {
    const doc = (prev.type === 'line_comment' || prev.type === 'block_comment') && /^(?:\/\/\/(?!\/)|\/\*\*(?!\*))/.test(prev.text);
    if (prev.type !== 'attribute_item' && !doc) break;
    out.unshift(prev);
  }
  return out;
}

/** A declaration blanked with its attributes and doc comments; in a list (a field, a variant) with the comma after it. */
function blankDeclaration(text: string, node: Node): LineEdit[] {
  const from = leadingOf(node)[0]?.startIndex ?? node.startIndex;
  const next = node.nextSibling;
  const to = next?.type === ',' ? next.endIndex : node.endIndex;
  return blankRange(text, from, to);
}

const REMOVABLE = new Set(['function_item', 'function_signature_item', 'struct_item', 'enum_item', 'union_item', 'enum_variant', 'field_declaration', 'const_item', 'static_item', 'type_item', 'trait_item', 'mod_item']);

/** A member `member` of the type or trait declared by `node`: a field, a variant, or an item of its `impl` blocks (or its body, for a trait) in the file. */
function memberOf(root: Node, node: Node, member: string): Node | null {
  const own = nameNode(node)?.text;
  const body = node.childForFieldName('body');
  const inBody = (list: Node | null): Node | null => list?.namedChildren.find((c): c is Node => c !== null && REMOVABLE.has(c.type) && nameNode(c)?.text === member) ?? null;
  const direct = inBody(body);
  if (direct) return direct;
  if (node.type === 'trait_item') return null;
  let found: Node | null = null;
  const visit = (n: Node): void => {
    if (found) return;
    if (n.type === 'impl_item' && typeNameOf(n) === own) found = inBody(n.childForFieldName('body'));
    for (const c of n.namedChildren) if (c && !found) visit(c);
  };
  visit(root);
  return found;
}

function removeEdit(root: Node, text: string, decl: Node, line: number, member: string | undefined): ChangeEditResult {
  let target = decl;
  if (member !== undefined) {
    if (!['struct_item', 'enum_item', 'union_item', 'trait_item', 'enum_variant'].includes(decl.type)) {
      return { ok: false, reason: `\`${labelOf(decl)}\` is ${article(kindOf(decl))}, which has no members: a member (a field, a variant, a method, an associated const) can be removed from a struct, an enum or a trait` };
    }
    const found = memberOf(root, decl, member);
    if (!found) return { ok: false, reason: `${kindOf(decl)} \`${labelOf(decl)}\` has no field, variant, method or associated const \`${member}\` in this file (its \`impl\` blocks elsewhere are not searched: ask about the member's own declaration)` };
    target = found;
  }
  if (!REMOVABLE.has(target.type)) {
    return { ok: false, reason: `\`${labelOf(target)}\` is ${article(kindOf(target))}, which the cargo checker cannot remove: ${RUST_KINDS} can be` };
  }
  const label = labelOf(target);
  return { ok: true, edit: { edits: blankDeclaration(text, target), name: label, kind: kindOf(target), declLine: line, summary: `removed ${kindOf(target)} \`${label}\`` } };
}

/** The fresh name a rename without one gets, in the declaration's own case (`parse_renamed`, `ConfigRenamed`, `MAX_RENAMED`). */
function renamed(own: string, decl: Node): string {
  if ((decl.type === 'const_item' || decl.type === 'static_item') && /^[A-Z0-9_]+$/.test(own)) return `${own}_RENAMED`;
  if (/^[A-Z]/.test(own)) return `${own}Renamed`;
  return `${own}_renamed`;
}

function renameEdit(text: string, decl: Node, line: number, newName: string | undefined): ChangeEditResult {
  const name = nameNode(decl);
  if (!name) return { ok: false, reason: `the name of \`${labelOf(decl)}\` cannot be read` };
  const own = name.text;
  const wanted = newName ?? renamed(own, decl);
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a Rust identifier: give the new name as one word (letters, digits, _)` };
  if (wanted === own) return { ok: false, reason: `\`${labelOf(decl)}\` is already called \`${own}\`: nothing changes` };
  const label = labelOf(decl);
  return {
    ok: true,
    edit: {
      edits: [editAt(text, name.startIndex, name.endIndex - name.startIndex, wanted)],
      name: label,
      kind: kindOf(decl),
      declLine: line,
      summary: `renamed ${kindOf(decl)} \`${label}\` to \`${wanted}\` (the declaration only${newName === undefined ? '; the question gave no new name' : ''})`,
    },
  };
}

/** Text inserted after the last named element of a list (or just inside its opening bracket when empty). */
function appendToList(text: string, list: Node, elements: readonly Node[], added: string): LineEdit {
  const last = elements[elements.length - 1];
  if (last) return editAt(text, last.endIndex, 0, `, ${added}`);
  const open = list.firstChild;
  return editAt(text, (open ?? list).endIndex, 0, added);
}

function addParameterEdit(text: string, decl: Node, line: number, optional: boolean | undefined): ChangeEditResult {
  const label = labelOf(decl);
  const what = kindOf(decl);
  if (optional) return { ok: false, reason: 'Rust has no optional parameters: an `Option<T>` parameter must still be passed at every call, so ask about a required parameter to see every call that must pass it' };
  const made = (edit: LineEdit, added: string): ChangeEditResult => ({ ok: true, edit: { edits: [edit], name: label, kind: what, declLine: line, summary: `${added} added to ${what} \`${label}\`` } });
  if (decl.type === 'function_item' || decl.type === 'function_signature_item') {
    const params = decl.childForFieldName('parameters');
    if (!params) return { ok: false, reason: `the parameters of \`${label}\` cannot be read` };
    const list = params.namedChildren.filter((c): c is Node => c !== null && c.type !== 'attribute_item' && c.type !== 'line_comment' && c.type !== 'block_comment');
    if (list.some((c) => c.type === 'variadic_parameter')) return { ok: false, reason: `\`${label}\` is variadic (a foreign function): the cargo checker adds a parameter to a Rust function` };
    return made(appendToList(text, params, list, NEW_PARAMETER), `required parameter \`${NEW_PARAMETER}\``);
  }
  if (decl.type === 'struct_item' || decl.type === 'enum_variant' || decl.type === 'union_item') {
    const body = decl.childForFieldName('body');
    const inVariant = decl.type === 'enum_variant';
    if (!body) {
      if (!inVariant) return { ok: false, reason: `\`${label}\` is a unit struct (\`struct ${label};\`): a field cannot be added without changing its form; ask about a struct with fields, or a function` };
      const name = nameNode(decl) as Node;
      return made(editAt(text, name.endIndex, 0, '(u8)'), 'a field `u8` (the unit variant made a tuple variant)');
    }
    if (body.type === 'field_declaration_list') {
      const field = inVariant ? NEW_PARAMETER : NEW_FIELD;
      const fields = body.namedChildren.filter((c): c is Node => c?.type === 'field_declaration');
      return made(appendToList(text, body, fields, field), `field \`${field}\``);
    }
    if (body.type === 'ordered_field_declaration_list') {
      const field = inVariant ? 'u8' : 'pub u8';
      // The fields' types are its `type` children; a visibility or an attribute comes before its type.
      const types = body.childrenForFieldName('type').filter((c): c is Node => c !== null);
      return made(appendToList(text, body, types, field), `field \`${field}\` (last)`);
    }
  }
  return { ok: false, reason: `\`${label}\` is ${article(what)}: a parameter can be added to a function or a method, and a field to a struct or an enum variant` };
}

/** The node holding the type that change_type and make_optional replace, with what it is in words. */
function typeSlot(decl: Node): { type: Node | null; after?: Node; noun: string } | string {
  const label = labelOf(decl);
  switch (decl.type) {
    case 'function_item':
    case 'function_signature_item': {
      const result = decl.childForFieldName('return_type');
      if (result) return { type: result, noun: 'return type' };
      const params = decl.childForFieldName('parameters');
      return params ? { type: null, after: params, noun: 'return type' } : `the signature of \`${label}\` cannot be read`;
    }
    case 'field_declaration':
    case 'const_item':
    case 'static_item':
    case 'type_item':
    case 'parameter': {
      const type = decl.childForFieldName('type');
      return type ? { type, noun: decl.type === 'type_item' ? 'aliased type' : 'type' } : `the type of \`${label}\` cannot be read`;
    }
    default:
      return `\`${label}\` is ${article(kindOf(decl))}, which has no one type to change: the cargo checker changes the type of a field, a parameter, a const or static, a type alias, or a function's return type (ask about the field or the function)`;
  }
}

/** The module-level item around `node` (an item of the file or of an inline `mod`), where a fresh type can be declared. */
function moduleItemOf(node: Node): Node {
  let item = node;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'source_file' || (p.type === 'declaration_list' && p.parent?.type === 'mod_item')) return item;
    item = p;
  }
  return item;
}

function changeTypeEdit(text: string, decl: Node, line: number, newType: string | undefined): ChangeEditResult {
  const label = labelOf(decl);
  const slot = typeSlot(decl);
  if (typeof slot === 'string') return { ok: false, reason: slot };
  const edits: LineEdit[] = [];
  let wanted: string;
  if (newType === undefined) {
    // A fresh unit struct: no value of the old type converts to it, so every use that relied on the old type breaks.
    wanted = FRESH_TYPE;
    const item = moduleItemOf(decl);
    edits.push(editAt(text, leadingOf(item)[0]?.startIndex ?? item.startIndex, 0, `pub struct ${FRESH_TYPE}; `));
  } else {
    wanted = newType.trim().replace(/^`|`$/g, '');
    if (!TYPE_TEXT.test(wanted) || /\/[/*]/.test(wanted)) return { ok: false, reason: `\`${newType}\` is not a Rust type the checker can write (one line, no braces, no comment)` };
  }
  edits.push(slot.type ? editAt(text, slot.type.startIndex, slot.type.endIndex - slot.type.startIndex, wanted) : editAt(text, (slot.after as Node).endIndex, 0, ` -> ${wanted}`));
  const what = kindOf(decl);
  return {
    ok: true,
    edit: { edits, name: label, kind: what, declLine: line, summary: `${slot.noun} of ${what} \`${label}\` changed from \`${slot.type?.text ?? '()'}\` to \`${wanted}\`${newType === undefined ? ' (a fresh unit struct declared for the check: nothing converts to it)' : ''}` },
  };
}

function makeOptionalEdit(text: string, decl: Node, line: number): ChangeEditResult {
  const label = labelOf(decl);
  if (!['field_declaration', 'parameter', 'type_item'].includes(decl.type)) {
    return { ok: false, reason: `\`${label}\` is ${article(kindOf(decl))}: the cargo checker makes a struct field, a parameter or a type alias optional (\`T\` to \`Option<T>\`); for a function, ask about its parameter or change its return type` };
  }
  const slot = typeSlot(decl);
  if (typeof slot === 'string' || !slot.type) return { ok: false, reason: typeof slot === 'string' ? slot : `the type of \`${label}\` cannot be read` };
  const type = slot.type;
  if (/^(?:(?:std|core)::option::)?Option\s*</.test(type.text)) return { ok: false, reason: `\`${label}\` is already optional (\`${type.text}\`): nothing changes` };
  return {
    ok: true,
    edit: {
      edits: [editAt(text, type.startIndex, 0, 'Option<'), editAt(text, type.endIndex, 0, '>')],
      name: label,
      kind: kindOf(decl),
      declLine: line,
      summary: `${slot.noun} of ${kindOf(decl)} \`${label}\` made optional: \`${type.text}\` to \`Option<${type.text}>\``,
    },
  };
}

export function rustChangeEditIn(root: Node, text: string, name: string, line: number, change: ChangeSpec): ChangeEditResult {
  const decl = rustDeclarationAt(root, name, line);
  if (!decl) return { ok: false, reason: `no Rust declaration of \`${name}\` at line ${line} (one a macro generates cannot be edited)` };
  if (decl.hasError) return { ok: false, reason: `\`${name}\` at line ${line} does not parse and cannot be edited` };
  return editForKind<ChangeEditResult>(
    change,
    {
      remove: (member) => removeEdit(root, text, decl, line, member),
      rename: (newName) => renameEdit(text, decl, line, newName),
      add_parameter: (optional) => addParameterEdit(text, decl, line, optional),
      change_type: (newType) => changeTypeEdit(text, decl, line, newType),
      make_optional: () => makeOptionalEdit(text, decl, line),
    },
    () => ({ ok: false, reason: `the cargo checker verifies ${RUST_KINDS}` }),
  );
}

/** The edit for `change` (not add_variant: variant-edit.ts) at the declaration of `name` on 1-based `line`. */
export function rustChangeEdit(text: string, name: string, line: number, change: ChangeSpec): Promise<ChangeEditResult> {
  return withRustTree(text, (root) => rustChangeEditIn(root, text, name, line, change));
}

