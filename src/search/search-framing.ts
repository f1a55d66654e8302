/**
 * The framing of a web search around the need: "how to …", "what is the best way to …", "python code to …",
 * "… example". A searcher types it out of habit; it names nothing in the code. In a short query every word counts
 * (search/file-ranking.ts), so the framing words became search words of their own and matched whatever docstring
 * says "how", "best" or "example", and the framing could push the query past the short-query limit. Measured on
 * bench/query-function (dev, `paired.mjs --phrasing web`): the same needs in web framing scored MRR@10 0.634 against
 * 0.683 as written; with the framing taken out, 0.680. Held out, retyped by searchers who never saw this rule:
 * 0.667 → 0.673 (bench/results/query-function-experiments.md).
 *
 * Only whole phrases at the start or the end of the query go, so a content word stays where it is content
 * ("python best match", "get status code of response").
 */

import { LANGUAGE_WORDS } from './language-words.js';

// The language words of search/language-words.ts, and `go`: too common an English word to drop from a query, but
// "in go" and "go 1.21" frame a query as "in golang" does. Longest first, so `python3` wins over `python`.
const LANGUAGE = `(?:${[...LANGUAGE_WORDS, 'go'].sort((a, b) => b.length - a.length).join('|')})`;
const MANNER = String.raw`(?:best|easiest|simplest|fastest|quickest|cleanest|shortest|proper|right|correct|pythonic|preferred|recommended|idiomatic|efficient|most efficient|good|better)`;

/** Phrases at the start: each may be preceded by a language word, which stays (the engine judges it on its own). */
const LEADING: readonly RegExp[] = [
  new RegExp(String.raw`^(?:what(?:'s| is)|which is) (?:the |a )?${MANNER} (?:way|method|approach|option) (?:to|of|for)\s+`, 'i'),
  new RegExp(String.raw`^(?:the |a )?${MANNER} (?:way|method|approach) (?:to|of|for)\s+`, 'i'),
  /^is (?:there (?:a |any )?(?:way|method|function) to|it possible to)\s+/i,
  /^how (?:can|do|would|should|could|to) (?:i |you |we |one )?(?:best )?/i,
  /^(?:a |the )?(?:code|script|program|snippet|sample|function|method) (?:to|for|that)\s+/i,
];

/** Phrases at the end ("… example", "… in python" is left to the language words). */
const TRAILING: readonly RegExp[] = [/\s+(?:examples?|samples?|tutorial|snippets?)$/i, /\s+(?:sample|example) code$/i];

export interface FramedQuery {
  /** The query without its framing (the query itself when nothing, or nothing but framing, was found). */
  need: string;
  /** The framing phrases taken out, as written. */
  framing: string[];
}

/** The need of a short query, without the framing of a web search around it. */
export function withoutSearchFraming(query: string): FramedQuery {
  let rest = query.trim().replace(/\s+/g, ' ').replace(/[?!.]+$/, '');
  const framing: string[] = [];
  // "python 3", "python 2.7": the version says which docs to read, not what the code does.
  const versioned = new RegExp(String.raw`\b(${LANGUAGE})[ -]?v?(\d+(?:\.\d+)*(?:\.x)?)(?![\w.])`, 'gi');
  rest = rest.replace(versioned, (_, name: string, version: string) => {
    framing.push(version);
    return name;
  });
  // A leading language word ("python how to …") stays in front of whatever framing follows it.
  const language = new RegExp(String.raw`^(${LANGUAGE}\s+)`, 'i').exec(rest)?.[1] ?? '';
  let body = rest.slice(language.length);
  for (let changed = true; changed; ) {
    changed = false;
    for (const pattern of LEADING) {
      const found = pattern.exec(body);
      if (found && found[0].length < body.length) {
        framing.push(found[0].trim());
        body = body.slice(found[0].length);
        changed = true;
      }
    }
  }
  // "… in python": the preposition is framing, the language word stays for the engine to judge.
  const inLanguage = new RegExp(String.raw`\s+(in|using|with|for)(\s+${LANGUAGE})$`, 'i').exec(body);
  if (inLanguage && inLanguage.index > 0) {
    framing.push(inLanguage[1] ?? '');
    body = body.slice(0, inLanguage.index) + (inLanguage[2] ?? '');
  }
  for (const pattern of TRAILING) {
    const found = pattern.exec(body);
    if (found && found.index > 0) {
      framing.push(found[0].trim());
      body = body.slice(0, found.index);
    }
  }
  rest = `${language}${body}`.trim();
  if (framing.length === 0 || !/[a-z0-9_]{2,}/i.test(body)) return { need: query, framing: [] };
  return { need: rest, framing };
}
