/**
 * The TypeScript checker: the pinned `typescript` package, in process. For a change (add a variant:
 * typescript/variant-edit.ts; remove, rename, add a parameter, change a type, make optional:
 * typescript/change-edit.ts) it finds the declaration the exploration found (by position, not by name),
 * writes the change into an in-memory copy of that file, builds a program that shares every other file with the unmodified one, type-checks the
 * edited file and the files that import it (directly or not), and returns the diagnostics that are new.
 *
 * Kept warm between questions when the caller keeps the checker (the MCP server's workspace does): the
 * unmodified program, the import graph and the unmodified diagnostics of each file are reused until a
 * file changes on disk. Between steps (building a program, checking one file) it yields to the event loop
 * and gives up with CheckTimeout once the deadline has passed; one step itself is not interrupted here
 * (WorkerTypeScriptChecker runs this class in a worker thread and terminates it when a step hangs).
 */
import path from 'node:path';
import ts from 'typescript';
import { type ChangeRequest, CheckTimeout, type Checker, type CheckerError, type CheckOutcome, type CheckRequest } from '../verify/checker.js';
import { changeEditFor } from './change-edit.js';
import { countDiagnostics, diagnosticsOf, mayBeNew, newDiagnostics } from './diagnostic-diff.js';
import { enclosingPlace } from './enclosing-place.js';
import { buildImportGraph, dependentsOf, type ImportGraph } from './import-graph.js';
import { likelyFirst, mentionWords } from './likely-files.js';
import { filesOutsideProject } from './outside-project.js';
import { nearestConfig, TsProject } from './project.js';
import { applyEdits, type EditResult, findDeclaration, originalPosition, variantEditFor, type TextEdit } from './variant-edit.js';

const TS_FILE = /\.(?:ts|tsx|mts|cts)$/;

function uncheckedNote(unchecked: number, total: number): string {
  return `partial check: ${unchecked} of ${total} file(s) that can see the change were not checked in time (files that name the declaration, or match or map its members outside tests, were checked first)`;
}

interface WarmProject {
  project: TsProject;
  generation: number;
  graph: ImportGraph | null;
  /** Absolute file -> counts of its unmodified diagnostics. */
  baseline: Map<string, Map<string, number>>;
}

export class TypeScriptChecker implements Checker {
  readonly name = 'typescript';
  readonly version = ts.version;
  private readonly projects = new Map<string, WarmProject>();

  handles(file: string): boolean {
    return TS_FILE.test(file) && !/\.d\.[mc]?ts$/.test(file);
  }

  dispose(): void {
    this.projects.clear();
  }

  async prepare(root: string, file: string): Promise<void> {
    const abs = path.resolve(root, file);
    const warm = this.projectFor(root, abs);
    const base = warm.project.base();
    if (warm.generation !== warm.project.generation) {
      warm.generation = warm.project.generation;
      warm.graph = null;
      warm.baseline.clear();
    }
    warm.graph ??= buildImportGraph(warm.project, base);
  }

  async addVariant(request: CheckRequest): Promise<CheckOutcome> {
    return this.check(request, (node, sf, checker) => variantEditFor(node, sf, checker, request.declaration.name));
  }

