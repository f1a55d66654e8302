/**
 * The Go checker: `go build` over the user's module with an overlay (`-overlay`: the edited file is read from
 * a copy in the system's temp directory; the user's tree is never written, and nothing is mirrored). Every
 * change kind but one is an edit of the declaration the exploration found (by line, never by bare name) that
 * keeps every line where it was (go/change-edit.ts). The module is the nearest `go.mod` (go/module.ts); go
 * runs offline (go/run-go.ts), so the packages whose dependencies are not on disk are skipped and named, and
 * the others are built with every error reported (`-gcflags=-e`).
 *
 * The edited module is built first; when it has errors, the unmodified one is built too, once per state of
 * the module's sources (kept in memory), and only the errors that are new count, as a multiset
 * (go/go-diagnostics.ts): a call with the old arity, a use of a removed or renamed name, a value of the old
 * type. Each is placed in the function or method around it (go/enclosing-place.ts).
 *
 * "Add a variant" is refused (go/variant-refusal.ts): adding a constant to an iota group never breaks
 * compilation, so the enumeration sites are the answer, unverified.
 *
 * What it cannot see, said in a note: go build compiles no `_test.go` file; a package that fails to compile
 * stops go from compiling the packages that import it, so when the edited package itself breaks, its
 * importers' breaks are not verified; a package that was already failing hides its importers the same way.
 */
import { beginCheck, declarationSource, refused } from '../verify/declaration-source.js';
import { mkdtempSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readInsideRoot, realRoot } from '../../workspace/confine.js';
import type { ChildBudget } from '../verify/bounded-child.js';
import { OneAtATime } from '../verify/check-pacing.js';
import type { ChangeRequest, ChangeSpec, Checker, CheckOutcome, CheckRequest } from '../verify/checker.js';
import { byFile, type Diagnostic, oneLine, placedErrors, Refusal } from '../verify/checker-template.js';
import { applyLineEdits, columnBeforeEdits, type LineEdit, overlapping } from '../verify/line-edits.js';
import { byteColumn, type MappedError } from '../verify/mapped-error.js';
import { newErrors } from '../verify/new-errors.js';
import { changeEdit } from './change-edit.js';
import { goPlaceAt } from './enclosing-place.js';
import { goErrorKey, parseGoOutput } from './go-diagnostics.js';
import { findGoModule, type GoModule, listGoModule } from './module.js';
import { goBuild, type GoPackage, goVersion, INSTALL_GO, listPackages, scoutTempDir } from './run-go.js';
import { withGoTree } from './syntax.js';
import { variantRefusal } from './variant-refusal.js';

/** The unmodified module: its packages and, once asked, its errors by repository-relative file. */
interface ModuleState {
  stamp: string;
  version: string;
  packages: GoPackage[];
  byFile: Record<string, MappedError[]> | null;
}


/** The edit that makes the import at 0-based `line`, `column` of `text` blank: `"path"` becomes `_ "path"`, `alias "path"` becomes `_ "path"`. */
function blankImport(text: string, line: number, column: number): LineEdit[] {
  const rest = (text.split('\n')[line] ?? '').slice(column);
  if (rest.startsWith('"')) return [{ line, column, remove: 0, insert: '_ ' }];
  const alias = /^[A-Za-z_]\w*/.exec(rest);
  return alias && alias[0] !== '_' ? [{ line, column, remove: alias[0].length, insert: '_' }] : [];
}

export class GoChecker implements Checker {
  readonly name = 'go';
  private readonly warm = new Map<string, ModuleState>();
  /** One check at a time per checker (the go command takes the build cache's lock anyway). */
  private readonly queue = new OneAtATime();

  /** `tempDir`: where overlays are written (default: the system's temp directory; never inside the repository). */
  constructor(private readonly options: { tempDir?: string } = {}) {}

  get version(): string {
    return goVersion();
  }

  handles(file: string): boolean {
    return /\.go$/.test(file);
  }

  dispose(): void {
    this.warm.clear();
  }

  addVariant(request: CheckRequest): Promise<CheckOutcome> {
    const source = declarationSource(request);
    return Promise.resolve('refusal' in source ? source.refusal : refused(variantRefusal(source.text, source.rel, request.declaration.line, request.declaration.name)));
  }

  applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    if (request.change.kind === 'add_variant') return this.addVariant(request);
    return this.queue.run(() => this.check(request, request.change));
  }

  /** Load the module that holds `file` and build it unmodified once, so a long-lived server's first question only builds the edit. */
  async prepare(root: string, file: string): Promise<void> {
    if (!this.handles(file) || goVersion() === 'unavailable') return;
    const abs = path.resolve(root);
    const module = findGoModule(abs, file);
    if (!module) return;
    const started = performance.now();
    await this.queue.run(async () => {
      const state = await this.stateOf(abs, module, { deadline: started + 120_000, started });
      await this.baseline(abs, module, state, { deadline: started + 120_000, started });
    });
  }

  private async stateOf(root: string, module: GoModule, budget: ChildBudget): Promise<ModuleState> {
    const key = path.join(realRoot(root), module.dir);
    const stamp = listGoModule(root, module).stamp;
    const known = this.warm.get(key);
    if (known && known.stamp === stamp && known.version === goVersion()) return known;
    const state: ModuleState = { stamp, version: goVersion(), packages: await listPackages(path.join(realRoot(root), module.dir), budget), byFile: null };
    this.warm.set(key, state);
    return state;
  }

  /** go build of the packages that load; its errors at repository positions, those outside the repository dropped. */
  private async build(root: string, module: GoModule, state: ModuleState, budget: ChildBudget, overlay: { json: string; copy: string; rel: string } | null): Promise<Diagnostic[]> {
    const dir = path.join(realRoot(root), module.dir);
    const buildable = state.packages.filter((p) => p.broken === null).map((p) => p.importPath);
    if (buildable.length === 0) return [];
    const out = await goBuild(dir, state.packages.every((p) => p.broken === null) ? ['./...'] : buildable, overlay?.json ?? null, budget);
    const diagnostics = parseGoOutput(out.output);
    if (out.code !== 0 && diagnostics.length === 0) {
      const first = (out.output.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#')) ?? `exit code ${out.code}`).slice(0, 200);
      throw new Refusal(`go build failed before compiling the module (${first}); make \`go build ./...\` run in ${module.dir || 'the repository root'} and ask again`);
    }
    const real = realRoot(root);
    const out2: Diagnostic[] = [];
    for (const d of diagnostics) {
      const abs = path.resolve(dir, d.file);
      if (overlay && abs === overlay.copy) {
        out2.push({ ...d, file: overlay.rel });
        continue;
      }
      const rel = path.relative(real, abs);
      if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
      out2.push({ ...d, file: rel.split(path.sep).join('/') });
    }
    return out2;
  }

  /** Diagnostics at 0-based UTF-16 positions of the user's text (`edited`: the one file's columns read on its edited text). */
  private mapped(diagnostics: readonly Diagnostic[], lineOf: (file: string, row: number) => string | undefined): MappedError[] {
    return diagnostics.map((d) => ({ file: d.file, line: d.line - 1, character: byteColumn(lineOf(d.file, d.line - 1), d.column), code: d.code, message: d.message }));
  }

  private async baseline(root: string, module: GoModule, state: ModuleState, budget: ChildBudget): Promise<Record<string, MappedError[]>> {
    if (state.byFile) return state.byFile;
    const lines = new Map<string, string[]>();
    const lineOf = (f: string, row: number): string | undefined => {
      if (!lines.has(f)) lines.set(f, (readInsideRoot(root, f) ?? '').split('\n'));
      return lines.get(f)?.[row];
    };
    state.byFile = byFile(this.mapped(await this.build(root, module, state, budget, null), lineOf));
    return state.byFile;
  }

  private async check(request: CheckRequest, change: ChangeSpec): Promise<CheckOutcome> {
    const begun = beginCheck(request);
    if ('refusal' in begun) return begun.refusal;
    const { step, budget, root, rel, text } = begun;
    if (rel.endsWith('_test.go')) return refused(`${rel} is a test file, which go build does not compile: the go checker changes declarations of the package's own files`);
    const made = await changeEdit(text, request.declaration.name, request.declaration.line, change);
    if (!made.ok) return refused(made.reason);
    const { edit } = made;
    if (overlapping(edit.edits)) return refused(`the change to \`${edit.name}\` could not be written as separate edits`);
    if (goVersion() === 'unavailable') return refused(INSTALL_GO);
    const module = findGoModule(root, rel);
    if (!module) return refused(`not checked: no go.mod between ${rel} and the repository root (GOPATH mode is not supported)`);
    step();

    let editedLines = text.split('\n');
    const userLines = new Map<string, string[]>([[rel, text.split('\n')]]);
    const lineOf = (f: string, row: number): string | undefined => {
      if (f === rel) return editedLines[row];
      if (!userLines.has(f)) userLines.set(f, (readInsideRoot(root, f) ?? '').split('\n'));
      return userLines.get(f)?.[row];
    };
    const absFile = realpathSync(path.join(root, rel));
    const dirOfFile = path.dirname(absFile);
    const tempBase = this.options.tempDir ?? scoutTempDir();
    mkdirSync(tempBase, { recursive: true });
    const temp = mkdtempSync(path.join(tempBase, 'go-overlay-'));
    let state: ModuleState;
    let after: MappedError[] = [];
    let before: Record<string, MappedError[]> | null = null;
    let onEdit = 0;
    try {
      state = await this.stateOf(root, module, budget);
      const own = state.packages.find((p) => p.dir === dirOfFile && p.goFiles.includes(path.basename(absFile)));
      if (!own) return refused(`${rel} is not among the files go build compiles in its module (build constraints, a test file, testdata, or a nested module)`);
      if (own.broken) return refused(`the package of ${rel} (${own.importPath}) cannot be loaded here, so go cannot build it: ${own.broken}`);
      const copy = path.join(temp, path.basename(absFile));
      const json = path.join(temp, 'overlay.json');
      writeFileSync(json, JSON.stringify({ Replace: { [absFile]: copy } }));
      // A removal can leave an import unused (go: "imported and not used"), which is about the edit, not a
      // break, and stops go from compiling the package's importers: such an import is made blank (`_ "path"`)
      // and the module built again, once.
      for (let pass = 0; ; pass++) {
        const editedText = applyLineEdits(text, edit.edits);
        editedLines = editedText.split('\n');
        writeFileSync(copy, editedText);
        step();
        after = [];
        onEdit = 0;
        for (const d of this.mapped(await this.build(root, module, state, budget, { json, copy, rel }), lineOf)) {
          if (d.file !== rel) {
            after.push(d);
            continue;
          }
          const character = columnBeforeEdits(edit.edits, d.line, d.character);
          if (character === null) onEdit++;
          else after.push({ ...d, character });
        }
        const unused = pass === 0 ? after.filter((d) => d.file === rel && d.code === 'UnusedImport') : [];
        const blanks = unused.flatMap((d) => blankImport(text, d.line, d.character));
        if (blanks.length === 0 || overlapping([...edit.edits, ...blanks])) break;
        edit.edits = [...edit.edits, ...blanks];
        edit.summary += `; ${blanks.length} import(s) it left unused made blank`;
      }
      step();
      // A module with no error after the edit needs no baseline: nothing can be old.
      if (after.length > 0) before = await this.baseline(root, module, state, budget);
    } catch (error) {
      if (error instanceof Refusal) return refused(error.reason);
      throw error;
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }

    const known = before;
    const fresh = newErrors(after, [...new Set(after.map((d) => d.file))].flatMap((f) => known?.[f] ?? []), goErrorKey);
    const texts = new Map<string, string | null>([[rel, text]]);
    const errors = await placedErrors(
      fresh.map((d) => ({ ...d, message: oneLine(d.message) })),
      (f, rows) => {
        if (!texts.has(f)) texts.set(f, readInsideRoot(root, f));
        const t = texts.get(f);
        return t ? withGoTree(t, (node) => rows.map((row) => goPlaceAt(node, row))) : [];
      },
    );
    const built = state.packages.filter((p) => p.broken === null);
    const skipped = state.packages.filter((p) => p.broken !== null);
    const notes = [`go ${goVersion()} build -gcflags=-e (offline: GOPROXY=off) of ${built.length} package(s) of the module at ${module.dir || 'the repository root'}, the edited file given as an overlay; _test.go files are not compiled`];
    if (skipped.length > 0) {
      notes.push(`skipped: ${skipped.length} package(s) go cannot load here (${skipped.slice(0, 3).map((p) => `${p.importPath}: ${p.broken}`).join('; ')}${skipped.length > 3 ? '; …' : ''}), such as dependencies not on disk: a break there is not verified`);
    }
    const ownDir = path.posix.dirname(rel);
    if (errors.some((e) => path.posix.dirname(e.file) === ownDir)) {
      notes.push(`the edited package itself fails after the change, so go compiled none of the packages that import it: their breaks are not verified (fix the package's own errors first, or look at the enumeration and exploration pointers)`);
    }
    if (known) {
      const failing = Object.entries(known).filter(([, errs]) => errs.length > 0);
      if (failing.length > 0) {
        const count = failing.reduce((n, [, errs]) => n + errs.length, 0);
        notes.push(`already failing before the change: ${count} go error(s) in ${failing.length} file(s) (${failing.slice(0, 3).map(([f]) => f).join(', ')}${failing.length > 3 ? ', …' : ''}): those errors are not counted, and the packages importing a failing package were not compiled`);
      }
    }
    if (onEdit > 0) notes.push(`${onEdit} error(s) on the edited text itself were left out: they are about the edit, not a break`);
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: edit.summary,
        errors,
        checkedFiles: built.reduce((n, p) => n + p.goFiles.length, 0),
        notes,
        change,
      },
    };
  }
}
