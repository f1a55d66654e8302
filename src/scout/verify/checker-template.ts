/**
 * The compile-check-diff-map skeleton of a checker that runs a compiler over a shadow copy (cargo, ghc; Go,
 * Java and C/C++ next). A language brings a `CompilerStrategy` (find the project, list its files, make the
 * edit, run the compiler, read its diagnostics, place an error at a line) and gets a `Checker`:
 *
 * 1. read the declaration's file (inside the root only), make the edit (a refusal says why not), find the
 *    project (refused when there is none), make sure the tool runs (refused, saying how to install it);
 * 2. list the project's files (verify/shadow-tree.ts) and mirror them into a shadow copy in the user's cache
 *    (verify/shadow-copy.ts; the user's tree is never written);
 * 3. run the compiler on the edited copy and, once per state of the project, on the unmodified one: the
 *    baseline, first (`baselineFirst`: a compiler whose incremental state must start clean) or only when the
 *    edit produced errors; kept in memory and beside the shadow (`baseline.json`), keyed by the files' stamp
 *    and the tool's version;
 * 4. map each diagnostic back to the user's file (columns in UTF-16, the insertion undone; one on the inserted
 *    text itself is about the edit, counted in a note), keep the new ones (the edited run's minus the
 *    baseline's, as a multiset under the language's key) and place each in the function or item around it.
 *
 * Pacing (verify/check-pacing.ts): one check at a time per checker (they share the shadow), a deadline step
 * between stages; the compiler's process is bounded by the request (verify/bounded-child.ts). A `Refusal`
 * thrown by a strategy (the tool cannot load the project) becomes the check's refusal.
 */
import { beginCheck, refused } from './declaration-source.js';
import path from 'node:path';
import { readInsideRoot, realRoot } from '../../workspace/confine.js';
import type { ChildBudget } from './bounded-child.js';
import { OneAtATime } from './check-pacing.js';
import { type ChangeEdit, type ChangeEditResult, insertionAsChange } from './change-edit.js';
import type { ChangeRequest, ChangeSpec, Checker, CheckerError, CheckerPlace, CheckOutcome, CheckRequest } from './checker.js';
import type { DeclarationEdit } from './insertion.js';
import { applyLineEdits, columnBeforeEdits, overlapping } from './line-edits.js';
import { type MappedError, utf16Column } from './mapped-error.js';
import { newErrors } from './new-errors.js';
import { CachedShadow, type ShadowKind } from './shadow-copy.js';
import type { ShadowTree, TreeFile } from './shadow-tree.js';

/** The tool cannot check this project here; `reason` says why and how to fix it (the check is refused with it). */
export class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'Refusal';
  }
}

/** A diagnostic as the compiler prints it. */
export interface Diagnostic {
  /** Relative to the directory the compiler ran in (the shadow project), or absolute. */
  file: string;
  /** 1-based line and column (in characters, as compilers count). */
  line: number;
  column: number;
  code: string;
  message: string;
}

/** A project: the repository-relative directory the compiler runs in (`''` for the root), mirrored into the shadow. */
export interface Project {
  dir: string;
}

/** The unmodified project's errors, by repository-relative file, and what the language keeps with them. */
export interface Baseline<S> {
  /** The project's stamp (verify/shadow-tree.ts) when it was checked. */
  stamp: string;
  /** The tool's version (and anything else that decides the errors: `strategy.flavour`). */
  version: string;
  byFile: Record<string, MappedError[]>;
  state: S;
}

/** What a strategy's compiler runs are given. */
export interface CompileRun<P extends Project, E extends DeclarationEdit> {
  root: string;
  project: P;
  tree: ShadowTree;
  shadow: CachedShadow;
  /** The edited file, repository-relative and project-relative. */
  file: string;
  inProject: string;
  /** The change made (for "add a variant", the insertion of the strategy's `E` as one edit). */
  edit: ChangeEdit;
  editedText: string;
  /** A repository file's text as the user has it (the edited one unedited), or null when it cannot be read. */
  textOf(file: string): string | null;
  /** Mirror the project's files (`files`, by default all) into the shadow, the edited file edited or not. */
  mirror(edited: boolean, files?: readonly TreeFile[]): void;
  /** The request's deadline and signal, for the compiler's process. */
  budget: ChildBudget;
  /** Diagnostics at repository positions; those outside the project dropped, and for an edited run those on the insertion. */
  map(diagnostics: readonly Diagnostic[], edited: boolean): MappedError[];
}

