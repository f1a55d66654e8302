/**
 * The C/C++ checker: clang 14 `-fsyntax-only` over the translation units that can see the change, the edited
 * files given through clang's virtual file system (`-ivfsoverlay`: copies in the system's temp directory
 * mapped onto their real paths; the user's tree is never written, nothing is mirrored).
 *
 * 1. The repository's C files are listed (project-files.ts), the compilation database read or guessed
 *    (compile-db.ts) and the include graph read (include-graph.ts); a long-lived checker keeps them while the
 *    listing's digest stays the same.
 * 2. The declaration the exploration found is edited in place, every line kept (change-edit.ts); a
 *    function's or global's other declarations in the files the units see (its prototype, its definition)
 *    take the same edit.
 * 3. Each unit that includes an edited file, directly or not, is checked, in parallel up to the core count,
 *    the units that name the declaration first: past the soft deadline only those, past the deadline none
 *    (the rest is reported unchecked).
 * 4. A unit with errors after the edit is checked unedited too, once per state of the files it includes
 *    (kept), and only the errors that are new count (a multiset, clang-diagnostics.ts); an error in a header
 *    reported by several units counts once. Each is placed in the function around it (enclosing-place.ts).
 */
import { availableParallelism } from 'node:os';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realRoot } from '../../workspace/confine.js';
import type { ChildBudget } from '../verify/bounded-child.js';
import { OneAtATime } from '../verify/check-pacing.js';
import { type ChangeRequest, type ChangeSpec, type Checker, type CheckOutcome, type CheckRequest, CheckTimeout } from '../verify/checker.js';
import { oneLine, placedErrors, Refusal } from '../verify/checker-template.js';
import { beginCheck, refused } from '../verify/declaration-source.js';
import { applyLineEdits, columnBeforeEdits, type LineEdit, overlapping } from '../verify/line-edits.js';
import { byteColumn, type MappedError } from '../verify/mapped-error.js';
import { newErrors } from '../verify/new-errors.js';
import type { ShadowTree, TreeFile } from '../verify/shadow-tree.js';
import { scoutTempDir } from '../verify/temp-dir.js';
import { changeEdit, kindWord } from './change-edit.js';
import { clangErrorKey, parseClangOutput } from './clang-diagnostics.js';
import { type CompileDatabase, loadCompileDatabase, type TranslationUnit } from './compile-db.js';
import { type CDeclaration, type CFile, readCFile, sameEntityIn, simpleName } from './declarations.js';
import { cPlaceAt } from './enclosing-place.js';
import { includedFrom, includersOf, type IncludeGraph, readIncludeGraph } from './include-graph.js';
import { isCFile, listCFiles } from './project-files.js';
import { CHECK_FLAGS, clangVersion, INSTALL_CLANG, runClang, writeOverlay } from './run-clang.js';

/** A unit's errors unedited, with what stopped clang (a fatal error, a driver error), for one state of its files. */
interface UnitBaseline {
  stamp: string;
  errors: MappedError[];
  fatal: string[];
  driver: string[];
}

/** What a long-lived checker keeps per repository. */
interface ProjectState {
  stamp: string;
  tree: ShadowTree;
  byRel: Map<string, TreeFile>;
  db: CompileDatabase;
  problem: string | null;
  graph: IncludeGraph;
  /** Files read and parsed, by path, while their size and mtime stay. */
  parsed: Map<string, { sig: string; text: string; file: CFile | null }>;
  baselines: Map<string, UnitBaseline>;
}

/** One unit's outcome in a check. */
interface UnitRun {
  unit: TranslationUnit;
  fresh: MappedError[];
  onEdit: number;
  baseline: UnitBaseline | null;
}

const list = (items: readonly string[], n = 3): string => `${items.slice(0, n).join(', ')}${items.length > n ? ', …' : ''}`;

export class CChecker implements Checker {
  readonly name = 'clang';
  private readonly warm = new Map<string, ProjectState>();
  /** One check at a time per checker: the units of one check already use every core. */
  private readonly queue = new OneAtATime();

