/**
 * The two ways the Python checker asks pyright for a set of files' errors, behind one shape:
 * - cli: a `pyright` process per run over a fresh shadow copy with the edited file written into it
 *   (run-pyright.ts): nothing to keep, so it suits one question per process when it is faster cold;
 * - server: the warm `pyright-langserver` kept by the checker (pyright-server.ts), the edit an in-memory
 *   overlay.
 * Both return repository-relative diagnostics of the files asked about only.
 */
import path from 'node:path';
import type { MappedDiagnostic } from './diagnostic-diff.js';
import type { Budget, PyrightServer } from './pyright-server.js';
import { type PyDiagnostic, runPyright } from './run-pyright.js';
import { Shadow } from './shadow.js';

export interface Pyright {
  /** Errors in `files`, with `edited` as the target's text (null: the unmodified code). */
  run(files: readonly string[], edited: string | null): Promise<MappedDiagnostic[]>;
  /** Notes about how pyright was set up (a configuration that could not be read). */
  notes(): string[];
}

export function cliRun(root: string, all: readonly string[], target: string, tmpDir: string | undefined, budget: Budget): Pyright {
  const notes: string[] = [];
  return {
    async run(files, edited) {
      const shadow = new Shadow(root, all, tmpDir);
      try {
        if (notes.length === 0) notes.push(...shadow.notes);
        if (edited !== null) shadow.replace(target, edited);
        const diags = await runPyright({ dir: shadow.dir, files: files.map((f) => shadow.abs(f)), deadline: budget.deadline, started: budget.started, ...(budget.signal ? { signal: budget.signal } : {}) });
        return relativize(diags, shadow.dir, new Set(files));
      } finally {
        shadow.dispose();
      }
    },
    notes: () => notes,
  };
}

export function serverRun(server: PyrightServer, target: string, budget: Budget): Pyright {
  return {
    run: (files, edited) => server.diagnostics(files, edited === null ? null : { rel: target, text: edited }, budget),
    notes: () => [...server.notes],
  };
}

/** pyright's absolute shadow paths as repository-relative ones; errors outside the checked files are dropped. */
function relativize(diags: readonly PyDiagnostic[], dir: string, keep: ReadonlySet<string>): MappedDiagnostic[] {
  const out: MappedDiagnostic[] = [];
  for (const d of diags) {
    const rel = path.relative(dir, d.file).split(path.sep).join('/');
    if (!keep.has(rel)) continue;
    out.push({ file: rel, line: d.line, character: d.character, rule: d.rule, message: d.message });
  }
  return out;
}
