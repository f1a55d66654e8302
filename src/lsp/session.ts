/**
 * A long-lived session with one language server for one repository root: started lazily,
 * ready once the project is loaded (see readiness), requests with timeouts, documents
 * opened as needed, and a restart policy: when the server dies, restart it and retry the
 * request once; after `maxCrashes` crashes within `crashWindowMs`, give up (the session
 * reports itself unavailable and callers fall back to the index).
 */
import type { ServerCapabilities } from 'vscode-languageserver-protocol';
import { LspClient } from './client.js';
import { OpenDocuments } from './documents.js';
import { LspError, asLspError } from './errors.js';
import { findProbeFile, waitUntilReady, type ReadinessProbe, type ReadinessResult } from './readiness.js';
import { unavailableReason, type ServerSpec } from './servers.js';

export interface SessionOptions {
  /** Per-request timeout (default 15 s). */
  requestTimeoutMs: number;
  /** How long to wait for the project to load before answering anyway, with a note (default 30 s). */
  readyTimeoutMs: number;
  /** Spawn + initialize (default 30 s). */
  initializeTimeoutMs: number;
  /** Crashes within the window after which the session gives up (default 3 in 60 s). */
  maxCrashes: number;
  crashWindowMs: number;
  /** Time a server gets to exit after shutdown/exit before it is killed (default 2 s). */
  shutdownGraceMs: number;
  /** Open documents kept before the least recently used is closed (default 200). */
  maxOpenDocuments: number;
  /** How to recognise a loaded project: a file to open and a symbol to find. Default: the first source file, no symbol. */
  probe?: () => Partial<ReadinessProbe> | null;
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_SESSION_OPTIONS: SessionOptions = {
  requestTimeoutMs: 15_000,
  readyTimeoutMs: 30_000,
  initializeTimeoutMs: 30_000,
  maxCrashes: 3,
  crashWindowMs: 60_000,
  shutdownGraceMs: 2_000,
  maxOpenDocuments: 200,
};

export type SessionState = 'idle' | 'starting' | 'ready' | 'unavailable' | 'stopped';

export interface RequestOptions {
  /** Absolute path of a document the request is about: opened (or re-synced) first. */
  document?: string;
  timeoutMs?: number;
}

export interface SessionStatus {
  server: string;
  root: string;
  state: SessionState;
  pid: number | null;
  loaded: boolean;
  crashes: number;
  restarts: number;
  openDocuments: number;
  notes: string[];
  unavailableReason: string | null;
}

export class LspSession {
  readonly spec: ServerSpec;
  readonly root: string;
  private readonly options: SessionOptions;
  private readonly documents: OpenDocuments;
  private client: LspClient | null = null;
  private starting: Promise<LspClient> | null = null;
  private stateValue: SessionState = 'idle';
  private reason: string | null = null;
  private readiness: ReadinessResult | null = null;
  private readonly crashTimes: number[] = [];
  private totalCrashes = 0;
  private starts = 0;
  /** Every process this session started, so tests can check none is left running. */
  private readonly clients: LspClient[] = [];

  constructor(spec: ServerSpec, root: string, options: Partial<SessionOptions> = {}) {
    this.spec = spec;
    this.root = root;
    this.options = { ...DEFAULT_SESSION_OPTIONS, ...options };
    this.documents = new OpenDocuments(this.options.maxOpenDocuments);
    const missing = unavailableReason(spec);
    if (missing) this.giveUp(missing);
  }

  get state(): SessionState {
    return this.stateValue;
  }

  /** False once the session has given up (not installed, failed to start, crash loop) or was shut down. */
  get available(): boolean {
    return this.stateValue !== 'unavailable' && this.stateValue !== 'stopped';
  }

  get unavailableReason(): string | null {
    return this.reason;
  }

  /** True when the running server was seen to finish loading the project. */
  get loaded(): boolean {
    return this.readiness?.loaded ?? false;
  }

  /** Why answers may be incomplete (project not loaded in time), or null. */
  get loadNote(): string | null {
    return this.readiness?.note ?? null;
  }

  get pid(): number | null {
    return this.client?.pid ?? null;
  }

  /** Process ids of every server this session started. */
  get pids(): number[] {
    return this.clients.map((c) => c.pid).filter((p): p is number => p !== undefined);
  }

