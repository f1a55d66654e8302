/**
 * What a long-lived server keeps per repository: the index store, config, a
 * change watcher (O(1) freshness checks), the language servers (kept warm so
 * explorations after the first are fast), and the lock that keeps queries from
 * reading a half-written index. Everything heavy is loaded on first use so that
 * the server answers `tools/list` right after spawn.
 */
import type { ScoutConfig } from '../core/config.js';
import type { EnsureFreshResult } from '../index/freshness.js';
import type { IndexStats } from '../index/indexer.js';
import { largestFiles } from '../index/read/files.js';
import type { SqliteStore } from '../index/store.js';
import type { ChangeWatcher } from '../index/watcher.js';
import type { LspService } from '../lsp/lsp-service.js';
import type { Checkers } from '../scout/verify/checkers.js';
import { ReadWriteLock } from './rw-lock.js';

export interface Loaded {
  store: SqliteStore;
  config: ScoutConfig;
  watcher: ChangeWatcher | null;
}

export interface WorkspaceOptions {
  watch?: boolean;
  /** Run once before the store opens (the shared index's pull, cli/shared-store.ts); its line, if any, is kept in `notes`. */
  beforeOpen?: () => Promise<string | null>;
  /** The shared store (`--store`, SCOUT_STORE), for searches across its published repositories; null without one. */
  storeUrl?: string | null;
}

export class ScoutWorkspace {
  /** What opening the workspace had to say (the shared index pulled, or the store unreachable). */
  readonly notes: string[] = [];
  readonly lock = new ReadWriteLock();
  private loading: Promise<Loaded> | null = null;
  private lspService: LspService | null = null;
  private checkerSet: Checkers | null = null;
  private closed = false;
  /** Set by the first tool call: from then on the warm-up starts no new step (see warmUp). */
  private called = false;
  /** Bumped after every index write, so caches of answers know when they went stale. */
  generation = 0;

  constructor(
    readonly root: string,
    private readonly options: WorkspaceOptions = {},
  ) {}

  /** The shared store's URL, or null (see WorkspaceOptions.storeUrl). */
  get storeUrl(): string | null {
    return this.options.storeUrl ?? null;
  }

