/** The first page of a long answer: full pointers first, then the following ones in brief, nothing dropped silently. */
import { describe, expect, it } from 'vitest';
import type { Pointer, ScoutAnswer } from '../../src/scout/answer.js';
import { briefPlaces, firstPage, RUN_STEP, thinRuns, thinToFit, trimAlso } from '../../src/scout/answer-page.js';
import { renderAnswer } from '../../src/scout/render-answer.js';

const pointer = (file: string, line: number, also: number[] = []): Pointer => ({
  location: `${file}:${line}`,
  what: `map keyed by every member of \`Kind\`, no default: \`const LABELS: Record<Kind, string> = {\``,
  risk: 'medium',
  relevance: 4,
  action: 'check whether the new member belongs here',
  ...(also.length ? { also } : {}),
});

function answerOf(pointers: Pointer[]): ScoutAnswer {
  return {
    summary: 'Adding a variant to `Kind` …',
    pointers,
    ignored: { total: 0, by_role: {}, examples: [] },
    meta: { nodes_visited: 1, sites_seen: 1, budget: 40, budget_remaining: 0, interpretation: 'add a variant', elapsed_ms: 1, sources: { lsp: 1, index: 0 }, scorer: 'heuristic', notes: [], pointers_omitted: 0 },
  };
}

describe('first page', () => {
  const long = answerOf(Array.from({ length: 120 }, (_, i) => pointer(`src/f${i}.ts`, i + 10, [i + 20, i + 30])));

  it('keeps the riskiest pointers in full, the next ones in brief, and counts exactly the rest', () => {
    const page = firstPage(long, 25, 2000);
    const full = page.pointers.length;
    const brief = page.by_file ?? [];
    expect(full).toBeGreaterThanOrEqual(5);
    expect(full).toBeLessThanOrEqual(25);
    expect(brief.length).toBeGreaterThan(0);
    // The brief continues where the full pointers stop, in order, with each pointer's lines.
    expect(brief[0]).toEqual({ file: `src/f${full}.ts`, count: 1, lines: [full + 10, full + 20, full + 30] });
    const covered = brief.reduce((n, g) => n + g.count, 0);
    expect(full + covered + page.meta.pointers_omitted).toBe(120);
    expect(JSON.stringify(page).length / 4).toBeLessThanOrEqual(2000 * 0.95);
    expect(renderAnswer(page)).toContain(`Places in brief (file: lines):\n- src/f${full}.ts: lines ${full + 10}, ${full + 20}, ${full + 30}`);
  });

  it('reaches more files in the same tokens than full pointers alone', () => {
    const page = firstPage(long, 25, 2000);
    const files = new Set([...page.pointers.map((p) => p.location.split(':')[0]), ...(page.by_file ?? []).map((g) => g.file)]);
    expect(files.size).toBeGreaterThan(page.pointers.length * 2);
  });

  it('pointers with hundreds of lines each under a long meta show fewer lines each, and the page stays in budget', () => {
    const lines = (from: number) => Array.from({ length: 300 }, (_, i) => from + i);
    const heavy = answerOf(Array.from({ length: 8 }, (_, i) => pointer(`src/big${i}.ts`, 1, lines(2))));
    heavy.meta.notes = [Array.from({ length: 1100 }, () => 'word').join(' ')];
    const page = firstPage(heavy, 25, 2000);
    expect(page.pointers.length).toBe(5);
    expect(JSON.stringify(page).length / 4).toBeLessThanOrEqual(2000 * 0.95);
    const shown = page.pointers[0]?.also?.length ?? 0;
    expect(shown).toBeGreaterThanOrEqual(10);
    expect(shown).toBeLessThan(60);
    expect(page.pointers[0]?.what).toContain(`${300 - shown} more lines in this file`);
  });

  it('a short answer is the whole answer, with no brief', () => {
    const page = firstPage(answerOf([pointer('a.ts', 1), pointer('b.ts', 2)]), 25, 2000);
    expect(page.pointers.length).toBe(2);
    expect(page.by_file).toBeUndefined();
    expect(page.meta.pointers_omitted).toBe(0);
  });
});