  /**
   * `tempDir`: where overlays are written (default: the system's temp directory; never inside the
   * repository). `jobs`: clang processes at once (default: the core count). `onEdited`: sees each check's
   * edited texts by repository-relative path (the benchmark's oracle compiles the same edit over a full copy).
   */
  constructor(private readonly options: { tempDir?: string; jobs?: number; onEdited?: (files: ReadonlyMap<string, string>) => void } = {}) {}

  get version(): string {
    return clangVersion();
  }

  handles(file: string): boolean {
    return isCFile(file);
  }

  dispose(): void {
    this.warm.clear();
  }

  addVariant(request: CheckRequest): Promise<CheckOutcome> {
    return this.applyChange({ ...request, change: { kind: 'add_variant' } });
  }

  applyChange(request: ChangeRequest): Promise<CheckOutcome> {
    return this.queue.run(() => this.check(request, request.change));
  }

  /** Read the project and check, unedited, the units that see `file`, so a long-lived server's first question only checks the edit. */
  async prepare(root: string, file: string): Promise<void> {
    if (!this.handles(file) || clangVersion() === 'unavailable') return;
    const started = performance.now();
    const budget: ChildBudget = { deadline: started + 120_000, started };
    await this.queue.run(async () => {
      const state = this.stateOf(path.resolve(root));
      const units = this.unitsSeeing(state, [file]);
      await pool(units, this.jobs(), async (unit) => {
        await this.baselineOf(path.resolve(root), state, unit, budget);
      });
    });
  }

  private jobs(): number {
    return Math.max(1, this.options.jobs ?? availableParallelism());
  }

  /** The repository's files, database and include graph: kept while the listing's digest is the same. */
  private stateOf(root: string): ProjectState {
    const key = realRoot(root);
    const tree = listCFiles(root);
    const known = this.warm.get(key);
    if (known && known.stamp === tree.stamp) return known;
    const byRel = new Map(tree.files.map((f) => [f.rel, f]));
    const parsed = known?.parsed ?? new Map();
    const state: ProjectState = { stamp: tree.stamp, tree, byRel, db: null as unknown as CompileDatabase, problem: null, graph: null as unknown as IncludeGraph, parsed, baselines: known?.baselines ?? new Map() };
    const textOf = (rel: string): string | null => this.textOf(state, rel);
    const { db, problem } = loadCompileDatabase(root, tree, textOf);
    state.db = db;
    state.problem = problem;
    state.graph = readIncludeGraph(tree.files, db.includeDirs, (f) => textOf(f.rel) ?? '');
    this.warm.set(key, state);
    return state;
  }

  /** A listed file's text, read once per size and mtime. */
  private textOf(state: ProjectState, rel: string): string | null {
    const f = state.byRel.get(rel);
    if (!f) return null;
    const sig = `${f.size}:${f.mtimeMs}`;
    const known = state.parsed.get(rel);
    if (known?.sig === sig) return known.text;
    let text: string;
    try {
      text = readFileSync(f.source, 'utf8');
    } catch {
      return null;
    }
    state.parsed.set(rel, { sig, text, file: null });
    return text;
  }

  private fileOf(state: ProjectState, rel: string): CFile | null {
    const text = this.textOf(state, rel);
    const entry = state.parsed.get(rel);
    if (text === null || !entry) return null;
    entry.file ??= readCFile(text);
    return entry.file;
  }

  /** The units that include any of `files` (repository-relative), directly or not. */
  private unitsSeeing(state: ProjectState, files: readonly string[]): TranslationUnit[] {
    const seers = new Set(files.flatMap((f) => [...includersOf(state.graph, f)]));
    return state.db.units.filter((u) => seers.has(u.file));
  }

  /** A digest of a unit's arguments and of the size and mtime of every repository file it includes. */
  private unitStamp(state: ProjectState, unit: TranslationUnit): string {
    const h = createHash('sha1').update(`${clangVersion()}\0${unit.dir}\0${unit.args.join('\0')}\0`);
    for (const rel of [...includedFrom(state.graph, unit.file)].sort()) {
      const f = state.byRel.get(rel);
      h.update(`${rel}\0${f?.size}\0${f?.mtimeMs}\0`);
    }
    return h.digest('hex');
  }

