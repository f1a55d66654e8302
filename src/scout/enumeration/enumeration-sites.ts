/**
 * Enumeration sites: for "add a variant to `X`", the places that list X's members, where the new member
 * will most likely have to be added, compiled or not. The file's language reads the members from the
 * declaration (language contract); every indexed file is then read once for mentions of them
 * (mentions.ts), the mentions are grouped into constructs (blocks.ts), and each construct is rated by how
 * much of the member set it lists and whether it has a default (risk.ts).
 */
import type { IndexDb } from '../../index/db.js';
import { parsedFiles } from '../../index/read/files.js';
import { usageSitesNamed } from '../../index/read/usages.js';
import { likeNewMember } from './like-new-member.js';
import type { ScoutConfig } from '../../core/config.js';
import { readInsideRoot } from '../../workspace/confine.js';
import { isDataFile, isDocFile, walkDataAndDocFiles } from '../../workspace/walk.js';
import { readMembers } from '../languages.js';
import { enumerationRisk, type RiskLevel } from '../risk.js';
import type { SeededQuestion } from '../seeded-question.js';
import type { MemberSet } from '../site-facts.js';
import { blocksOf, type Block } from './blocks.js';
import { docMentions, docShapeOf, sectionBlocks } from './doc-sites.js';
import { isQuoted, mentionMatcher, QUOTES, type Mention, type MentionMatcher } from './mentions.js';
import { withoutNonEnumerating } from './not-enumerating.js';
import { otherDeclarationsOf, type OtherDeclarations, withoutOtherTargets } from './other-targets.js';
import { foldSiblingCopies } from './sibling-copies.js';

export interface EnumerationSite {
  file: string;
  /** 1-based lines of the construct that name members, ascending. */
  lines: number[];
  /** 1-based line where the construct ends (where a new entry, arm or case goes last). */
  endLine: number;
  /** A one-line construct: the line closing the declaration or object that holds it (blocks.ts). */
  enclosingEnd?: number;
  shape: string;
  /** Members named, and the set's size. */
  listed: number;
  members: number;
  /** Names of the members it does not name (empty when it lists them all). */
  missing: string[];
  hasDefault: boolean;
  /** Only values of members (a mirror), or bare names (a parallel declaration); else the members themselves. */
  mirror: 'value' | 'name' | null;
  risk: RiskLevel;
  /** The code of its first line, trimmed. */
  code: string;
  /** 1-based first line of the statement that opens the construct (`export const X: Record<` … `> = {`), when it opens just above the first entry. */
  headLine?: number;
  /** Data files that copy this one (other locales of a locale table): the site stands for them (sibling-copies.ts). */
  copies?: string[];
  /** A page of documentation (Markdown, reStructuredText): listed after the code. */
  doc?: boolean;
  /** Members it names that resemble the new one the question names (like-new-member.ts). */
  alike?: string[];
}

export interface Enumeration {
  set: MemberSet;
  sites: EnumerationSite[];
  filesRead: number;
  ms: number;
  /** Same-named type declarations elsewhere, left out as other targets (other-targets.ts). */
  otherDeclarations?: number;
  /** The new member the question names, and the members that resemble it (like-new-member.ts). */
  newMember?: string;
  alike?: string[];
}

/** Characters of a site's first line quoted in its pointer (the page holds more pointers when they are short). */
const CODE_CHARS = 60;
/** Shapes that branch on the members. */
const DISPATCH_SHAPES: ReadonlySet<string> = new Set(['comparison', 'if/elif chain', 'switch/match arms']);

/** Uses of the type's name read for its declaration when the index has no definition of it. */
const MAX_DECLARATION_PROBES = 50;
/** Data files read for mirrors of the members' values, at most (a repository of fixtures has thousands). */
const MAX_DATA_FILES = 2000;
/** Members' names shorter than this are not looked for in quotes (`"ok"` is everywhere). */
const MIN_QUOTED_NAME = 3;
/** Files larger than this are not read for mentions (generated data, bundles). */
const MAX_FILE_BYTES = 1_000_000;

/**
 * The members of the question's type, from the first seed whose language reads them; else from a line that
 * names the type where its language reads a declaration (a file the parser could not read whole keeps no
 * definition, only the name's uses, and the declaration is among them).
 */
