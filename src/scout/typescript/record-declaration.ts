/**
 * Whether a site inside a Record or mapped type over the question's type (`Record<Kind, V>`,
 * `{ [k in Kind]: V }`) builds a value there or only declares a type.
 *
 * `const PRICES: Record<Kind, number> = {…}` breaks when a variant is added: the object lacks the
 * new key. `type Prices = Record<Kind, number>` or a field `prices: Record<Kind, number>;` does not:
 * the objects built with that type break, wherever they are, so the declaration is followed (its
 * references are the candidates) rather than reported as a break site itself.
 */
import type { ScoutLink } from '../link.js';

export type RecordSite = 'declares_type' | 'builds_value';

type SnippetOf = Pick<ScoutLink, 'snippet' | 'snippetStartLine' | 'location'>;

/** `recordSiteKind` over a link's snippet, at the link's line. */
export function recordSiteKindOf(link: SnippetOf): RecordSite | null {
  return recordSiteKind(link.snippet.split(/\r?\n/), link.location.line - link.snippetStartLine);
}

/** `recordRequiresEveryKey` over a link's snippet, at the link's line. */
export function recordRequiresEveryKeyOf(link: SnippetOf): boolean {
  return recordRequiresEveryKey(link.snippet.split(/\r?\n/), link.location.line - link.snippetStartLine);
}

const RECORD_HEAD = /\bRecord\s*<|\[\s*[\w$]+\s+in\s+/;
const TYPE_ALIAS_HEAD = /^\s*(?:export\s+)?(?:declare\s+)?type\s+[\w$]+\s*(?:<[^=]*>)?\s*=/;
/** Lines looked at above the site for the declaration's head (`ElementaryStreamTypes,` continues a `Record<` opened above). */
const LOOK_BACK = 3;

/**
 * `lines`: consecutive code lines holding the site (a snippet); `siteIndex`: the site's index in them.
 * Null when no Record / mapped-type head is found at or just above the site.
 */
export function recordSiteKind(lines: readonly string[], siteIndex: number): RecordSite | null {
  for (let i = siteIndex; i >= Math.max(0, siteIndex - LOOK_BACK); i--) {
    const line = lines[i] ?? '';
    const head = RECORD_HEAD.exec(line);
    const alias = TYPE_ALIAS_HEAD.test(line);
    if (alias) return 'declares_type';
    if (!head) {
      // A line that ends a statement above the site: the site is not inside a Record opened earlier.
      if (i < siteIndex && /[;{}]\s*$/.test(line)) return null;
      continue;
    }
    // The text from the Record onwards, down to the site: an initializer (`= {`, not `=>`) builds a value.
    const rest = [line.slice(head.index), ...lines.slice(i + 1, siteIndex + 1)].join('\n');
    const before = line.slice(0, head.index);
    if (/=(?![>=])/.test(rest.replace(/=>/g, '')) || /\bsatisfies\s*$/.test(before) || /\bas\s*$/.test(before)) return 'builds_value';
    // A `Record<` spread over lines (`Record<\n  Kind,\n  V\n> = {`): what follows its closing `>` decides.
    const after = /^Record\s*</.test(line.slice(head.index)) ? textAfterGeneric([line.slice(head.index), ...lines.slice(i + 1)].join('\n')) : null;
    if (after !== null && /^\s*(?:\|[^=;{]*)?=(?!>)/.test(after)) return 'builds_value';
    // `name: Record<…>;` (a field or property signature), `(x: Record<…>)`, `): Record<…> {`: a type position.
    if (/:\s*(?:(?:Readonly|Partial|Required)\s*<\s*)*$/.test(before) || /\{\s*$/.test(before)) return 'declares_type';
    // `  Record<K, V>` continuing a `Partial<` opened above: the head is further up.
    if (/^[\s<,(|]*$/.test(before) && i > 0) continue;
    return null;
  }
  return null;
}

/** The text after the `>` that closes the first `<` of `text` (arrows `=>` ignored), or null when it does not close. */
function textAfterGeneric(text: string): string | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>' && text[i - 1] !== '=') {
      depth--;
      if (depth === 0) return text.slice(i + 1);
    }
  }
  return null;
}

/**
 * Whether the Record / mapped type at the site requires every key: not a `Partial<…>` around it,
 * not an optional mapped key (`[k in Kind]?:`). Reads the site's statement: its line and the lines
 * above it back to the statement's head (at most LOOK_BACK).
 */
export function recordRequiresEveryKey(lines: readonly string[], siteIndex: number): boolean {
  let start = siteIndex;
  while (start > Math.max(0, siteIndex - LOOK_BACK) && !/[;{}]\s*$/.test(lines[start - 1] ?? '') && !TYPE_ALIAS_HEAD.test(lines[start] ?? '')) start--;
  const text = lines.slice(start, siteIndex + 2).join('\n');
  return !/\bPartial\s*</.test(text) && !/\[\s*[\w$]+\s+in\s+[^\]]+\]\s*\?\s*:/.test(text);
}
