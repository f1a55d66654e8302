/**
 * Which files that can see a change are likely to break, strongest first. A new variant breaks code that
 * matches on the members (`case 'mysql':`), maps them (`{ mysql: …, postgres: … }`) or names the type
 * (`Record<DatabaseType, …>`, `const _: never = type`); a file that only passes a member along (a test's
 * `["mysql", "postgres"]`) rarely does. On a large project the checker checks the strong files first, so a
 * check cut short by its deadline has covered the files where breaks are, and says which files it left out.
 */
import ts from 'typescript';
import { isTestPath } from '../../search/file-ranking.js';

/** What marks a file: the declaration's name (and, for an enum, its members' names), and a union's string members. */
export interface MentionWords {
  /** Names: the declaration, an enum's members, a union's member types. Matched as substrings. */
  names: string[];
  /** A union's string members, unquoted (`mysql`). */
  strings: string[];
}

export function mentionWords(declaration: ts.Node): MentionWords {
  const names = new Set<string>();
  const strings = new Set<string>();
  const name = (declaration as { name?: ts.Node }).name;
  if (name && ts.isIdentifier(name)) names.add(name.text);
  // A property's new variant breaks where its owner is assigned to another type that has the property too
  // (`TableColumn` passed as `TableColumnOptions`), in files that never name the property: the owner's name marks them.
  const owner = ts.isPropertyDeclaration(declaration) || ts.isPropertySignature(declaration) ? (declaration.parent as { name?: ts.Node }).name : undefined;
  if (owner && ts.isIdentifier(owner)) names.add(owner.text);
  const visit = (node: ts.Node): void => {
    if (ts.isEnumMember(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) names.add(node.name.text);
    else if (ts.isLiteralTypeNode(node) && (ts.isStringLiteral(node.literal) || ts.isNoSubstitutionTemplateLiteral(node.literal))) strings.add(node.literal.text);
    else if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) names.add(node.typeName.text);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(declaration, visit);
  return { names: [...names].filter((w) => w.length > 0), strings: [...strings].filter((w) => w.length > 0) };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * 0: names the declaration or a member type; 1: matches or maps a string member (`case 'x'`, `'x':` or
 * `x:` as a key, `=== 'x'`); 2: mentions a string member otherwise; 3: none of these.
 */
export function likelihoodTier(text: string, words: MentionWords, strongString: RegExp | null): number {
  if (words.names.some((w) => text.includes(w))) return 0;
  if (!strongString || words.strings.length === 0) return 3;
  if (strongString.test(text)) return 1;
  return words.strings.some((w) => text.includes(`'${w}'`) || text.includes(`"${w}"`) || text.includes(`\`${w}\``)) ? 2 : 3;
}

/** One expression for "a string member in a case label, as an object key, or compared". */
export function strongStringPattern(strings: readonly string[]): RegExp | null {
  if (strings.length === 0) return null;
  const alt = strings.map(escape).join('|');
  return new RegExp(`case\\s*(['"\`])(?:${alt})\\1|(['"\`])(?:${alt})\\2\\s*:|(?:^|[\\s{,])(?:${alt})\\s*:(?!:)|[!=]==?\\s*(['"\`])(?:${alt})\\3`, 'm');
}

/**
 * `files` in checking order: `first` (the edited file), then by tier, each tier in its original order; a test file
 * that matches or maps a member comes after the code that does (tests list members to exercise them, and rarely
 * need every one). `strong` holds `first`, the files naming the type and the code files matching or mapping a
 * member: the ones still checked past the soft deadline. `textOf` gives a file's text (undefined: tier 3);
 * `relOf` its repository-relative path (for telling tests apart).
 */
export function likelyFirst(
  files: readonly string[],
  first: string,
  words: MentionWords,
  textOf: (file: string) => string | undefined,
  relOf: (file: string) => string = (f) => f,
): { ordered: string[]; strong: Set<string> } {
  // 0 names, 1 matches or maps (code), 2 matches or maps (tests), 3 mentions, 4 none.
  const groups: string[][] = [[], [], [], [], []];
  const strong = new Set<string>();
  const pattern = strongStringPattern(words.strings);
  for (const f of files) {
    if (f === first) continue;
    const text = textOf(f);
    const tier = text === undefined ? 3 : likelihoodTier(text, words, pattern);
    const group = tier === 0 ? 0 : tier === 1 ? (isTestPath(relOf(f)) ? 2 : 1) : tier + 1;
    (groups[group] as string[]).push(f);
    if (group <= 1) strong.add(f);
  }
  const head = files.includes(first) ? [first] : [];
  for (const f of head) strong.add(f);
  return { ordered: [...head, ...groups.flat()], strong };
}
