/**
 * Where a page of documentation (Markdown, reStructuredText) lists the members of a type: the rows of a table, the
 * items of a list, a paragraph naming several of them (`must be one of "fold", "crop" or "ellipsis"`), and sections
 * headed by one member each (`## \`cordova\` connection options`, one per driver), where a new member gets a section
 * of its own, and Sphinx directives documenting one member each (`.. attribute:: text`). Elsewhere each member is
 * named in quotes or a code span, or qualified; a bare word is prose.
 */
import type { MemberSet } from '../site-facts.js';
import type { Block } from './blocks.js';
import { isQuoted, type Mention } from './mentions.js';

/** A row of a table or an item of a list, in Markdown or reStructuredText. */
const DOC_ITEM = /^\s*(?:\||[-*+•]\s|\d+[.)]\s|#\.\s)/;
/**
 * A Sphinx directive documenting one name (`.. attribute:: text`, `.. py:data:: RED`): an enum's members documented
 * one directive each, where the new member gets its own. The name is bare there, as code would not write it.
 */
const SPHINX_ENTRY = /^\s*\.\.\s+(?:[a-z]+:)?(?:attribute|data|member|enumerator|const|constant)::\s/;
/** Distinct members a paragraph of documentation names to be a list of them. */
const DOC_PARAGRAPH_MEMBERS = 3;
/** A Markdown heading (`## Title`), its level in the capture. */
const MARKDOWN_HEADING = /^(#{1,6})\s/;
/** A reStructuredText underline (or overline): one punctuation character repeated. */
const RST_UNDERLINE = /^([=\-~^"'`#*+:.])\1{2,}\s*$/;

export interface DocMentions {
  /** Mentions in tables, lists and paragraphs that name several members. */
  listing: Mention[];
  /** Mentions in headings, with the heading's level. */
  headings: Array<Mention & { level: string }>;
}

/**
 * The mentions of a page that list members: on a row of a table or an item of a list, in a paragraph naming at least
 * DOC_PARAGRAPH_MEMBERS of them (all of them when there are fewer: "one of `left` or `right`"), or in a heading.
 * A sentence naming two of many is prose.
 */
export function docMentions(lines: readonly string[], mentions: readonly Mention[], set: MemberSet): DocMentions {
  const entry = (m: Mention): boolean => SPHINX_ENTRY.test(lines[m.line - 1] ?? '');
  const cited = mentions.filter((m) => isQuoted(lines, m) || (m.kind === 'member' && Boolean(set.members[m.member]?.qualified)) || entry(m));
  const need = Math.min(DOC_PARAGRAPH_MEMBERS, set.members.length);
  // Paragraphs are runs of non-blank lines, named by their first line.
  const firsts = new Map<number, number>();
  const paragraphOf = (line: number): number => {
    let first = firsts.get(line);
    if (first === undefined) {
      first = line;
      while (first > 1 && (lines[first - 2] ?? '').trim() !== '') first--;
      firsts.set(line, first);
    }
    return first;
  };
  const named = new Map<number, Set<number>>();
  for (const m of cited) {
    const paragraph = paragraphOf(m.line);
    named.set(paragraph, (named.get(paragraph) ?? new Set()).add(m.member));
  }
  const listing: Mention[] = [];
  const headings: DocMentions['headings'] = [];
  for (const m of cited) {
    const level = headingLevel(lines, m.line);
    if (level !== null) headings.push({ ...m, level });
    else if (DOC_ITEM.test(lines[m.line - 1] ?? '') || entry(m) || (named.get(paragraphOf(m.line))?.size ?? 0) >= need) listing.push(m);
  }
  return { listing, headings };
}

/** The level of the heading on `line` (`##`, or an RST underline character), or null when it is no heading. */
function headingLevel(lines: readonly string[], line: number): string | null {
  const text = lines[line - 1] ?? '';
  const markdown = MARKDOWN_HEADING.exec(text)?.[1];
  if (markdown) return markdown;
  const under = RST_UNDERLINE.exec(lines[line] ?? '')?.[1];
  return under && text.trim() !== '' ? `rst${under}` : null;
}

/**
 * The sections of a page headed by members, one construct per heading level that names at least two members:
 * its lines are the headings, and a new member's section goes among them.
 */
export function sectionBlocks(lines: readonly string[], headings: DocMentions['headings']): Block[] {
  const byLevel = new Map<string, Array<Mention & { level: string }>>();
  for (const h of headings) {
    const level = byLevel.get(h.level);
    if (level) level.push(h);
    else byLevel.set(h.level, [h]);
  }
  const blocks: Block[] = [];
  for (const found of byLevel.values()) {
    const members = new Set(found.map((h) => h.member));
    if (members.size < 2) continue;
    const at = [...new Set(found.map((h) => h.line))].sort((a, b) => a - b);
    blocks.push({ lines: at, members, strong: true, valuesOnly: false, prose: true, hasDefault: false, endLine: at[at.length - 1] ?? 1, shape: 'doc sections' });
  }
  return blocks;
}

/** The shape of a documentation construct from its first line. */
export function docShapeOf(first: string): string {
  return /^\s*\|/.test(first) ? 'doc table' : DOC_ITEM.test(first) || SPHINX_ENTRY.test(first) ? 'doc list' : 'doc paragraph';
}
