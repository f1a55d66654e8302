/**
 * The Haskell "add a variant" edit: find the `data` declaration at a line (the exploration's seed, never a
 * bare name) in a tree-sitter parse and add a nullary constructor `ScoutNew__` right after its last
 * constructor (` | ScoutNew__`), before any `deriving` clause and on the same line, so every other line keeps
 * its number. A record's last constructor ends at its `}`; a trailing comment stays after the insertion. An
 * empty `data E` gets ` = ScoutNew__`. Refused with the reason: a `newtype` (exactly one constructor by
 * definition), GADT syntax (a constructor there needs a type signature of its own), a type class, a synonym,
 * a constructor, a function. Applying it and mapping positions back is verify/insertion.ts.
 */
import type { Node } from 'web-tree-sitter';
import { withSyntaxTree } from '../../parse/loader.js';
import type { DeclarationEdit } from '../verify/insertion.js';

/** Upper-case (a constructor), and a trailing double underscore no hand-written Haskell constructor uses. */
export const NEW_CONSTRUCTOR = 'ScoutNew__';

/** The insertion after the last constructor (or after the head of an empty `data E`). */
export interface HsEdit extends DeclarationEdit {
  kind: 'data';
}

export type HsEditResult = { ok: true; edit: HsEdit } | { ok: false; reason: string };

const CONSTRUCTORS = new Set(['data_constructor', 'gadt_constructor', 'newtype_constructor']);

const ONLY = 'the Haskell checker adds a constructor to a `data` type';

const WORDS: Record<string, string> = {
  class: 'a type class',
  instance: 'an instance',
  type_synomym: 'a type synonym',
  type_family: 'a type family',
  data_family: 'a data family',
  function: 'a function',
  bind: 'a value',
  signature: 'a type signature',
};

/** Parse Haskell text with the project's tree-sitter grammar; the callback gets the root (the tree is freed after). */
export function withHaskellTree<T>(text: string, fn: (root: Node) => T): Promise<T> {
  return withSyntaxTree('haskell', text, fn);
}

/** The name node of a declaration (a function's is its `name` field too: a variable). */
const nameOf = (node: Node): Node | null => node.childForFieldName('name');

/** Declarations and constructors whose name starts on 0-based `row`, outermost first. */
function namedOn(root: Node, row: number): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > row || node.endPosition.row < row) return;
    const name = nameOf(node);
    if (name && name.startPosition.row === row && node.type !== 'prefix' && node.type !== 'record') out.push(node);
    if (node.type === 'data_constructor') {
      const inner = node.childForFieldName('constructor');
      const cname = inner ? nameOf(inner) : null;
      if (cname && cname.startPosition.row === row) out.push(node);
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return out;
}

function constructorName(node: Node): string {
  if (node.type === 'data_constructor') {
    const inner = node.childForFieldName('constructor');
    return (inner && nameOf(inner)?.text) ?? inner?.text ?? node.text;
  }
  return nameOf(node)?.text ?? node.text;
}

export function constructorEditIn(root: Node, name: string, line: number): HsEditResult {
  const own = name.split('.').pop() ?? name;
  const nodes = namedOn(root, line - 1);
  const named = nodes.filter((n) => (n.type === 'data_constructor' ? constructorName(n) : nameOf(n)?.text) === own);
  // A type and its constructor often share a name (`data Wire = Wire`): the type is meant, unless only a constructor is there.
  const isConstructor = (n: Node): boolean => CONSTRUCTORS.has(n.type);
  const node = named.find((n) => !isConstructor(n)) ?? named[0] ?? nodes.find((n) => !isConstructor(n)) ?? nodes[0];
  if (!node) return { ok: false, reason: `no declaration of \`${name}\` at line ${line} (${ONLY})` };
  if (isConstructor(node)) {
    return { ok: false, reason: `\`${constructorName(node)}\` at line ${line} is a constructor, not a type: ask about its \`data\` type (${ONLY})` };
  }
  const typeName = nameOf(node)?.text ?? own;
  if (node.type === 'newtype') return { ok: false, reason: `\`${typeName}\` is a newtype, which has exactly one constructor: adding one would make it a \`data\` type (${ONLY})` };
  if (node.type !== 'data_type') return { ok: false, reason: `\`${typeName}\` is ${WORDS[node.type] ?? node.type.replace(/_/g, ' ')}, not a data type (${ONLY})` };
  if (node.hasError) return { ok: false, reason: `data type \`${typeName}\` at line ${line} does not parse and cannot be edited` };
  const constructors = node.childForFieldName('constructors');
  if (constructors?.type === 'gadt_constructors' || node.children.some((c) => c?.type === 'where')) {
    return { ok: false, reason: `\`${typeName}\` is declared in GADT syntax (\`where\`): the checker cannot add a constructor there yet (each needs its own type signature); ${ONLY} declared with \`=\`` };
  }
  const declLine = (nameOf(node)?.startPosition.row ?? node.startPosition.row) + 1;
  if (constructors) {
    const last = constructors.namedChildren.filter((c): c is Node => c !== null && c.type === 'data_constructor').pop();
    if (!last) return { ok: false, reason: `data type \`${typeName}\` at line ${line} has no constructor the checker can read` };
    return { ok: true, edit: { line: last.endPosition.row, column: last.endPosition.column, insert: ` | ${NEW_CONSTRUCTOR}`, name: typeName, kind: 'data', declLine } };
  }
  // `data E` (no constructors): after the head, before a deriving clause.
  const head = node.children.filter((c): c is Node => c !== null && c.type !== 'deriving' && c.type !== 'comment' && c.type !== 'haddock').pop() ?? node;
  return { ok: true, edit: { line: head.endPosition.row, column: head.endPosition.column, insert: ` = ${NEW_CONSTRUCTOR}`, name: typeName, kind: 'data', declLine } };
}

/** The edit for the data type declared at 1-based `line` of `text`. */
export function constructorEdit(text: string, name: string, line: number): Promise<HsEditResult> {
  return withHaskellTree(text, (root) => constructorEditIn(root, name, line));
}
