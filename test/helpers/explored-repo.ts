/**
 * A repository ready to be asked: a fixture folder copied to a temporary folder (the index never lands in the
 * working tree), or files written there, indexed, with a language service whose fallback is the index.
 * `close()` undoes it all.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { writeFiles } from './checker-tests.js';

export interface ExploredRepo {
  root: string;
  store: SqliteStore;
  lsp: LspService;
  close(): Promise<void>;
}

/** `source`: a fixture folder, or the files to write (repository-relative path → text). */
export async function openExploredRepo(source: string | Record<string, string>, prefix: string): Promise<ExploredRepo> {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (typeof source === 'string') cpSync(source, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  else writeFiles(root, source);
  const store = SqliteStore.open(root);
  await indexRepository(root, store);
  const lsp = new LspService({ root, fallback: new IndexFallback(store.database, root) });
  return {
    root,
    store,
    lsp,
    async close() {
      await lsp.shutdown();
      store.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
