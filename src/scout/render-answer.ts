/**
 * The text rendering of an answer, the one both the CLI (`scout ask`) and the MCP `scout` tool print: the
 * summary, one line per pointer with its action, the groups a page folded into files, what was safely
 * ignored, one line of meta, the notes and the continuation cursor.
 */
import type { Pointer, ScoutAnswer } from './answer.js';

/** What a page of an answer carries (the MCP tool may drop actions or fold pointers into files to fit its budget). */
export interface AnswerView {
  summary: string;
  pointers: ReadonlyArray<Pointer | Omit<Pointer, 'action'>>;
  by_file?: ReadonlyArray<{ file: string; lines: number[] }>;
  next_cursor?: string;
  ignored: ScoutAnswer['ignored'];
  meta: Pick<ScoutAnswer['meta'], 'nodes_visited' | 'sites_seen' | 'budget' | 'budget_remaining' | 'interpretation' | 'elapsed_ms' | 'scorer' | 'sources' | 'notes'> & {
    pointers_omitted?: number;
  };
}

export function renderAnswer(view: AnswerView): string {
  const out = [view.summary, ''];
  for (const p of view.pointers) {
    const action = 'action' in p && p.action ? `\n    → ${p.action}` : '';
    out.push(`- [${p.risk}] ${p.location}${p.also ? ` (also ${p.also.join(', ')})` : ''} — ${p.what}${action}`);
  }
  if ((view.by_file ?? []).length > 0) out.push('', 'Places in brief (file: lines):');
  for (const g of view.by_file ?? []) out.push(`- ${g.file}: lines ${g.lines.join(', ')}`);
  const omitted = view.meta.pointers_omitted ?? 0;
  if (omitted > 0) out.push(`  … ${omitted} more lower-ranked place(s) (\`scout ask … --all\` lists every one)`);
  if (view.ignored.total > 0) {
    const examples = view.ignored.examples.length > 0 ? `; e.g. ${view.ignored.examples.join('; ')}` : '';
    out.push('', `Safely ignored (${view.ignored.total}): ${Object.entries(view.ignored.by_role).map(([r, n]) => `${n} ${r}`).join(', ')}${examples}`);
  }
  const m = view.meta;
  out.push('', `${m.interpretation} · ${m.nodes_visited} nodes visited (${m.sites_seen} sites), budget ${m.budget_remaining}/${m.budget} left · ${m.elapsed_ms} ms · scorer ${m.scorer} · sources lsp ${m.sources.lsp} / index ${m.sources.index}`);
  for (const n of m.notes) out.push(`note: ${n}`);
  if (view.next_cursor) out.push(`next_cursor: ${view.next_cursor}`);
  return out.join('\n');
}
