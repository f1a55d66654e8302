/**
 * One question answered: pick the scorer, explore, synthesize, and say in meta
 * what fell back. Shared by `scout ask` (one process per question) and the MCP
 * `scout` tool (long-lived store and language servers).
 */
import type { IndexDb } from '../index/db.js';
import type { ScoutConfig } from '../core/config.js';
import { ScoutError } from '../core/errors.js';
import type { LspService } from '../lsp/lsp-service.js';
import { assertReadableChangeTarget } from './change-target.js';
import { explore, readQuestion, seedQuestion, type Exploration, type ProgressEvent } from './explore.js';
import { HeuristicScorer } from './scorers/heuristic.js';
import { LlmScorer } from './scorers/llm.js';
import { MockScorer } from './scorers/mock.js';
import type { Scorer } from './scorers/scorer.js';
import type { ScoutAnswer } from './answer.js';
import { synthesize } from './synthesis.js';
import { Checkers } from './verify/checkers.js';
import { findEnumerationSites } from './enumeration/enumeration-sites.js';
import { verifyChange, wantsVerification, type SeededQuestion, type Verification } from './verify/verify.js';
import { configGuardReader } from './config-guards.js';

export const SCORER_NAMES = ['heuristic', 'llm', 'mock'] as const;

export function makeScorer(name: string, config: ScoutConfig): Scorer {
  if (name === 'heuristic') return new HeuristicScorer();
  if (name === 'mock') return new MockScorer();
  if (name === 'llm') {
    return new LlmScorer({ baseUrl: config.scout.llmBaseUrl, model: config.scout.llmModel, apiKeyEnv: config.scout.llmApiKeyEnv, timeoutMs: config.scout.llmTimeoutMs });
  }
  throw new ScoutError('USAGE', `unknown scorer "${name}"; use ${SCORER_NAMES.join(', ')}`);
}

export interface AskOptions {
  root: string;
  db: IndexDb;
  lsp: LspService;
  config: ScoutConfig;
  scorer?: string;
  tags?: string[] | null;
  tagHints?: Record<string, string> | null;
  budget?: number | null;
  maxPointers?: number;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  /** The checkers for the verify step; a long-lived caller passes the same ones every time (warm programs). Default: new ones for this question. */
  checkers?: Checkers;
  /** Milliseconds the checker may take; default config.scout.verifyTimeoutMs (0 turns verification off). */
  verifyTimeoutMs?: number;
}

export const MAX_QUESTION_CHARS = 2000;

/**
 * The pipeline of one question: read it (once) → find the target (seeds) → explore and verify side by side
 * (the checker runs in this process while the exploration waits on the language server, another process) →
 * synthesize. Each step is called from here; no step calls back into another.
 */
export async function answerQuestion(question: string, options: AskOptions): Promise<{ answer: ScoutAnswer; exploration: Exploration; verification: Verification | null }> {
  if (question.trim().length === 0) throw new ScoutError('USAGE', 'the question is empty: ask e.g. "what breaks if I add a variant to `LLMKind`?"');
  const started = performance.now();
  const text = question.slice(0, MAX_QUESTION_CHARS);
  const query = readQuestion(text, options.tags ?? null, options.tagHints ?? null);
  assertReadableChangeTarget(question, query);
  const scorerName = options.scorer ?? options.config.scout.scorer;
  const scorer = makeScorer(scorerName, options.config);
  options.lsp.refreshConfinement();
  const droppedBefore = options.lsp.droppedOutside().throughLinks;
  const seeded = await seedQuestion(query, options);
  const verifying = verifyStep(seeded, options);
  verifying.catch(() => undefined); // awaited below; an exploration that throws first must not leave it unhandled
  // The places that list the type's members, compiled or not (read from the files: no server needed).
  const enumeration = options.config.scout.enumerationSites && wantsEnumeration(seeded) ? findEnumerationSites(seeded, { root: options.root, db: options.db, config: options.config }) : null;
  const exploration = await explore(seeded, {
    root: options.root,
    db: options.db,
    lsp: options.lsp,
    scorer,
    budget: options.budget ?? options.config.scout.budget,
    timeBudgetMs: options.config.scout.exploreTimeBudgetMs,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const verification = await verifying;
  const guards = verification?.status === 'verified' ? configGuardReader(options.root) : null;
  const answer = synthesize(exploration, scorer.name, options.maxPointers, undefined, verification, enumeration, guards);
  // The whole answer's time (the enumeration before the exploration and the wait for the checker included), not the exploration's alone.
  answer.meta.elapsed_ms = Math.round(performance.now() - started);
  if (question.length > MAX_QUESTION_CHARS) answer.meta.notes.push(`question cut to its first ${MAX_QUESTION_CHARS} characters`);
  const droppedThroughLinks = options.lsp.droppedOutside().throughLinks - droppedBefore;
  if (droppedThroughLinks > 0) {
    answer.meta.notes.push(`${droppedThroughLinks} language-server result(s) lay outside the repository root, reached through a symbolic link inside it, and were left out (such files are never named or quoted)`);
  }
  if (scorer instanceof LlmScorer && scorer.stats.lastProblem) answer.meta.notes.push(`LLM scorer: ${scorer.stats.lastProblem}; affected links were rated by the heuristic`);
  return { answer, exploration, verification };
}

/** "Add a variant" questions get the enumeration sites of the type's members. */
function wantsEnumeration(seeded: SeededQuestion): boolean {
  return seeded.query.intent === 'add_variant' && (!seeded.query.change || seeded.query.change.kind === 'add_variant');
}

/** The verify step for change questions (null for other questions, or when turned off). */
async function verifyStep(exploration: SeededQuestion, options: AskOptions): Promise<Verification | null> {
  if (!wantsVerification(exploration)) return null;
  const timeoutMs = options.verifyTimeoutMs ?? options.config.scout.verifyTimeoutMs;
  if (timeoutMs <= 0) return { status: 'no_checker', checker: null, check: null, ms: 0, note: 'not verified: verification is turned off (scout.verifyTimeoutMs is 0)' };
  const checkers = options.checkers ?? new Checkers();
  try {
    const likelyOnlyAfterMs = options.config.scout.verifyLikelyOnlyAfterMs;
    return await verifyChange(exploration, { root: options.root, checkers, timeoutMs, likelyOnlyAfterMs, ...(options.signal ? { signal: options.signal } : {}) });
  } finally {
    if (!options.checkers) checkers.dispose();
  }
}
