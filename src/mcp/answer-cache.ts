/**
 * Recent answers by their arguments, so that a cursor page of an expensive answer
 * (an exploration) is a slice of the same answer rather than a new exploration
 * that might differ. Keys include the index generation: a reindex invalidates.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 16) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