/** What the edited run found. */
export interface EditedRun {
  errors: MappedError[];
  /** Files checked after the edit. */
  checkedFiles: number;
  /** Notes about what was left out of the check. */
  notes?: string[];
}

export type EditResult<E> = { ok: true; edit: E } | { ok: false; reason: string };

/** What a language brings to the template: everything the skeleton does not know. */
export interface CompilerStrategy<P extends Project, E extends DeclarationEdit, S = null> {
  /** The checker's name (`cargo`). */
  readonly name: string;
  /** The files it checks. */
  readonly files: RegExp;
  readonly shadow: ShadowKind;
  /** The tool's version, asked once per process; `unavailable` when it does not run. */
  version(): string;
  /** The refusal when the tool is unavailable: how to install it. */
  readonly install: string;
  /** Find the declaration at 1-based `line` of `text` and the edit that adds a variant to it. */
  edit(text: string, name: string, line: number): Promise<EditResult<E>>;
  /** The edit in the answer's words (`variant __ScoutNew added to enum ExitCode`). */
  describe(edit: E): string;
  /**
   * The other change kinds (remove, rename, add a parameter, change a type, make optional) as line-keeping
   * edits of the declaration at 1-based `line`, or a refusal saying why; absent: only "add a variant" is
   * verified. An edit may append whole lines after the file's last one (a fresh type's declaration): every
   * line the user has keeps its number, and a diagnostic on an appended line is about the edit.
   */
  change?(text: string, name: string, line: number, change: ChangeSpec): Promise<ChangeEditResult>;
  /** The project of repository-relative `file`, found without leaving `root`. */
  findProject(root: string, file: string, text: string): { ok: true; project: P } | { ok: false; reason: string };
  listFiles(root: string, project: P): ShadowTree;
  /** What decides the baseline besides the files and the tool's version (cargo's `--workspace`). */
  flavour?(project: P): string;
  /** Whether the baseline is checked before the edit, always (else only when the edit produced errors). */
  readonly baselineFirst: boolean;
  /** Whether a baseline saved beside the shadow can be used (ghc: its clean interfaces are there). */
  trustSaved?(shadow: CachedShadow): boolean;
  /** Check the unmodified project; `previous`: the last baseline for the same tool version (another stamp), or null. */
  checkBaseline(run: CompileRun<P, E>, previous: Baseline<S> | null): Promise<Pick<Baseline<S>, 'byFile' | 'state'>>;
  /** Check the edited project (`baseline`: already known when `baselineFirst`). */
  checkEdited(run: CompileRun<P, E>, baseline: Baseline<S> | null): Promise<EditedRun>;
  /** Two errors with the same key are the same error (one that was there before is not new). */
  keyOf(error: MappedError): string;
  /** The places around 0-based `rows` of a file's text. */
  placesIn(text: string, rows: readonly number[]): Promise<(CheckerPlace | null)[]>;
  /** The first note: what ran, on what. */
  headline(project: P): string;
  /** The note on `count` diagnostics about the inserted text itself. */
  onEditNote(count: number): string;
  /** A note on the edited file's own new errors, when they hide others (ghc checks no importer of a module that fails), or null. */
  editedFileNote?(errors: readonly CheckerError[]): string | null;
}

/** Errors grouped by file. */
export function byFile(errors: readonly MappedError[]): Record<string, MappedError[]> {
  const out: Record<string, MappedError[]> = {};
  for (const e of errors) (out[e.file] ??= []).push(e);
  return out;
}

/** A message on one line, 300 characters at most. */
export const oneLine = (message: string): string => message.replace(/\s+/g, ' ').slice(0, 300);

/**
 * The checker's errors for new diagnostics: each with the place around it (`placesIn`, asked once per file
 * with its rows), 1-based, sorted by file and position.
 */
