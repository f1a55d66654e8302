/**
 * Caches for embeddings.
 *
 * - Query embeddings: a small in-memory LRU (`LruCache`), so an agent repeating or refining a
 *   question does not pay a round trip to the embedding server for text it already embedded.
 * - Chunk embeddings: content-addressed. A chunk is embedded under `contentHash(text)` (sha1 of
 *   exactly the text sent), and the vector is kept in the `embedding_cache` table (see
 *   search/vector-store). Chunk ids change on every reindex of a file, but unchanged text keeps
 *   its hash, so it is never sent to the embedding server twice.
 */
import { createHash } from 'node:crypto';

/** sha1 hex of the text: the key of the content-hash embedding cache. */
export function contentHash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** A least-recently-used map with a fixed capacity (Map keeps insertion order). */
export class LruCache<K, V> {
  readonly capacity: number;
  private readonly entries = new Map<K, V>();

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`LruCache capacity must be a whole number >= 1, got ${capacity}`);
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, marked as most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Insert or replace as most recently used, evicting the least recently used beyond capacity. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Keys from least to most recently used. */
  keys(): K[] {
    return [...this.entries.keys()];
  }
}
