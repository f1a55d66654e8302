/**
 * The interest-tag vocabulary: what a caller (or an intent's defaults) can ask the scorers to look for.
 *
 * Tags are free-form strings (MCP callers may invent their own); these are the ones the heuristic
 * scorer knows how to assign, each with the one-line hint the LLM prompt shows. Unknown tags still
 * work: the heuristic assigns them when their words appear in the link's code or names.
 */

export const TAG_HINTS: Readonly<Record<string, string>> = {
  exhaustive: 'a site that must cover every variant (switch with assertNever/never, Record<K, V>, compiler-checked match)',
  'pattern-match': 'a switch case, match arm, pattern or comparison against a variant',
  'record-key': 'a key of a Record, mapped type, map or object literal keyed by the type',
  'breaks-on-add': 'stops compiling or misbehaves when a variant is added',
  'breaks-on-remove': 'stops compiling or misbehaves when the symbol is removed',
  'breaks-on-change': 'stops compiling when the signature changes',
  'type-family': 'a Haskell type family or type-level function over the type',
  'type-annotation': 'a parameter, property or return type annotated with the type',
  'property-flow': 'a property, field or parameter that carries a value of the type elsewhere',
  'rename-site': 'a place whose text must change in a rename',
  're-export': 'an export or re-export of the symbol',
  'call-site': 'a call (or construction) of the symbol',
  signature: 'the declaration or a type that spells out the signature',
  implementation: 'an implementation, override or instance of the symbol',
  definition: 'where the symbol is defined',
  'name-match': 'the names here match the words of the question',
};

export const KNOWN_TAGS: readonly string[] = Object.keys(TAG_HINTS);

/** One tag as the engine compares it: trimmed, lower-case, inner spaces and underscores as `-`. */
export function normalizeTag(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Tags from caller input: an array, or one comma-separated string (MCP clients often send that),
 * normalized, without empties and duplicates, in the given order.
 */
export function normalizeTags(tags: readonly string[] | string | null | undefined): string[] {
  if (tags === null || tags === undefined) return [];
  const list = typeof tags === 'string' ? tags.split(',') : tags;
  const out: string[] = [];
  for (const tag of list) {
    if (typeof tag !== 'string') continue;
    const normalized = normalizeTag(tag);
    if (normalized !== '' && !out.includes(normalized)) out.push(normalized);
  }
  return out;
}
