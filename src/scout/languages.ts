/**
 * The registry of languages: the only file that imports a language folder. Adding a language means one
 * folder with a `language.ts` (see language.ts for the contract) and one line here.
 */
import { clangLanguage } from './clang/language.js';
import { goLanguage } from './go/language.js';
import { haskellLanguage } from './haskell/language.js';
import { javaLanguage } from './java/language.js';
import type { KeySiteBudget, KeySiteContext, ScoutLanguage, SnippetOf } from './language.js';
import type { ScoutLink } from './link.js';
import { pythonLanguage } from './python/language.js';
import type { AnalyzedQuery } from './query-analysis.js';
import { rustLanguage } from './rust/language.js';
import { NO_SYNTAX_FACTS, type MemberSet, type SyntaxFacts } from './site-facts.js';
import { typescriptLanguage } from './typescript/language.js';
import type { Checker } from './verify/checker.js';

export const LANGUAGES: readonly ScoutLanguage[] = [typescriptLanguage, pythonLanguage, rustLanguage, haskellLanguage, javaLanguage, goLanguage, clangLanguage];

/** The language whose rules read `file` (by extension), or null. */
export function languageOf(file: string): ScoutLanguage | null {
  const dot = file.lastIndexOf('.');
  const extension = dot >= 0 ? file.slice(dot).toLowerCase() : '';
  return LANGUAGES.find((l) => l.extensions.includes(extension)) ?? null;
}

/** The syntax facts of a site, read by its file's language (none for a language that reads none). */
export function syntaxFactsOf(link: SnippetOf): SyntaxFacts {
  const read = languageOf(link.location.file)?.syntaxFacts?.(link);
  return read ? { ...NO_SYNTAX_FACTS, ...read } : NO_SYNTAX_FACTS;
}

/** Key-site facts for `links`, each asked of its own file's language. */
export async function describeKeySites(links: readonly ScoutLink[], query: AnalyzedQuery, context: KeySiteContext, budget: KeySiteBudget): Promise<void> {
  for (const language of LANGUAGES) {
    if (!language.describeKeySites) continue;
    const own = links.filter((l) => languageOf(l.location.file) === language);
    if (own.length > 0) await language.describeKeySites(own, query, context, budget);
  }
}

/** The members of the type declared at `file:line`, read by the file's language (null: not a type with variants, or a language that reads none). */
export function readMembers(text: string, file: string, line: number, name: string): MemberSet | null {
  return languageOf(file)?.readMembers?.(text, file, line, name) ?? null;
}

/** One new checker per language that has one. */
export function makeCheckers(): Checker[] {
  return LANGUAGES.flatMap((l) => (l.makeChecker ? [l.makeChecker()] : []));
}
