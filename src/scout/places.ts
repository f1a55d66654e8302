/**
 * Places: what the exploration rates as one node.
 *
 * A reference search returns sites; a person reading them looks at places and patterns. The three
 * cases of one switch, the four entries of one Record, the same `maps[Kind.A]` lookup repeated down
 * one file are one thing to judge, so they are rated once, as one node whose other sites ride along
 * (`alsoAt`: their lines are shown to model scorers, and each is still its own line in the answer,
 * described in its own definition). Sites join a node only when they are leaves (nothing behind
 * them to expand), in the same file, and the heuristic reads them exactly the same way (same rubric,
 * so the same role and the same server facts): folding never changes the default scorer's answer,
 * it saves a model scorer the calls and keeps the trace readable.
 *
 * Two more kinds of site are not rated at all:
 * - sites the question's intent ignores by rule (imports and re-exports for "what breaks if I add a
 *   variant"): whatever a scorer said, synthesis would list them as safely ignored;
 * - a line already rated the same way through another name (`kind === Kind.A` reached from `Kind`
 *   and again from the parameter `kind`).
 */
import type { ScoutLink } from './link.js';
import type { AnalyzedQuery } from './query-analysis.js';
import { heuristicRubric, safelyIgnoredReason } from './scorers/heuristic.js';

/** A site set aside before rating, with the rule's reason. */
export interface SetAsideSite {
  link: ScoutLink;
  reason: string;
}

/** What the exploration remembers of the places it has rated, across steps. */
export interface PlaceMemory {
  /** Ids of every site folded into a node, dropped as a repeat or set aside (nodes themselves are in the visited map). */
  folded: Set<string>;
  /** `file:line|rubric` of every rated site: the same line read the same way is not rated twice. */
  readings: Set<string>;
  /** Sites set aside by the intent's rule, in the order found. */
  setAside: SetAsideSite[];
  /** Sites skipped as a line already rated the same way. */
  repeats: number;
}

export function newPlaceMemory(): PlaceMemory {
  return { folded: new Set(), readings: new Set(), setAside: [], repeats: 0 };
}

/** Whether the exploration has already seen this site: as a node, folded into one, or set aside. */
export function seenSite(memory: PlaceMemory, visited: { has(id: string): boolean }, id: string): boolean {
  return visited.has(id) || memory.folded.has(id);
}

/**
 * The nodes to rate among `links` (one step's new sites): sites ignored by rule are set aside,
 * repeats of a line already read the same way are dropped, and the remaining leaf sites that read
 * the same in one file are folded into the first of them. `isLeaf` says whether a link has nothing to expand (only
 * leaves are folded: a site that leads on keeps its own node).
 */
export function groupIntoPlaces(query: AnalyzedQuery, links: readonly ScoutLink[], memory: PlaceMemory, isLeaf: (link: ScoutLink) => boolean): ScoutLink[] {
  const nodes: ScoutLink[] = [];
  const byPlace = new Map<string, ScoutLink>();
  for (const link of links) {
    const ignored = link.relation === 'reference' ? safelyIgnoredReason(query, link) : null;
    if (ignored !== null) {
      memory.setAside.push({ link, reason: ignored });
      memory.folded.add(link.id);
      continue;
    }
    const reading = JSON.stringify(heuristicRubric(query, link));
    const lineReading = `${link.location.file}:${link.location.line}|${reading}`;
    const leaf = link.relation === 'reference' && isLeaf(link);
    if (leaf && memory.readings.has(lineReading)) {
      memory.repeats++;
      memory.folded.add(link.id);
      continue;
    }
    memory.readings.add(lineReading);
    const place = leaf ? `${link.location.file}|${link.role}|${reading}` : null;
    const node = place !== null ? byPlace.get(place) : undefined;
    if (node) {
      (node.alsoAt ??= []).push(link);
      memory.folded.add(link.id);
      continue;
    }
    if (place !== null) byPlace.set(place, link);
    nodes.push(link);
  }
  return nodes;
}

/** Every site a node stands for: itself and the sites folded into it. */
export function sitesOf(link: ScoutLink): ScoutLink[] {
  return [link, ...(link.alsoAt ?? [])];
}
