/**
 * Answers that fit a token budget. A list answer shrinks step by step: first
 * as is, then without its heavy fields (snippets, code context), then grouped by
 * file (every item still accounted for, as file + lines), and last a page of the
 * lightest items that fits plus counts and a cursor for the rest. Nothing is
 * dropped silently: the answer says which step was taken and how many items the
 * page left out.
 */

/** Rough token count of what the agent will read (JSON averages ~3.5 characters per token). */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Math.ceil(text.length / 3.5);
}

export const DEFAULT_MAX_TOKENS = 2000;
export const MIN_MAX_TOKENS = 100;

export type ShrinkStep = 'none' | 'dropped_snippets' | 'grouped_by_file' | 'paged';

export interface FileGroup {
  file: string;
  count: number;
  lines: number[];
}

export interface ListShape<T> {
  /** The item without its heavy fields. */
  light(item: T): T;
  file(item: T): string;
  line(item: T): number;
  /** False when grouping by file says nothing (the items are not places in files). */
  groupable?: boolean;
}

export interface FittedList<T> {
  items: T[];
  by_file?: FileGroup[];
  shrink: ShrinkStep;
  /** Items in this answer (grouped ones count), and how many are left for the cursor. */
  shown: number;
  remaining: number;
}

/**
 * Fit `items` into `maxTokens` together with the rest of the answer, which
 * `wrap` builds around a candidate list (so its size counts too).
 */
export function fitList<T>(items: T[], shape: ListShape<T>, maxTokens: number, wrap: (fitted: FittedList<T>) => unknown): FittedList<T> {
  const fits = (fitted: FittedList<T>): boolean => estimateTokens(wrap(fitted)) <= maxTokens;
  const full: FittedList<T> = { items, shrink: 'none', shown: items.length, remaining: 0 };
  if (fits(full)) return full;
  const lightItems = items.map((item) => shape.light(item));
  const light: FittedList<T> = { items: lightItems, shrink: 'dropped_snippets', shown: items.length, remaining: 0 };
  if (fits(light)) return light;
  if (shape.groupable !== false) {
    const grouped: FittedList<T> = { items: [], by_file: groupByFile(items, shape), shrink: 'grouped_by_file', shown: items.length, remaining: 0 };
    if (fits(grouped)) return grouped;
  }
  // The largest page of light items that fits (binary search on the prefix length).
  const page = (n: number): FittedList<T> => ({ items: lightItems.slice(0, n), shrink: 'paged', shown: n, remaining: items.length - n });
  let lo = 0;
  let hi = lightItems.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(page(mid))) lo = mid;
    else hi = mid - 1;
  }
  return page(lo);
}

export function groupByFile<T>(items: T[], shape: ListShape<T>): FileGroup[] {
  const groups = new Map<string, FileGroup>();
  for (const item of items) {
    const file = shape.file(item);
    let group = groups.get(file);
    if (!group) {
      group = { file, count: 0, lines: [] };
      groups.set(file, group);
    }
    group.count++;
    group.lines.push(shape.line(item));
  }
  return [...groups.values()];
}

/** What the shrink step means, for the text rendering and notes. */
export function shrinkNote(fitted: FittedList<unknown>, maxTokens: number, cursor: string | undefined): string | null {
  switch (fitted.shrink) {
    case 'none':
      return null;
    case 'dropped_snippets':
      return `snippets dropped to fit max_tokens=${maxTokens}`;
    case 'grouped_by_file':
      return `grouped by file to fit max_tokens=${maxTokens}; narrow the query or raise max_tokens for details`;
    case 'paged':
      return `${fitted.shown} shown, ${fitted.remaining} more: pass cursor "${cursor ?? ''}" for the next page, or raise max_tokens`;
  }
}
