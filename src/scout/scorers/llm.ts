/**
 * The LLM scorer: any OpenAI-compatible chat endpoint, `POST {baseUrl}/chat/completions`
 * (FunctionGemma or any small model under Ollama, llama.cpp server, vLLM, LM Studio, OpenAI).
 *
 * - Links go in batches of `batchSize` per request, one request at a time, with the seed's rating prompt
 *   (see rating-prompt.ts).
 * - Structured output: `protocol` 'json_schema' (default) sends `response_format: {type: 'json_schema'}`
 *   with the ratings schema; 'tools' sends the `rate_links` function declaration with
 *   `tool_choice: 'required'` (function-calling models such as FunctionGemma); 'both' sends both with
 *   `tool_choice: 'auto'`. Either way the answer is read from `tool_calls[].function.arguments`
 *   (one call with all ratings, or one call per rating) or from the message content (JSON, possibly
 *   fenced or surrounded by text).
 * - Every item is checked with validateRubric (clamped, unknown tags dropped); ratings are matched to
 *   links by their `id` when every item has a distinct valid one, else by position.
 * - Per-item fallback: a missing or invalid item is rated by the heuristic (source 'fallback', with a
 *   note). Whole-batch fallback with a note when the endpoint is down, answers HTTP errors, garbage, or
 *   the call runs out of time.
 * - `timeoutMs` bounds a whole `rate()` call (all its batches; one AbortController). After a timeout
 *   or a connection failure the endpoint is skipped for `retryAfterMs`, so a dead server costs one
 *   timeout, not one per node of the exploration.
 * - `rate()` never rejects except when the caller's signal aborts.
 */
import type { ScoutLink } from '../link.js';
import type { AnalyzedQuery } from '../query-analysis.js';
import { validateRubric } from '../rubric.js';
import { HeuristicScorer } from './heuristic.js';
import { buildRatingPrompt, RATE_LINKS_FUNCTION, rateLinksDeclaration, RATING_SYSTEM_PROMPT, ratingsSchema } from './rating-prompt.js';
import type { Rating, Scorer } from './scorer.js';
import { errorCode } from '../../core/network-errors.js';

export type LlmProtocol = 'json_schema' | 'tools' | 'both';

export interface LlmScorerConfig {
  /** OpenAI-compatible base URL, ending in /v1 (e.g. http://127.0.0.1:11434/v1 for Ollama). */
  baseUrl: string;
  model: string;
  /** Name of the environment variable holding the API key (sent as a Bearer token only when set). */
  apiKeyEnv?: string;
  /** Links per request (default 8). */
  batchSize?: number;
  /** Time allowed for one whole rate() call, all batches included (default 20000). */
  timeoutMs?: number;
  /** How structured output is requested (default 'json_schema'). */
  protocol?: LlmProtocol;
  /** Sampling temperature (default 0: ratings should be repeatable). */
  temperature?: number;
  /** After a timeout or connection failure, skip the endpoint for this long (default 30000). */
  retryAfterMs?: number;
}

export const LLM_SCORER_DEFAULTS = {
  batchSize: 8,
  timeoutMs: 20_000,
  protocol: 'json_schema' as LlmProtocol,
  temperature: 0,
  retryAfterMs: 30_000,
};

export interface LlmScorerOptions {
  /** Rates what the model could not (default: the heuristic scorer). */
  fallback?: Scorer;
  /** Clock for the retry-after window (tests). */
  now?: () => number;
}

export interface LlmScorerStats {
  /** HTTP requests sent. */
  requests: number;
  /** Requests that failed as a whole (transport, HTTP status, unreadable answer). */
  failedRequests: number;
  /** Links rated by the model (possibly with repairs). */
  llmRatings: number;
  /** Links rated by the fallback. */
  fallbackRatings: number;
  /** The last whole-request problem, for meta ("LLM endpoint down: heuristic fallback"). */
  lastProblem: string | null;
}

type BatchOutcome = { items: unknown[] } | { problem: string; transport: boolean };

const EXCERPT_CHARS = 120;

export class LlmScorer implements Scorer {
  readonly name = 'llm';
  readonly wantsHover = true;
  readonly url: string;
  private readonly config: Required<Omit<LlmScorerConfig, 'apiKeyEnv'>> & { apiKeyEnv: string | null };
  private readonly fallback: Scorer;
  private readonly now: () => number;
  private skipUntil = 0;
  private skipReason = '';
  private readonly counters: LlmScorerStats = { requests: 0, failedRequests: 0, llmRatings: 0, fallbackRatings: 0, lastProblem: null };

  constructor(config: LlmScorerConfig, options: LlmScorerOptions = {}) {
    const positive = (value: number | undefined, fallback: number): number =>
      typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
    this.config = {
      baseUrl: config.baseUrl,
      model: config.model,
      apiKeyEnv: config.apiKeyEnv ?? null,
      batchSize: Math.max(1, Math.floor(positive(config.batchSize, LLM_SCORER_DEFAULTS.batchSize))),
      timeoutMs: positive(config.timeoutMs, LLM_SCORER_DEFAULTS.timeoutMs),
      protocol: config.protocol ?? LLM_SCORER_DEFAULTS.protocol,
      temperature: config.temperature ?? LLM_SCORER_DEFAULTS.temperature,
      retryAfterMs: config.retryAfterMs ?? LLM_SCORER_DEFAULTS.retryAfterMs,
    };
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.fallback = options.fallback ?? new HeuristicScorer();
    this.now = options.now ?? Date.now;
  }

