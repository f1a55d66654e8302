/**
 * The text a chunk is embedded from, and its content hash: one definition for the vector store (which keys
 * stored vectors by this hash) and for the index, which embeds chunks where they are parsed (see
 * chunk-embedder.ts).
 */
import { contentHash } from './cache.js';

/** Characters of chunk text embedded. */
export const DEFAULT_EMBED_MAX_CHARS = 4000;

/** The text embedded for a chunk: trimmed to maxChars; null for blank chunks (never embedded). */
export function embeddingText(text: string, maxChars = DEFAULT_EMBED_MAX_CHARS): string | null {
  if (text.trim() === '') return null;
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}

/** The hash a stored vector carries: of the embedded text. */
export function embeddingHash(embedded: string): string {
  return contentHash(embedded);
}
