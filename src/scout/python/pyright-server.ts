/**
 * A warm pyright: one `pyright-langserver --stdio` over one shadow copy (shadow.ts), kept between
 * questions, so that builtins, typeshed and the repository's modules are parsed and bound once rather than
 * by two fresh `pyright` processes per question (run-pyright.ts).
 *
 * pyright 1.1.414 answers pull diagnostics (`textDocument/diagnostic`) when the client says it supports
 * them, and then runs no background analysis at all: a file is checked when it is asked about, and the
 * request returns once its diagnostics are current (pyright re-checks until the file's diagnostic version
 * stops moving), so no settle time is guessed. The files asked about are opened with their text: an open
 * file is in pyright's program at once (a file only found on disk is not until pyright has listed the
 * workspace, and is then answered "unchanged" with no items). The edit is an overlay: the target's open
 * text is replaced with the edited one for the question and put back after; nothing is written for it.
 *
 * When the repository changes between questions, sync() links the shadow again (new, changed and removed
 * files) and tells pyright: an open file gets its new text, the others a watched-file event.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ClientCapabilities } from 'vscode-languageserver-protocol';
import { LspClient } from '../../lsp/client.js';
import { asLspError } from '../../lsp/errors.js';
import { packageBin } from '../../lsp/servers.js';
import { CheckTimeout } from '../verify/checker.js';
import type { MappedDiagnostic } from './diagnostic-diff.js';
import { Shadow, treeChanges, type PyTree } from './shadow.js';

const CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: { synchronization: { dynamicRegistration: false }, diagnostic: { dynamicRegistration: true } },
  general: { positionEncodings: ['utf-16'] },
};

/**
 * Only the `pyright` section is answered: `openFilesOnly: false`, so that a file pyright has not been given
 * may still be asked about (with pull diagnostics this starts no background check of the workspace). A
 * `python.analysis` section would change defaults the CLI keeps (pyright then turns `autoSearchPaths` off,
 * and `src/` layouts resolve their own package from site-packages instead).
 */
function settings(section: string | undefined): unknown {
  return section === 'pyright' ? { openFilesOnly: false } : null;
}

interface PullResult {
  kind: 'full' | 'unchanged';
  items?: { severity?: number; code?: string | number; message: string; range: { start: { line: number; character: number } } }[];
}

/** An overlay: the target file's text for this question. */
export interface Overlay {
  rel: string;
  text: string;
}

/** When a question must stop: its deadline (`performance.now()`), its abort signal, when it started. */
export interface Budget {
  deadline: number;
  signal?: AbortSignal;
  started: number;
}

export class PyrightServer {
  /** Open documents: repository-relative path -> the text pyright holds and its version. */
  private readonly open = new Map<string, { text: string; version: number }>();

  private constructor(
    private readonly client: LspClient,
    private readonly shadow: Shadow,
    private tree: PyTree,
  ) {}

  /** Make the shadow copy and start pyright over it (bounded by the question's deadline). */
  static async start(root: string, tree: PyTree, tmpDir: string | undefined, budget: Budget): Promise<PyrightServer> {
    const script = packageBin('pyright', 'pyright-langserver');
    if (!script) throw new Error('pyright-langserver is not installed (run npm install)');
    budget.signal?.throwIfAborted();
    const shadow = new Shadow(root, tree.files, tmpDir);
    let client: LspClient;
    try {
      // Not raced with the abort signal (a server still starting would be left running): bounded by the deadline.
      client = await LspClient.start({
        command: process.execPath,
        args: [script, '--stdio'],
        root: shadow.dir,
        env: { ...process.env, NODE_OPTIONS: '' },
        capabilities: CAPABILITIES,
        settings,
        initializeTimeoutMs: msLeft(budget),
      });
    } catch (error) {
      shadow.dispose();
      if (asLspError(error).kind === 'timeout') throw new CheckTimeout(Math.round(performance.now() - budget.started));
      throw error;
    }
    const server = new PyrightServer(client, shadow, tree);
    if (budget.signal?.aborted) {
      server.dispose();
      budget.signal.throwIfAborted();
    }
    return server;
  }

  get pid(): number | undefined {
    return this.client.pid;
  }

  get alive(): boolean {
    return this.client.alive;
  }

  /** The shadow's notes (a configuration that could not be read). */
  get notes(): readonly string[] {
    return this.shadow.notes;
  }

  /** Whether this server can follow `tree` (false when the configuration changed: start a new one). */
  canFollow(tree: PyTree): boolean {
    return tree.configStamp === this.tree.configStamp;
  }