  get stats(): LlmScorerStats {
    return { ...this.counters };
  }

  async rate(query: AnalyzedQuery, links: readonly ScoutLink[], signal?: AbortSignal): Promise<Rating[]> {
    signal?.throwIfAborted();
    if (links.length === 0) return [];
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.config.timeoutMs);
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const ratings: Rating[] = [];
    try {
      for (let start = 0; start < links.length; start += this.config.batchSize) {
        const batch = links.slice(start, start + this.config.batchSize);
        signal?.throwIfAborted();
        let outcome: BatchOutcome;
        if (this.now() < this.skipUntil) {
          outcome = { problem: `skipped (${this.skipReason}; retrying after ${Math.ceil((this.skipUntil - this.now()) / 1000)} s)`, transport: false };
        } else if (timedOut) {
          outcome = { problem: `not asked: the call ran out of its ${this.config.timeoutMs} ms`, transport: false };
        } else {
          outcome = await this.request(query, batch, controller.signal, () => timedOut, signal);
        }
        if ('problem' in outcome) {
          this.counters.lastProblem = outcome.problem;
          if (outcome.transport) {
            this.skipUntil = this.now() + this.config.retryAfterMs;
            this.skipReason = outcome.problem;
          }
          ratings.push(...(await this.fallBack(query, batch, `llm endpoint ${this.url} ${outcome.problem}`)));
        } else {
          ratings.push(...(await this.assign(query, batch, outcome.items)));
        }
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    return ratings;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const key = this.config.apiKeyEnv ? process.env[this.config.apiKeyEnv] : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    return headers;
  }

  /** The request body for one batch. */
  requestBody(query: AnalyzedQuery, batch: readonly ScoutLink[]): Record<string, unknown> {
    const body: Record<string, unknown> = {
      model: this.config.model,
      messages: [
        { role: 'system', content: RATING_SYSTEM_PROMPT },
        { role: 'user', content: buildRatingPrompt(query, batch) },
      ],
      temperature: this.config.temperature,
      stream: false,
      max_tokens: 64 + 128 * batch.length,
    };
    const protocol = this.config.protocol;
    if (protocol === 'json_schema' || protocol === 'both') {
      body.response_format = { type: 'json_schema', json_schema: { name: RATE_LINKS_FUNCTION, schema: ratingsSchema(query.tags, batch.length) } };
    }
    if (protocol === 'tools' || protocol === 'both') {
      body.tools = [{ type: 'function', function: rateLinksDeclaration(query.tags, batch.length) }];
      body.tool_choice = protocol === 'tools' ? 'required' : 'auto';
    }
    return body;
  }

  private async request(
    query: AnalyzedQuery,
    batch: readonly ScoutLink[],
    abort: AbortSignal,
    timedOut: () => boolean,
    callerSignal: AbortSignal | undefined,
  ): Promise<BatchOutcome> {
    this.counters.requests += 1;
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(this.requestBody(query, batch)),
        signal: abort,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason ?? error;
      this.counters.failedRequests += 1;
      if (timedOut()) return { problem: `did not answer within ${this.config.timeoutMs} ms`, transport: true };
      const code = errorCode(error);
      if (code === 'ECONNREFUSED') return { problem: 'refused the connection (is the server running?)', transport: true };
      return { problem: `could not be reached (${code ?? (error as Error)?.message ?? String(error)})`, transport: true };
    }
    if (status < 200 || status >= 300) {
      this.counters.failedRequests += 1;
      return { problem: `answered HTTP ${status}: ${excerpt(errorMessage(text))}`, transport: false };
    }
    const parsed = readAnswer(text);
    if ('problem' in parsed) this.counters.failedRequests += 1;
    return parsed;
  }

  private async assign(query: AnalyzedQuery, batch: readonly ScoutLink[], items: unknown[]): Promise<Rating[]> {
    const mapped = matchItems(items, batch.length);
    const out: Array<Rating | null> = [];
    const missing: Array<{ index: number; note: string }> = [];
    mapped.forEach((item, index) => {
      if (item === undefined) {
        missing.push({ index, note: `llm answer has no rating for link ${index + 1} of the batch` });
        out.push(null);
        return;
      }
      const { rubric, problems } = validateRubric(item, query.tags);
      if (rubric === null) {
        missing.push({ index, note: `llm rating invalid (${problems.join('; ')})` });
        out.push(null);
        return;
      }
      out.push(problems.length > 0 ? { rubric, source: 'llm', note: cap(`llm rating repaired: ${problems.join('; ')}`) } : { rubric, source: 'llm' });
    });
    this.counters.llmRatings += batch.length - missing.length;
    if (missing.length > 0) {
      const fallbacks = await this.fallBack(
        query,
        missing.map((m) => batch[m.index] as ScoutLink),
        missing.map((m) => m.note),
      );
      missing.forEach((m, i) => {
        out[m.index] = fallbacks[i] ?? null;
      });
    }
    return out as Rating[];
  }

