/** `scout ask` and `scout demo`: one budgeted exploration, answered as JSON or readable text. */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../core/config.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';
import { LspService } from '../lsp/lsp-service.js';
import { answerQuestion, makeScorer } from '../scout/ask.js';
import type { ScoutAnswer } from '../scout/synthesis.js';
import { renderTrace, type TraceNode } from '../scout/trace-html.js';

export interface AskFlags {
  tags?: string[];
  budget?: string;
  scorer?: string;
  trace?: string;
}

export const DEMO_QUESTION = 'what breaks if I add a variant to `LLMKind`?';

export { prepareDemoRepository } from './demo-repo.js';

export async function runAsk(root: string, question: string, flags: AskFlags, onProgress?: (message: string) => void): Promise<ScoutAnswer> {
  if (question.trim().length === 0) throw new ScoutError('USAGE', 'scout ask needs a question: scout ask "what breaks if I add a variant to `LLMKind`?"');
  const config = loadConfig(root);
  if (flags.scorer !== undefined) makeScorer(flags.scorer, config); // bad --scorer fails before any work
  let budget: number | undefined;
  if (flags.budget !== undefined) {
    budget = Number(flags.budget);
    if (!Number.isFinite(budget)) throw new ScoutError('USAGE', `--budget takes a number, got "${flags.budget}"`);
  }
  const store = SqliteStore.open(root);
  const lsp = new LspService({ root, db: store.database });
  try {
    const freshness = await ensureFresh(root, store, { config });
    const { answer, exploration } = await answerQuestion(question, {
      root,
      db: store.database,
      lsp,
      config,
      ...(flags.scorer !== undefined ? { scorer: flags.scorer } : {}),
      tags: flags.tags?.flatMap((t) => t.split(',')).filter(Boolean) ?? null,
      budget: budget ?? null,
      ...(onProgress ? { onProgress: (e: { message: string }) => onProgress(e.message) } : {}),
    });
    answer.meta.freshness = freshness;
    if (flags.trace) {
      const nodes: TraceNode[] = exploration.visited.map((v) => ({
        id: v.link.id,
        // A node stands for its place: the sites folded into it are listed after its own line.
        location: `${v.link.location.file}:${v.link.location.line}${v.link.alsoAt?.length ? ` (+ ${v.link.alsoAt.map((f) => f.location.line).join(', ')})` : ''}`,
        label: v.link.symbol && v.link.relation !== 'reference' ? v.link.symbol : (v.link.snippet.split('\n')[v.link.location.line - v.link.snippetStartLine] ?? '').trim(),
        relation: v.link.relation,
        depth: v.link.depth,
        parent: v.parent,
        rubric: v.rating?.rubric ?? null,
        score: v.decision?.score ?? null,
        decision: v.link.relation === 'seed' ? 'seed' : v.expanded ? 'expanded' : v.leaf ? 'leaf' : v.decision?.reason.includes('budget exhausted') ? 'not_expanded_budget' : 'pruned',
        why: v.link.relation === 'seed' ? 'seed' : (v.decision?.reason ?? ''),
      }));
      writeFileSync(flags.trace, renderTrace(question, nodes, { ...answer.meta, summary: answer.summary }));
    }
    return answer;
  } finally {
    await lsp.shutdown();
    store.close();
  }
}

export function formatAnswer(answer: ScoutAnswer): string {
  const out = [answer.summary, ''];
  for (const p of answer.pointers) out.push(`- [${p.risk}] ${p.location}${p.also ? ` (also ${p.also.join(', ')})` : ''} — ${p.what}\n    → ${p.action}`);
  if (answer.meta.pointers_omitted > 0) out.push(`  … ${answer.meta.pointers_omitted} more lower-ranked place(s) (see --json or --trace)`);
  if (answer.ignored.total > 0) out.push('', `Safely ignored (${answer.ignored.total}): ${Object.entries(answer.ignored.by_role).map(([r, n]) => `${n} ${r}`).join(', ')}; e.g. ${answer.ignored.examples.join('; ')}`);
  const m = answer.meta;
  out.push('', `${m.interpretation} · ${m.nodes_visited} nodes visited (${m.sites_seen} sites), budget ${m.budget_remaining}/${m.budget} left · ${m.elapsed_ms} ms · scorer ${m.scorer} · sources lsp ${m.sources.lsp} / index ${m.sources.index}`);
  for (const n of m.notes) out.push(`note: ${n}`);
  return out.join('\n');
}
