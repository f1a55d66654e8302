/**
 * A checker's child process (cargo, ghc, pyright) bounded by its question: killed at the deadline
 * (CheckTimeout) or when the question is aborted (the signal's reason), with its whole process group when it
 * was started in one (`detached: true`: cargo and ghc, so that a compiler's own children die with it). One
 * settlement only: a child that closes after being killed changes nothing. And the tool's version, asked
 * once per process.
 */
import { type ChildProcess, execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { CheckTimeout } from './checker.js';

export interface ChildBudget {
  /** `performance.now()` value at which the child is killed. */
  deadline: number;
  /** When the check started (for the CheckTimeout's duration). */
  started: number;
  signal?: AbortSignal;
}

/**
 * Settles with `onClose(exit code)` when the child closes, `onError(error)` when it cannot run (ENOENT:
 * the tool is not installed), or a timeout / abort after killing its process group. `onClose` may throw to
 * reject.
 */
export function boundedChild<T>(child: ChildProcess, budget: ChildBudget, onError: (error: NodeJS.ErrnoException) => Error, onClose: (code: number | null) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const timer = setTimeout(
      () => {
        kill();
        finish(() => reject(new CheckTimeout(Math.round(performance.now() - budget.started))));
      },
      Math.max(0, budget.deadline - performance.now()),
    );
    const onAbort = (): void => {
      kill();
      finish(() => reject(budget.signal?.reason instanceof Error ? budget.signal.reason : new Error('aborted')));
    };
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error: NodeJS.ErrnoException) => finish(() => reject(onError(error))));
    child.on('close', (code) =>
      finish(() => {
        try {
          resolve(onClose(code));
        } catch (error) {
          reject(error);
        }
      }),
    );
  });
}

/** What a bounded run printed, and how it exited. */
export interface ChildOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `command` bounded by `budget` (see boundedChild), its output collected; refused at once when the question is already aborted. */
export function boundedRun(command: string, args: readonly string[], options: SpawnOptions, budget: ChildBudget, onError: (error: NodeJS.ErrnoException) => Error): Promise<ChildOutput> {
  if (budget.signal?.aborted) return Promise.reject(budget.signal.reason instanceof Error ? budget.signal.reason : new Error('aborted'));
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => err.push(b));
  return boundedChild(child, budget, onError, (code) => ({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
}

/**
 * A tool's version, asked once per process (`command args` printed on stdout, read by `read`), or
 * `unavailable` when the tool does not run (not on PATH): a checker refuses then, saying how to install it.
 */
export function versionOnce(command: string, args: readonly string[], read: (stdout: string) => string = (out) => out.trim()): () => string {
  let version: string | null = null;
  return () => {
    if (version === null) {
      try {
        version = read(execFileSync(command, args, { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }));
      } catch {
        version = 'unavailable';
      }
    }
    return version;
  };
}
