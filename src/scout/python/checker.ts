/**
 * The Python checker: pyright (the pinned `pyright` package). pyright reads files from disk, so it runs over
 * a shadow copy outside the repository (python/shadow.ts: hard links to the user's Python files); the user's
 * tree is never written. It is asked through a warm `pyright-langserver` kept per repository for the life
 * of the checker (python/pyright-server.ts: the edit is an in-memory overlay of the target's open document)
 * or, runner 'cli', through a `pyright` process per step with the edited file written into a fresh shadow
 * (python/run-pyright.ts; kept to compare the two: the server is faster cold too, see
 * bench/results/python-verify.md). For "add a variant" it finds the declaration the exploration found (by
 * line, never by bare name), inserts the variant without adding a line (python/variant-edit.ts), and asks
 * for the errors of the files that import the target's module, directly or not (beyond 40 of them, those
 * that can narrow over its variants: they name it (or, for an attribute, read or pass it), or hold a
 * `match` or an `assert_never`): with the edit, then without it for the files that have errors after the
 * edit only (cached per file between questions until a Python file or the configuration changes). The
 * errors that are new are the breaks, each with the function, method or statement around it. The other
 * change kinds (remove, rename, add a parameter, change a type, make optional: python/change-edit.ts) are
 * one edit on one line too, checked the same way.
 *
 * The shadow's configuration is the project's with `reportMatchNotExhaustive` turned on: that is how a
 * `match` that stops being exhaustive becomes visible (pyright is silent about it by default); an
 * `assert_never(x)` after an if/elif chain or in `case _:` fails without it, and so does a function whose
 * if/elif chain returned on every path.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readInsideRoot } from '../../workspace/confine.js';
import { deadlineStep } from '../verify/check-pacing.js';
import { type ChangeRequest, type ChangeSpec, type Checker, type CheckOutcome, type CheckRequest } from '../verify/checker.js';
import { placedErrors } from '../verify/checker-template.js';
import { changeEditFor } from './change-edit.js';
import { mapBack, type MappedDiagnostic, newDiagnostics } from './diagnostic-diff.js';
import { enclosingPlace } from './enclosing-place.js';
import { dependentsOf, filesThatMayBreak } from './import-graph.js';
import type { Budget } from './pyright-server.js';
import { PyrightServer } from './pyright-server.js';
import { pyrightVersion } from './run-pyright.js';
import { cliRun, type Pyright, serverRun } from './runners.js';
import { listPythonFiles, type PyTree } from './shadow.js';
import { type PySource, scanPython } from './source-lines.js';
import { configuredPythonMinor } from './python-version.js';
import { applyEdit, type PyEdit, type PyEditResult, variantEditFor } from './variant-edit.js';

/** pyright's rules for a type expression that names nothing or is no type (an unknown name, `typing.Nope`, a variable). */
const OWN_TYPE_ERRORS = /^(?:reportUndefinedVariable|reportAttributeAccessIssue|reportInvalidTypeForm|reportGeneralTypeIssues)$/;

/** Up to this many importers all are checked; beyond, those that can narrow over the variants (pyright checks about 3-10 files a second). */
const CHECK_ALL_UP_TO = 40;

export const MATCH_NOTE = 'pyright ran with reportMatchNotExhaustive on (the project\'s other settings kept): it is how a `match` that stops being exhaustive becomes visible';

interface Warm {
  stamp: string;
  /** Target file and mentions -> the files that can see it and, of those, the ones to check (target first). */
  dependents: Map<string, { importers: number; check: string[] }>;
  /** File -> the unmodified shadow's errors in it. */
  baseline: Map<string, MappedDiagnostic[]>;
}

export type PyrightRunner = 'cli' | 'server';

/** The most a warm-up may take (it runs in the background of a long-lived server, before any question). */
const PREPARE_MS = 120_000;

export class PythonChecker implements Checker {
  readonly name = 'pyright';
  readonly version = pyrightVersion();
  readonly runner: PyrightRunner;
  private readonly warm = new Map<string, Warm>();
  /** The warm pyright of each repository (runner 'server'), and the question it is busy with. */
  private readonly servers = new Map<string, PyrightServer>();
  private busy: Promise<unknown> = Promise.resolve();
  /** Counts dispose() calls: a server that finishes starting after one is not kept. */
  private disposals = 0;
  /** What the warm state saved: pyright servers started, files whose unmodified errors were computed. */
  readonly stats = { serverStarts: 0, baselineFiles: 0 };