export async function placedErrors(
  fresh: readonly MappedError[],
  placesIn: (file: string, rows: readonly number[]) => Promise<(CheckerPlace | null)[]> | (CheckerPlace | null)[],
): Promise<CheckerError[]> {
  const places = new Map<string, Map<number, CheckerPlace | null>>();
  for (const file of new Set(fresh.map((d) => d.file))) {
    const rows = [...new Set(fresh.filter((d) => d.file === file).map((d) => d.line))];
    const found = await placesIn(file, rows);
    places.set(file, new Map(rows.map((row, k) => [row, found[k] ?? null])));
  }
  const errors: CheckerError[] = fresh.map((d) => ({ file: d.file, line: d.line + 1, column: d.character + 1, code: d.code, message: d.message, place: places.get(d.file)?.get(d.line) ?? null }));
  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return errors;
}


/** A checker made of a strategy: "add a variant" (and the other change kinds when it has `change`) through a compiler over a shadow copy. */
export class CompilerChecker<P extends Project, E extends DeclarationEdit, S = null> implements Checker {
  private readonly warm = new Map<string, Baseline<S>>();
  /** One check per checker at a time in this process (they share the shadow). */
  private readonly queue = new OneAtATime();
  /** Present only when the strategy makes the other change kinds (verify.ts asks `applyChange` when it exists). */
  readonly applyChange?: (request: ChangeRequest) => Promise<CheckOutcome>;

  /** `cacheDir`: where shadow copies and the tool's output live (default: the user's cache directory). */
  constructor(
    private readonly strategy: CompilerStrategy<P, E, S>,
    private readonly options: { cacheDir?: string } = {},
  ) {
    const change = strategy.change?.bind(strategy);
    if (change) {
      this.applyChange = (request) =>
        request.change.kind === 'add_variant'
          ? this.addVariant(request)
          : this.queue.run(() => this.check(request, (text) => change(text, request.declaration.name, request.declaration.line, request.change), request.change));
    }
  }

  get name(): string {
    return this.strategy.name;
  }

  get version(): string {
    return this.strategy.version();
  }

  handles(file: string): boolean {
    return this.strategy.files.test(file);
  }

  dispose(): void {
    this.warm.clear();
  }

  addVariant(request: CheckRequest): Promise<CheckOutcome> {
    const s = this.strategy;
    const asChange = async (text: string): Promise<ChangeEditResult> => {
      const made = await s.edit(text, request.declaration.name, request.declaration.line);
      return made.ok ? { ok: true, edit: insertionAsChange(made.edit, s.describe(made.edit)) } : made;
    };
    return this.queue.run(() => this.check(request, asChange, null));
  }

