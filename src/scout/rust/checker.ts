/**
 * The Rust checker: `cargo check --offline` over a shadow copy of the crate. For "add a variant" it finds the
 * enum the exploration found (by line, never by bare name) in a tree-sitter parse, inserts a unit variant
 * `__ScoutNew` before the closing brace without adding a line (rust/variant-edit.ts), mirrors the crate (or its
 * workspace: members may use the enum) into a shadow directory in the user's cache with hard links, the
 * edited file a new file (rust/shadow.ts; the user's tree is never written), and runs cargo with a persistent
 * CARGO_TARGET_DIR, so a second question on the crate is an incremental check. rustc's errors are mapped back
 * to repository paths (rust/diagnostic-diff.ts); when there are any, the unmodified crate is checked too, once
 * (kept between questions, and beside the shadow for the next process, until a Rust or Cargo file changes), and only the errors that are new count: a
 * `match` that is no longer exhaustive (E0004), each with the function, method or const around it.
 *
 * What it cannot do, said in the refusal or failure: a crate whose dependencies are not downloaded (cargo runs
 * offline), a workspace cargo cannot load, no cargo on PATH. cargo runs the crate's build scripts and
 * procedural macros, as any `cargo check` does.
 */
import path from 'node:path';
import { readInsideRoot, realRoot } from '../../workspace/confine.js';
import { type Checker, type CheckerError, type CheckOutcome, type CheckRequest } from '../verify/checker.js';
import { deadlineStep, OneAtATime } from '../verify/check-pacing.js';
import { findCrate, listCrateFiles } from './crate.js';
import { mapRustDiagnostics, type RsMappedError, newRustErrors } from './diagnostic-diff.js';
import { rustPlaceAt } from './enclosing-place.js';
import { CargoUnavailable, cargoVersion, runCargo } from './run-cargo.js';
import { CargoShadow } from './shadow.js';
import { applyEnumEdit, NEW_VARIANT, enumVariantEdit, withRustTree } from './variant-edit.js';

interface Warm {
  stamp: string;
  /** The unmodified crate's errors, once checked. */
  baseline: RsMappedError[] | null;
}

export class RustChecker implements Checker {
  readonly name = 'cargo';
  private readonly warm = new Map<string, Warm>();
  /** One check per crate at a time in this process (they share the shadow). */
  private readonly queue = new OneAtATime();

  /** `cacheDir`: where shadow crates and cargo's target directories live (default: the user's cache directory). */
  constructor(private readonly options: { cacheDir?: string } = {}) {}

  get version(): string {
    return cargoVersion();
  }

  handles(file: string): boolean {
    return /\.rs$/.test(file);
  }

  dispose(): void {
    this.warm.clear();
  }

  addVariant(request: CheckRequest): Promise<CheckOutcome> {
    return this.queue.run(() => this.check(request));
  }

