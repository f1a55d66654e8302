/** `scout ask` and `scout demo`: one budgeted exploration, answered as JSON or readable text. */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../core/config.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';
import { LspService } from '../lsp/lsp-service.js';
import { answerQuestion, makeScorer } from '../scout/ask.js';
import { IndexFallback } from '../scout/index-fallback.js';
import type { ScoutAnswer } from '../scout/answer.js';
import { renderAnswer } from '../scout/render-answer.js';
import { renderTrace, type TraceNode } from '../scout/trace-html.js';

export interface AskFlags {
  tags?: string[];
  budget?: string;
  scorer?: string;
  trace?: string;
  /** Every pointer, not only the first page (about 2,000 tokens). */
  all?: boolean;
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
  const lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
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
      ...(flags.all ? { maxPointers: Number.POSITIVE_INFINITY } : {}),
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
        decision: v.link.relation === 'seed' ? 'seed' : v.expanded ? 'expanded' : v.leaf ? 'leaf' : v.decision?.verdict === 'budget_exhausted' ? 'not_expanded_budget' : 'pruned',
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

/** The answer as text (the same rendering the MCP tool prints). */
export function formatAnswer(answer: ScoutAnswer): string {
  return renderAnswer(answer);
}
