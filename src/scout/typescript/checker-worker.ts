/**
 * Worker thread entry: hosts one checker (TypeScript) for WorkerChecker, kept warm across requests. Each
 * request carries the milliseconds left before its deadline (clocks differ between threads); the reply is
 * the outcome, or a timeout, or the error's message.
 */
import { parentPort } from 'node:worker_threads';
import { type ChangeSpec, CheckTimeout, type CheckOutcome, type DeclarationRef } from '../verify/checker.js';
import { TypeScriptChecker } from './checker.js';

/** A question (`change` absent: add a variant), or a warm-up of the project that holds `warmFile`. */
export type WorkerRequest =
  | {
      id: number;
      root: string;
      declaration: DeclarationRef;
      msLeft: number;
      /** See CheckRequest.likelyOnlyAfterMs (a duration: no clock is shared between threads). */
      likelyOnlyAfterMs?: number;
      /** The change to make; absent: add a variant. */
      change?: ChangeSpec;
    }
  | { id: number; root: string; warmFile: string };

export type WorkerReply = { id: number; outcome: CheckOutcome } | { id: number; warmed: true } | { id: number; timeout: number } | { id: number; error: string };

if (!parentPort) throw new Error('checker-worker must run as a worker thread');
const port = parentPort;
const checker = new TypeScriptChecker();
port.on('message', (request: WorkerRequest) => {
  if ('warmFile' in request) {
    checker.prepare(request.root, request.warmFile).then(
      () => port.postMessage({ id: request.id, warmed: true } satisfies WorkerReply),
      (error: unknown) => port.postMessage({ id: request.id, error: (error as Error)?.message ?? String(error) } satisfies WorkerReply),
    );
    return;
  }
  const now = performance.now();
  const check = {
    root: request.root,
    declaration: request.declaration,
    deadline: now + request.msLeft,
    ...(request.likelyOnlyAfterMs !== undefined ? { likelyOnlyAfterMs: request.likelyOnlyAfterMs } : {}),
  };
  (request.change ? checker.applyChange({ ...check, change: request.change }) : checker.addVariant(check))
    .then(
      (outcome) => port.postMessage({ id: request.id, outcome } satisfies WorkerReply),
      (error: unknown) =>
        port.postMessage(
          error instanceof CheckTimeout ? ({ id: request.id, timeout: error.afterMs } satisfies WorkerReply) : ({ id: request.id, error: (error as Error)?.message ?? String(error) } satisfies WorkerReply),
        ),
    );
});
