/**
 * A checker run in a worker thread: the exploration's event loop stays free while the checker works (it
 * runs on another core), and a checker that hangs is really bounded: at its deadline (plus a short grace)
 * the worker is terminated and the question is answered without it. The worker is kept between questions
 * (its program stays warm) and started again, cold, after a timeout or a crash.
 *
 * Under a TypeScript test runner only the .ts sources exist: the checker then runs in this thread (its
 * deadline is still checked between steps).
 */
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { type ChangeRequest, type ChangeSpec, CheckTimeout, type Checker, type CheckOutcome, type CheckRequest } from '../verify/checker.js';
import type { WorkerReply, WorkerRequest } from './checker-worker.js';
import { TypeScriptChecker } from './checker.js';
import { builtWorkerScript } from '../../core/worker-script.js';

/** Time the worker gets past the deadline to give up by itself before it is terminated. */
const GRACE_MS = 500;

function workerScript(): string | null {
  return builtWorkerScript(new URL('./checker-worker.js', import.meta.url));
}

interface Pending {
  /** null: a warm-up finished. */
  resolve: (outcome: CheckOutcome | null) => void;
  reject: (error: Error) => void;
}

export class WorkerTypeScriptChecker implements Checker {
  readonly name = 'typescript';
  readonly version = ts.version;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly inProcess: TypeScriptChecker | null;
  private readonly script: string | null;

  constructor(script: string | null = workerScript()) {
    this.script = script;
    this.inProcess = script ? null : new TypeScriptChecker();
  }

  /** Whether checks run in a worker thread (false under a TypeScript test runner). */
  get threaded(): boolean {
    return this.script !== null;
  }

  handles(file: string): boolean {
    return /\.(?:ts|tsx|mts|cts)$/.test(file) && !/\.d\.[mc]?ts$/.test(file);
  }

  dispose(): void {
    this.inProcess?.dispose();
    this.stop(new Error('the checker was disposed'));
  }

  /** Builds the program in the worker (no deadline: it runs in the background, and a question asked meanwhile waits for the same program). */
  async prepare(root: string, file: string): Promise<void> {
    if (this.inProcess) return this.inProcess.prepare(root, file);
    const worker = this.start();
    const id = this.nextId++;
    await new Promise<void>((resolve, reject) => {
      this.pending.set(id, {
        resolve: () => {
          this.pending.delete(id);
          resolve();
        },
        reject: (error) => {
          this.pending.delete(id);
          reject(error);
        },
      });
      worker.postMessage({ id, root, warmFile: file } satisfies WorkerRequest);
    });
  }

  async addVariant(request: CheckRequest): Promise<CheckOutcome> {
    if (this.inProcess) return this.inProcess.addVariant(request);
    return this.run(request, null);
  }

  async applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    if (this.inProcess) return this.inProcess.applyChange(request);
    return this.run(request, request.change);
  }

  /** One check in the worker: `change` null is "add a variant". */
  private run(request: CheckRequest, change: ChangeSpec | null): Promise<CheckOutcome> {
    request.signal?.throwIfAborted();
    const worker = this.start();
    const id = this.nextId++;
    const msLeft = Math.max(0, request.deadline - performance.now());
    return new Promise<CheckOutcome>((resolveOutcome, reject) => {
      const resolve = (outcome: CheckOutcome | null): void => (outcome ? resolveOutcome(outcome) : reject(new Error('the checker answered a question with a warm-up reply')));
      const started = performance.now();
      const done = (): void => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      // A worker stuck in one step never answers: terminate it (the next question starts a new one).
      const timer = setTimeout(() => {
        done();
        this.stop(new CheckTimeout(Math.round(performance.now() - started)));
        reject(new CheckTimeout(Math.round(performance.now() - started)));
      }, msLeft + GRACE_MS);
      const onAbort = (): void => {
        done();
        this.stop(new Error('aborted'));
        reject(request.signal?.reason instanceof Error ? request.signal.reason : new Error('aborted'));
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (outcome) => {
          done();
          resolve(outcome);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      worker.postMessage({
        id,
        root: request.root,
        declaration: request.declaration,
        msLeft,
        ...(request.likelyOnlyAfterMs !== undefined ? { likelyOnlyAfterMs: request.likelyOnlyAfterMs } : {}),
        ...(change ? { change } : {}),
      } satisfies WorkerRequest);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script as string);
    worker.unref(); // a warm checker never keeps the process alive
    worker.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      if ('outcome' in reply) p.resolve(reply.outcome);
      else if ('warmed' in reply) p.resolve(null);
      else if ('timeout' in reply) p.reject(new CheckTimeout(reply.timeout));
      else p.reject(new Error(reply.error));
    });
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null;
      for (const p of [...this.pending.values()]) p.reject(error);
    };
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`the checker's worker thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private stop(reason: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const p of [...this.pending.values()]) p.reject(reason);
    if (worker) void worker.terminate();
  }
}
