/**
 * Enumeration sites as pointers of the answer: each says what it lists and what to add ("switch/match arms
 * listing all 3 members of `Kind`, no default: add the new member here"). Sites of one file, shape and risk
 * are one pointer with their lines in `also` ("4 maps …"), so a long list stays one page. Sites where the
 * checker already reported an error are left to the verified pointer there.
 */
import type { Pointer } from '../answer.js';
import { parseLocation } from '../link.js';
import { RISK_LEVELS } from '../risk.js';
import { isIllustrativePath, type Enumeration, type EnumerationSite } from './enumeration-sites.js';

/** Past this many pointers, the medium and low sites of a file are one pointer. */
const MANY_POINTERS = 12;
/** Missing members named in a pointer, at most. */
const MISSING_SHOWN = 3;
/** Shapes of a one-member construct that tags a declaration or an object with its member (`type: Kind.A`). */
const SERIES_SHAPES: ReadonlySet<string> = new Set(['map', 'declaration']);

export interface EnumerationPointers {
  pointers: Pointer[];
  /** Repository-relative file → lines covered by enumeration sites (explored pointers there are folded in). */
  covered: Map<string, Array<[start: number, end: number]>>;
  /** Verified pointer's location → lines of the enumeration site its error is in (left to the verified pointer). */
  verifiedAlso: Map<string, number[]>;
  /** Sites listing every member with no default (each one is high). */
  full: number;
  sites: number;
  /** Locations of the pointers naming a member that resembles the new one the question names (like-new-member.ts). */
  likeNew: Set<string>;
}

export function enumerationPointers(enumeration: Enumeration, verified: readonly Pointer[]): EnumerationPointers {
  const verifiedAt = verified.map((p) => {
    const { file, line } = parseLocation(p.location);
    return { location: p.location, file, lines: [line, ...(p.also ?? [])] };
  });
  const type = enumeration.set.type;
  const covered = new Map<string, Array<[number, number]>>();
  const verifiedAlso = new Map<string, number[]>();
  const kept: EnumerationSite[] = [];
  for (const site of enumeration.sites) {
    const start = site.lines[0] ?? 0;
    const end = site.lines[site.lines.length - 1] ?? start;
    covered.set(site.file, [...(covered.get(site.file) ?? []), [start, end]]);
    // The checker names a construct at its head, which may sit a few lines above its first entry
    // (`export const Allowed: Record<\n  Kind,\n  boolean\n> = {`).
    const from = Math.min(site.headLine ?? start, start - 1);
    const breaks = verifiedAt.find((v) => v.file === site.file && v.lines.some((l) => l >= from && l <= end + 1));
    if (!breaks) {
      kept.push(site);
      continue;
    }
    // The checker's error names the construct's head; its entries and its end (where the new one goes) ride along.
    verifiedAlso.set(breaks.location, [...(verifiedAlso.get(breaks.location) ?? []), ...site.lines, site.endLine]);
  }
  // Sites of one file, shape and risk are one pointer; when even those are many (a type named all over), the
  // low and medium ones of a file are one pointer each, so the first page still reaches every file.
  const group = (keyOf: (site: EnumerationSite) => string): Map<string, EnumerationSite[]> => {
    const groups = new Map<string, EnumerationSite[]>();
    for (const site of kept) groups.set(keyOf(site), [...(groups.get(keyOf(site)) ?? []), site]);
    return groups;
  };
  let groups = group((s) => `${s.file}|${s.shape}|${s.risk}|${s.mirror ?? ''}|${s.listed === s.members}`);
  if (groups.size > MANY_POINTERS) groups = group((s) => (s.risk === 'high' ? `${s.file}|${s.shape}|high|${s.mirror ?? ''}` : s.file));
  const likeNew = new Set<string>();
  const pointers = [...groups.values()].map((sites) => {
    const pointer = pointerOf(sites, type);
    const names = [...new Set(sites.flatMap((site) => site.alike ?? []))];
    if (names.length === 0 || !enumeration.newMember) return pointer;
    likeNew.add(pointer.location);
    return { ...pointer, what: `${pointer.what} (names ${names.slice(0, MISSING_SHOWN).map((n) => `\`${n}\``).join(', ')}, like the new \`${enumeration.newMember}\`)` };
  });
  // Riskiest first; then the places that name the most members (the strongest sign of an enumeration), then
  // the files with the most sites.
  pointers.sort(
    (a, b) =>
      RISK_LEVELS.indexOf(a.risk) - RISK_LEVELS.indexOf(b.risk) ||
      (b.lists?.members ?? 0) - (a.lists?.members ?? 0) ||
      (b.also?.length ?? 0) - (a.also?.length ?? 0) ||
      a.location.localeCompare(b.location, 'en', { numeric: true }),
  );
  return { pointers, covered, verifiedAlso, full: kept.filter((s) => s.risk === 'high').length, sites: kept.length, likeNew };
}

