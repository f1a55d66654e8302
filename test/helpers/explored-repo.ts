/**
 * A fixture repository ready to be asked: copied to a temporary folder (the index never lands in the
 * working tree), indexed, with a language service whose fallback is the index. `close()` undoes it all.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';

export interface ExploredRepo {
  root: string;
  store: SqliteStore;
  lsp: LspService;
  close(): Promise<void>;
}

export async function openExploredRepo(fixture: string, prefix: string): Promise<ExploredRepo> {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(fixture, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
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