  /** clang's errors for one unit, at repository positions (those outside the repository dropped). */
  private async run(root: string, unit: TranslationUnit, overlay: string | null, budget: ChildBudget, lineOf: (file: string, row: number) => string | undefined): Promise<{ errors: MappedError[]; fatal: string[]; driver: string[] }> {
    const real = realRoot(root);
    const out = await runClang(unit, path.join(real, unit.file), overlay, budget);
    const parsed = parseClangOutput(out.output);
    const errors: MappedError[] = [];
    for (const d of parsed.errors) {
      const rel = path.relative(real, path.resolve(unit.dir, d.file));
      if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
      const file = rel.split(path.sep).join('/');
      errors.push({ file, line: d.line - 1, character: byteColumn(lineOf(file, d.line - 1), d.column), code: d.code, message: oneLine(d.message) });
    }
    return { errors, fatal: parsed.fatal, driver: parsed.driver };
  }

  private async baselineOf(root: string, state: ProjectState, unit: TranslationUnit, budget: ChildBudget): Promise<UnitBaseline> {
    const stamp = this.unitStamp(state, unit);
    const known = state.baselines.get(unit.file);
    if (known?.stamp === stamp) return known;
    const lines = new Map<string, string[]>();
    const lineOf = (f: string, row: number): string | undefined => {
      if (!lines.has(f)) lines.set(f, (this.textOf(state, f) ?? '').split('\n'));
      return lines.get(f)?.[row];
    };
    const r = await this.run(root, unit, null, budget, lineOf);
    const baseline = { stamp, ...r };
    state.baselines.set(unit.file, baseline);
    return baseline;
  }