function pointerOf(unordered: readonly EnumerationSite[], type: string): Pointer {
  const sites = strongestFirst(unordered);
  const first = sites[0] as EnumerationSite;
  const series = seriesOf(sites);
  const lines = linesOf(sites, series);
  if (new Set(sites.map((s) => `${s.shape}|${s.risk}`)).size > 1) return mixedPointerOf(sites, lines, type);
  const head = lines[0] ?? 0;
  const count = sites.length > 1 ? `${sites.length} ` : '';
  const shape = sites.length > 1 ? plural(first.shape) : first.shape;
  const all = first.listed === first.members;
  const listing = first.mirror === 'value' ? 'values of' : first.mirror === 'name' ? 'names of' : '';
  const extent = all ? `all ${first.members}` : sites.length > 1 ? `some of the ${first.members}` : `${first.listed} of ${first.members}`;
  const missing = !all && sites.length === 1 && first.missing.length > 0 && first.listed >= 2
    ? ` (not ${first.missing.slice(0, MISSING_SHOWN).map((m) => `\`${m}\``).join(', ')}${first.missing.length > MISSING_SHOWN ? ', …' : ''})`
    : '';
  const fallback = first.listed >= 2 && !first.doc ? (first.hasDefault ? ', has a default' : ', no default') : '';
  const copies = first.copies?.length
    ? ` (${first.copies.length === 1 ? '1 copy of this file lists' : `${first.copies.length} copies of this file list`} them too, e.g. ${first.copies.slice(0, 2).map((f) => f.split('/').pop()).join(', ')}: usually kept in step by translation or tooling)`
    : '';
  const what =
    first.listed >= 2
      ? `${count}${shape} listing ${listing ? `${listing} ` : ''}${extent} members of \`${type}\`${missing}${fallback}: \`${first.code}\`${copies}`
      : series && first.listed < 2
        ? `${count}${shape} naming one member of \`${type}\` each, in declarations of their own (${series.members} of ${first.members} members): \`${first.code}\``
        : `${count}${shape} naming one member of \`${type}\`: \`${first.code}\``;
  const pointer: Pointer = {
    location: `${first.file}:${head}`,
    what,
    risk: first.risk,
    relevance: first.risk === 'high' ? 5 : first.risk === 'medium' ? 4 : 3,
    action: series && first.listed < 2 ? `if the new member needs a declaration like these, add it after the last (line ${series.end})` : actionOf(first),
    lists: {
      members: first.listed,
      of: first.members,
      default: first.hasDefault,
      ...(first.mirror ? { mirrors: first.mirror === 'value' ? ('values' as const) : ('names' as const) } : {}),
    },
  };
  return withLines(pointer, lines);
}

/**
 * The sites of one pointer, those naming a member like the new one first, then the ones naming the most members
 * (then in line order): a file that names the members 80 times holds a few real enumerations among many single
 * comparisons, and a page that keeps the first lines of a long pointer (answer-page.ts) should keep theirs.
 */
