/**
 * How many facts of each kind the index holds (definitions by kind, usages, imports, calls, chunks),
 * for `scout status`. Counting them takes 60-170 ms at 1.5M lines (two million usage rows, a scan of
 * every definition for its kind), so the totals are kept in meta with the index generation they
 * describe (see INDEX_GENERATION_KEY in read/meta.ts). A write of a few files brings them forward by
 * the difference of those files' facts (counted before and after, through the per-file indexes);
 * a larger write counts everything again. Both happen inside the write's transaction.
 */
import type { IndexDb } from './db.js';
import { firstValue, tuplesOf } from './sqlite.js';

export interface FactTotals {
  definitions: number;
  usages: number;
  imports: number;
  calls: number;
  chunks: number;
  byKind: Record<string, number>;
}

/** Meta key: `{"generation": G, "totals": FactTotals}`. */
export const FACT_TOTALS_KEY = 'fact_totals';

const TABLES = ['definitions', 'usages', 'imports', 'calls', 'chunks'] as const;

/** The totals of the whole index, or of the files at these repo-relative paths. */
export function countFacts(db: IndexDb, paths?: readonly string[]): FactTotals {
  const totals: FactTotals = { definitions: 0, usages: 0, imports: 0, calls: 0, chunks: 0, byKind: {} };
  if (paths) {
    const fileId = db.prepare('SELECT id FROM files WHERE path = ?');
    for (const p of new Set(paths)) {
      const id = firstValue(fileId, p) as number | undefined;
      if (id === undefined) continue;
      for (const table of TABLES) totals[table] += firstValue(db.prepare(`SELECT COUNT(*) FROM ${table} WHERE file_id = ?`), id) as number;
      for (const [kind, n] of tuplesOf(db.prepare('SELECT kind, COUNT(*) FROM definitions WHERE file_id = ? GROUP BY kind'), id) as Array<[string, number]>) {
        totals.byKind[kind] = (totals.byKind[kind] ?? 0) + n;
      }
    }
    return totals;
  }
  for (const table of TABLES) totals[table] = firstValue(db.prepare(`SELECT COUNT(*) FROM ${table}`)) as number;
  for (const [kind, n] of tuplesOf(db.prepare('SELECT kind, COUNT(*) FROM definitions GROUP BY kind')) as Array<[string, number]>) totals.byKind[kind] = n;
  return totals;
}

/** `base` − `removed` + `added`, kinds that reach zero dropped. */
export function moveTotals(base: FactTotals, removed: FactTotals, added: FactTotals): FactTotals {
  const out: FactTotals = { ...base, byKind: { ...base.byKind } };
  for (const table of TABLES) out[table] += added[table] - removed[table];
  for (const [kind, n] of Object.entries(removed.byKind)) out.byKind[kind] = (out.byKind[kind] ?? 0) - n;
  for (const [kind, n] of Object.entries(added.byKind)) out.byKind[kind] = (out.byKind[kind] ?? 0) + n;
  for (const [kind, n] of Object.entries(out.byKind)) if (n === 0) delete out.byKind[kind];
  return out;
}

/** The stored totals if they describe `generation`, else null. */
export function readFactTotals(stored: string | null, generation: number): FactTotals | null {
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as { generation?: unknown; totals?: FactTotals };
    return value.generation === generation && value.totals ? value.totals : null;
  } catch {
    return null;
  }
}

export function formatFactTotals(generation: number, totals: FactTotals): string {
  return JSON.stringify({ generation, totals });
}