  async applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    const { change } = request;
    if (change.kind === 'add_variant') return this.addVariant(request);
    const outcome = await this.check(request, (node, sf) => changeEditFor(node, sf, request.declaration.name, change), (options) => {
      // Without strictNullChecks, undefined is assignable everywhere: an optional property breaks nothing the checker can see.
      if (change.kind === 'make_optional' && !(options.strictNullChecks ?? options.strict)) return ['strictNullChecks is off in this project: undefined fits every type, so the checker cannot see where a missing value breaks'];
      return [];
    });
    if (outcome.status !== 'checked') return outcome;
    outcome.check.change = change;
    // A new type that does not resolve where it is written (an unknown name) is the edit's own error, not a break.
    if (change.kind === 'change_type') {
      const own = outcome.check.errors.find((e) => e.file === outcome.check.target.file && e.line === outcome.check.target.line && /^TS(?:2304|2305|2307|2552|2694|2315|2314)$/.test(e.code));
      if (own) return { status: 'refused', reason: `the new type \`${change.newType}\` does not resolve at ${own.file}:${own.line} (${own.code} ${own.message}): write a type that is in scope there` };
    }
    return outcome;
  }

  /**
   * Find the declaration by position, write the edit `editFor` returns into an overlay of its file, and
   * list the diagnostics that are new in the edited file and every file that can see it.
   */
  private async check(
    request: CheckRequest,
    editFor: (node: ts.Node, sf: ts.SourceFile, checker: ts.TypeChecker) => EditResult,
    notesFor: (options: ts.CompilerOptions) => string[] = () => [],
  ): Promise<CheckOutcome> {
    const started = performance.now();
    const step = async (): Promise<void> => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      request.signal?.throwIfAborted();
      if (performance.now() > request.deadline) throw new CheckTimeout(Math.round(performance.now() - started));
    };
    const { declaration } = request;
    const file = path.resolve(request.root, declaration.file);
    const warm = this.projectFor(request.root, file);
    const { project } = warm;
    await step();
    const base = project.base();
    if (warm.generation !== project.generation) {
      warm.generation = project.generation;
      warm.graph = null;
      warm.baseline.clear();
    }
    const sf = base.getSourceFile(file);
    if (!sf) return { status: 'refused', reason: `${declaration.file} is not part of the TypeScript project (${project.configSource})` };
    const node = findDeclaration(sf, declaration.name, declaration.line, declaration.column);
    if (!node) return { status: 'refused', reason: `no declaration of \`${declaration.name}\` at ${declaration.file}:${declaration.line}` };
    const result = editFor(node, sf, base.getTypeChecker());
    if (!result.ok) return { status: 'refused', reason: result.reason };
    const { edit } = result;
    await step();
    const edited = project.withOverlay(file, applyEdits(sf.text, edit.edits));
    warm.graph ??= buildImportGraph(project, base);
    const files = base.getSourceFiles().map((s) => path.resolve(s.fileName)).filter((f) => project.isProjectFile(f));
    const toCheck = dependentsOf(warm.graph, file, files);
    // Likely breaks first: a check cut short by its deadline has then covered the files that name the type or its members.
    const { ordered, strong } = likelyFirst(toCheck, file, mentionWords(node), (f) => base.getSourceFile(f)?.text, (f) => project.rel(f));
    const errors: CheckerError[] = [];
    const unchecked: string[] = [];
    let checked = 0;
    const softDeadline = request.likelyOnlyAfterMs !== undefined ? performance.now() + request.likelyOnlyAfterMs : undefined;
    for (const f of ordered) {
      const now = performance.now();
      const pastSoft = softDeadline !== undefined && now >= softDeadline;
      if (checked > 0 && (now > request.deadline || (pastSoft && !strong.has(f)))) {
        unchecked.push(project.rel(f));
        continue;
      }
      await step();
      checked++;
      const after = edited.getSourceFile(f);
      const original = base.getSourceFile(f);
      if (!after || !original) continue;
      const isEdited = f === file;
      // Only the diagnostics the edit may have caused are compared with the unmodified file's (a second type check).
      const diags = diagnosticsOf(edited, after).filter(mayBeNew);
      if (diags.length === 0) continue;
      const before = this.baselineOf(warm, base, original);
      const edits: TextEdit[] = isEdited ? edit.edits : [];
      for (const d of newDiagnostics(diags, before, edits)) errors.push(this.errorOf(project, original, d, edits));
    }
    errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    const outside = filesOutsideProject(request.root, new Set(base.getSourceFiles().map((s) => path.resolve(s.fileName))), mentionWords(node), (f) => project.rel(f));
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: declaration.file, line: edit.line },
        edit: edit.summary ?? edit.edits.map((e) => e.insert.trim()).join(' … '),
        errors,
        checkedFiles: checked,
        ...(unchecked.length > 0 ? { unchecked: unchecked.sort() } : {}),
        ...(outside.length > 0 ? { outsideProject: { files: outside, project: project.configSource } } : {}),
        notes: [...project.configNotes, ...notesFor(project.options), ...(unchecked.length > 0 ? [uncheckedNote(unchecked.length, toCheck.length)] : [])],
      },
    };
  }

  private projectFor(root: string, file: string): WarmProject {
    const key = `${path.resolve(root)}|${nearestConfig(root, file) ?? ''}`;
    let warm = this.projects.get(key);
    if (!warm) {
      warm = { project: new TsProject(path.resolve(root), file), generation: -1, graph: null, baseline: new Map() };
      this.projects.set(key, warm);
    }
    return warm;
  }

  private baselineOf(warm: WarmProject, base: ts.Program, sf: ts.SourceFile): Map<string, number> {
    const key = path.resolve(sf.fileName);
    let counts = warm.baseline.get(key);
    if (!counts) {
      counts = countDiagnostics(diagnosticsOf(base, sf));
      warm.baseline.set(key, counts);
    }
    return counts;
  }

  /** A new diagnostic as an error of the unmodified file: its position mapped back through the edits. */
  private errorOf(project: TsProject, original: ts.SourceFile, d: ts.Diagnostic, edits: readonly TextEdit[]): CheckerError {
    const pos = Math.max(0, Math.min(original.text.length, originalPosition(d.start ?? 0, edits)));
    const { line, character } = original.getLineAndCharacterOfPosition(pos);
    return {
      file: project.rel(original.fileName),
      line: line + 1,
      column: character + 1,
      code: `TS${d.code}`,
      message: ts.flattenDiagnosticMessageText(d.messageText, ' ').replace(/\s+/g, ' ').slice(0, 300),
      place: enclosingPlace(original, pos),
    };
  }
}
