/** `scout ask` and `scout demo`: one budgeted exploration, answered as JSON or readable text. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';
import { LspService } from '../lsp/lsp-service.js';
import { explore } from '../scout/explore.js';
import { HeuristicScorer } from '../scout/scorers/heuristic.js';
import { LlmScorer } from '../scout/scorers/llm.js';
import { MockScorer } from '../scout/scorers/mock.js';
import type { Scorer } from '../scout/scorers/scorer.js';
import { synthesize, type ScoutAnswer } from '../scout/synthesis.js';
import { renderTrace, type TraceNode } from '../scout/trace-html.js';

export interface AskFlags {
  tags?: string[];
  budget?: string;
  scorer?: string;
  trace?: string;
}

export const DEMO_QUESTION = 'what breaks if I add a variant to `LLMKind`?';

export function demoRepository(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'llm-router');
}

function makeScorer(name: string, config: ReturnType<typeof loadConfig>): Scorer {
  if (name === 'heuristic') return new HeuristicScorer();
  if (name === 'mock') return new MockScorer();
  if (name === 'llm') {
    return new LlmScorer({ baseUrl: config.scout.llmBaseUrl, model: config.scout.llmModel, apiKeyEnv: config.scout.llmApiKeyEnv, timeoutMs: config.scout.llmTimeoutMs });
  }
  throw new ScoutError('USAGE', `unknown scorer "${name}"; use heuristic, llm or mock`);
}

export async function runAsk(root: string, question: string, flags: AskFlags, onProgress?: (message: string) => void): Promise<ScoutAnswer> {
  if (question.trim().length === 0) throw new ScoutError('USAGE', 'scout ask needs a question: scout ask "what breaks if I add a variant to `LLMKind`?"');
  const config = loadConfig(root);
  const scorerName = flags.scorer ?? config.scout.scorer;
  const scorer = makeScorer(scorerName, config);
  let budget: number | undefined;
  if (flags.budget !== undefined) {
    budget = Number(flags.budget);
    if (!Number.isFinite(budget)) throw new ScoutError('USAGE', `--budget takes a number, got "${flags.budget}"`);
  }
  const store = SqliteStore.open(root);
  const lsp = new LspService({ root, db: store.database });
  try {
    const freshness = await ensureFresh(root, store, { config });
    const exploration = await explore(question.slice(0, 2000), {
      root,
      db: store.database,
      lsp,
      scorer,
      tags: flags.tags?.flatMap((t) => t.split(',')).filter(Boolean) ?? null,
      budget: budget ?? config.scout.budget,
      onProgress: onProgress ? (e) => onProgress(e.message) : undefined,
    });
    const answer = synthesize(exploration, scorer.name);
    if (scorer instanceof LlmScorer && scorer.stats.lastProblem) answer.meta.notes.push(`LLM scorer: ${scorer.stats.lastProblem}; affected links were rated by the heuristic`);
    answer.meta.freshness = freshness;
    if (flags.trace) {
      const nodes: TraceNode[] = exploration.visited.map((v) => ({
        id: v.link.id,
        location: `${v.link.location.file}:${v.link.location.line}`,
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
  for (const p of answer.pointers) out.push(`- [${p.risk}] ${p.location} — ${p.what}\n    → ${p.action}`);
  if (answer.meta.pointers_omitted > 0) out.push(`  … ${answer.meta.pointers_omitted} more lower-ranked site(s) (see --json or --trace)`);
  if (answer.ignored.total > 0) out.push('', `Safely ignored (${answer.ignored.total}): ${Object.entries(answer.ignored.by_role).map(([r, n]) => `${n} ${r}`).join(', ')}; e.g. ${answer.ignored.examples.join('; ')}`);
  const m = answer.meta;
  out.push('', `${m.interpretation} · ${m.nodes_visited} nodes visited, budget ${m.budget_remaining}/${m.budget} left · ${m.elapsed_ms} ms · scorer ${m.scorer} · sources lsp ${m.sources.lsp} / index ${m.sources.index}`);
  for (const n of m.notes) out.push(`note: ${n}`);
  return out.join('\n');
}
