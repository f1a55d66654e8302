/**
 * The checkers scout knows, by language. One instance per process (`scout ask`) or per repository for the
 * life of the MCP server (its workspace keeps it, so the TypeScript program stays warm across questions).
 * TypeScript runs in a worker thread; pyright (Python) as a language server in a child process over a
 * shadow copy, warm after the first question (dispose() kills it); cargo (Rust) over a shadow crate in the
 * user's cache, with a persistent target directory; ghc (Haskell) over a shadow project there, with
 * persistent interfaces; javac (Java) over a shadow project in the system's temp directory, its baseline kept.
 * A language without a checker here is answered by the exploration alone, and the answer says so.
 */
import type { Checker } from './checker.js';
import { makeCheckers } from '../languages.js';

export class Checkers {
  private readonly list: Checker[];

  constructor(list?: Checker[]) {
    this.list = list ?? makeCheckers();
  }

  /** The checker for a file, or null when its language has none. */
  for(file: string): Checker | null {
    return this.list.find((c) => c.handles(file)) ?? null;
  }

  /** Prepare every checker that can be prepared and handles one of `files` (repository-relative), one file each. */
  async prepare(root: string, files: readonly string[]): Promise<string[]> {
    const warmed: string[] = [];
    for (const checker of this.list) {
      const file = files.find((f) => checker.handles(f));
      if (!file || !checker.prepare) continue;
      await checker.prepare(root, file);
      warmed.push(checker.name);
    }
    return warmed;
  }

  names(): string[] {
    return this.list.map((c) => c.name);
  }

  dispose(): void {
    for (const c of this.list) c.dispose();
  }
}