function strongestFirst(sites: readonly EnumerationSite[]): EnumerationSite[] {
  const alike = (s: EnumerationSite): number => (s.alike?.length ? 1 : 0);
  return [...sites].sort((a, b) => alike(b) - alike(a) || b.listed - a.listed || (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}

/**
 * The lines that name members, and where each construct ends (a new entry goes there), site by site in the sites'
 * order; then, for a series of declarations that each name one member (`interface RaiseAction { type:
 * ActionTypes.Raise }`, `interface SendAction { type: ActionTypes.Send }`), the end of the last one, after which the
 * new member's declaration goes.
 */
function linesOf(sites: readonly EnumerationSite[], series: { end: number } | null): number[] {
  const lines = sites.flatMap((s) => [...s.lines, s.endLine]);
  if (series) lines.push(series.end);
  return [...new Set(lines)];
}

/**
 * Sites that each name one member in a declaration or object of their own (`interface RaiseAction { type:
 * ActionTypes.Raise }`), naming at least two different members: how many members, and the line that closes the last
 * one. Null when the sites are no such series.
 */
function seriesOf(sites: readonly EnumerationSite[]): { members: number; end: number } | null {
  const series = sites.filter((s) => s.listed === 1 && s.enclosingEnd !== undefined && SERIES_SHAPES.has(s.shape));
  // Each site names the one member its `missing` leaves out: as many different lists, as many different members.
  const members = new Set(series.map((s) => s.missing.join('|'))).size;
  if (members < 2) return null;
  const last = series.reduce((a, b) => ((b.lines[0] ?? 0) > (a.lines[0] ?? 0) ? b : a));
  return { members, end: last.enclosingEnd as number };
}

/** Sites of several shapes in one file, as one pointer: how many, which shapes, and the most any of them lists. */
function mixedPointerOf(sites: readonly EnumerationSite[], lines: readonly number[], type: string): Pointer {
  // In order (pointerOf): the first site is where the pointer points; the widest is the one naming the most members.
  const widest = sites.reduce((a, b) => (b.listed > a.listed ? b : a));
  const first = sites[0] as EnumerationSite;
  const shapes = [...new Set(sites.map((s) => plural(s.shape)))].slice(0, 3).join(', ');
  const pointer: Pointer = {
    location: `${first.file}:${lines[0] ?? 0}`,
    what: `${sites.length} places naming members of \`${type}\` (${shapes}); the widest lists ${widest.listed} of ${widest.members}`,
    risk: sites.some((s) => s.risk === 'medium') ? 'medium' : widest.risk,
    relevance: sites.some((s) => s.risk === 'medium') ? 4 : 3,
    action: 'check whether the new member belongs in each',
    lists: { members: widest.listed, of: widest.members, default: sites.some((s) => s.hasDefault) },
  };
  return withLines(pointer, lines);
}

/** The pointer's other lines, every one, the strongest site's first (a page lists the first of them: answer-page.ts). */
function withLines(pointer: Pointer, lines: readonly number[]): Pointer {
  return lines.length <= 1 ? pointer : { ...pointer, also: lines.slice(1) };
}

function actionOf(site: EnumerationSite): string {
  if (site.doc && site.shape === 'doc sections') return site.listed === site.members ? 'add a section for the new member' : 'check whether the new member needs a section here';
  if (site.doc) return site.listed === site.members ? 'add the new member to this documentation' : 'check whether this documentation should name the new member';
  if (site.listed < 2) return site.mirror === 'value' ? "keep in step: add the new member's value where it belongs" : 'check whether the new member needs the same treatment';
  if (site.listed === site.members && !site.hasDefault && isIllustrativePath(site.file)) return 'example code showing every member: add the new one if it should show it too';
  if (site.listed === site.members && !site.hasDefault && site.risk !== 'high') return 'check whether it lists the members on purpose (two named together may be chance); if so, add the new one';
  if (site.listed === site.members && !site.hasDefault) return site.mirror ? 'add the new member here (it mirrors the member list)' : 'add the new member here';
  if (site.listed === site.members) return 'add the new member here, or check that the default is right for it';
  return 'check whether the new member belongs here';
}

function plural(shape: string): string {
  if (shape === 'switch/match arms' || shape.endsWith('s')) return shape;
  if (shape === 'if/elif chain') return 'if/elif chains';
  return `${shape}s`;
}