  /** Follow the repository's files as listed now: relink the shadow, tell pyright what changed. */
  sync(tree: PyTree): void {
    if (tree.stamp === this.tree.stamp) return;
    const changes = treeChanges(this.tree, tree);
    this.tree = tree;
    this.shadow.sync(changes);
    const events: { uri: string; type: number }[] = [];
    for (const rel of changes.removed) {
      if (this.open.delete(rel)) this.client.notify('textDocument/didClose', { textDocument: { uri: this.uri(rel) } });
      events.push({ uri: this.uri(rel), type: 3 });
    }
    for (const rel of changes.added) events.push({ uri: this.uri(rel), type: 1 });
    for (const rel of changes.changed) {
      const doc = this.open.get(rel);
      if (doc) this.setText(rel, this.read(rel));
      else events.push({ uri: this.uri(rel), type: 2 });
    }
    if (events.length > 0) this.client.notify('workspace/didChangeWatchedFiles', { changes: events });
  }

  /**
   * The error diagnostics of `files` (repository-relative), with `overlay` in place of its file's text for
   * the duration of the call. Throws CheckTimeout at the deadline; the caller then disposes this server.
   */
  async diagnostics(files: readonly string[], overlay: Overlay | null, budget: Budget): Promise<MappedDiagnostic[]> {
    for (const rel of files) if (!this.open.has(rel)) this.openFile(rel);
    if (overlay && !this.open.has(overlay.rel)) this.openFile(overlay.rel);
    const original = overlay ? this.read(overlay.rel) : null;
    if (overlay) this.setText(overlay.rel, overlay.text);
    try {
      const out: MappedDiagnostic[] = [];
      for (const rel of files) {
        const result = await guard(budget, () => this.client.request<PullResult>('textDocument/diagnostic', { textDocument: { uri: this.uri(rel) } }, msLeft(budget)));
        // An open file is always answered in full; "unchanged" would mean pyright lost it: never guess.
        if (result?.kind !== 'full') throw new Error(`pyright gave no diagnostics for ${rel}`);
        for (const d of result.items ?? []) {
          if (d.severity !== 1) continue;
          out.push({ file: rel, line: d.range.start.line, character: d.range.start.character, rule: d.code === undefined ? '' : String(d.code), message: d.message });
        }
      }
      return out;
    } finally {
      if (overlay && original !== null) this.setText(overlay.rel, original);
    }
  }

  /** Kill pyright and remove the shadow copy (the user's files are only linked from it). */
  dispose(): void {
    this.client.kill();
    this.shadow.dispose();
  }

  private uri(rel: string): string {
    return pathToFileURL(this.shadow.abs(rel)).href;
  }

  /** The file's text as the shadow has it (a link to the user's file, never written through). */
  private read(rel: string): string {
    return readFileSync(this.shadow.abs(rel), 'utf8');
  }

  private openFile(rel: string): void {
    const text = this.read(rel);
    this.open.set(rel, { text, version: 1 });
    this.client.notify('textDocument/didOpen', { textDocument: { uri: this.uri(rel), languageId: 'python', version: 1, text } });
  }

  private setText(rel: string, text: string): void {
    const doc = this.open.get(rel);
    if (!doc || doc.text === text) return;
    doc.text = text;
    doc.version += 1;
    this.client.notify('textDocument/didChange', { textDocument: { uri: this.uri(rel), version: doc.version }, contentChanges: [{ text }] });
  }
}

function msLeft(budget: Budget): number {
  return Math.max(1, Math.round(budget.deadline - performance.now()));
}

/**
 * Run one step of the conversation within the question's budget: an LSP timeout becomes CheckTimeout, an
 * abort rejects at once (the caller kills the server, which ends the step).
 */
async function guard<T>(budget: Budget, step: () => Promise<T>): Promise<T> {
  budget.signal?.throwIfAborted();
  if (performance.now() > budget.deadline) throw new CheckTimeout(Math.round(performance.now() - budget.started));
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(budget.signal?.reason instanceof Error ? budget.signal.reason : new Error('aborted'));
    budget.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([step(), aborted]);
  } catch (error) {
    if (budget.signal?.aborted) throw budget.signal.reason instanceof Error ? budget.signal.reason : new Error('aborted');
    if (asLspError(error).kind === 'timeout' || performance.now() > budget.deadline) throw new CheckTimeout(Math.round(performance.now() - budget.started));
    throw error;
  } finally {
    if (onAbort) budget.signal?.removeEventListener('abort', onAbort);
  }
}
