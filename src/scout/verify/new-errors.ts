/**
 * The errors an edit introduced: the edited code's errors minus the unmodified code's, as a multiset under a
 * key each checker chooses (an error that was there before and is still there once is not new; a second
 * copy of it is).
 */
export function newErrors<T>(after: readonly T[], before: readonly T[], keyOf: (d: T) => string): T[] {
  const left = new Map<string, number>();
  for (const d of before) left.set(keyOf(d), (left.get(keyOf(d)) ?? 0) + 1);
  const out: T[] = [];
  for (const d of after) {
    const k = keyOf(d);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(d);
  }
  return out;
}
