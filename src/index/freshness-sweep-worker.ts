/** Worker thread entry: the freshness check of one index, run read-only, its report posted back (see sweep-off-thread.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../core/config.js';
import { checkFreshness } from './freshness.js';
import { SqliteStore } from './store.js';

if (!parentPort) throw new Error('freshness-sweep-worker must run as a worker thread');
const { root, dbPath } = workerData as { root: string; dbPath: string };
const store = SqliteStore.openReadOnly(dbPath);
try {
  parentPort.postMessage({ report: checkFreshness(root, store, { config: loadConfig(root) }) });
} catch (error) {
  parentPort.postMessage({ error: (error as Error).message });
} finally {
  store.close();
}