  private async check(request: CheckRequest): Promise<CheckOutcome> {
    const started = performance.now();
    const step = deadlineStep(request, started);
    step();
    const root = path.resolve(request.root);
    const { declaration } = request;
    const rel = declaration.file.split(path.sep).join('/');
    const text = readInsideRoot(root, rel);
    if (text === null) return { status: 'refused', reason: `${rel} cannot be read (or is a link that leads outside the repository)` };
    const result = await enumVariantEdit(text, declaration.name, declaration.line);
    if (!result.ok) return { status: 'refused', reason: result.reason };
    const { edit } = result;
    const located = findCrate(root, rel);
    if (!located.ok) return { status: 'refused', reason: `not checked: ${located.reason}` };
    const crate = located.crate;
    if (cargoVersion() === 'unavailable') return { status: 'refused', reason: 'cargo is not on PATH: install Rust (https://rustup.rs, or `apt-get install cargo rustc`) so that `cargo` runs, and ask again' };
    step();

    const tree = listCrateFiles(root, crate.checkDir);
    const inCheck = crate.checkDir === '' ? rel : path.posix.relative(crate.checkDir, rel);
    if (!tree.files.some((f) => f.rel === inCheck)) return { status: 'refused', reason: `${rel} is not among the crate's files (a link that leads outside the repository?)` };
    const key = path.join(realRoot(root), crate.checkDir);
    let warm = this.warm.get(key);
    if (!warm || warm.stamp !== tree.stamp) {
      warm = { stamp: tree.stamp, baseline: null };
      this.warm.set(key, warm);
    }

    const editedText = applyEnumEdit(text, edit);
    const texts = new Map<string, string[] | null>([[rel, editedText.split('\n')]]);
    const linesOf = (f: string): string[] | null => {
      if (!texts.has(f)) texts.set(f, readInsideRoot(root, f)?.split('\n') ?? null);
      return texts.get(f) ?? null;
    };
    const shadow = new CargoShadow(root, key, this.options.cacheDir);
    const notes: string[] = [];
    let onEdit = 0;
    let after: RsMappedError[];
    let before: RsMappedError[] = [];
    try {
      notes.push(...shadow.notes);
      const cargo = async (edited: boolean): Promise<RsMappedError[]> => {
        shadow.sync(tree.files, edited ? { rel: inCheck, text: editedText } : null);
        const diags = await runCargo({ dir: shadow.dir, shownDir: crate.checkDir || '.', targetDir: shadow.targetDir, workspace: crate.workspace, deadline: request.deadline, started, ...(request.signal ? { signal: request.signal } : {}) });
        const m = mapRustDiagnostics(diags, { shadowDir: shadow.dir, checkDir: crate.checkDir, linesOf, edited: edited ? { file: rel, edit } : null });
        if (edited) onEdit = m.onEdit;
        return m.mapped;
      };
      after = await cargo(true);
      if (after.length > 0) {
        const saved = `${tree.stamp}|${cargoVersion()}|${crate.workspace}`;
        warm.baseline ??= shadow.savedBaseline<RsMappedError>(saved);
        if (!warm.baseline) {
          step();
          warm.baseline = await cargo(false);
          shadow.saveBaseline(saved, warm.baseline);
        }
        before = warm.baseline;
      }
    } catch (error) {
      if (error instanceof CargoUnavailable) return { status: 'refused', reason: error.reason };
      throw error;
    } finally {
      shadow.dispose();
    }

    texts.set(rel, text.split('\n'));
    const fresh = newRustErrors(after, before);
    const places = new Map<string, Map<number, CheckerError['place']>>();
    for (const f of new Set(fresh.map((d) => d.file))) {
      const lines = linesOf(f);
      const rows = new Map<number, CheckerError['place']>();
      if (lines) {
        await withRustTree(lines.join('\n'), (tree) => {
          for (const d of fresh) if (d.file === f && !rows.has(d.line)) rows.set(d.line, rustPlaceAt(tree, d.line));
        });
      }
      places.set(f, rows);
    }
    const errors: CheckerError[] = fresh.map((d) => ({
      file: d.file,
      line: d.line + 1,
      column: d.character + 1,
      code: d.code,
      message: d.message.replace(/\s+/g, ' ').slice(0, 300),
      place: places.get(d.file)?.get(d.line) ?? null,
    }));
    errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    if (onEdit > 0) notes.push(`${onEdit} error(s) on the inserted variant itself (a lint the crate denies, such as missing_docs, or a discriminant overflow) were left out: they are about the edit, not a break`);
    if (tree.skipped.length > 0) notes.push(`left out of the check: ${tree.skipped.length} link(s) leading outside the repository (${tree.skipped.slice(0, 3).join(', ')})`);
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: `variant ${NEW_VARIANT} added to enum ${edit.name}`,
        errors,
        checkedFiles: tree.files.filter((f) => f.rel.endsWith('.rs')).length,
        notes: [
          `cargo check --offline${crate.workspace ? ' --workspace' : ''} on a shadow copy of ${crate.checkDir || 'the repository root'} (default features, library and binaries: tests and examples are not checked)`,
          ...notes,
        ],
      },
    };
  }
}
