/** Files of bare chunks written straight into a store, as the indexer writes them: for search and vector tests. */
import type { Chunk, FileFacts } from '../../src/core/types.js';
import type { SqliteStore } from '../../src/index/store.js';

/** A one-line function chunk whose body is `text`. */
export function chunk(symbol: string, text: string): Chunk {
  return { symbol, kind: 'function', startLine: 1, endLine: 1, text, tokens: { name: symbol, signature: '', docstring: '', body: text } } as Chunk;
}

/** (Re)write one file with these chunks (symbol → text), as the indexer does: old rows go, new ids come. */
export function writeChunkFile(store: SqliteStore, file: string, chunks: Record<string, string>): void {
  const facts: FileFacts = {
    language: 'typescript',
    definitions: [],
    imports: [],
    exports: [],
    usages: [],
    calls: [],
    chunks: Object.entries(chunks).map(([symbol, text]) => chunk(symbol, text)),
    syntaxErrors: 0,
  };
  store.beginWrite();
  store.writeFile({ path: file, language: 'typescript', hash: file, size: 1, mtimeMs: 1, lines: 1, invalidUtf8: false, parseError: null }, facts);
  store.commit();
}
