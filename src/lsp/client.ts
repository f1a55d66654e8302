/**
 * One JSON-RPC connection over stdio to one spawned language server: spawn, initialize,
 * answer the server's own requests, track work-done progress, send requests with a
 * timeout (cancelled with $/cancelRequest), and shut down cleanly. No restart policy
 * here: that is the session's job.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  ConnectionError,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type ClientCapabilities,
  type InitializeParams,
  type InitializeResult,
  type ProtocolConnection,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node';
import { LspError } from './errors.js';

export interface ClientOptions {
  command: string;
  args: string[];
  /** Repository root: the workspace folder and the server's working directory. */
  root: string;
  initializationOptions?: unknown;
  env?: NodeJS.ProcessEnv;
  /** Time allowed for spawn + initialize (default 30 s). */
  initializeTimeoutMs?: number;
  /** What the client says it supports (default CLIENT_CAPABILITIES: navigation only, no diagnostics). */
  capabilities?: ClientCapabilities;
  /** The answer to workspace/configuration for one section (default: null, the server's defaults). */
  settings?: (section: string | undefined) => unknown;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProgressEvent {
  token: string | number;
  kind: 'begin' | 'report' | 'end';
  title?: string;
  message?: string;
}

/** On POSIX each server leads its own process group. */
const GROUPS = process.platform !== 'win32';

const SYMBOL_KINDS = Array.from({ length: 26 }, (_, i) => i + 1);
const STDERR_TAIL = 4_000;

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    workspaceFolders: true,
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: SYMBOL_KINDS as never } },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false, willSave: false, willSaveWaitUntil: false },
    hover: { dynamicRegistration: false, contentFormat: ['plaintext', 'markdown'] },
    definition: { dynamicRegistration: false, linkSupport: true },
    typeDefinition: { dynamicRegistration: false, linkSupport: true },
    implementation: { dynamicRegistration: false, linkSupport: true },
    references: { dynamicRegistration: false },
    documentSymbol: {
      dynamicRegistration: false,
      hierarchicalDocumentSymbolSupport: true,
      symbolKind: { valueSet: SYMBOL_KINDS as never },
    },
    callHierarchy: { dynamicRegistration: false },
    // No publishDiagnostics: servers then skip computing diagnostics we would ignore.
  },
  window: { workDoneProgress: true },
  general: { positionEncodings: ['utf-16'] },
};

export class LspClient {
  readonly root: string;
  readonly pid: number | undefined;
  /** Resolves when the process has exited (for whatever reason). */
  readonly exited: Promise<ExitInfo>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly connection: ProtocolConnection;
  private exitInfo: ExitInfo | null = null;
  private stderr = '';
  private closing = false;
  private readonly pending = new Set<(error: LspError) => void>();
  private readonly progressTokens = new Set<string | number>();
  private readonly progressListeners = new Set<(event: ProgressEvent) => void>();
  private readonly exitListeners = new Set<(info: ExitInfo) => void>();
  private caps: ServerCapabilities = {};
  /** Methods the server registered dynamically (client/registerCapability). */
  readonly registeredMethods = new Set<string>();
  /** Time of the last progress notification (ms since epoch), 0 if none yet. */
  lastProgressAt = 0;
  /** Number of progress begin notifications seen. */
  progressBegins = 0;

  private constructor(root: string, child: ChildProcessWithoutNullStreams, private readonly settings?: (section: string | undefined) => unknown) {
    this.root = root;
    this.child = child;
    this.pid = child.pid;
    this.exited = new Promise<ExitInfo>((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        const error = new LspError('crashed', `language server exited (${describeExit(this.exitInfo)})${this.stderrSuffix()}`);
        for (const reject of [...this.pending]) reject(error);
        this.pending.clear();
        for (const listener of this.exitListeners) listener(this.exitInfo);
        this.connection.dispose();
        // Helpers the server left behind (a crashed typescript-language-server's tsserver) go with it.
        this.killGroup();
        resolve(this.exitInfo);
      });
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    // A write to a dead server must not become an uncaught EPIPE.
    child.stdin.on('error', () => {});
    child.stdout.on('error', () => {});
    this.connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    this.connection.onError(() => {});
    this.registerHandlers();
    this.connection.listen();
  }