  /** Open the store (building nothing yet). */
  load(): Promise<Loaded> {
    this.loading ??= (async () => {
      // A shared snapshot is pulled here, on first use, not before the server starts: `initialize` and
      // `tools/list` are answered at once, and the pull (seconds at monorepo scale) delays only the first tool call.
      const before = await this.options.beforeOpen?.();
      if (before) this.notes.push(before);
      const [{ SqliteStore }, { loadConfig }, { ChangeWatcher }] = await Promise.all([
        import('../index/store.js'),
        import('../core/config.js'),
        import('../index/watcher.js'),
      ]);
      const config = loadConfig(this.root);
      const store = SqliteStore.open(this.root);
      const watcher = this.options.watch === false ? null : new ChangeWatcher(this.root);
      return { store, config, watcher };
    })().catch((error: unknown) => {
      // Not kept: a store that was down is asked again by the next tool call.
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /**
   * Bring the index up to date (a no-op costing well under a millisecond when
   * nothing changed) and say what was done. Writes take the lock exclusively.
   */
  async fresh(): Promise<EnsureFreshResult> {
    const loaded = await this.load();
    const { ensureFresh, checkFreshness } = await import('../index/freshness.js');
    const options = { config: loaded.config, ...(loaded.watcher ? { watcher: loaded.watcher } : {}) };
    // Two event-loop turns guarantee a poll phase: a watcher event for an edit made just
    // before this call is delivered before the check, not after it.
    for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    await this.lock.idle();
    // Synchronous check right after idle(): no writer can be mid-transaction here, and a
    // fresh index is answered without taking the lock (ensureFresh then writes nothing).
    const report = checkFreshness(this.root, loaded.store, options);
    if (report.fresh) return ensureFresh(this.root, loaded.store, { ...options, report });
    return this.lock.write(async () => {
      const before = loaded.store.getMeta('indexed_at');
      const result = await ensureFresh(this.root, loaded.store, options);
      if (result.refreshed || before !== loaded.store.getMeta('indexed_at')) this.generation++;
      return result;
    });
  }

  /** Re-read every file (the explicit reindex action). */
  async reindex(): Promise<IndexStats> {
    const loaded = await this.load();
    const { indexRepository } = await import('../index/indexer.js');
    return this.lock.write(async () => {
      const stats = await indexRepository(this.root, loaded.store, { config: loaded.config, force: true });
      loaded.watcher?.sync(loaded.store.listDirectories().keys());
      this.generation++;
      return stats;
    });
  }

  /** Run a query against a consistent index. */
  async read<T>(work: (loaded: Loaded) => Promise<T> | T): Promise<T> {
    const loaded = await this.load();
    return this.lock.read(async () => work(loaded));
  }

  /** The language servers, started lazily by the first operation that needs one and kept warm. */
  async lsp(): Promise<LspService> {
    if (this.lspService) return this.lspService;
    const loaded = await this.load();
    const { LspService } = await import('../lsp/lsp-service.js');
    const { IndexFallback } = await import('../scout/index-fallback.js');
    this.lspService ??= new LspService({ root: this.root, fallback: new IndexFallback(loaded.store.database, this.root) });
    return this.lspService;
  }

  /** The checkers of the verify step, kept for the server's life: their programs stay warm across questions. */
  async checkers(): Promise<Checkers> {
    if (this.checkerSet) return this.checkerSet;
    const { Checkers } = await import('../scout/verify/checkers.js');
    this.checkerSet ??= new Checkers();
    return this.checkerSet;
  }

  /** A tool call started: the warm-up gives way (see warmUp). */
  noteToolCall(): void {
    this.called = true;
  }

  /**
   * Background warm-up after the server is connected: index (or refresh) the
   * repository, then start the language server of the main language with a cheap
   * request so the first exploration does not pay for the project load, then the
   * checkers' programs so the first change question does not either.
   * Once a tool call has come in, no new step starts: the call warms what it needs itself, and on a large tree
   * a warm-up of another project (the main language's server, the largest file's checker project) would only
   * take the cores the call needs.
   */
  async warmUp(log: (message: string) => void): Promise<void> {
    const stop = (): boolean => {
      if (this.called && !this.closed) log('warm-up stopped early: a tool call came first and warms what it needs');
      return this.closed || this.called;
    };
    try {
      const freshness = await this.fresh();
      log(`index ready: ${freshness.note}`);
      const loaded = await this.load();
      // The chunk vectors into memory (a long-lived server scans them there: search/vector-memory.ts). The load
      // holds the event loop for about a second at 1.5M lines, so a tool call that came first is not made to wait
      // for it: a search loads them when it needs them, a scout question does not need them.
      if (stop()) return;
      const vectors = await (await import('../search/vector-searcher.js')).warmVectorMemory(loaded.store.database, loaded.config);
      if (vectors) log(vectors);
      if (stop()) return;
      const counts = loaded.store.counts();
      const main = Object.entries(counts.byLanguage).sort((a, b) => b[1].lines - a[1].lines)[0]?.[0];
      if (!main || stop()) return;
      const lsp = await this.lsp();
      await lsp.workspaceSymbol('a', { languages: [main] });
      log(`language server for ${main} warm`);
      if (stop()) return;
      // The checkers build their programs now, so the first change question is answered warm; the largest
      // file of each language stands for its project.
      const files = largestFiles(loaded.store.database, 200);
      const prepared = await (await this.checkers()).prepare(this.root, files);
      if (prepared.length > 0) log(`checker${prepared.length > 1 ? 's' : ''} ${prepared.join(', ')} warm`);
    } catch (error) {
      log(`warm-up stopped: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.checkerSet?.dispose();
    await this.lspService?.shutdown();
    if (this.loading) {
      const loaded = await this.loading.catch(() => null);
      loaded?.watcher?.close();
      loaded?.store.close();
    }
  }
}
