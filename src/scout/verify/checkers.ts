/**
 * The checkers scout knows, by language. One instance per process (`scout ask`) or per repository for the
 * life of the MCP server (its workspace keeps it, so the TypeScript program stays warm across questions).
 * TypeScript runs in a worker thread; pyright (Python) as a language server in a child process over a
 * shadow copy, warm after the first question; dispose() kills it.
 * A language without a checker here is answered by the exploration alone, and the answer says so.
 */
import type { Checker } from './checker.js';
import { PythonChecker } from './python-checker.js';
import { WorkerTypeScriptChecker } from './worker-checker.js';

export class Checkers {
  private readonly list: Checker[];

  constructor(list?: Checker[]) {
    this.list = list ?? [new WorkerTypeScriptChecker(), new PythonChecker()];
  }

  /** The checker for a file, or null when its language has none. */
  for(file: string): Checker | null {
    return this.list.find((c) => c.handles(file)) ?? null;
  }

  names(): string[] {
    return this.list.map((c) => c.name);
  }

  dispose(): void {
    for (const c of this.list) c.dispose();
  }
}
