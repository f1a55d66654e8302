/**
 * The language contract: everything a language brings to the exploration and the verification, behind
 * one interface. A language lives in one folder (`typescript/`, `python/`, `rust/`, `haskell/`, `java/`, `go/`, `clang/`) whose
 * `language.ts` exports one `ScoutLanguage`; `languages.ts` (the registry) is the only file that imports
 * a language folder. The loop, the rubric, the policy, the risk rule, the synthesis and the scorers see
 * only what is declared here: facts as data (site-facts.ts), a checker behind verify/checker.ts.
 *
 * Architecture invariant: a language folder imports the neutral core, never another language folder.
 */
import type { IndexDb } from '../index/db.js';
import type { LspService } from '../lsp/lsp-service.js';
import type { ScoutLink } from './link.js';
import type { AnalyzedQuery } from './query-analysis.js';
import type { MemberSet, SyntaxFacts } from './site-facts.js';
import type { Checker } from './verify/checker.js';

/** What the exploration lends a language for asking the server about key sites. */
export interface KeySiteContext {
  lsp: LspService;
  db: IndexDb;
  files: LineReader;
  signal?: AbortSignal | undefined;
  /** Constants the question's union is derived from (`ValueOf<typeof CODES>`): `keyof typeof CODES` names its variants too. */
  derivedFrom?: readonly string[];
  /** Where to say that checks stopped early (the exploration's notes). */
  notes?: string[];
}

/** Lines of a repository file, 1-based; '' past the end or for an unreadable file. */
export interface LineReader {
  line(file: string, line: number): string;
}

/** The checks one exploration may spend: a count, and the time the checks may take together; past either, the rest are rated from their line alone. */
export interface KeySiteBudget {
  left: number;
  msLeft: number;
}

/** Key sites checked per exploration, at most, and the time they may take together. */
export const MAX_KEY_SITE_LOOKUPS = 80;
export const MAX_KEY_SITE_MS = 3_000;

export function keySiteBudget(): KeySiteBudget {
  return { left: MAX_KEY_SITE_LOOKUPS, msLeft: MAX_KEY_SITE_MS };
}

export type SnippetOf = Pick<ScoutLink, 'snippet' | 'snippetStartLine' | 'location'>;

export interface ScoutLanguage {
  /** `typescript`, `python`, … (the name answers and notes use). */
  readonly name: string;
  /** Lower-case file extensions, with their dot, whose sites this language reads. */
  readonly extensions: readonly string[];
  /** Facts read from a site's own code when its link is made; absent: the language reads none. */
  syntaxFacts?(link: SnippetOf): Partial<SyntaxFacts>;
  /**
   * Facts from the language server about key sites (for "add a variant" only), set on the links in place
   * (`indexedObject`, `builtObject`, …); `budget` bounds the lookups of one exploration.
   */
  describeKeySites?(links: readonly ScoutLink[], query: AnalyzedQuery, context: KeySiteContext, budget: KeySiteBudget): Promise<void>;
  /**
   * The members of the type declared at `line` (1-based, the line of its name) of `file`, whose text is
   * `text`: what an enumeration of the type lists. Null when the declaration is not a type with variants.
   */
  readMembers?(text: string, file: string, line: number, name: string): MemberSet | null;
  /** A new instance of the language's own checker; absent: questions about this language are answered by the exploration alone. */
  makeChecker?(): Checker;
  /**
   * The configuration guard, as written, under which the code at `line` (1-based) of a file whose lines are
   * `lines` is compiled, when the checker's default build may leave it out (`#[cfg(windows)]`,
   * `if sys.version_info < (3, 10):`, `//go:build windows`); null when the default build compiles it.
   */
  compiledOnlyUnder?(lines: readonly string[], line: number, file: string): string | null;
}
