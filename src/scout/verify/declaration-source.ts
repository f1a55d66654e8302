/**
 * Where a check starts: the repository root, the declaration's file (repository-relative, with `/`) and its
 * text. Only a file inside the repository (links resolved) is read: the declaration's path comes from the
 * exploration, and a link leading outside the repository refuses the check.
 */
import path from 'node:path';
import { readInsideRoot } from '../../workspace/confine.js';
import type { ChildBudget } from './bounded-child.js';
import { deadlineStep } from './check-pacing.js';
import type { CheckOutcome, CheckRequest } from './checker.js';

/** A check refused with `reason` (what is wrong, and how to fix it where it can be). */
export const refused = (reason: string): CheckOutcome => ({ status: 'refused', reason });

export function declarationSource(request: CheckRequest): { root: string; rel: string; text: string } | { refusal: CheckOutcome } {
  const root = path.resolve(request.root);
  const rel = request.declaration.file.split(path.sep).join('/');
  const text = readInsideRoot(root, rel);
  return text === null ? { refusal: refused(`${rel} cannot be read (or is a link that leads outside the repository)`) } : { root, rel, text };
}

/**
 * The start every compiled checker makes: the clock and the deadline step (taken once at once), the declaration's
 * source, and the budget its child processes run under (the request's deadline and cancellation).
 */
export function beginCheck(
  request: CheckRequest,
): { started: number; step: () => void; budget: ChildBudget; root: string; rel: string; text: string } | { refusal: CheckOutcome } {
  const started = performance.now();
  const step = deadlineStep(request, started);
  step();
  const source = declarationSource(request);
  if ('refusal' in source) return source;
  const budget: ChildBudget = { deadline: request.deadline, started, ...(request.signal ? { signal: request.signal } : {}) };
  return { started, step, budget, ...source };
}
