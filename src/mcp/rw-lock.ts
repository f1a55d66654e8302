/**
 * A readers-writer lock for the long-lived server. Queries read the index through
 * one SQLite connection; a reindex writes through the same connection inside one
 * transaction that spans awaits (worker parsing). A query that ran in between would
 * see half-written rows, so writers wait for running readers and block new ones.
 */
export class ReadWriteLock {
  private readers = 0;
  private writer: Promise<void> | null = null;
  private drained: (() => void) | null = null;

  async read<T>(work: () => Promise<T>): Promise<T> {
    while (this.writer) await this.writer;
    this.readers += 1;
    try {
      return await work();
    } finally {
      this.readers -= 1;
      if (this.readers === 0) this.drained?.();
    }
  }

  async write<T>(work: () => Promise<T>): Promise<T> {
    while (this.writer) await this.writer;
    let release!: () => void;
    this.writer = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      if (this.readers > 0) {
        await new Promise<void>((resolve) => {
          this.drained = resolve;
        });
        this.drained = null;
      }
      return await work();
    } finally {
      this.writer = null;
      release();
    }
  }

  /** Resolves once no writer holds or waits for the lock. */
  async idle(): Promise<void> {
    while (this.writer) await this.writer;
  }

  /** True while a writer holds or waits for the lock. */
  get writing(): boolean {
    return this.writer !== null;
  }
}