export function memberSetOf(seeded: SeededQuestion, root: string, db: IndexDb): MemberSet | null {
  const target = seeded.query.target;
  if (!target || target.includes('.')) return null;
  const read = (file: string, line: number): MemberSet | null => {
    const text = readInsideRoot(root, file);
    return text === null ? null : readMembers(text, file, line, target);
  };
  for (const seed of seeded.seeds) {
    // A seed is named by its qualified name: `geo.Kind` (a C++ namespace), `Registry.Tier` (a nested enum).
    if (seed.relation !== 'seed' || (seed.symbol !== target && !seed.symbol?.endsWith(`.${target}`))) continue;
    const set = read(seed.location.file, seed.location.line);
    if (set) return set;
  }
  if (seeded.seeds.some((s) => s.relation === 'seed' && s.symbol === target)) return null;
  for (const use of usageSitesNamed(db, target).slice(0, MAX_DECLARATION_PROBES)) {
    const set = read(use.file, use.line);
    if (set) return set;
  }
  return null;
}

export function findEnumerationSites(seeded: SeededQuestion, options: { root: string; db: IndexDb; config: ScoutConfig }): Enumeration | null {
  const started = performance.now();
  const set = memberSetOf(seeded, options.root, options.db);
  if (!set || set.members.length < 2) return null;
  const matcher = mentionMatcher(set);
  const sites: EnumerationSite[] = [];
  let filesRead = 0;
  // Source files from the index; then data files (locale tables, configs, JSON schemas) that mirror the
  // members' values or names, and documentation that lists them (a table of options, a list of features).
  const quotable = set.members.some((m) => (m.value !== null && m.valueIsString) || (m.qualified !== null && m.name.length >= MIN_QUOTED_NAME));
  const { data, docs } = quotable ? walkDataAndDocFiles(options.root, options.config) : { data: [], docs: [] };
  const files = [...parsedFiles(options.db).map((f) => f.path), ...data.slice(0, MAX_DATA_FILES), ...docs.slice(0, MAX_DATA_FILES)];
  const others = otherDeclarationsOf(options.db, set);
  const change = seeded.query.change;
  const newMember = change?.kind === 'add_variant' ? change.newMember : undefined;
  const alike = newMember ? likeNewMember(set, newMember) : new Set<number>();
  for (const path of files) {
    const text = readInsideRoot(options.root, path);
    if (text === null || text.length > MAX_FILE_BYTES) continue;
    filesRead++;
    sites.push(...sitesIn(path, text, set, matcher, others, alike));
  }
  return {
    set,
    sites: foldSiblingCopies(sites),
    filesRead,
    ms: Math.round(performance.now() - started),
    otherDeclarations: others.count,
    ...(newMember ? { newMember, alike: [...alike].map((i) => set.members[i]?.name ?? '') } : {}),
  };
}

/**
 * Example, demo and documentation code: folders named `examples`, `demos`, `docs`, `website`, `www` or
 * `playground(s)` anywhere, and `example/` or `demo/` at the top of the repository. A singular `example/` deeper down
 * is most often a package (Java's `com/example/shop/`), not an example.
 */
const ILLUSTRATIVE_PATH = /(^|\/)(examples|demos|docs?|website|www|playgrounds?)\/|^(example|demo)\//;

export function isIllustrativePath(path: string): boolean {
  return ILLUSTRATIVE_PATH.test(path);
}

/** The enumeration sites of one file whose text is `text`. */
export function sitesIn(path: string, text: string, set: MemberSet, matcher: MentionMatcher = mentionMatcher(set), others?: OtherDeclarations, alike: ReadonlySet<number> = new Set()): EnumerationSite[] {
  let mentions = matcher.find(text);
  if (mentions.length === 0) return [];
  const lines = text.split('\n');
  // A data file holds values, never the members themselves: its quoted strings are mirrors of the values.
  if (isDataFile(path)) mentions = quotedValues(lines, mentions);
  const doc = isDocFile(path);
  const docs = doc ? docMentions(lines, mentions, set) : null;
  if (docs) mentions = docs.listing;
  if (path === set.file) mentions = mentions.filter((m) => m.line < set.startLine || m.line > set.endLine);
  mentions = withoutNonEnumerating(lines, mentions);
  if (others) mentions = withoutOtherTargets(path, mentions, set, others);
  const sites: EnumerationSite[] = [];
  const blocks = docs ? [...blocksOf(lines, mentions), ...sectionBlocks(lines, docs.headings)] : blocksOf(lines, mentions, { records: isDataFile(path) });
  for (const block of blocks) {
    const site = doc ? docSiteOf(path, lines, block, set) : siteOf(path, lines, block, set);
    if (!site) continue;
    const named = alike.size > 0 ? [...block.members].filter((i) => alike.has(i)).map((i) => set.members[i]?.name ?? '') : [];
    sites.push(named.length > 0 ? { ...site, alike: named } : site);
  }
  return sites;
}

