/**
 * Readings of a site's code line that the heuristic scorer and the exploration share: what the
 * name at `column` (0-based) does on its line. Pure string tests; the index gives the role, these
 * tell apart the shapes one role covers (`obj[x]` and `[Kind.A]: v` are both "key" uses).
 */

/**
 * `obj[name]` / `obj?.[name]` at this column: an element access by a value, as opposed to a
 * computed key in an object literal (`[Kind.A]: ...`), which spells an entry out.
 */
export function isIndexByValue(line: string, column: number | undefined): boolean {
  if (column === undefined) return false;
  // The name may end a member chain: `lists[fragment.type]`.
  if (!/\[\s*(?:(?:[\w$]+\s*\??\.\s*)*|`[^`]*\$\{\s*(?:[\w$]+\s*\??\.\s*)*)$/.test(line.slice(0, column))) return false;
  return !/^[\w$.?]*\]\s*\??:/.test(line.slice(column));
}

/**
 * Whether the type named at `column` types an object literal given right there:
 * `const m: Prices = {`, `prices: Prices = {`, `} satisfies Prices`.
 */
export function buildsObjectAt(line: string, column: number | undefined): boolean {
  if (column === undefined) return false;
  if (/^[\w$.]+(?:<[^=]*>)?\s*=\s*\{/.test(line.slice(column))) return true;
  return /\bsatisfies\s+$/.test(line.slice(0, column));
}

/**
 * `Kind.A` at the column: the site names one variant (an enum member) rather than carrying a value
 * of the type, so a new variant leaves it as it is (`map[Kind.A]`, `kind: Kind.A`).
 */
export function namesOneVariant(line: string, column: number | undefined): boolean {
  if (column === undefined) return false;
  return /^[\w$]+\s*\.\s*[\w$]+/.test(line.slice(column)) && !/\b(?:typeof|keyof)\s+$/.test(line.slice(0, column));
}

/** `[Kind.A]: value` at the column: a computed key spelled out in an object literal. */
export function isComputedKey(line: string, column: number | undefined): boolean {
  if (column === undefined) return false;
  return /\[\s*$/.test(line.slice(0, column)) && /^[\w$.?]*\]\s*\??:/.test(line.slice(column));
}

/**
 * `key: a.b.site,` / `key: site }`: the value at `column` (a name `length` long) is the whole value of
 * the object-literal property `key`. Returns the key and its column, or null.
 */
export function receivingProperty(line: string, column: number, length: number): { name: string; column: number } | null {
  const before = /^(\s*)([A-Za-z_$][\w$]*)\s*:\s*(?:[\w$]+\s*[?!]?\.\s*)*$/.exec(line.slice(0, column));
  if (!before?.[2]) return null;
  if (!/^\s*(?:,|\}|$)/.test(line.slice(column + length))) return null;
  return { name: before[2], column: (before[1] ?? '').length };
}
