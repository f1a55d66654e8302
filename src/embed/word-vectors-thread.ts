/**
 * The embedded word vectors composed on a worker thread, so that a large vector sync composes one batch while the
 * main thread stores the one before (search/vector-store.ts). Composing is pure CPU (about 25 µs a chunk) and so is
 * storing; on the main thread alone they took turns, and after a full index at 1.5M lines the sync was 5.6 s of
 * single-core work (bench/results/scale.md). The worker holds its own copy of the tables (about 20 MB) and composes
 * exactly as the provider does in-thread: the same options, the same code.
 */
import { Worker } from 'node:worker_threads';
import { ScoutError } from '../core/errors.js';
import type { ThreadedEmbedder } from './embedding-provider.js';
import { builtWorkerScript } from '../core/worker-script.js';

function workerScript(): string | null {
  // Under a TypeScript test runner: the provider composes in-thread.
  return builtWorkerScript(new URL('./word-vectors-worker.js', import.meta.url));
}

/**
 * A worker composing with the given provider options (plain data), or null when no worker script is built.
 * `dimensions` is the provider's vector length, to split a batch's buffer into vectors.
 */
export function startWordVectorThread(options: object, dimensions: number): ThreadedEmbedder | null {
  const script = workerScript();
  if (!script) return null;
  const worker = new Worker(script, { workerData: options, execArgv: [] });
  // An idle worker must not keep a finished command alive.
  worker.unref();
  const waiting = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failed: Error | null = null;
  const failAll = (error: Error): void => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: { id: number; vectors?: Float32Array; error?: string }) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if (reply.error !== undefined || !reply.vectors) {
      w.reject(new ScoutError('USAGE', `composing word vectors failed: ${reply.error ?? 'no vectors'}`));
      return;
    }
    const all = reply.vectors;
    const n = all.length / dimensions;
    w.resolve(Array.from({ length: n }, (_, i) => all.subarray(i * dimensions, (i + 1) * dimensions)));
  });
  worker.on('error', (error: Error) => failAll(new ScoutError('USAGE', `the word-vector worker stopped: ${error.message}`)));
  worker.on('exit', (code) => failAll(new ScoutError('USAGE', `the word-vector worker exited (code ${code})`)));
  return {
    embed(texts, signal) {
      signal?.throwIfAborted();
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, texts });
      }).finally(() => {
        if (waiting.size === 0) worker.unref();
      }) as Promise<Float32Array[]>;
    },
    close() {
      void worker.terminate();
    },
  };
}