  /** Spawn the server and run the initialize handshake. Throws LspError('unavailable') when it cannot start. */
  static async start(options: ClientOptions): Promise<LspClient> {
    const child = spawn(options.command, options.args, {
      cwd: options.root,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group, so the server's helpers (tsserver) can be killed with it.
      detached: GROUPS,
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error) => reject(new LspError('unavailable', `cannot start ${options.command}: ${error.message}`)));
    });
    const client = new LspClient(options.root, child, options.settings);
    try {
      await client.initialize(options);
    } catch (error) {
      await client.shutdown(500);
      const cause = error instanceof LspError ? error : new LspError('error', String(error));
      const kind = cause.kind === 'timeout' || cause.kind === 'crashed' ? cause.kind : 'unavailable';
      throw new LspError(kind, `${options.command} failed to initialize: ${cause.message}`);
    }
    return client;
  }

  get capabilities(): ServerCapabilities {
    return this.caps;
  }

  get alive(): boolean {
    return this.exitInfo === null && !this.closing;
  }

  get exitStatus(): ExitInfo | null {
    return this.exitInfo;
  }

  /** Progress tasks begun and not yet ended. */
  get activeProgress(): number {
    return this.progressTokens.size;
  }

  onProgress(listener: (event: ProgressEvent) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  onExit(listener: (info: ExitInfo) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** Last lines the server wrote to stderr (for error messages). */
  stderrTail(): string {
    return this.stderr;
  }

  /**
   * Send a request. Rejects with LspError: 'timeout' after `timeoutMs` (the request is
   * cancelled with $/cancelRequest), 'crashed' when the process dies first, 'error' when
   * the server answers with an error.
   */
  request<R>(method: string, params: unknown, timeoutMs: number): Promise<R> {
    if (!this.alive) return Promise.reject(new LspError('crashed', `language server is not running (${describeExit(this.exitInfo)})`));
    const source = new CancellationTokenSource();
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.pending.delete(onCrash);
        source.dispose();
        action();
      };
      const onCrash = (error: LspError): void => finish(() => reject(error));
      const timer = setTimeout(() => {
        source.cancel();
        finish(() => reject(new LspError('timeout', `${method} took longer than ${timeoutMs} ms and was cancelled`)));
      }, timeoutMs);
      this.pending.add(onCrash);
      this.connection.sendRequest<R>(method, params, source.token).then(
        (result) => finish(() => resolve(result)),
        (error: unknown) => finish(() => reject(this.toLspError(method, error))),
      );
    });
  }

  notify(method: string, params: unknown): void {
    if (!this.alive) return;
    // A server killed a moment ago closes the connection before \`alive\` turns false: the send then throws
    // at once instead of rejecting. A notification to a dead server is dropped either way.
    try {
      void this.connection.sendNotification(method, params).catch(() => {});
    } catch {
      /* connection already closed */
    }
  }

  /** shutdown + exit; kill the process when it has not exited after `graceMs`. */
  async shutdown(graceMs = 2_000): Promise<ExitInfo> {
    if (this.exitInfo) return this.exitInfo;
    if (!this.closing) {
      try {
        await this.request('shutdown', null, graceMs);
      } catch {
        // A server that cannot shut down cleanly is killed below.
      }
      this.notify('exit', null);
      this.closing = true;
      this.child.stdin.end();
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const info = await this.exited;
    clearTimeout(timer);
    return info;
  }

  /** Kill the process (and its process group) at once: a server that does not exit, or a session giving up. */
  kill(): void {
    if (this.exitInfo) return;
    if (!this.killGroup()) this.child.kill('SIGKILL');
  }

  private killGroup(): boolean {
    if (!GROUPS || this.pid === undefined) return false;
    try {
      process.kill(-this.pid, 'SIGKILL');
      return true;
    } catch {
      return false; // no such group left
    }
  }

  private async initialize(options: ClientOptions): Promise<void> {
    const rootUri = pathToFileURL(options.root).href;
    const params: InitializeParams = {
      processId: process.pid,
      clientInfo: { name: 'semantic-scout' },
      locale: 'en',
      rootPath: options.root,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(options.root) }],
      initializationOptions: options.initializationOptions,
      capabilities: options.capabilities ?? CLIENT_CAPABILITIES,
    };
    const result = await this.request<InitializeResult>('initialize', params, options.initializeTimeoutMs ?? 30_000);
    this.caps = result?.capabilities ?? {};
    this.notify('initialized', {});
  }

  private registerHandlers(): void {
    const c = this.connection;
    const rootUri = (): string => pathToFileURL(this.root).href;
    c.onRequest('workspace/configuration', (params: { items?: { section?: string }[] }) => (params?.items ?? []).map((item) => this.settings?.(item?.section) ?? null));
    c.onRequest('window/workDoneProgress/create', () => null);
    c.onRequest('client/registerCapability', (params: { registrations?: Array<{ method: string }> }) => {
      for (const r of params?.registrations ?? []) this.registeredMethods.add(r.method);
      return null;
    });
    c.onRequest('client/unregisterCapability', (params: { unregisterations?: Array<{ method: string }> }) => {
      for (const r of params?.unregisterations ?? []) this.registeredMethods.delete(r.method);
      return null;
    });
    c.onRequest('workspace/workspaceFolders', () => [{ uri: rootUri(), name: path.basename(this.root) }]);
    c.onRequest('window/showMessageRequest', () => null);
    c.onRequest('window/showDocument', () => ({ success: false }));
    c.onRequest('workspace/applyEdit', () => ({ applied: false, failureReason: 'read-only client' }));
    for (const method of ['workspace/semanticTokens/refresh', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh', 'workspace/diagnostic/refresh', 'workspace/inlineValue/refresh']) {
      c.onRequest(method, () => null);
    }
    c.onNotification('$/progress', (params: { token: string | number; value?: { kind?: string; title?: string; message?: string } }) => {
      const kind = params?.value?.kind;
      if (kind !== 'begin' && kind !== 'report' && kind !== 'end') return;
      this.lastProgressAt = Date.now();
      if (kind === 'begin') {
        this.progressTokens.add(params.token);
        this.progressBegins += 1;
      } else if (kind === 'end') {
        this.progressTokens.delete(params.token);
      }
      const event: ProgressEvent = { token: params.token, kind };
      if (params.value?.title) event.title = params.value.title;
      if (params.value?.message) event.message = params.value.message;
      for (const listener of this.progressListeners) listener(event);
    });
    // Logs, diagnostics and telemetry are not needed.
    for (const method of ['window/logMessage', 'window/showMessage', 'telemetry/event', 'textDocument/publishDiagnostics', '$/logTrace']) {
      c.onNotification(method, () => {});
    }
  }

  private toLspError(method: string, error: unknown): LspError {
    if (error instanceof LspError) return error;
    if (error instanceof ResponseError) return new LspError('error', `${method} failed: ${error.message} (code ${error.code})`);
    if (error instanceof ConnectionError || !this.alive) {
      return new LspError('crashed', `connection to the language server closed during ${method}${this.stderrSuffix()}`);
    }
    return new LspError('error', `${method} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private stderrSuffix(): string {
    const tail = this.stderr.trim().split('\n').slice(-3).join(' | ');
    return tail ? `; stderr: ${tail.slice(-500)}` : '';
  }
}

function describeExit(info: ExitInfo | null): string {
  if (!info) return 'shutting down';
  return info.signal ? `signal ${info.signal}` : `exit code ${info.code}`;
}
