/**
 * The Java checker: javac over a shadow copy of the project (hard links in the system's temp directory, kept
 * between questions; the user's tree is never written). Every change kind is an edit of the declaration
 * the exploration found (by line, never by bare name) that keeps every line where it was: a constant
 * `SCOUT_NEW` added to an enum, a permitted class `ScoutNew` added to a sealed type (java/variant-edit.ts);
 * a removal, a rename, a new required parameter, a new type (java/change-edit.ts). The project, its source
 * roots and jars are guessed from the tree (java/project.ts); javac runs to the end of flow analysis whatever
 * fails (java/run-javac.ts), so a project whose dependencies are not on disk is still checked: the files that
 * need them fail before the edit too.
 *
 * A project of more than NARROW_FROM sources is checked in the files that can see the change by name (they
 * name the declaration, its owner or its members), the rest read from its source roots where used; the files
 * javac cannot find that way are always named (java/source-layout.ts), so the errors of a named file are those
 * a full check reports. The edited project is checked first; when it has errors, the unmodified project is checked too, once per
 * state of the project's sources (kept in memory and beside the shadow, `baseline.json`, so a new process
 * pays for it once), and only the errors that are new count, as a multiset (java/javac-diagnostics.ts): a
 * `switch` expression (or a pattern `switch`) that no longer covers its enum or sealed type, a call with the
 * old arity, a use of a removed or renamed name, a value of the old type. Each is placed in the method,
 * constructor or field around it (java/enclosing-place.ts). A `switch` statement over an enum without
 * `default` compiles when a constant is added: javac never reports it, and neither does this checker (the
 * enumeration sites do, unverified).
 *
 * What it cannot do, said in the refusal or a note: modules (`module-info.java` is left out: the sources are
 * one unnamed module), annotation processors (Lombok's generated members are missing before and after alike),
 * dependencies not on disk (their users' errors are the baseline, and breaks there may hide behind them); no
 * javac on PATH.
 */
import { beginCheck, refused } from '../verify/declaration-source.js';
import path from 'node:path';
import { readInsideRoot, realRoot } from '../../workspace/confine.js';
import { scoutTempDir } from '../verify/temp-dir.js';
import { OneAtATime } from '../verify/check-pacing.js';
import type { ChangeRequest, ChangeSpec, Checker, CheckOutcome, CheckRequest } from '../verify/checker.js';
import { byFile, type Diagnostic, oneLine, placedErrors, Refusal } from '../verify/checker-template.js';
import type { ChildBudget } from '../verify/bounded-child.js';
import type { MappedError } from '../verify/mapped-error.js';
import { newErrors } from '../verify/new-errors.js';
import { CachedShadow } from '../verify/shadow-copy.js';
import type { ShadowTree, TreeFile } from '../verify/shadow-tree.js';
import { changeEdit } from './change-edit.js';
import { javaPlaceAt } from './enclosing-place.js';
import type { JavaEdit, JavaEditResult } from './java-edit.js';
import { javacErrorKey, parseJavacOutput } from './javac-diagnostics.js';
import { applyLineEdits, columnBeforeEdits, overlapping } from '../verify/line-edits.js';
import { findJavaProject, type JavaProject, listJavaFiles } from './project.js';
import { INSTALL_JAVAC, javacVersion, releaseOf, runJavac } from './run-javac.js';
import { type SourceLayout, sourceLayout } from './source-layout.js';
import { withJavaTree } from './syntax.js';
import { variantEdit } from './variant-edit.js';

/** The unmodified project's errors, by repository-relative file. */
interface Baseline {
  stamp: string;
  version: string;
  byFile: Record<string, MappedError[]>;
}

/** What the sources' package declarations say (source-layout.ts), per state of the project. */
interface Layout extends SourceLayout {
  stamp: string;
}

/** Projects with more sources than this are checked in the files that name the declaration only (the others on -sourcepath). */
export const NARROW_FROM = 150;

/** The most a warm-up may take (it runs in the background of a long-lived server, before any question). */
const PREPARE_MS = 120_000;

/** The shadow projects live in the system's temp directory (verify/temp-dir.ts). */
export const defaultJavaCacheDir = scoutTempDir;