  /**
   * `tmpDir`: where shadow copies are made (the system's temp directory; it must lie outside the repository).
   * `runner`: 'server' (the default) keeps a pyright language server warm between questions; it is not
   * slower cold either, so a single `scout ask` uses it too. 'cli' runs a pyright process per step: kept to
   * compare the two (tests, bench/python-verify.mjs).
   */
  constructor(private readonly options: { tmpDir?: string; runner?: PyrightRunner } = {}) {
    this.runner = options.runner ?? 'server';
  }

  handles(file: string): boolean {
    return /\.py$/.test(file);
  }

  /** The process id of the repository's warm pyright, if one runs. */
  serverPid(root: string): number | undefined {
    return this.servers.get(path.resolve(root))?.pid;
  }

  dispose(): void {
    this.disposals += 1;
    this.warm.clear();
    for (const server of this.servers.values()) server.dispose();
    this.servers.clear();
  }

  /**
   * Run `work` with the repository's warm pyright, one question at a time (the overlay is the server's
   * state). A server that died is started again; one whose question failed or timed out is killed, so the
   * next question starts from a clean one.
   */
  private withServer<T>(root: string, tree: PyTree, budget: Budget, work: (server: PyrightServer) => Promise<T>): Promise<T> {
    const turn = this.busy.then(async () => {
      let server = this.servers.get(root);
      if (server && (!server.alive || !server.canFollow(tree))) {
        server.dispose();
        this.servers.delete(root);
        server = undefined;
      }
      if (!server) {
        const disposals = this.disposals;
        server = await PyrightServer.start(root, tree, this.options.tmpDir, budget);
        // Disposed while it started (the MCP server closing): it must not outlive the checker.
        if (this.disposals !== disposals) {
          server.dispose();
          throw new Error('the checker was disposed');
        }
        this.servers.set(root, server);
        this.stats.serverStarts += 1;
      } else server.sync(tree);
      try {
        return await work(server);
      } catch (error) {
        server.dispose();
        if (this.servers.get(root) === server) this.servers.delete(root);
        throw error;
      }
    });
    this.busy = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Start the repository's pyright and have it check `file` once (typeshed, the project's imports, the
   * file's own module graph are then loaded), so a long-lived server's first question does not pay for it.
   */
  async prepare(root: string, file: string): Promise<void> {
    if (this.runner !== 'server') return;
    const abs = path.resolve(root);
    const tree = listPythonFiles(abs);
    const rel = file.split(path.sep).join('/');
    if (!tree.files.includes(rel)) return;
    const budget: Budget = { deadline: performance.now() + PREPARE_MS, started: performance.now() };
    await this.withServer(abs, tree, budget, (server) => server.diagnostics([rel], null, budget));
  }

  async addVariant(request: CheckRequest): Promise<CheckOutcome> {
    const { root, declaration } = request;
    const at = { root: path.resolve(root), file: declaration.file };
    return this.check(request, (src) => variantEditFor(src, declaration.name, declaration.line, at), null);
  }

  /**
   * Remove a class member, rename, add a parameter, change a type, make optional (python/change-edit.ts);
   * a declaration the change does not apply to is refused with what would work.
   */
  async applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    const { change } = request;
    if (change.kind === 'add_variant') return this.addVariant(request);
    const options = { pythonMinor: configuredPythonMinor(path.resolve(request.root)) };
    let made: PyEdit | null = null;
    const outcome = await this.check(
      request,
      (src) => {
        const result = changeEditFor(src, request.declaration.name, request.declaration.line, change, options);
        if (result.ok) made = result.edit;
        return result;
      },
      change,
    );
    const edit = made as PyEdit | null;
    if (outcome.status !== 'checked' || change.kind !== 'change_type' || !edit) return outcome;
    // A new type that does not resolve where it is written (a name not imported there) is the edit's own
    // error, not a break: every error inside the written type maps back to the edit's column. An error
    // further on that line (the default value, `retries: str = 3`) is a real break and stays.
    const own = outcome.check.errors.find((e) => e.file === outcome.check.target.file && e.line === edit.line + 1 && e.column === edit.column + 1 && OWN_TYPE_ERRORS.test(e.code));
    if (own) return { status: 'refused', reason: `the new type \`${change.newType}\` does not resolve at ${own.file}:${own.line} (${own.code} ${own.message}): write a type that is in scope there (a builtin, or a name the file imports)` };
    return outcome;
  }

