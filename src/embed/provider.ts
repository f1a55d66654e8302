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
import type { EmbeddingConfig, EmbeddingProvider, ResolvedEmbeddingConfig } from './embedding-provider.js';
import { DEFAULT_LOCAL_MODEL, LocalEmbeddingProvider } from './local.js';
import { OpenAiEmbeddingProvider } from './openai.js';
import { WordVectorProvider } from './word-vectors.js';

export type { EmbeddingConfig, EmbeddingProvider, ResolvedEmbeddingConfig } from './embedding-provider.js';

export const DEFAULT_EMBEDDING_CONFIG = {
  provider: 'embedded',
  baseUrl: 'http://127.0.0.1:11434/v1',
  model: 'nomic-embed-text',
  apiKeyEnv: 'OPENAI_API_KEY',
  batchSize: 64,
  timeoutMs: 30_000,
} as const satisfies Required<EmbeddingConfig>;

export const EMBEDDING_PROVIDERS = ['embedded', 'none', 'openai', 'local'] as const;


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