  /** Heuristic ratings for links the model did not rate, marked 'fallback' with the reason. */
  private async fallBack(query: AnalyzedQuery, links: readonly ScoutLink[], notes: string | string[]): Promise<Rating[]> {
    const rated = await this.fallback.rate(query, links);
    this.counters.fallbackRatings += links.length;
    return rated.map((rating, i) => ({
      rubric: rating.rubric,
      source: 'fallback' as const,
      note: cap(`${Array.isArray(notes) ? (notes[i] ?? '') : notes}; ${this.fallback.name} rating used`),
    }));
  }
}

/** Items mapped to link positions: by `id` (1-based) when every item has a distinct one in range, else by position. */
export function matchItems(items: unknown[], count: number): unknown[] {
  const ids = items.map((item) => {
    const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    const n = typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : id;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= count ? n : null;
  });
  const byId = ids.every((id) => id !== null) && new Set(ids).size === ids.length;
  const out: unknown[] = new Array(count).fill(undefined);
  items.forEach((item, position) => {
    const index = byId ? (ids[position] as number) - 1 : position;
    if (index < count) out[index] = item;
  });
  return out;
}

/** Read a chat-completion body into rating items, or say why it cannot be read. */
export function readAnswer(body: string): { items: unknown[] } | { problem: string; transport: false } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { problem: `answered with something that is not JSON: ${excerpt(body)}`, transport: false };
  }
  const choices = (json as { choices?: unknown } | null)?.choices;
  const message = Array.isArray(choices) ? (choices[0] as { message?: unknown } | undefined)?.message : undefined;
  if (message === null || typeof message !== 'object') {
    return { problem: `answered without choices[0].message: ${excerpt(body)}`, transport: false };
  }
  const msg = message as { tool_calls?: unknown; function_call?: unknown; content?: unknown };
  const calls = Array.isArray(msg.tool_calls) ? msg.tool_calls : msg.function_call ? [{ function: msg.function_call }] : [];
  const fromCalls: unknown[] = [];
  for (const call of calls) {
    const args = (call as { function?: { arguments?: unknown } } | null)?.function?.arguments;
    const payload = typeof args === 'string' ? parseLooseJson(args) : args;
    const items = itemsOf(payload);
    if (items) fromCalls.push(...items);
  }
  if (fromCalls.length > 0) return { items: fromCalls };
  const content = contentText(msg.content);
  const payload = parseLooseJson(content);
  const items = itemsOf(payload);
  if (items) return { items };
  const seen = calls.length > 0 ? `${calls.length} tool call(s) without ratings` : `content ${excerpt(content)}`;
  return { problem: `answered without readable ratings (${seen})`, transport: false };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === 'string' ? part : typeof (part as { text?: unknown })?.text === 'string' ? (part as { text: string }).text : '')).join('');
  }
  return '';
}

/** JSON from model text: as is, inside a ``` fence, or the outermost {...} / [...] within other text. */
export function parseLooseJson(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const attempts = [trimmed];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fence?.[1]) attempts.push(fence[1].trim());
  const firstObject = trimmed.search(/[{[]/);
  if (firstObject >= 0) {
    const close = trimmed[firstObject] === '{' ? '}' : ']';
    const last = trimmed.lastIndexOf(close);
    if (last > firstObject) attempts.push(trimmed.slice(firstObject, last + 1));
  }
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt);
    } catch {
      // try the next form
    }
  }
  return undefined;
}

/** Rating items in a parsed payload: `{ratings: [...]}` (or results/items/links/rubrics), a bare array, one rating, or `{"1": {...}, ...}`. */
export function itemsOf(payload: unknown): unknown[] | null {
  if (Array.isArray(payload)) return payload;
  if (payload === null || typeof payload !== 'object') return null;
  const record = payload as Record<string, unknown>;
  for (const key of ['ratings', 'results', 'items', 'links', 'rubrics']) {
    if (Array.isArray(record[key])) return record[key] as unknown[];
  }
  if ('relevance' in record || 'risk' in record) return [record];
  const keys = Object.keys(record);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => {
        const value = record[k];
        return value !== null && typeof value === 'object' && !Array.isArray(value) && !('id' in value) ? { id: Number(k), ...value } : value;
      });
  }
  return null;
}

function cap(note: string): string {
  return note.length > 300 ? `${note.slice(0, 299)}…` : note;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty)';
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

/** The message inside an OpenAI-style error body, else the body. */
function errorMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: unknown; message?: unknown } | null;
    const error = json?.error;
    if (typeof error === 'string') return error;
    if (error && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
    if (typeof json?.message === 'string') return json.message;
  } catch {
    // not JSON: the body itself
  }
  return body;
}
