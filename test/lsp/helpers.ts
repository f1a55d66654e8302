/** Helpers for LSP tests: indexed temporary copies of fixtures, positions by text, process checks. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import type { SourcePosition } from '../../src/lsp/types.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

export const FAKE_SERVER = path.resolve(__dirname, '..', 'fixtures', 'lsp', 'fake-server.mjs');

export interface IndexedRepo {
  repo: TempRepo;
  store: SqliteStore;
  close(): void;
}

/** A temporary copy of a fixture (`lsp/ts-app`, `haskell`, ...), indexed. */
export async function indexedRepo(fixture: string, change?: (repo: TempRepo) => void): Promise<IndexedRepo> {
  const repo = tempRepo({ fixture });
  change?.(repo);
  const store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store, { config: undefined });
  return {
    repo,
    store,
    close() {
      store.close();
      repo.cleanup();
    },
  };
}

/** Position (1-based line, 0-based column) of the `occurrence`-th (1-based) match of `needle` in a file, plus `offset` columns. */
export function positionOf(root: string, file: string, needle: string, options: { occurrence?: number; offset?: number } = {}): SourcePosition {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i += 1) {
    let from = 0;
    for (;;) {
      const at = (lines[i] as string).indexOf(needle, from);
      if (at < 0) break;
      seen += 1;
      if (seen === (options.occurrence ?? 1)) return { file, line: i + 1, column: at + (options.offset ?? 0) };
      from = at + 1;
    }
  }
  throw new Error(`${file} has no occurrence ${options.occurrence ?? 1} of ${JSON.stringify(needle)}`);
}

/** 1-based line of the first line containing `needle`. */
export function lineOf(root: string, file: string, needle: string): number {
  return positionOf(root, file, needle).line;
}

/** True when the process exists and is not a zombie (exited, not yet reaped). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Every descendant process of `pid` (Linux /proc; empty elsewhere). */
export function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const [child, parent] of parentOf) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Wait until none of the processes runs any more (or the timeout passes); returns those still running. */
export async function waitGone(pids: number[], timeoutMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = pids.filter(isRunning);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