  private async check(request: CheckRequest, change: ChangeSpec): Promise<CheckOutcome> {
    const begun = beginCheck(request);
    if ('refusal' in begun) return begun.refusal;
    const { started, step, budget, root, rel, text } = begun;
    if (!this.handles(rel)) return refused(`${rel} is not a C or C++ file (the clang checker reads .c, .h, .cc, .cpp, .cxx, .hh, .hpp, .hxx)`);
    const made = changeEdit(readCFile(text), rel, request.declaration.name, request.declaration.line, change);
    if (!made.ok) return refused(made.reason);
    const { edit } = made;
    if (clangVersion() === 'unavailable') return refused(INSTALL_CLANG);
    step();

    const state = this.stateOf(root);
    const real = realRoot(root);
    const seeing = this.unitsSeeing(state, [rel]);
    if (seeing.length === 0) {
      const how = state.db.source === 'guessed' ? 'no source file includes it (guessed build: each source compiled alone)' : `no unit of ${state.db.source} includes it`;
      return refused(`${rel} is not compiled: ${how}; a header is checked through the sources that include it`);
    }

    // The edited files: the declaration's own, and the other declarations of the same function or global.
    const edits = new Map<string, LineEdit[]>([[rel, edit.edits]]);
    const texts = new Map<string, string>([[rel, text]]);
    const also: string[] = [];
    if (edit.sameEdit && !isStatic(text, edit.target)) {
      const candidates = new Set<string>([rel]);
      for (const u of seeing) for (const f of includedFrom(state.graph, u.file)) candidates.add(f);
      for (const f of [...candidates].sort()) {
        const cfile = f === rel ? readCFile(text) : this.fileOf(state, f);
        if (!cfile) continue;
        for (const d of sameEntityIn(cfile, edit.target, f === rel)) {
          if (f !== rel && isStatic(cfile.code.text, d)) continue;
          const more = edit.sameEdit(cfile, d);
          if (more.length === 0) continue;
          edits.set(f, [...(edits.get(f) ?? []), ...more]);
          texts.set(f, cfile.code.text);
          also.push(`${f}:${lineOfOffset(cfile.code.text, d.nameStart)}`);
        }
      }
    }
    for (const [f, e] of edits) if (overlapping(e)) return refused(`the change to \`${edit.name}\` could not be written as separate edits in ${f}`);
    // Units that see any edited file (a definition's source beside the header asked about).
    const units = also.length > 0 ? this.unitsSeeing(state, [...edits.keys()]) : seeing;

    const editedLines = new Map([...edits].map(([f, e]) => [f, applyLineEdits(texts.get(f) as string, e).split('\n')]));
    this.options.onEdited?.(new Map([...editedLines].map(([f, lines]) => [f, lines.join('\n')])));
    const userLines = new Map<string, string[]>();
    const userLineOf = (f: string, row: number): string | undefined => {
      if (!userLines.has(f)) userLines.set(f, (texts.get(f) ?? this.textOf(state, f) ?? '').split('\n'));
      return userLines.get(f)?.[row];
    };
    const editedLineOf = (f: string, row: number): string | undefined => editedLines.get(f)?.[row] ?? userLineOf(f, row);

    const tempBase = this.options.tempDir ?? scoutTempDir();
    mkdirSync(tempBase, { recursive: true });
    const temp = mkdtempSync(path.join(tempBase, 'clang-overlay-'));
    const runs: UnitRun[] = [];
    const unchecked: string[] = [];
    try {
      const mapping = new Map<string, string>();
      let k = 0;
      for (const [f, lines] of editedLines) {
        const copy = path.join(temp, `${k++}-${path.basename(f)}`);
        writeFileSync(copy, lines.join('\n'));
        const given = path.join(root, f);
        const resolved = realpathSync(given);
        mapping.set(resolved, copy);
        if (given !== resolved) mapping.set(given, copy);
        if (path.join(real, f) !== resolved) mapping.set(path.join(real, f), copy);
      }
      const overlay = path.join(temp, 'overlay.yaml');
      writeOverlay(overlay, mapping);
      step();
      // Units whose own source names the declaration (or the asked member) first: a check cut short has
      // covered them. Headers do not count: the one declaring it names it for every unit.
      const words = [edit.target.name, ...(change.member ? [simpleName(change.member)] : [])].map((w) => new RegExp(`\\b${w.replace(/\W/g, '')}\\b`));
      const mentions = (u: TranslationUnit): boolean => words.some((w) => w.test(texts.get(u.file) ?? this.textOf(state, u.file) ?? ''));
      const strong = new Set(units.filter(mentions).map((u) => u.file));
      const ordered = [...units].sort((a, b) => Number(strong.has(b.file)) - Number(strong.has(a.file)) || a.file.localeCompare(b.file));
      let checked = 0;
      const softDeadline = request.likelyOnlyAfterMs !== undefined ? performance.now() + request.likelyOnlyAfterMs : undefined;
      await pool(ordered, this.jobs(), async (unit) => {
        const now = performance.now();
        const pastSoft = softDeadline !== undefined && now >= softDeadline;
        if (now > request.deadline || (pastSoft && !strong.has(unit.file))) {
          unchecked.push(unit.file);
          return;
        }
        request.signal?.throwIfAborted();
        try {
          const after = await this.run(root, unit, overlay, budget, editedLineOf);
          let onEdit = 0;
          const mapped: MappedError[] = [];
          for (const d of after.errors) {
            const fileEdits = edits.get(d.file);
            if (!fileEdits) {
              mapped.push(d);
              continue;
            }
            const character = columnBeforeEdits(fileEdits, d.line, d.character);
            if (character === null) onEdit++;
            else mapped.push({ ...d, character });
          }
          const baseline = mapped.length > 0 || after.fatal.length > 0 || after.driver.length > 0 ? await this.baselineOf(root, state, unit, budget) : null;
          runs.push({ unit, fresh: newErrors(mapped, baseline?.errors ?? [], clangErrorKey), onEdit, baseline });
          checked++;
        } catch (error) {
          if (error instanceof CheckTimeout) unchecked.push(unit.file);
          else throw error;
        }
      });
      if (checked === 0 && unchecked.length > 0) throw new CheckTimeout(Math.round(performance.now() - started));
    } catch (error) {
      if (error instanceof Refusal) return refused(error.reason);
      throw error;
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }

    // One error in a header, reported by every unit that includes it, counts once.
    const seen = new Set<string>();
    const fresh = runs.flatMap((r) => r.fresh).filter((d) => !seen.has(clangErrorKey(d)) && Boolean(seen.add(clangErrorKey(d))));
    const errors = await placedErrors(fresh, (f, rows) => {
      const cfile = f === rel ? readCFile(text) : this.fileOf(state, f);
      return cfile ? rows.map((row) => cPlaceAt(cfile, row)) : [];
    });
    const notes = this.notesOf(state, edit.target, change, runs, units.length, unchecked, also);
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: edit.summary,
        errors,
        checkedFiles: runs.length,
        ...(unchecked.length > 0 ? { unchecked: unchecked.sort() } : {}),
        notes,
        change,
      },
    };
  }

  private notesOf(state: ProjectState, target: CDeclaration, change: ChangeSpec, runs: readonly UnitRun[], total: number, unchecked: readonly string[], also: readonly string[]): string[] {
    const { db } = state;
    const notes = [`clang ${clangVersion()} ${CHECK_FLAGS.slice(0, 1).join(' ')} -Werror=switch (and implicit declarations, int and pointer conversions as errors) on ${runs.length} translation unit(s) that include the edited file, the edit given through -ivfsoverlay; compilation database: ${db.source === 'guessed' ? 'none, guessed' : db.source}`];
    if (state.problem) notes.push(`${state.problem}: the build was guessed instead`);
    if (db.source === 'guessed') {
      const langs = [...new Set(db.units.map((u) => (u.cpp ? '-std=gnu++17' : '-std=gnu11')))].join(' or ');
      notes.push(`no compile_commands.json (at the root or in build/): each source compiled alone with ${langs || '-std=gnu11'} and ${db.includeDirs.length > 0 ? `-I ${list(db.includeDirs.map((d) => d || '.'), 5)}` : 'no -I'}; generate one (\`cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON\`, \`bear -- make\`) for the project's own flags`);
      if (state.graph.unresolved.size > 0) notes.push(`${state.graph.unresolved.size} quoted include(s) match no repository file (${list([...state.graph.unresolved.keys()])}): a generated or system header; a unit that needs a missing one fails before and after the change alike`);
    }
    if (db.skipped.length > 0) notes.push(`left out of ${db.source}: ${db.skipped.length} entr(ies) (${list(db.skipped)})`);
    if (also.length > 0) notes.push(`the same change made to the other declaration(s) of \`${target.label}\`: ${list(also, 5)}`);
    const failing = runs.filter((r) => r.baseline && r.baseline.errors.length > 0).map((r) => r.unit.file);
    if (failing.length > 0) notes.push(`already failing before the change: ${failing.length} unit(s) (${list(failing)}): their old errors are not counted`);
    const stopped = runs.filter((r) => r.baseline && (r.baseline.fatal.length > 0 || r.baseline.driver.length > 0));
    if (stopped.length > 0) {
      notes.push(`skipped: ${stopped.length} unit(s) clang could not check before the change (${list(stopped.map((r) => `${r.unit.file}: ${r.baseline?.fatal[0] ?? r.baseline?.driver[0]}`))}): a break there after the fatal error is not verified`);
    }
    const onEdit = runs.reduce((n, r) => n + r.onEdit, 0);
    if (onEdit > 0) notes.push(`${onEdit} error(s) on the edited text itself were left out: they are about the edit, not a break`);
    if (change.kind === 'add_variant') notes.push(`-Wswitch reports a switch over ${kindWord(target)} \`${target.label}\` without a \`default\`; a switch with a default, an if/else chain, an array indexed by the enum and a switch over a plain int are no compile error: see the enumeration sites`);
    if (unchecked.length > 0) notes.push(`partial check: ${unchecked.length} of ${total} unit(s) that can see the change were not checked in time (units that name \`${target.name}\` were checked first)`);
    return notes;
  }
}

/** Whether a declaration is `static` at file level (its other declarations can only be in its own file). */
function isStatic(text: string, d: CDeclaration): boolean {
  return d.kind === 'function' || d.kind === 'variable' ? /\bstatic\b/.test(text.slice(d.removeStart, d.nameStart)) : false;
}

const lineOfOffset = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** Run `job` on every item, `width` at a time; the first failure rejects once the running jobs settle. */
async function pool<T>(items: readonly T[], width: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await job(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** The checker for C and C++ files (`.c .h .cc .cpp .cxx .c++ .hh .hpp .hxx .h++ .inc .inl .ipp .tpp`). */
export function makeCChecker(): CChecker {
  return new CChecker();
}