  /** Make the edit `make` writes, check the edited project against the unmodified one, place the new errors. */
  private async check(request: CheckRequest, make: (text: string) => Promise<ChangeEditResult>, change: ChangeSpec | null): Promise<CheckOutcome> {
    const s = this.strategy;
    const begun = beginCheck(request);
    if ('refusal' in begun) return begun.refusal;
    const { step, budget, root, rel, text } = begun;
    const made = await make(text);
    if (!made.ok) return refused(made.reason);
    const { edit } = made;
    if (overlapping(edit.edits)) return refused(`the change to \`${edit.name}\` could not be written as separate edits`);
    const found = s.findProject(root, rel, text);
    if (!found.ok) return refused(`not checked: ${found.reason}`);
    const { project } = found;
    if (s.version() === 'unavailable') return refused(s.install);
    step();

    const tree = s.listFiles(root, project);
    const inProject = project.dir === '' ? rel : path.posix.relative(project.dir, rel);
    if (!tree.files.some((f) => f.rel === inProject)) return refused(`${rel} is not among the ${s.shadow.noun}'s files (a link that leads outside the repository?)`);
    const key = path.join(realRoot(root), project.dir);
    const version = [s.version(), ...(s.flavour ? [s.flavour(project)] : [])].join('|');
    const editedText = applyLineEdits(text, edit.edits);
    const editedLines = editedText.split('\n');
    // Lines appended after the user's last one (a fresh type's declaration) are the edit's own.
    const ownLines = text.split('\n').length;
    const texts = new Map<string, string | null>([[rel, text]]);
    const textOf = (f: string): string | null => {
      if (!texts.has(f)) texts.set(f, readInsideRoot(root, f));
      return texts.get(f) ?? null;
    };
    const lines = new Map<string, string[] | null>();
    const linesOf = (f: string): string[] | null => {
      if (!lines.has(f)) lines.set(f, textOf(f)?.split('\n') ?? null);
      return lines.get(f) ?? null;
    };
    let onEdit = 0;
    const shadow = new CachedShadow(root, key, this.options.cacheDir, s.shadow);
    const run: CompileRun<P, E> = {
      root,
      project,
      tree,
      shadow,
      file: rel,
      inProject,
      edit,
      editedText,
      textOf,
      mirror: (edited, files = tree.files) => shadow.sync(files, edited ? { rel: inProject, text: editedText } : null),
      budget,
      map: (diagnostics, edited) => {
        const mapped: MappedError[] = [];
        for (const d of diagnostics) {
          if (d.file.startsWith('<')) continue;
          const inShadow = path.relative(shadow.dir, path.resolve(shadow.dir, d.file));
          if (inShadow.startsWith('..') || path.isAbsolute(inShadow)) continue;
          const file = path.posix.join(project.dir || '.', inShadow.split(path.sep).join('/'));
          const line = d.line - 1;
          const onTarget = edited && file === rel;
          let character = utf16Column((onTarget ? editedLines : linesOf(file))?.[line], d.column);
          if (onTarget) {
            const before = line < ownLines ? columnBeforeEdits(edit.edits, line, character) : null;
            if (before === null) {
              onEdit++;
              continue;
            }
            character = before;
          }
          mapped.push({ file, line, character, code: d.code, message: d.message });
        }
        return mapped;
      },
    };

    // The unmodified project's errors: in memory, else saved beside the shadow, else checked (and saved).
    const current = (b: Baseline<S> | null): b is Baseline<S> => b !== null && b.stamp === tree.stamp && b.version === version;
    const baseline = async (): Promise<Baseline<S>> => {
      let known = this.warm.get(key) ?? null;
      if (known?.version !== version) known = null;
      if (!current(known)) {
        const saved = shadow.saved<Baseline<S>>();
        if (saved?.version === version && saved.byFile && (s.trustSaved?.(shadow) ?? true) && (current(saved) || known === null)) known = saved;
      }
      if (!current(known)) {
        step();
        known = { stamp: tree.stamp, version, ...(await s.checkBaseline(run, known)) };
        shadow.save(known);
      }
      this.warm.set(key, known);
      return known;
    };

    let before: Baseline<S> | null = null;
    let after: EditedRun;
    try {
      if (s.baselineFirst) {
        before = await baseline();
        step();
      }
      after = await s.checkEdited(run, before);
      if (!before && after.errors.length > 0) before = await baseline();
    } catch (error) {
      if (error instanceof Refusal) return refused(error.reason);
      throw error;
    } finally {
      shadow.dispose();
    }

    const known = before;
    const fresh = newErrors(after.errors, [...new Set(after.errors.map((d) => d.file))].flatMap((f) => known?.byFile[f] ?? []), s.keyOf);
    const errors = await placedErrors(
      fresh.map((d) => ({ ...d, message: oneLine(d.message) })),
      (f, rows) => {
        const t = textOf(f);
        return t === null ? [] : s.placesIn(t, rows);
      },
    );
    const notes = [s.headline(project), ...shadow.notes, ...(after.notes ?? [])];
    if (onEdit > 0) notes.push(change ? `${onEdit} error(s) on the edited text itself were left out: they are about the edit, not a break` : s.onEditNote(onEdit));
    const ownNote = s.editedFileNote?.(errors.filter((e) => e.file === rel)) ?? null;
    if (ownNote) notes.push(ownNote);
    if (tree.skipped.length > 0) notes.push(`left out of the check: ${tree.skipped.length} link(s) leading outside the repository (${tree.skipped.slice(0, 3).join(', ')})`);
    return {
      status: 'checked',
      check: { target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine }, edit: edit.summary, errors, checkedFiles: after.checkedFiles, notes, ...(change ? { change } : {}) },
    };
  }
}
