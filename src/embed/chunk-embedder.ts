/**
 * Chunk vectors computed where chunks are parsed (a parse worker or the main thread), with the embedded word
 * vectors: composing is pure, local and cheap, so it runs in the index's parallel phase instead of a serial
 * pass after it. The vector store then finds each vector stored under its text's hash and embeds nothing.
 * Only the embedded provider qualifies: a server provider keeps its own batched sync.
 */
import { embeddingHash, embeddingText } from './embedding-text.js';
import { WordVectorProvider } from './word-vectors.js';

export interface ChunkVector {
  /** Hash of the embedded text (embedding-text.ts). */
  hash: string;
  vector: Float32Array;
}

let provider: WordVectorProvider | null = null;

/** This thread's embedded provider (its tables load once per thread). */
function embedded(): WordVectorProvider {
  provider ??= new WordVectorProvider();
  return provider;
}

/** The id chunk vectors are computed with here: the caller checks it equals the stored vectors' provider. */
export function chunkEmbedderId(): string {
  return embedded().id;
}

/** The vector of one chunk's text, or null for a blank chunk. */
export function embedChunkText(text: string): ChunkVector | null {
  const embeddedText = embeddingText(text);
  if (embeddedText === null) return null;
  return { hash: embeddingHash(embeddedText), vector: embedded().compose(embeddedText, false).vector };
}
