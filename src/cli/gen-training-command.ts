/** `scout gen-training N`: explorations over generated questions, rated by the heuristic, as chat fine-tuning JSONL. */
import { appendFileSync, writeFileSync } from 'node:fs';
import { ScoutError } from '../core/errors.js';
import { ensureFresh } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';
import { LspService } from '../lsp/lsp-service.js';
import { explore } from '../scout/explore.js';
import { IndexFallback } from '../scout/index-fallback.js';
import { HeuristicScorer } from '../scout/scorers/heuristic.js';
import { toTrainingJsonl } from '../scout/training-format.js';
import { trainingQuestions } from '../scout/training-questions.js';

export async function runGenTraining(root: string, countText: string | undefined, out: string | undefined, onLine: (line: string) => void): Promise<{ questions: number; records: number }> {
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new ScoutError('USAGE', 'scout gen-training N: N must be a whole number from 1 to 10000');
  const store = SqliteStore.open(root);
  const lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
  try {
    await ensureFresh(root, store);
    const questions = trainingQuestions(store.database, count);
    if (questions.length === 0) throw new ScoutError('USAGE', 'the repository has no exported enums, types, functions or classes to ask about');
    if (out) writeFileSync(out, '');
    let records = 0;
    for (const question of questions) {
      const exploration = await explore(question, { root, db: store.database, lsp, scorer: new HeuristicScorer() });
      const rated = exploration.visited.flatMap((v) => (v.rating ? [{ link: v.link, rubric: v.rating.rubric }] : []));
      const jsonl = toTrainingJsonl(exploration.query, rated);
      records += jsonl.split('\n').filter(Boolean).length;
      if (out) appendFileSync(out, jsonl);
      else onLine(jsonl.trimEnd());
    }
    return { questions: questions.length, records };
  } finally {
    await lsp.shutdown();
    store.close();
  }
}
