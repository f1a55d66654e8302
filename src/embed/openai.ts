/**
 * The 'openai' embedding provider: any server that speaks the OpenAI embeddings API,
 * `POST {baseUrl}/embeddings` with `{model, input: string[]}` answering
 * `{data: [{index, embedding: number[]}]}` — Ollama, LM Studio, llama.cpp server, vLLM, OpenAI.
 *
 * Texts go in requests of `batchSize`, one request at a time, each with its own timeout.
 * Every failure is a ScoutError whose message names the server and says how to fix it.
 */
import { ScoutError } from '../core/errors.js';
import type { EmbeddingProvider, ResolvedEmbeddingConfig } from './embedding-provider.js';
import { errorCode } from '../core/network-errors.js';

const EXCERPT_CHARS = 200;

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly url: string;
  private readonly model: string;
  private readonly apiKeyEnv: string;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private knownDimensions: number | null = null;

  constructor(config: Pick<ResolvedEmbeddingConfig, 'baseUrl' | 'model' | 'apiKeyEnv' | 'batchSize' | 'timeoutMs'>) {
    this.model = config.model;
    this.id = `openai:${config.model}`;
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/embeddings`;
    this.apiKeyEnv = config.apiKeyEnv;
    this.batchSize = config.batchSize;
    this.timeoutMs = config.timeoutMs;
  }

  /** Null until the first answer: the server decides the length. */
  get dimensions(): number | null {
    return this.knownDimensions;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      signal?.throwIfAborted();
      vectors.push(...(await this.request(texts.slice(start, start + this.batchSize), signal)));
    }
    return vectors;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const key = this.apiKeyEnv ? process.env[this.apiKeyEnv] : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    return headers;
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let status: number;
    let ok: boolean;
    let body: string;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ model: this.model, input: batch }),
        signal: controller.signal,
      });
      status = response.status;
      ok = response.ok;
      body = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (timedOut) {
        throw this.fail(
          `did not answer within ${this.timeoutMs} ms (${batch.length} texts); check that the server is healthy, or raise embeddings.timeoutMs or lower embeddings.batchSize`,
        );
      }
      throw this.connectionError(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (!ok) throw this.httpError(status, body);
    return this.parse(body, batch.length);
  }

  private parse(body: string, expected: number): Float32Array[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw this.fail(`answered with something that is not JSON: ${excerpt(body)}; check that embeddings.baseUrl is an OpenAI-compatible endpoint ending in /v1`);
    }
    const data = (json as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) {
      throw this.fail(
        `answered without a "data" array (expected {"data": [{"index": 0, "embedding": [...]}]}): ${excerpt(body)}; check that embeddings.baseUrl is an OpenAI-compatible endpoint ending in /v1`,
      );
    }
    if (data.length !== expected) {
      throw this.fail(`returned ${data.length} embeddings for ${expected} texts; the server may not support batched input: set embeddings.batchSize to 1`);
    }
    const vectors: Array<Float32Array | undefined> = new Array(expected);
    data.forEach((item: unknown, position: number) => {
      const entry = item as { index?: unknown; embedding?: unknown } | null;
      const index = entry?.index === undefined ? position : entry.index;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expected || vectors[index]) {
        throw this.fail(`returned an embedding with a bad or repeated index ${JSON.stringify(index)} (expected each of 0..${expected - 1} once)`);
      }
      vectors[index] = this.vectorOf(entry?.embedding, index);
    });
    return vectors as Float32Array[];
  }

  private vectorOf(embedding: unknown, index: number): Float32Array {
    let vector: Float32Array;
    if (typeof embedding === 'string') {
      // encoding_format "base64": little-endian float32.
      const bytes = Buffer.from(embedding, 'base64');
      if (bytes.length === 0 || bytes.length % 4 !== 0) throw this.fail(`returned a base64 embedding of ${bytes.length} bytes at index ${index}, not a float32 vector`);
      vector = new Float32Array(bytes.length / 4);
      for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    } else if (Array.isArray(embedding) && embedding.length > 0 && embedding.every((x) => typeof x === 'number')) {
      vector = Float32Array.from(embedding as number[]);
    } else {
      throw this.fail(`returned an embedding at index ${index} that is not a non-empty array of numbers: ${excerpt(JSON.stringify(embedding) ?? 'undefined')}`);
    }
    if (!vector.every(Number.isFinite)) {
      throw this.fail(`returned a vector containing NaN or Infinity at index ${index}; the model or server is broken for this input (try another model)`);
    }
    if (this.knownDimensions === null) this.knownDimensions = vector.length;
    else if (vector.length !== this.knownDimensions) {
      throw this.fail(
        `returned a ${vector.length}-dimensional vector at index ${index} after ${this.knownDimensions}-dimensional ones; make sure embeddings.model names one embedding model`,
      );
    }
    return vector;
  }

  private httpError(status: number, body: string): ScoutError {
    let hint = 'check the server log';
    if (status === 401 || status === 403) {
      hint = this.apiKeyEnv
        ? `set a valid API key in the environment variable ${this.apiKeyEnv}${process.env[this.apiKeyEnv] ? '' : ' (it is not set)'}`
        : 'set embeddings.apiKeyEnv to the name of the environment variable holding the API key';
    } else if (status === 404) {
      hint = `check that embeddings.baseUrl ends in /v1 and that the server has the model "${this.model}" (for Ollama: ollama pull ${this.model})`;
    } else if (status === 400 || status === 422) {
      hint = `check that "${this.model}" is an embedding model on this server`;
    } else if (status === 413) {
      hint = 'lower embeddings.batchSize';
    } else if (status === 429) {
      hint = 'the server is rate limiting: lower embeddings.batchSize or try again later';
    }
    return this.fail(`answered HTTP ${status}: ${excerpt(errorMessage(body))}; ${hint}`);
  }

  private connectionError(error: unknown): ScoutError {
    const code = errorCode(error);
    if (code === 'ECONNREFUSED') {
      return this.fail('refused the connection: start the server (for Ollama: ollama serve) or set embeddings.provider to "none"');
    }
    const detail = code ?? (error as Error)?.message ?? String(error);
    return this.fail(`could not be reached (${detail}): check embeddings.baseUrl and that the server is running, or set embeddings.provider to "none"`);
  }

  private fail(what: string): ScoutError {
    return new ScoutError('USAGE', `embedding server at ${this.url} ${what}`);
  }
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
    // not JSON: show the body itself
  }
  return body;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}