  private async check(request: CheckRequest, editFor: (src: PySource) => PyEditResult, change: ChangeSpec | null): Promise<CheckOutcome> {
    const started = performance.now();
    const step = deadlineStep(request, started);
    const root = path.resolve(request.root);
    const { declaration } = request;
    const rel = declaration.file.split(path.sep).join('/');
    // Only a file inside the repository (links resolved) is read: the declaration's path comes from the exploration.
    const text = readInsideRoot(root, rel);
    if (text === null) return { status: 'refused', reason: `${rel} cannot be read inside the repository` };
    const src = scanPython(text);
    const result = editFor(src);
    if (!result.ok) return { status: 'refused', reason: result.reason };
    const { edit } = result;
    step();

    const tree = listPythonFiles(root);
    if (!tree.files.includes(rel)) return { status: 'refused', reason: `${rel} is not among the repository's Python files that pyright checks (a hidden directory or a virtual environment)` };
    let warm = this.warm.get(root);
    if (!warm || warm.stamp !== tree.stamp) {
      warm = { stamp: tree.stamp, dependents: new Map(), baseline: new Map() };
      this.warm.set(root, warm);
    }
    const depKey = `${rel}\0${edit.mentions.join('\0')}`;
    let deps = warm.dependents.get(depKey);
    if (!deps) {
      const texts = new Map<string, string>();
      for (const f of tree.files) {
        try {
          texts.set(f, readFileSync(path.join(root, f), 'utf8'));
        } catch {
          // a file that vanished meanwhile is not imported by anything that still exists
        }
      }
      const all = dependentsOf(texts, rel);
      deps = { importers: all.length, check: all.length <= CHECK_ALL_UP_TO ? all : filesThatMayBreak(texts, all, edit.mentions) };
      warm.dependents.set(depKey, deps);
    }
    const toCheck = deps.check;
    step();

    // The edited code first; the unmodified one only for the files that have errors after the edit (none,
    // in a project that type-checks cleanly), each file's baseline kept until a Python file changes.
    const edited = applyEdit(text, src, edit);
    const notes: string[] = [];
    const diagnose = async (pyright: Pyright): Promise<{ after: MappedDiagnostic[]; before: MappedDiagnostic[] }> => {
      const after = await pyright.run(toCheck, edited);
      const erring = [...new Set(after.map((d) => d.file))];
      const missing = erring.filter((f) => !warm.baseline.has(f));
      if (missing.length > 0) {
        step();
        const base = await pyright.run(missing, null);
        this.stats.baselineFiles += missing.length;
        for (const f of missing) warm.baseline.set(f, base.filter((d) => d.file === f));
      }
      notes.push(...pyright.notes());
      return { after, before: erring.flatMap((f) => warm.baseline.get(f) ?? []) };
    };
    const budget: Budget = { deadline: request.deadline, started, ...(request.signal ? { signal: request.signal } : {}) };
    const { after, before } =
      this.runner === 'server'
        ? await this.withServer(root, tree, budget, (server) => diagnose(serverRun(server, rel, budget)))
        : await diagnose(cliRun(root, tree.files, rel, this.options.tmpDir, budget));

    const sources = new Map<string, PySource>([[rel, src]]);
    const sourceOf = (f: string): PySource | null => {
      let s = sources.get(f);
      if (!s) {
        try {
          s = scanPython(readFileSync(path.join(root, f), 'utf8'));
        } catch {
          return null;
        }
        sources.set(f, s);
      }
      return s;
    };
    const fresh = newDiagnostics(
      after.map((d) => mapBack(d, rel, edit)),
      before,
    ).map((d) => ({
      file: d.file,
      line: d.line,
      character: d.character,
      code: d.rule || 'error',
      // pyright's first line says what is wrong, the second why (`Unhandled type: "Literal[ExitCode.SCOUT_NEW]"`).
      message: d.message.split('\n').slice(0, 2).map((l) => l.trim()).join('; ').replace(/\s+/g, ' ').slice(0, 300),
    }));
    const errors = await placedErrors(fresh, (f, rows) => {
      const s = sourceOf(f);
      return rows.map((row) => (s ? enclosingPlace(s, row) : null));
    });
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: edit.summary ?? edit.insert.replace(/^[;,]\s*/, '').replace(/,\s*$/, '').trim(),
        errors,
        checkedFiles: toCheck.length,
        ...(change ? { change } : {}),
        notes: [
          ...(change ? [] : [MATCH_NOTE]),
          ...(deps.importers > toCheck.length
            ? [change
                ? `pyright checked the ${toCheck.length} of the ${deps.importers} files that import ${rel} (directly or not) that name \`${edit.mentions[0]}\`: the others cannot use it by name`
                : `pyright checked the ${toCheck.length} of the ${deps.importers} files that import ${rel} (directly or not) that mention ${edit.mentions.map((m) => `\`${m}\``).join(', ')}, or hold a \`match\` or an \`assert_never\`: the others cannot narrow over its variants or hand them to a narrower type`]
            : []),
          ...(edit.notes ?? []),
          ...notes,
        ],
      },
    };
  }
}
