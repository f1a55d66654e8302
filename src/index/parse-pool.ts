/**
 * Runs parse jobs in worker threads when that pays (more than one core, enough
 * files), else in this thread. Results arrive in completion order through `onOutcome`,
 * so the main thread writes to SQLite while workers parse.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { unpackFacts, type PackedFacts } from './packed-facts.js';
import { runParseJob, type ParseJob, type ParseOutcome } from './parse-job.js';

/** A parse outcome as a worker posts it: parsed facts packed (see packed-facts.ts). */
export type WorkerOutcome =
  | Exclude<ParseOutcome, { kind: 'parsed' }>
  | (Omit<Extract<ParseOutcome, { kind: 'parsed' }>, 'facts'> & { facts: PackedFacts | null });

function fromWorker(outcome: WorkerOutcome): ParseOutcome {
  return outcome.kind === 'parsed' && outcome.facts ? { ...outcome, facts: unpackFacts(outcome.facts) } : (outcome as ParseOutcome);
}

/** Below this many jobs, starting workers (≈50 ms each with grammar loading) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 40;

export function chooseWorkerCount(setting: 'auto' | number, jobs: number): number {
  if (typeof setting === 'number') return setting;
  if (jobs < MIN_JOBS_FOR_WORKERS) return 0;
  return Math.max(0, Math.min(os.availableParallelism() - 0, 2));
}

function workerScript(): string | null {
  const url = new URL('./parse-worker.js', import.meta.url);
  const file = fileURLToPath(url);
  // Under a TypeScript test runner only the .ts source exists: parse in-process then.
  return existsSync(file) ? file : null;
}

export async function runParseJobs(
  jobs: ParseJob[],
  workerCount: number,
  onOutcome: (outcome: ParseOutcome) => void,
): Promise<{ workersUsed: number }> {
  const script = workerCount > 0 ? workerScript() : null;
  if (!script || jobs.length === 0) {
    for (const job of jobs) onOutcome(await runParseJob(job));
    return { workersUsed: 0 };
  }
  const count = Math.min(workerCount, jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(script);
        let inFlight = 0;
        const sendNext = (): void => {
          const job = jobs[next];
          if (job) {
            next++;
            inFlight++;
            worker.postMessage(job);
          } else if (inFlight === 0) {
            void worker.terminate().then(() => resolve());
          }
        };
        worker.on('message', (message: WorkerOutcome) => {
          inFlight--;
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
        worker.on('error', reject);
        // Two files in flight per worker: one parsing, one queued.
        sendNext();
        sendNext();
      }),
    ),
  );
  return { workersUsed: count };
}
