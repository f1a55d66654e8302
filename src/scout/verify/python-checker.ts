/**
 * The Python checker: pyright (the pinned `pyright` package's CLI). pyright has no in-memory overlay from
 * its CLI, so the change is made in a shadow copy outside the repository (python/shadow.ts: hard links to
 * the user's Python files, the edited file a new file in its place); the user's tree is never written. For
 * "add a variant" it finds the declaration the exploration found (by line, never by bare name), inserts the
 * variant without adding a line (python/variant-edit.ts), and runs pyright on the files that import the
 * target's module, directly or not (beyond 40 of them, those that can narrow over its variants: they name it
 * or its values, or hold a `match` or an `assert_never`): on the edited shadow, then on the unmodified one for the files that have
 * errors after the edit only (cached per file between questions until a Python file or the configuration
 * changes). The errors that are new are the breaks, each with the function, method or statement around it.
 *
 * The shadow's configuration is the project's with `reportMatchNotExhaustive` turned on: that is how a
 * `match` that stops being exhaustive becomes visible (pyright is silent about it by default); an
 * `assert_never(x)` after an if/elif chain or in `case _:` fails without it, and so does a function whose
 * if/elif chain returned on every path.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ChangeRequest, type ChangeSpec, CheckTimeout, type Checker, type CheckerError, type CheckOutcome, type CheckRequest } from './checker.js';
import { changeEditFor } from './python/change-edit.js';
import { mapBack, type MappedDiagnostic, newDiagnostics } from './python/diagnostic-diff.js';
import { enclosingPlace } from './python/enclosing-place.js';
import { dependentsOf, filesThatMayBreak } from './python/import-graph.js';
import { type PyDiagnostic, pyrightVersion, runPyright } from './python/run-pyright.js';
import { listPythonFiles, Shadow } from './python/shadow.js';
import { type PySource, scanPython } from './python/source-lines.js';
import { applyEdit, type PyEditResult, variantEditFor } from './python/variant-edit.js';

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

export class PythonChecker implements Checker {
  readonly name = 'pyright';
  readonly version = pyrightVersion();
  private readonly warm = new Map<string, Warm>();

  /** `tmpDir`: where shadow copies are made (the system's temp directory; it must lie outside the repository). */
  constructor(private readonly options: { tmpDir?: string } = {}) {}

  handles(file: string): boolean {
    return /\.py$/.test(file);
  }

  dispose(): void {
    this.warm.clear();
  }

  async addVariant(request: CheckRequest): Promise<CheckOutcome> {
    return this.check(request, (src) => variantEditFor(src, request.declaration.name, request.declaration.line), null);
  }

  /** Add a variant, remove a class member, rename (python/change-edit.ts); the other kinds are refused with what would work. */
  async applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    const { change } = request;
    if (change.kind === 'add_variant') return this.addVariant(request);
    return this.check(request, (src) => changeEditFor(src, request.declaration.name, request.declaration.line, change), change);
  }

  private async check(request: CheckRequest, editFor: (src: PySource) => PyEditResult, change: ChangeSpec | null): Promise<CheckOutcome> {
    const started = performance.now();
    const step = (): void => {
      request.signal?.throwIfAborted();
      if (performance.now() > request.deadline) throw new CheckTimeout(Math.round(performance.now() - started));
    };
    const root = path.resolve(request.root);
    const { declaration } = request;
    const rel = declaration.file.split(path.sep).join('/');
    let text: string;
    try {
      text = readFileSync(path.join(root, rel), 'utf8');
    } catch {
      return { status: 'refused', reason: `${rel} cannot be read` };
    }
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

    const abort = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, abort.signal]) : abort.signal;
    const shadows: Shadow[] = [];
    const notes: string[] = [];
    const run = async (files: readonly string[], editedText: string | null): Promise<MappedDiagnostic[]> => {
      const shadow = new Shadow(root, tree.files, this.options.tmpDir);
      shadows.push(shadow);
      if (notes.length === 0) notes.push(...shadow.notes);
      if (editedText !== null) shadow.replace(rel, editedText);
      const diags = await runPyright({ dir: shadow.dir, files: files.map((f) => shadow.abs(f)), deadline: request.deadline, signal, started });
      return relativize(diags, shadow.dir, new Set(files));
    };
    // The edited shadow first; the unmodified one only for the files that have errors after the edit (none,
    // in a project that type-checks cleanly), each file's baseline kept until a Python file changes.
    let before: MappedDiagnostic[] = [];
    let after: MappedDiagnostic[];
    try {
      after = await run(toCheck, applyEdit(text, src, edit));
      const erring = [...new Set(after.map((d) => d.file))];
      const missing = erring.filter((f) => !warm.baseline.has(f));
      if (missing.length > 0) {
        step();
        const base = await run(missing, null);
        for (const f of missing) warm.baseline.set(f, base.filter((d) => d.file === f));
      }
      before = erring.flatMap((f) => warm.baseline.get(f) ?? []);
    } catch (error) {
      abort.abort(error);
      throw error;
    } finally {
      for (const s of shadows) s.dispose();
    }

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
    const errors: CheckerError[] = newDiagnostics(
      after.map((d) => mapBack(d, rel, edit)),
      before,
    ).map((d) => {
      const s = sourceOf(d.file);
      return {
        file: d.file,
        line: d.line + 1,
        column: d.character + 1,
        code: d.rule || 'error',
        // pyright's first line says what is wrong, the second why (`Unhandled type: "Literal[ExitCode.SCOUT_NEW]"`).
        message: d.message.split('\n').slice(0, 2).map((l) => l.trim()).join('; ').replace(/\s+/g, ' ').slice(0, 300),
        place: s ? enclosingPlace(s, d.line) : null,
      };
    });
    errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
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
                : `pyright checked the ${toCheck.length} of the ${deps.importers} files that import ${rel} (directly or not) that name \`${edit.name.split('.').pop()}\` or its values, or hold a \`match\` or an \`assert_never\`: the others cannot narrow over its variants (they can still break where they hand its values to a narrower type)`]
            : []),
          ...notes,
        ],
      },
    };
  }
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