  /** Resolves when every server process this session started has exited. */
  async allExited(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.exited));
  }

  status(): SessionStatus {
    return {
      server: this.spec.display,
      root: this.root,
      state: this.stateValue,
      pid: this.pid,
      loaded: this.loaded,
      crashes: this.totalCrashes,
      restarts: Math.max(0, this.starts - 1),
      openDocuments: this.documents.size,
      notes: this.loadNote ? [this.loadNote] : [],
      unavailableReason: this.reason,
    };
  }

  /** The server's capabilities (starts it when needed). Throws LspError('unavailable') when it cannot run. */
  async capabilities(): Promise<{ capabilities: ServerCapabilities; registered: ReadonlySet<string> }> {
    return this.withRetry('initialize', async () => {
      const client = await this.ensureStarted();
      return { capabilities: client.capabilities, registered: client.registeredMethods };
    });
  }

  /** Send a request; on a crash, restart and retry once. Throws LspError. */
  request<R>(method: string, params: unknown, options: RequestOptions = {}): Promise<R> {
    return this.withRetry(method, async () => {
      const client = await this.ensureStarted();
      if (options.document) {
        try {
          this.documents.ensureOpen(client, options.document);
        } catch (error) {
          throw new LspError('error', `cannot open ${options.document}: ${(error as Error).message}`);
        }
      }
      return client.request<R>(method, params, options.timeoutMs ?? this.options.requestTimeoutMs);
    });
  }

  /** Run `attempt`; when the server crashes during it, restart and run it once more. */
  private async withRetry<T>(what: string, attempt: () => Promise<T>): Promise<T> {
    try {
      return await attempt();
    } catch (first) {
      const error = asLspError(first);
      if (error.kind !== 'crashed') throw error;
      await this.settleCrash();
      if (!this.available) throw new LspError('unavailable', this.reason ?? 'language server unavailable');
      try {
        return await attempt();
      } catch (second) {
        const again = asLspError(second);
        if (again.kind !== 'crashed') throw again;
        await this.settleCrash();
        if (!this.available) throw new LspError('unavailable', this.reason ?? 'language server unavailable');
        throw new LspError('crashed', `${this.spec.display} crashed twice on ${what}: ${again.message}`);
      }
    }
  }

  /** Clean shutdown (shutdown + exit, killed after the grace period). The session cannot be used afterwards. */
  async shutdown(): Promise<void> {
    if (this.stateValue !== 'unavailable') this.stateValue = 'stopped';
    if (!this.reason) this.reason = 'the session was shut down';
    const stopAll = (): Promise<unknown> => Promise.all(this.clients.map((c) => c.shutdown(this.options.shutdownGraceMs)));
    // Stop running servers first (a start waiting for readiness then ends at once), then any that a start brought up meanwhile.
    await stopAll();
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    await stopAll();
    this.client = null;
  }

  private ensureStarted(): Promise<LspClient> {
    if (!this.available) return Promise.reject(new LspError('unavailable', this.reason ?? 'language server unavailable'));
    if (this.client?.alive && this.stateValue === 'ready') return Promise.resolve(this.client);
    if (!this.starting) {
      this.starting = this.start().finally(() => {
        this.starting = null;
      });
    }
    return this.starting;
  }

  private async start(): Promise<LspClient> {
    this.stateValue = 'starting';
    this.documents.reset();
    this.readiness = null;
    this.starts += 1;
    let client: LspClient;
    try {
      const forRoot = this.spec.forRoot?.(this.root);
      client = await LspClient.start({
        command: this.spec.command,
        args: [...this.spec.args, ...(forRoot?.args ?? [])],
        root: this.root,
        initializationOptions: forRoot?.initializationOptions ?? this.spec.initializationOptions,
        initializeTimeoutMs: this.options.initializeTimeoutMs,
        ...(this.options.env ? { env: this.options.env } : {}),
      });
    } catch (error) {
      const failure = asLspError(error);
      if (!this.available) throw new LspError('unavailable', this.reason ?? failure.message);
      if (failure.kind === 'crashed' || failure.kind === 'timeout') {
        this.recordCrash(failure.message);
        if (this.available) this.stateValue = 'idle';
        throw new LspError('crashed', failure.message);
      }
      this.giveUp(failure.message);
      throw new LspError('unavailable', failure.message);
    }
    this.clients.push(client);
    this.client = client;
    client.onExit((info) => {
      if (this.client !== client) return;
      this.client = null;
      if (this.stateValue === 'stopped' || this.stateValue === 'unavailable') return;
      this.recordCrash(`${this.spec.display} exited (${info.signal ? `signal ${info.signal}` : `exit code ${info.code}`})`);
      if (this.available) this.stateValue = 'idle';
    });
    if (this.stateValue !== 'starting') {
      // Shut down (or given up) while starting.
      await client.shutdown(this.options.shutdownGraceMs);
      throw new LspError('unavailable', this.reason ?? 'the session was shut down');
    }
    const probe = this.probe();
    this.readiness = await waitUntilReady(client, this.documents, probe, {
      timeoutMs: this.options.readyTimeoutMs,
      requestTimeoutMs: this.options.requestTimeoutMs,
    });
    if (!client.alive) {
      await this.settleCrash();
      throw new LspError('crashed', `${this.spec.display} exited while loading the project`);
    }
    if (this.stateValue === 'starting') this.stateValue = 'ready';
    return client;
  }

  private probe(): ReadinessProbe {
    let given: Partial<ReadinessProbe> | null = null;
    try {
      given = this.options.probe?.() ?? null;
    } catch {
      given = null;
    }
    const file = given?.file ?? findProbeFile(this.root, this.spec.extensions);
    return { file: file ?? null, symbol: given?.symbol ?? null, ...(given?.alternatives?.length ? { alternatives: given.alternatives } : {}), ...(given?.unreachable ? { unreachable: given.unreachable } : {}) };
  }

  /** After a 'crashed' error: wait for the process to be gone (killing it if needed) so the crash is counted once. */
  private async settleCrash(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const timer = setTimeout(() => client.kill(), this.options.shutdownGraceMs);
    await client.exited;
    clearTimeout(timer);
  }

  private recordCrash(message: string): void {
    const now = Date.now();
    this.totalCrashes += 1;
    this.crashTimes.push(now);
    while (this.crashTimes.length > 0 && (this.crashTimes[0] as number) < now - this.options.crashWindowMs) this.crashTimes.shift();
    if (this.crashTimes.length >= this.options.maxCrashes) {
      this.giveUp(
        `${this.spec.display} crashed ${this.crashTimes.length} times within ${Math.round(this.options.crashWindowMs / 1000)} s; gave up (last: ${message})`,
      );
    }
  }

  private giveUp(reason: string): void {
    this.stateValue = 'unavailable';
    this.reason = reason;
    this.client?.kill();
  }
}
