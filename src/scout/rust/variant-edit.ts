/**
 * The Rust "add a variant" edit: find the enum declared at a line (the exploration's seed, never a bare name)
 * in a tree-sitter parse, and insert a unit variant `__ScoutNew` just before the closing brace of its body,
 * without adding a line (every other line keeps its number). A comma goes first when the last variant has
 * none (`Polygon { .. }` then `}`); attributes, comments, discriminants, tuple and struct variants and
 * `#[non_exhaustive]` need nothing special: the parse tells tokens from comments and strings. Applying it and
 * mapping positions back is verify/insertion.ts.
 */
import type { Node } from 'web-tree-sitter';
import { withSyntaxTree } from '../../parse/loader.js';
import type { DeclarationEdit } from '../verify/insertion.js';

export const NEW_VARIANT = '__ScoutNew';

/** The insertion at the closing brace's position; kind `enum` or `enum (#[non_exhaustive])`. */
export interface RsEdit extends DeclarationEdit {
  /** 0-based line range of the whole enum (attributes excluded). */
  startLine: number;
  endLine: number;
}

export type RsEditResult = { ok: true; edit: RsEdit } | { ok: false; reason: string };

const ONLY = 'the Rust checker adds a variant to an `enum`';

const ITEM_WORDS: Record<string, string> = {
  struct_item: 'a struct',
  union_item: 'a union',
  trait_item: 'a trait',
  function_item: 'a function',
  function_signature_item: 'a function',
  const_item: 'a constant',
  static_item: 'a static',
  mod_item: 'a module',
  macro_definition: 'a macro',
  impl_item: 'an impl block',
};

/** Parse Rust text with the project's tree-sitter grammar; the callback gets the root (the tree is freed after). */
export function withRustTree<T>(text: string, fn: (root: Node) => T): Promise<T> {
  return withSyntaxTree('rust', text, fn);
}

/** Named items (and enum variants) whose name node starts on 0-based `row`, outermost first. */
function itemsNamedOn(root: Node, row: number): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > row || node.endPosition.row < row) return;
    const name = node.childForFieldName('name');
    if (name && name.startPosition.row === row && (node.type.endsWith('_item') || node.type === 'enum_variant' || node.type === 'macro_definition')) out.push(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return out;
}

/** Attributes written right before an item (`#[non_exhaustive]`, `#[derive(..)]`), as text. */
function attributesOf(item: Node): string[] {
  const out: string[] = [];
  for (let prev = item.previousNamedSibling; prev && (prev.type === 'attribute_item' || prev.type === 'line_comment' || prev.type === 'block_comment'); prev = prev.previousNamedSibling) {
    if (prev.type === 'attribute_item') out.push(prev.text);
  }
  return out;
}

export function enumVariantEditIn(root: Node, name: string, line: number): RsEditResult {
  const own = name.split(/::|\./).pop() ?? name;
  const items = itemsNamedOn(root, line - 1);
  const named = items.filter((n) => n.childForFieldName('name')?.text === own);
  const item = named[named.length - 1] ?? items[items.length - 1];
  if (!item) return { ok: false, reason: `no declaration of \`${name}\` at line ${line} (${ONLY})` };
  const itemName = item.childForFieldName('name')?.text ?? own;
  if (item.type === 'enum_variant') return { ok: false, reason: `\`${itemName}\` at line ${line} is a variant, not an enum: ask about its enum (${ONLY})` };
  if (item.type === 'type_item') return { ok: false, reason: `\`${itemName}\` is a type alias (\`${item.text.replace(/\s+/g, ' ').slice(0, 80)}\`): ask about the enum it names (${ONLY})` };
  if (item.type !== 'enum_item') return { ok: false, reason: `\`${itemName}\` is ${ITEM_WORDS[item.type] ?? item.type.replace(/_item$/, '')}, not an enum (${ONLY})` };
  const body = item.childForFieldName('body');
  const close = body?.lastChild;
  if (!body || !close || close.type !== '}' || body.hasError) return { ok: false, reason: `enum \`${itemName}\` at line ${line} does not parse (a macro-generated body?) and cannot be edited` };
  // The last token that is not a comment, before the closing brace: a comma or the opening brace need no comma.
  let last: Node | null = close.previousSibling;
  while (last && (last.type === 'line_comment' || last.type === 'block_comment')) last = last.previousSibling;
  const needsComma = last !== null && last.type !== ',' && last.type !== '{';
  const nonExhaustive = attributesOf(item).some((a) => /^#\[\s*non_exhaustive\s*\]$/.test(a));
  return {
    ok: true,
    edit: {
      line: close.startPosition.row,
      column: close.startPosition.column,
      insert: `${needsComma ? ', ' : ' '}${NEW_VARIANT} `,
      name: itemName,
      kind: nonExhaustive ? 'enum (#[non_exhaustive])' : 'enum',
      declLine: (item.childForFieldName('name')?.startPosition.row ?? item.startPosition.row) + 1,
      startLine: item.startPosition.row,
      endLine: item.endPosition.row,
    },
  };
}

/** The edit for the enum declared at 1-based `line` of `text`. */
export function enumVariantEdit(text: string, name: string, line: number): Promise<RsEditResult> {
  return withRustTree(text, (root) => enumVariantEditIn(root, name, line));
}
