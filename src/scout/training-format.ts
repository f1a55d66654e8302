/**
 * Training export: an exploration's ratings as chat fine-tuning records for a function-calling model
 * such as FunctionGemma (the `messages` + `tools` layout Hugging Face TRL's SFT trainer and the
 * FunctionGemma fine-tuning guide use):
 *
 *   {"messages": [
 *      {"role": "system", "content": "<rating instructions>\n\n<rate_links declaration as JSON>"},
 *      {"role": "user", "content": "<the rating prompt: query, tags, numbered links>"},
 *      {"role": "assistant", "tool_calls": [{"type": "function",
 *         "function": {"name": "rate_links", "arguments": {"ratings": [{"id": 1, "relevance": 5, ...}]}}}]}
 *    ],
 *    "tools": [{"type": "function", "function": <rate_links declaration>}]}
 *
 * The user message is exactly what the LLM scorer sends at inference (rating-prompt.ts), so a model is
 * trained on what it will be asked. Pure functions; writing the file is the caller's job.
 */
import type { ScoutLink } from './link.js';
import type { AnalyzedQuery } from './query-analysis.js';
import type { Rubric } from './rubric.js';
import { LLM_SCORER_DEFAULTS } from './scorers/llm.js';
import { buildRatingPrompt, RATE_LINKS_FUNCTION, rateLinksDeclaration, RATING_SYSTEM_PROMPT } from './scorers/rating-prompt.js';

export interface RatedLink {
  link: ScoutLink;
  rubric: Rubric;
}

export interface TrainingOptions {
  /** Role of the first message: 'system' (default) or 'developer' (FunctionGemma's own name for it). */
  systemRole?: 'system' | 'developer';
  /** Also spell the declaration out in the system message (default true); set false when the trainer's chat template renders `tools` itself. */
  declarationInSystem?: boolean;
  /** Tool-call arguments as an object (default; TRL and Gemma templates) or a JSON string (OpenAI fine-tuning). */
  argumentsAs?: 'object' | 'string';
}

export interface TrainingToolCall {
  id?: string;
  type: 'function';
  function: { name: string; arguments: Record<string, unknown> | string };
}

export type TrainingMessage =
  | { role: 'system' | 'developer'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; tool_calls: TrainingToolCall[] };

export interface TrainingRecord {
  messages: TrainingMessage[];
  tools: Array<{ type: 'function'; function: ReturnType<typeof rateLinksDeclaration> }>;
}

/** One record for a batch of rated links (all of them, in order; at least one). */
export function toTrainingRecord(query: AnalyzedQuery, rated: readonly RatedLink[], options: TrainingOptions = {}): TrainingRecord {
  if (rated.length === 0) throw new RangeError('a training record needs at least one rated link');
  const declaration = rateLinksDeclaration(query.tags, rated.length);
  const allowed = new Map(query.tags.map((t) => [t.toLowerCase(), t]));
  const ratings = rated.map(({ rubric }, i) => ({
    id: i + 1,
    relevance: rubric.relevance,
    risk: rubric.risk,
    complexity: rubric.complexity,
    confidence: rubric.confidence,
    tags: rubric.tags.map((t) => allowed.get(t.toLowerCase())).filter((t): t is string => t !== undefined),
    reason: rubric.reason,
  }));
  const args = { ratings };
  const system =
    options.declarationInSystem === false
      ? RATING_SYSTEM_PROMPT
      : `${RATING_SYSTEM_PROMPT}\n\nYou can call this function:\n${JSON.stringify(declaration)}`;
  const call: TrainingToolCall =
    options.argumentsAs === 'string'
      ? { id: 'call_0', type: 'function', function: { name: RATE_LINKS_FUNCTION, arguments: JSON.stringify(args) } }
      : { type: 'function', function: { name: RATE_LINKS_FUNCTION, arguments: args } };
  return {
    messages: [
      { role: options.systemRole ?? 'system', content: system },
      { role: 'user', content: buildRatingPrompt(query, rated.map((r) => r.link)) },
      { role: 'assistant', tool_calls: [call] },
    ],
    tools: [{ type: 'function', function: declaration }],
  };
}

/** One exploration's ratings as ONE JSONL line (no trailing newline). */
export function toTrainingLine(query: AnalyzedQuery, rated: readonly RatedLink[], options: TrainingOptions = {}): string {
  return JSON.stringify(toTrainingRecord(query, rated, options));
}

/**
 * One exploration's ratings as JSONL, one line per batch of `batchSize` links (default: the LLM
 * scorer's batch size, so training prompts look like inference prompts), each line ending in `\n`.
 * '' when nothing was rated.
 */
export function toTrainingJsonl(
  query: AnalyzedQuery,
  rated: readonly RatedLink[],
  options: TrainingOptions & { batchSize?: number } = {},
): string {
  const size = options.batchSize !== undefined && options.batchSize >= 1 ? Math.floor(options.batchSize) : LLM_SCORER_DEFAULTS.batchSize;
  let out = '';
  for (let start = 0; start < rated.length; start += size) {
    out += `${toTrainingLine(query, rated.slice(start, start + size), options)}\n`;
  }
  return out;
}
