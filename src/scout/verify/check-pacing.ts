/**
 * Pacing shared by the checkers that run a compiler over a shadow copy (cargo, ghc): one check at a
 * time per checker (the checks share the shadow), and a step that gives up at the request's deadline
 * or when the question is aborted.
 */
import { CheckTimeout, type CheckRequest } from './checker.js';

/** Runs jobs one after another; a failed job does not stop the next. */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.tail.then(job, job);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/** A step to call between stages: throws the abort reason, or CheckTimeout once the deadline has passed. */
export function deadlineStep(request: CheckRequest, started: number): () => void {
  return () => {
    request.signal?.throwIfAborted();
    if (performance.now() > request.deadline) throw new CheckTimeout(Math.round(performance.now() - started));
  };
}
