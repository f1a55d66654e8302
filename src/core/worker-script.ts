/**
 * Where a worker thread's script is: the built `.js` at `url` (beside the module that starts the worker), or null
 * under a TypeScript test runner, where only the `.ts` source exists and the caller does the work in-thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function builtWorkerScript(url: URL): string | null {
  const file = fileURLToPath(url);
  return existsSync(file) ? file : null;
}
