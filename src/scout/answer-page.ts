/**
 * A page of an answer: the riskiest pointers in full, then, in the tokens left, the places of the pointers
 * after them in brief (file and lines). An edit list is often long (a type named in 40 files); 25 full pointers
 * fill 2,000 tokens, while a line of "file: lines" costs a tenth of one, so the page reaches every file it can
 * and says how to get the rest in full (`--all` in the CLI, the cursor in MCP). Nothing is dropped silently.
 */
import type { FileLines, Pointer, ScoutAnswer } from './answer.js';
import { parseLocation } from './link.js';

/**
 * Lines of one pointer's `also` shown on a page (a file that names the members hundreds of times would fill it).
 * A line number costs about a token and is what an agent opens; on the edit-history benchmark's tuning split
 * (bench/edit-history/page-sim.mjs) 60 lines here, 80 per file in the brief and a third of the page for the
 * brief reach 0.46 of the edited places on the first page, against 0.37 with 40, 12 and a fifth.
 */
export const MAX_ALSO_ON_PAGE = 60;
/** Lines of `also` a page keeps of each of its MIN_POINTERS pointers however full it is. */
const MIN_ALSO_ON_PAGE = 10;
/** Lines of one file in the brief, at most. */
const BRIEF_LINES_PER_FILE = 80;
/** Share of a page kept for the brief when more pointers follow than fit in full. */
export const BRIEF_SHARE = 0.35;
/** Pointers kept in full however long they are. */
export const MIN_POINTERS = 5;

/** In a run of adjacent lines on a trimmed page, one line in RUN_STEP is shown, and the run's last line. */
export const RUN_STEP = 3;

/**
 * The pointer with at most `cap` lines in `also`; its text says how many more the full answer lists. Before
 * cutting, each run of adjacent lines (one entry per line of a long list or map) is thinned to every
 * RUN_STEP-th line and its last, so the page shows where such a construct starts and ends rather than only its
 * first 60 entries: a new member is often inserted in the middle of a sorted list of 160.
 */
export function trimAlso(pointer: Pointer, cap = MAX_ALSO_ON_PAGE): Pointer {
  const also = pointer.also ?? [];
  if (also.length <= cap) return pointer;
  const kept = thinToFit(also, cap).slice(0, cap);
  return { ...pointer, also: kept, what: `${pointer.what} (${also.length - kept.length} more lines in this file, listed in the full answer)` };
}

/** The widest thinning step tried: lines kept at most 2 × MAX_RUN_STEP - 2 apart, every line within 3 of one shown. */
const MAX_RUN_STEP = 4;

/** `lines` thinned with the smallest step from RUN_STEP to MAX_RUN_STEP that brings them within `cap`. */
export function thinToFit(lines: readonly number[], cap: number): number[] {
  let thinned = thinRuns(lines);
  for (let step = RUN_STEP + 1; thinned.length > cap && step <= MAX_RUN_STEP; step++) thinned = thinRuns(lines, step);
  return thinned;
}

/**
 * `lines` in their order, each run of ascending lines less than `step` apart (n, n+1, n+3, …) longer than
 * 2 × `step` thinned to a line at least `step` past the last one kept, and its last line: kept lines are at
 * most 2 × `step` - 2 apart, so every line of the run is within `step` - 1 of one shown.
 */
export function thinRuns(lines: readonly number[], step = RUN_STEP): number[] {
  const out: number[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (end + 1 < lines.length) {
      const gap = (lines[end + 1] as number) - (lines[end] as number);
      if (gap < 1 || gap >= step) break;
      end++;
    }
    const run = lines.slice(start, end + 1);
    if (run.length <= 2 * step) out.push(...run);
    else {
      let last = -Infinity;
      run.forEach((line, k) => {
        if (line - last >= step || k === run.length - 1) {
          out.push(line);
          last = line;
        }
      });
    }
    start = end + 1;
  }
  return out;
}

/**
 * The places of `pointers`, in order, folded into one entry per file (the file's first pointer sets its rank),
 * while `fits` accepts the growing list. Every pointer is either in the brief whole (its location line at
 * least) or not at all, so `count` says exactly which ones the brief covers.
 */
export function briefPlaces(pointers: readonly Pointer[], fits: (brief: FileLines[]) => boolean): { brief: FileLines[]; covered: number } {
  const brief: FileLines[] = [];
  const byFile = new Map<string, FileLines>();
  let covered = 0;
  for (const p of pointers) {
    const { file, line } = parseLocation(p.location);
    const lines = thinRuns([line, ...(p.also ?? [])]);
    const entry = byFile.get(file);
    const next: FileLines = entry
      ? { ...entry, count: entry.count + 1, lines: mergeLines(entry.lines, lines) }
      : { file, count: 1, lines: mergeLines([], lines) };
    const candidate = entry ? brief.map((e) => (e === entry ? next : e)) : [...brief, next];
    if (!fits(candidate)) break;
    brief.length = 0;
    brief.push(...candidate);
    byFile.set(file, next);
    covered++;
  }
  return { brief, covered };
}

/** Lines of both, ascending, at most BRIEF_LINES_PER_FILE (the first ones given win: they rank higher). */
function mergeLines(have: readonly number[], add: readonly number[]): number[] {
  const out = [...have];
  for (const line of add) {
    if (out.length >= BRIEF_LINES_PER_FILE) break;
    if (!out.includes(line)) out.push(line);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The first page of a full answer, as `scout ask` prints it by default: at most `maxPointers` pointers (each
 * with at most MAX_ALSO_ON_PAGE lines), fewer while the answer is over 95 % of `maxTokens` (characters / 4),
 * then the following pointers in brief in the tokens left. `meta.pointers_omitted` counts the pointers
 * neither in full nor in brief.
 */
export function firstPage(answer: ScoutAnswer, maxPointers: number, maxTokens: number): ScoutAnswer {
  const all = answer.pointers;
  const size = (a: ScoutAnswer): number => JSON.stringify(a).length / 4;
  const limit = maxTokens * 0.95;
  let cap = MAX_ALSO_ON_PAGE;
  const pageOf = (n: number): ScoutAnswer => {
    const { by_file: _brief, ...rest } = answer;
    return { ...rest, pointers: all.slice(0, n).map((p) => trimAlso(p, cap)), meta: { ...answer.meta, pointers_omitted: all.length - n } };
  };
  let n = Math.min(maxPointers, all.length);
  let page = pageOf(n);
  while (n > MIN_POINTERS && size(page) > limit) page = pageOf(--n);
  // The pointers kept however long they are still fill the page (a long meta, lines by the hundred): fewer lines each.
  while (cap > MIN_ALSO_ON_PAGE && size(page) > limit) {
    cap = Math.max(MIN_ALSO_ON_PAGE, cap - 10);
    page = pageOf(n);
  }
  if (n === all.length) return page;
  // More follow: the full pointers leave a fifth of the page to the brief.
  while (n > MIN_POINTERS && size(page) > limit * (1 - BRIEF_SHARE)) page = pageOf(--n);
  const after = all.slice(n);
  const withBrief = (brief: FileLines[], covered: number): ScoutAnswer => ({ ...page, by_file: brief, meta: { ...page.meta, pointers_omitted: after.length - covered } });
  const { brief, covered } = briefPlaces(after, (b) => size(withBrief(b, 0)) <= limit);
  return brief.length > 0 ? withBrief(brief, covered) : page;
}
