/** Small syntax helpers shared by the language specs. */
import type { Node } from 'web-tree-sitter';
import type { UsageRole } from '../core/types.js';

/** Walk up from `node`, returning the first ancestor whose type is in `types`, stopping at `stopTypes`. */
export function ancestorOfType(node: Node, types: ReadonlySet<string>, stopTypes?: ReadonlySet<string>): Node | null {
  let current = node.parent;
  while (current) {
    if (types.has(current.type)) return current;
    if (stopTypes?.has(current.type)) return null;
    current = current.parent;
  }
  return null;
}

/** True when `node` is the child stored under `field` of `parent`. */
export function isField(parent: Node, field: string, node: Node): boolean {
  return parent.childForFieldName(field)?.id === node.id;
}

/** True when `inner` lies within `outer` (inclusive). */
export function contains(outer: Node, inner: Node): boolean {
  return outer.startIndex <= inner.startIndex && inner.endIndex <= outer.endIndex;
}

/**
 * Comments directly above `node` (contiguous, no blank line in between), nearest last.
 * `isComment` decides which sibling nodes are comments of interest.
 */
export function precedingComments(node: Node, isComment: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  let expectedRow = node.startPosition.row;
  let sibling = node.previousSibling;
  while (sibling && isComment(sibling)) {
    if (sibling.endPosition.row < expectedRow - 1) break;
    out.unshift(sibling);
    expectedRow = sibling.startPosition.row;
    sibling = sibling.previousSibling;
  }
  return out;
}

/** Strip comment markers line by line: `/**`, `*\/`, leading `*`, `//`, `///`, `#`, `--`, `-- |`. */
export function stripCommentMarkers(text: string): string {
  const lines = text
    .replace(/^\/\*\*?/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\/{2,3}!?\s?/, '')
        .replace(/^\*\s?/, '')
        .replace(/^--\s?[|^]?\s?/, '')
        .replace(/^#\s?/, '')
        .trimEnd(),
    );
  return trimBlankLines(lines).join('\n');
}

/** Remove the quotes and common indentation of a Python-style string literal. */
export function stripStringQuotes(text: string): string {
  const match = /^[rRbBuUfF]*("""|'''|"|')([\s\S]*)\1$/.exec(text);
  const body = match ? (match[2] ?? '') : text;
  const lines = body.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim().length > 0)
    .map((l) => l.length - l.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  const dedented = lines.map((l, i) => (i === 0 ? l.trim() : l.slice(common).trimEnd()));
  return trimBlankLines(dedented).join('\n');
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end);
}

/** Collapse whitespace and cap the length of a one-line preview. */
export function oneLine(text: string, max = 200): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

/** Default signature: the definition's text up to its body (or its first line). */
export function signatureUpToBody(node: Node, source: string): string {
  const body = node.childForFieldName('body');
  const end = body && body.startIndex > node.startIndex ? body.startIndex : node.endIndex;
  let text = source.slice(node.startIndex, end);
  if (!body) text = text.split('\n')[0] ?? text;
  return oneLine(text.replace(/[\s{:=]+$/, ''));
}

/** Last identifier of a dotted/qualified name: `a.b.C` → `C`, `a::b` → `b`. */
export function lastSegment(text: string): string {
  const parts = text.split(/\.|::/);
  return parts[parts.length - 1] ?? text;
}

const parentCaches = new WeakMap<object, Map<number, Node | null>>();

/**
 * `node.parent`, memoized per tree. Tree-sitter finds a parent by descending from
 * the root (nodes hold no parent pointer), and each call crosses into wasm, so
 * classifiers that walk up from every identifier should use this instead.
 */
export function parentOf(node: Node): Node | null {
  let cache = parentCaches.get(node.tree);
  if (!cache) {
    cache = new Map();
    parentCaches.set(node.tree, cache);
  }
  let parent = cache.get(node.id);
  if (parent === undefined) {
    parent = node.parent;
    cache.set(node.id, parent);
  }
  return parent;
}

const typeCaches = new WeakMap<object, Map<number, string>>();

/** `node.type`, memoized per tree (one wasm call per distinct node). */
export function typeOf(node: Node): string {
  let cache = typeCaches.get(node.tree);
  if (!cache) {
    cache = new Map();
    typeCaches.set(node.tree, cache);
  }
  let type = cache.get(node.id);
  if (type === undefined) {
    type = node.type;
    cache.set(node.id, type);
  }
  return type;
}

/**
 * Role priority for sites where several contexts apply (a case label that is also a member
 * access): the earlier role wins. Shared by the specs that classify by climbing contexts.
 */
const ROLE_PRIORITY: readonly UsageRole[] = [
  'import',
  'export',
  'case_pattern',
  'comparison',
  'object_key',
  'type_parameter',
  'type_property',
  'type_return',
  'type_reference',
  'implements',
  'extends',
  'call',
  'instantiation',
  'assignment',
  'member_access',
  'other',
];
const RANK = new Map(ROLE_PRIORITY.map((r, i) => [r, i]));

/** The stronger of two roles by ROLE_PRIORITY. */
export function strongerRole(a: UsageRole, b: UsageRole): UsageRole {
  return (RANK.get(a) ?? 99) <= (RANK.get(b) ?? 99) ? a : b;
}

/** The file text, once per tree (node.text slices the parsed input). */
const sources = new WeakMap<object, string>();
export function sourceOf(node: Node): string {
  let text = sources.get(node.tree);
  if (text === undefined) {
    text = node.tree.rootNode.text;
    sources.set(node.tree, text);
  }
  return text;
}

/** Field tests by position: cheaper than childForFieldName, which crosses into wasm. */
export const startsAt = (child: Node, parent: Node): boolean => child.startIndex === parent.startIndex;
export const endsAt = (child: Node, parent: Node): boolean => child.endIndex === parent.endIndex;

/** `==` / `!=` between the operand `child` and its sibling in the binary expression `parent`. */
export function isEquality(parent: Node, child: Node): boolean {
  const source = sourceOf(child);
  if (startsAt(child, parent)) return /^\s*[!=]=/.test(source.slice(child.endIndex, child.endIndex + 8));
  return /[!=]=\s*$/.test(source.slice(Math.max(parent.startIndex, child.startIndex - 8), child.startIndex));
}
