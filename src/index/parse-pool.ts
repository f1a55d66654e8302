/**
 * Runs parse jobs in worker threads when that pays (more than one core, enough
 * files), and in this thread too. Results arrive in completion order through `onOutcome`,
 * so the main thread writes to SQLite while workers parse. The main thread is one of the
 * parsers rather than a waiter: it takes the smallest jobs (from the end of the list, which
 * is sorted largest first) so that it returns quickly to feeding the workers and writing.
 * A worker costs a whole isolate (its own JIT warm-up, wasm compilation and heap), so on
 * two cores one worker plus the main thread beats two workers plus a mostly idle main thread.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { unpackFacts, type PackedFacts } from './packed-facts.js';
import { runParseJob, type ParseJob, type ParseOutcome } from './parse-job.js';
import { builtWorkerScript } from '../core/worker-script.js';

/** A parse outcome as a worker posts it: parsed facts packed (see packed-facts.ts). */
export type WorkerOutcome =
  | Exclude<ParseOutcome, { kind: 'parsed' }>
  | (Omit<Extract<ParseOutcome, { kind: 'parsed' }>, 'facts'> & { facts: PackedFacts | null });

function fromWorker(outcome: WorkerOutcome): ParseOutcome {
  return outcome.kind === 'parsed' && outcome.facts ? { ...outcome, facts: unpackFacts(outcome.facts) } : (outcome as ParseOutcome);
}

/** Below this many jobs, starting workers (≈50 ms each with grammar loading) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 40;

/** Worker threads besides the main thread, which parses as well. */
export function chooseWorkerCount(setting: 'auto' | number, jobs: number): number {
  if (typeof setting === 'number') return setting;
  if (jobs < MIN_JOBS_FOR_WORKERS) return 0;
  return Math.max(0, Math.min(os.availableParallelism() - 1, 2));
}

/** Let pending events (worker messages) run between two jobs on the main thread. */
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function workerScript(): string | null {
  // Under a TypeScript test runner: parse in-process.
  return builtWorkerScript(new URL('./parse-worker.js', import.meta.url));
}

/**
 * The old generation a parse worker may grow to. Without a cap V8 lets a busy worker's heap grow far past what it
 * holds live (it collects lazily under a limit sized for the whole machine): at 1.5M lines the index's peak RSS was
 * 1.0 GB, and 0.8 GB with this cap, no slower (bench/results/scale.md). A worker that needs more (a file far
 * larger than any seen) dies with ERR_WORKER_OUT_OF_MEMORY, and its files are parsed on the main thread instead.
 */
export const WORKER_HEAP_MB = 256;

export async function runParseJobs(
  jobs: ParseJob[],
  workerCount: number,
  onOutcome: (outcome: ParseOutcome) => void,
  options: { workerHeapMb?: number; onWorkerLost?: (error: Error) => void } = {},
): Promise<{ workersUsed: number }> {
  const script = workerCount > 0 ? workerScript() : null;
  if (!script || jobs.length === 0) {
    for (const job of jobs) onOutcome(await runParseJob(job));
    return { workersUsed: 0 };
  }
  const count = Math.min(workerCount, jobs.length);
  // Workers take jobs from the front (largest first), the main thread from the back: jobs[next, end).
  let next = 0;
  let end = jobs.length;
  const mainThread = async (): Promise<void> => {
    while (next < end) {
      const job = jobs[--end] as ParseJob;
      onOutcome(await runParseJob(job));
      await yieldToEvents();
    }
  };
  await Promise.all([
    mainThread(),
    ...Array.from({ length: count }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? WORKER_HEAP_MB } });
        // The jobs this worker holds, by id: parsed here instead if the worker dies.
        const inFlight = new Map<number, ParseJob>();
        let lost = false;
        const sendNext = (): void => {
          if (lost) return;
          if (next < end) {
            const job = jobs[next++] as ParseJob;
            inFlight.set(job.id, job);
            worker.postMessage(job);
          } else if (inFlight.size === 0) {
            void worker.terminate().then(() => resolve());
          }
        };
        worker.on('message', (message: WorkerOutcome) => {
          inFlight.delete(message.id);
          // Hand the worker its next file before writing this one, so parsing and
          // SQLite writes overlap instead of taking turns.
          sendNext();
          try {
            onOutcome(fromWorker(message));
          } catch (error) {
            void worker.terminate();
            reject(error as Error);
          }
        });
        worker.on('error', (error: Error) => {
          // Out of its heap (or failed to start): its files go to the main thread; the other threads take the rest.
          lost = true;
          options.onWorkerLost?.(error);
          void (async () => {
            for (const job of inFlight.values()) onOutcome(await runParseJob(job));
            inFlight.clear();
          })().then(resolve, reject);
        });
        // Two files in flight per worker: one parsing, one queued.
        sendNext();
        sendNext();
      }),
    ),
  ]);
  return { workersUsed: count };
}
