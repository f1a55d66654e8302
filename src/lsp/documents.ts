/**
 * The documents a session has opened (textDocument/didOpen), opened only as needed,
 * re-synced when the file changed on disk since, and closed least-recently-used first
 * beyond a cap. Synchronous on purpose: two concurrent requests never open a file twice.
 */
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { languageIdOf } from './servers.js';

/** What documents need from a connection (LspClient implements it). */
export interface DocumentSink {
  notify(method: string, params: unknown): void;
}

interface OpenDocument {
  uri: string;
  version: number;
  size: number;
  mtimeMs: number;
}

export class OpenDocuments {
  private readonly open = new Map<string, OpenDocument>();
  private readonly limit: number;

  constructor(limit = 200) {
    this.limit = limit;
  }

  get size(): number {
    return this.open.size;
  }

  isOpen(absolutePath: string): boolean {
    return this.open.has(absolutePath);
  }

  /** Open the file (or re-sync it when it changed on disk). Returns its URI. Throws when the file cannot be read. */
  ensureOpen(sink: DocumentSink, absolutePath: string): string {
    const stat = statSync(absolutePath);
    const known = this.open.get(absolutePath);
    if (known) {
      // Most recently used last.
      this.open.delete(absolutePath);
      this.open.set(absolutePath, known);
      if (known.size !== stat.size || known.mtimeMs !== stat.mtimeMs) {
        known.version += 1;
        known.size = stat.size;
        known.mtimeMs = stat.mtimeMs;
        sink.notify('textDocument/didChange', {
          textDocument: { uri: known.uri, version: known.version },
          contentChanges: [{ text: readFileSync(absolutePath, 'utf8') }],
        });
      }
      return known.uri;
    }
    const uri = pathToFileURL(absolutePath).href;
    const text = readFileSync(absolutePath, 'utf8');
    sink.notify('textDocument/didOpen', { textDocument: { uri, languageId: languageIdOf(absolutePath), version: 1, text } });
    this.open.set(absolutePath, { uri, version: 1, size: stat.size, mtimeMs: stat.mtimeMs });
    while (this.open.size > this.limit) {
      const [oldest, doc] = this.open.entries().next().value as [string, OpenDocument];
      this.open.delete(oldest);
      sink.notify('textDocument/didClose', { textDocument: { uri: doc.uri } });
    }
    return uri;
  }

  /** Forget everything (the server restarted: it knows no documents). */
  reset(): void {
    this.open.clear();
  }
}