/** The mentions written as quoted strings, as mentions of values (in a data file, a string equal to a member is a mirror of it). */
function quotedValues(lines: readonly string[], mentions: readonly Mention[]): Mention[] {
  return mentions.filter((m) => isQuoted(lines, m, QUOTES)).map((m) => ({ ...m, kind: 'value' as const }));
}
/**
 * A documentation site: a table or list naming at least two members, rated as prose (medium at most: worth
 * updating, never a break). One member named in a page is a mention, not a list.
 */
function docSiteOf(file: string, lines: readonly string[], block: Block, set: MemberSet): EnumerationSite | null {
  if (block.members.size < 2) return null;
  const site = siteOf(file, lines, { ...block, prose: true, strong: true, valuesOnly: false, hasDefault: false }, set);
  return site && { ...site, shape: block.shape === 'doc sections' ? block.shape : docShapeOf(lines[(block.lines[0] ?? 1) - 1] ?? ''), mirror: null, doc: true };
}

function siteOf(file: string, lines: readonly string[], block: Block, set: MemberSet): EnumerationSite | null {
  const listed = block.members.size;
  // One bare name or one value alone is a common word or string, not a sign of the type.
  if (!block.strong && listed < 2) return null;
  const members = set.members.length;
  const mirror = block.strong ? null : block.valuesOnly ? 'value' : 'name';
  const first = block.lines[0] ?? 1;
  const headLine = headOf(lines, first);
  const typed = new RegExp(`(?<![\\w$])${set.type.replace(/[$]/g, '\\$')}(?![\\w$])`).test(lines.slice(headLine - 1, first).join('\n'));
  const risk: RiskLevel = enumerationRisk({
    listed,
    members,
    hasDefault: block.hasDefault,
    dispatch: DISPATCH_SHAPES.has(block.shape),
    prose: block.prose,
    typed,
    mentionLines: block.lines.length,
    illustrative: isIllustrativePath(file),
  });
  return {
    file,
    lines: block.lines,
    endLine: block.endLine,
    ...(block.enclosingEnd !== undefined ? { enclosingEnd: block.enclosingEnd } : {}),
    shape: mirror === 'name' && block.shape === 'use' ? 'list of names' : block.shape,
    listed,
    members,
    missing: set.members.filter((_, i) => !block.members.has(i)).map((m) => m.name),
    hasDefault: block.hasDefault,
    mirror,
    risk,
    code: (lines[(block.lines[0] ?? 1) - 1] ?? '').trim().slice(0, CODE_CHARS),
    headLine,
  };
}

/** Lines of a statement above the bracket that opens a construct, at most (a type annotation split over lines). */
const MAX_HEAD_LINES = 4;
const OPENS = /[{[(]\s*(?:\/\/.*|#.*)?$/;

/**
 * Where the construct whose first entry is on line `first` starts: the line that opens it with a bracket just
 * above the entry, and the lines of the same statement above that (no blank line, no statement ending between).
 * `first` when no bracket opens it there (an if chain, a list of statements).
 */
function headOf(lines: readonly string[], first: number): number {
  const opener = first - 1;
  if (opener < 1 || !OPENS.test(lines[opener - 1] ?? '')) return first;
  let head = opener;
  for (let l = opener - 1; l >= Math.max(1, opener - MAX_HEAD_LINES); l--) {
    const text = lines[l - 1] ?? '';
    if (text.trim() === '' || /[;}]\s*$/.test(text) || /:\s*$/.test(text)) break;
    head = l;
  }
  return head;
}