export class JavaChecker implements Checker {
  readonly name = 'javac';
  private readonly warm = new Map<string, Baseline>();
  private readonly layouts = new Map<string, Layout>();
  /** One check per checker at a time in this process (they share the shadow). */
  private readonly queue = new OneAtATime();

  /**
   * `cacheDir`: where shadow projects live (default: the system's temp directory; never inside the repository).
   * `narrowFrom`: sources above which a check is narrowed (NARROW_FROM; tests set it low).
   */
  constructor(private readonly options: { cacheDir?: string; narrowFrom?: number } = {}) {}

  get version(): string {
    return javacVersion();
  }

  handles(file: string): boolean {
    return /\.java$/.test(file);
  }

  dispose(): void {
    this.warm.clear();
    this.layouts.clear();
  }

  addVariant(request: CheckRequest): Promise<CheckOutcome> {
    const { name, line } = request.declaration;
    return this.queue.run(() => this.check(request, (text) => variantEdit(text, name, line), null));
  }

  applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    const { change } = request;
    if (change.kind === 'add_variant') return this.addVariant(request).then((o) => (o.status === 'checked' ? { ...o, check: { ...o.check, change } } : o));
    const { name, line } = request.declaration;
    return this.queue.run(() => this.check(request, (text) => changeEdit(text, request.declaration.file, name, line, change), change));
  }

  /** Check the unmodified project that holds `file` once, so a long-lived server's first question only checks the edit. */
  async prepare(root: string, file: string): Promise<void> {
    if (!this.handles(file) || javacVersion() === 'unavailable') return;
    const started = performance.now();
    await this.queue.run(async () => {
      const abs = path.resolve(root);
      const project = findJavaProject(abs, file);
      const tree = listJavaFiles(abs, project.dir);
      const shadow = this.shadowOf(abs, project);
      try {
        await this.baseline(abs, project, tree, shadow, { deadline: started + PREPARE_MS, started });
      } finally {
        shadow.dispose();
      }
    });
  }

  private shadowOf(root: string, project: JavaProject): CachedShadow {
    return new CachedShadow(root, path.join(realRoot(root), project.dir), this.options.cacheDir ?? defaultJavaCacheDir(), { tool: 'javac', noun: 'project' });
  }

  /** The project's source layout (every source read once per state of the project). */
  private layoutOf(root: string, project: JavaProject, tree: ShadowTree): Layout {
    const key = path.join(root, project.dir);
    const known = this.layouts.get(key);
    if (known?.stamp === tree.stamp) return known;
    const sources = tree.files.filter((f) => f.rel.endsWith('.java')).map((f) => ({ rel: f.rel, text: readInsideRoot(root, project.dir ? `${project.dir}/${f.rel}` : f.rel) }));
    const layout = { stamp: tree.stamp, ...sourceLayout(sources) };
    this.layouts.set(key, layout);
    return layout;
  }

  /**
   * The sources to name to javac for a change that `mentions` names: all of them (no source path), or, in a
   * project of more than NARROW_FROM sources, the edited one, those that name one of `mentions` and those javac
   * cannot find by package (source-layout.ts), the others found on the source roots when used.
   */
  private namedSources(root: string, project: JavaProject, tree: ShadowTree, inProject: string, mentions: readonly string[]): { named: Set<string>; roots: string[]; total: number } {
    const sources = tree.files.filter((f) => f.rel.endsWith('.java'));
    const all = { named: new Set(sources.map((f) => f.rel)), roots: [], total: sources.length };
    if (sources.length <= (this.options.narrowFrom ?? NARROW_FROM) || mentions.length === 0) return all;
    const layout = this.layoutOf(root, project, tree);
    const words = new RegExp(`(?<![\\w$])(?:${mentions.map((m) => m.replace(/[$]/g, '\\$')).join('|')})(?![\\w$])`);
    const named = new Set<string>([inProject, ...layout.unfindable]);
    for (const f of sources) {
      if (named.has(f.rel)) continue;
      const text = readInsideRoot(root, project.dir ? `${project.dir}/${f.rel}` : f.rel);
      if (text === null || words.test(text)) named.add(f.rel);
    }
    return named.size >= sources.length ? all : { named, roots: layout.roots, total: sources.length };
  }

  /** javac over the shadow as it is now mirrored; its errors at repository positions (edited: mapped back through `edit`). */
  private async javac(project: JavaProject, tree: ShadowTree, shadow: CachedShadow, budget: ChildBudget, files: readonly TreeFile[] = tree.files, sourceRoots: readonly string[] = []): Promise<Diagnostic[]> {
    const out = await runJavac({
      dir: shadow.dir,
      files: files.filter((f) => f.rel.endsWith('.java')).map((f) => f.rel),
      // Every source named: no source path (see run-javac.ts); a narrowed check searches the roots for the others.
      sourceRoots,
      jars: tree.files.filter((f) => f.rel.endsWith('.jar')).map((f) => f.rel),
      workDir: shadow.work,
      version: javacVersion(),
      ...budget,
    });
    const diagnostics = parseJavacOutput(out.stderr + out.stdout);
    if (out.code !== 0 && diagnostics.length === 0) {
      const first = (out.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${out.code}`).slice(0, 200);
      throw new Refusal(`javac failed before checking the project (${first}); make \`javac\` run on ${project.dir || 'the repository root'} and ask again`);
    }
    return diagnostics;
  }

  /** Diagnostics at repository positions (0-based), those outside the project dropped. */
  private mapped(diagnostics: readonly Diagnostic[], project: JavaProject, shadow: CachedShadow): MappedError[] {
    const out: MappedError[] = [];
    for (const d of diagnostics) {
      const inShadow = path.relative(shadow.dir, path.resolve(shadow.dir, d.file));
      if (inShadow.startsWith('..') || path.isAbsolute(inShadow)) continue;
      const file = path.posix.join(project.dir || '.', inShadow.split(path.sep).join('/'));
      out.push({ file, line: d.line - 1, character: d.column - 1, code: d.code, message: d.message });
    }
    return out;
  }

  /** The unmodified project's errors: in memory, else saved beside the shadow, else checked (and saved). */
  private async baseline(root: string, project: JavaProject, tree: ShadowTree, shadow: CachedShadow, budget: ChildBudget): Promise<Baseline> {
    const key = path.join(realRoot(root), project.dir);
    const version = javacVersion();
    const current = (b: Baseline | null | undefined): b is Baseline => !!b && b.stamp === tree.stamp && b.version === version && !!b.byFile;
    let known: Baseline | null | undefined = this.warm.get(key);
    if (!current(known)) known = shadow.saved<Baseline>();
    if (!current(known)) {
      shadow.sync(tree.files, null);
      known = { stamp: tree.stamp, version, byFile: byFile(this.mapped(await this.javac(project, tree, shadow, budget), project, shadow)) };
      shadow.save(known);
    }
    this.warm.set(key, known);
    return known;
  }

  private async check(request: CheckRequest, editFor: (text: string) => Promise<JavaEditResult>, change: ChangeSpec | null): Promise<CheckOutcome> {
    const begun = beginCheck(request);
    if ('refusal' in begun) return begun.refusal;
    const { step, budget, root, rel, text } = begun;
    const made = await editFor(text);
    if (!made.ok) return refused(made.reason);
    const edit: JavaEdit = made.edit;
    if (overlapping(edit.edits)) return refused(`the change to \`${edit.name}\` could not be written as separate edits`);
    if (javacVersion() === 'unavailable') return refused(INSTALL_JAVAC);
    step();

    const project = findJavaProject(root, rel);
    const tree = listJavaFiles(root, project.dir);
    const inProject = project.dir === '' ? rel : path.posix.relative(project.dir, rel);
    if (!tree.files.some((f) => f.rel === inProject)) {
      return refused(`${rel} is not among the project's sources javac checks (module-info.java, build output, a hidden folder, or a link that leads outside the repository)`);
    }
    const editedText = applyLineEdits(text, edit.edits);
    const shadow = this.shadowOf(root, project);
    let onEdit = 0;
    let after: MappedError[];
    let before: Baseline | null = null;
    // A type renamed with its file: the edited text takes the new name in the shadow, and its errors come back to the file asked about.
    const shadowRel = edit.fileName ? path.posix.join(path.posix.dirname(inProject), edit.fileName) : inProject;
    const editedFiles = edit.fileName ? tree.files.map((f) => (f.rel === inProject ? { ...f, rel: shadowRel } : f)) : tree.files;
    const scope = this.namedSources(root, project, tree, inProject, edit.mentions);
    const named = tree.files.flatMap((f, i) => (scope.named.has(f.rel) ? [editedFiles[i] as TreeFile] : []));
    const movedTo = project.dir ? `${project.dir}/${shadowRel}` : shadowRel;
    try {
      shadow.sync(editedFiles, { rel: shadowRel, text: editedText });
      after = [];
      for (const m of this.mapped(await this.javac(project, tree, shadow, budget, named, scope.roots), project, shadow)) {
        const d = m.file === movedTo ? { ...m, file: rel } : m;
        if (d.file !== rel) {
          after.push(d);
          continue;
        }
        const character = columnBeforeEdits(edit.edits, d.line, d.character);
        if (character === null) onEdit++;
        else after.push({ ...d, character });
      }
      step();
      // A project with no error after the edit needs no baseline: nothing can be old.
      if (after.length > 0) before = await this.baseline(root, project, tree, shadow, budget);
    } catch (error) {
      if (error instanceof Refusal) return refused(error.reason);
      throw error;
    } finally {
      shadow.dispose();
    }

    const known = before;
    const fresh = newErrors(after, [...new Set(after.map((d) => d.file))].flatMap((f) => known?.byFile[f] ?? []), javacErrorKey);
    const texts = new Map<string, string | null>([[rel, text]]);
    const errors = await placedErrors(
      fresh.map((d) => ({ ...d, message: oneLine(d.message) })),
      (f, rows) => {
        if (!texts.has(f)) texts.set(f, readInsideRoot(root, f));
        const t = texts.get(f);
        return t ? withJavaTree(t, (node) => rows.map((row) => javaPlaceAt(node, row))) : [];
      },
    );
    const sources = scope.total;
    const jars = tree.files.filter((f) => f.rel.endsWith('.jar')).length;
    const layout = this.layoutOf(root, project, tree);
    const notes = [
      `javac ${javacVersion()} --release ${releaseOf(javacVersion())} --enable-preview (to the end of flow analysis, whatever fails) on a shadow copy of ${project.dir || 'the repository root'} (${project.buildFile ?? 'no build file: the repository root'}; ${sources} source file(s), ${layout.roots.length > 0 ? `source roots ${layout.roots.slice(0, 4).join(', ')}${layout.roots.length > 4 ? ', …' : ''}` : 'no folder matches its package declarations'}; ${jars} jar(s) from the tree on the class path; no build tool ran, dependencies not in the tree are missing)`,
      ...shadow.notes,
    ];
    if (known) {
      const failing = Object.entries(known.byFile).filter(([, errs]) => errs.length > 0);
      if (failing.length > 0) {
        const count = failing.reduce((n, [, errs]) => n + errs.length, 0);
        notes.push(`already failing before the change: ${count} javac error(s) in ${failing.length} file(s) (${failing.slice(0, 3).map(([f]) => f).join(', ')}${failing.length > 3 ? ', …' : ''}), such as missing dependencies: those errors are not counted, and a break hidden behind them is not verified`);
      }
    }
    if (scope.named.size < scope.total) {
      notes.push(`javac checked the ${scope.named.size} of the ${scope.total} source files that name ${edit.mentions.slice(0, 4).map((m) => `\`${m}\``).join(', ')}${edit.mentions.length > 4 ? ', …' : ''} (or that javac cannot find by package), the others read from the source roots where used: a file that uses the change without naming it (a lambda for a changed method) is not checked`);
    }
    if (onEdit > 0) notes.push(`${onEdit} error(s) on the edited text itself were left out: they are about the edit, not a break`);
    if (layout.misplaced > 0) notes.push(`${layout.misplaced} folder(s) hold sources whose package does not match their path: javac checked them as named files`);
    if (tree.skipped.length > 0) notes.push(`left out of the check: ${tree.skipped.length} link(s) leading outside the repository (${tree.skipped.slice(0, 3).join(', ')})`);
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: edit.summary,
        errors,
        checkedFiles: scope.named.size,
        notes,
        ...(change ? { change } : {}),
      },
    };
  }
}
