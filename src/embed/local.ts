/**
 * The 'local' embedding provider: a sentence-embedding model run in-process by the optional
 * package `@huggingface/transformers` (ONNX runtime). Scout does not depend on it: it is
 * imported only when this provider embeds its first text, and when it is missing, or the model
 * is neither cached nor downloadable, the error says how to fix that.
 *
 * Vectors are mean-pooled and L2-normalised.
 */
import { ScoutError } from '../core/errors.js';
import type { EmbeddingProvider, ResolvedEmbeddingConfig } from './embedding-provider.js';

/** A small (23 MB quantized, 384 dimensions) general-purpose model that runs well on a CPU. */
export const DEFAULT_LOCAL_MODEL = 'Xenova/all-MiniLM-L6-v2';

const PACKAGE = '@huggingface/transformers';
const INSTALL = `ONNXRUNTIME_NODE_INSTALL=skip npm i ${PACKAGE}`;

/** What this provider uses of @huggingface/transformers. */
export interface TransformersModule {
  pipeline(task: 'feature-extraction', model: string, options?: Record<string, unknown>): Promise<FeatureExtractor>;
  env?: { cacheDir?: string | null };
}
export type FeatureExtractor = (texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<{ tolist(): unknown }>;

export interface LocalProviderOptions {
  /** How the package is loaded; tests replace it. Default: a dynamic import. */
  loadModule?: () => Promise<TransformersModule>;
}

export class LocalEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly model: string;
  private readonly batchSize: number;
  private readonly loadModule: () => Promise<TransformersModule>;
  private extractor: Promise<FeatureExtractor> | null = null;
  private knownDimensions: number | null = null;

  constructor(config: Pick<ResolvedEmbeddingConfig, 'model' | 'batchSize'>, options: LocalProviderOptions = {}) {
    this.model = config.model;
    this.id = `local:${config.model}`;
    this.batchSize = config.batchSize;
    this.loadModule = options.loadModule ?? importTransformers;
  }

  get dimensions(): number | null {
    return this.knownDimensions;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extractor = await this.load();
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      signal?.throwIfAborted();
      const batch = texts.slice(start, start + this.batchSize);
      const output = await extractor(batch, { pooling: 'mean', normalize: true });
      const rows = output.tolist();
      if (!Array.isArray(rows) || rows.length !== batch.length) {
        throw new ScoutError('USAGE', `local embedding model ${this.model} returned ${Array.isArray(rows) ? rows.length : 'no'} vectors for ${batch.length} texts; use a sentence-embedding model such as ${DEFAULT_LOCAL_MODEL}`);
      }
      for (const row of rows) vectors.push(this.vectorOf(row));
    }
    return vectors;
  }

  private vectorOf(row: unknown): Float32Array {
    if (!Array.isArray(row) || row.length === 0 || !row.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new ScoutError('USAGE', `local embedding model ${this.model} did not return a vector of finite numbers; use a sentence-embedding model such as ${DEFAULT_LOCAL_MODEL}`);
    }
    if (this.knownDimensions === null) this.knownDimensions = row.length;
    else if (row.length !== this.knownDimensions) {
      throw new ScoutError('USAGE', `local embedding model ${this.model} returned vectors of ${row.length} and ${this.knownDimensions} dimensions`);
    }
    return Float32Array.from(row as number[]);
  }

  private load(): Promise<FeatureExtractor> {
    if (!this.extractor) {
      this.extractor = this.createExtractor();
      // A failure is not remembered: after installing the package or the model, the next call retries.
      this.extractor.catch(() => {
        this.extractor = null;
      });
    }
    return this.extractor;
  }

  private async createExtractor(): Promise<FeatureExtractor> {
    let transformers: TransformersModule;
    try {
      transformers = await this.loadModule();
    } catch (error) {
      throw new ScoutError(
        'USAGE',
        `the local embedding provider needs the optional package ${PACKAGE}, which could not be loaded (${firstLine(error)}): ` +
          `install it with \`${INSTALL}\` and have the model ${this.model} in its local cache, ` +
          'or set embeddings.provider to "openai" with an OpenAI-compatible server (e.g. Ollama), or to "none"',
      );
    }
    try {
      return await transformers.pipeline('feature-extraction', this.model);
    } catch (error) {
      const cache = transformers.env?.cacheDir ? ` (cache: ${transformers.env.cacheDir})` : '';
      throw new ScoutError(
        'USAGE',
        `could not load the local embedding model ${this.model} (${firstLine(error)}): it must be in the local model cache${cache}, ` +
          'which is filled from the Hugging Face hub on first use with internet access; ' +
          'download it once where there is internet, or set embeddings.model to a cached model, or set embeddings.provider to "openai" or "none"',
      );
    }
  }
}

async function importTransformers(): Promise<TransformersModule> {
  // A variable specifier: TypeScript and bundlers must not try to resolve the optional package.
  const specifier: string = PACKAGE;
  return (await import(specifier)) as TransformersModule;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 200) ?? message;
}