describe('places in brief', () => {
  it('folds pointers of one file into one entry, at most 80 lines, ascending', () => {
    const { brief, covered } = briefPlaces([pointer('a.ts', 50, Array.from({ length: 100 }, (_, i) => 100 + 3 * i)), pointer('b.ts', 3), pointer('a.ts', 7)], () => true);
    expect(covered).toBe(3);
    expect(brief.map((g) => [g.file, g.count, g.lines.length])).toEqual([['a.ts', 2, 80], ['b.ts', 1, 1]]);
    expect(brief[0]?.lines[0]).toBe(50);
    expect(brief[0]?.lines).toEqual([...(brief[0]?.lines ?? [])].sort((a, b) => a - b));
  });

  it('thins a run of adjacent lines as a page does (one in RUN_STEP, and its last)', () => {
    const { brief } = briefPlaces([pointer('a.ts', 99, Array.from({ length: 100 }, (_, i) => 100 + i))], () => true);
    expect(brief[0]?.lines).toEqual(thinRuns(Array.from({ length: 101 }, (_, i) => 99 + i)));
    expect(brief[0]?.lines.at(-1)).toBe(199);
  });

  it('stops at the first pointer that does not fit, so `covered` names a prefix', () => {
    const { brief, covered } = briefPlaces([pointer('a.ts', 1), pointer('b.ts', 2), pointer('c.ts', 3)], (b) => b.length <= 2);
    expect(covered).toBe(2);
    expect(brief.map((g) => g.file)).toEqual(['a.ts', 'b.ts']);
  });
});

describe('a long pointer on a page', () => {
  it('shows a long run of adjacent lines (a sorted list of 160 entries) from its start to its end, one line in RUN_STEP', () => {
    const list = Array.from({ length: 160 }, (_, i) => 170 + i); // lines 170..329, one entry each
    const onPage = trimAlso(pointer('src/unions/Node.ts', 169, [...list, 400, 410]));
    const also = onPage.also ?? [];
    expect(also.length).toBeLessThanOrEqual(60);
    expect(also[0]).toBe(170);
    expect(also).toContain(329); // the list's end, where an appended member goes
    // Every entry of the list is within RUN_STEP - 1 lines of a shown one: an insertion in the middle is in view.
    for (const line of list) expect(Math.min(...also.map((l) => Math.abs(l - line)))).toBeLessThan(RUN_STEP);
    expect(onPage.what).toMatch(new RegExp(`\\(${162 - also.length} more lines in this file, listed in the full answer\\)`));
  });

  it('a map whose entries take one to three lines each is a run too; a wider step brings it within the cap, every line within 3 of one shown', () => {
    const entries = Array.from({ length: 100 }, (_, i) => 6 + 2 * i + (i % 2)); // 6, 9, 10, 13, 14, …: gaps of 3 and 1
    const thinned = thinToFit(entries, 60);
    expect(thinned.length).toBeLessThanOrEqual(60);
    expect(thinned[0]).toBe(6);
    expect(thinned.at(-1)).toBe(entries.at(-1));
    for (let line = 6; line <= (entries.at(-1) as number); line++) expect(Math.min(...thinned.map((l) => Math.abs(l - line)))).toBeLessThanOrEqual(3);
  });

  it('keeps lines that are not in a run, in their order, and leaves a short pointer alone', () => {
    expect(thinRuns([900, 902, 904, 1, 11, 21])).toEqual([900, 902, 904, 1, 11, 21]);
    expect(thinRuns([5, 6, 7, 8, 9, 10, 11, 40])).toEqual([5, 8, 11, 40]);
    const short = pointer('src/a.ts', 1, [2, 3, 4]);
    expect(trimAlso(short)).toBe(short);
  });
});
