/**
 * The Haskell checker: GHC (`ghc --make -fno-code`, incomplete-pattern warnings on) over a shadow copy of the
 * project. For "add a variant" it finds the `data` type the exploration found (by line, never by bare name)
 * in a tree-sitter parse and adds a nullary constructor `ScoutNew__` after the last one, without adding a
 * line (haskell/constructor-edit.ts). The project is the nearest `*.cabal` or `package.yaml` directory
 * (haskell/project.ts: its source directories and default extensions); it is mirrored into a shadow in the
 * user's cache with hard links, the edited file a new file (rust/shadow.ts; the user's tree is never
 * written). The unmodified project is checked first, once, into persistent interfaces (haskell/baseline.ts
 * says why), so each question only checks the edited module and the modules that import it. The new
 * warnings and errors (haskell/ghc-diagnostics.ts) are verified pointers, each with the function or
 * instance method around it: equations and `case` expressions that are no longer exhaustive
 * (`-Wincomplete-patterns`), record updates that may now fail.
 *
 * What it cannot do, said in the refusal or a note: packages other than GHC's bundled ones (modules that
 * import them are left out, and a target inside one is refused), several `Main` modules (executables are
 * left out), GADT syntax, a newtype; no ghc on PATH.
 */
import path from 'node:path';
import { readInsideRoot, realRoot } from '../../workspace/confine.js';
import { type Checker, type CheckerError, type CheckOutcome, type CheckRequest } from '../verify/checker.js';
import { deadlineStep, OneAtATime } from '../verify/check-pacing.js';
import { HsStore, type HsBaseline, type LeftOut } from './baseline.js';
import { applyConstructorEdit, constructorEdit, NEW_CONSTRUCTOR, withHaskellTree } from './constructor-edit.js';
import { haskellPlaceAt } from './enclosing-place.js';
import { compiledFiles, type HsMappedError, mapGhcDiagnostics, missingImports, newHaskellErrors, parseGhcOutput } from './ghc-diagnostics.js';
import { findHsProject, hsTargets, listHsFiles } from './project.js';
import { GhcUnavailable, ghcVersion, INSTALL_GHC, runGhc } from './run-ghc.js';
import { CargoShadow, type ShadowKind } from '../rust/shadow.js';

const SHADOW: ShadowKind = { tool: 'ghc', copied: /(?!)/, noun: 'project' };
/** Rounds of leaving out modules whose imports GHC cannot resolve (each round can reveal their importers). */
const LEAVE_OUT_ROUNDS = 8;

const BUNDLED = 'only the packages bundled with GHC (base, containers, mtl, transformers, text, bytestring, parsec, directory, filepath, process, time, ...) are available to the checker';

function leftOutReason(file: string, what: LeftOut): string {
  return what.hiddenPackage
    ? `${file} imports ${what.module}, from the hidden package ${what.hiddenPackage}`
    : `${file} imports ${what.module}, which no package GHC has provides (${BUNDLED}; a Debian package such as libghc-<name>-dev installs one where GHC finds it)`;
}

export class HaskellChecker implements Checker {
  readonly name = 'ghc';
  private readonly warm = new Map<string, HsBaseline>();
  /** One check per project at a time in this process (they share the shadow). */
  private readonly queue = new OneAtATime();

  /** `cacheDir`: where shadow projects and their interfaces live (default: the user's cache directory). */
  constructor(private readonly options: { cacheDir?: string } = {}) {}

  get version(): string {
    return ghcVersion();
  }

  handles(file: string): boolean {
    return /\.hs$/.test(file);
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
    const rel = request.declaration.file.split(path.sep).join('/');
    const text = readInsideRoot(root, rel);
    if (text === null) return { status: 'refused', reason: `${rel} cannot be read (or is a link that leads outside the repository)` };
    const result = await constructorEdit(text, request.declaration.name, request.declaration.line);
    if (!result.ok) return { status: 'refused', reason: result.reason };
    const { edit } = result;
    const version = ghcVersion();
    if (version === 'unavailable') return { status: 'refused', reason: INSTALL_GHC };
    step();

    const project = findHsProject(root, rel, text);
    const tree = listHsFiles(root, project.dir);
    const inProject = project.dir === '' ? rel : path.posix.relative(project.dir, rel);
    if (!tree.files.some((f) => f.rel === inProject)) return { status: 'refused', reason: `${rel} is not among the project's files (a link that leads outside the repository?)` };
    const toRepo = (f: string): string => (project.dir ? path.posix.join(project.dir, f) : f);
    const editedText = applyConstructorEdit(text, edit);
    const texts = new Map<string, string[] | null>();
    const linesOf = (f: string): string[] | null => {
      if (!texts.has(f)) texts.set(f, readInsideRoot(root, f)?.split('\n') ?? null);
      return texts.get(f) ?? null;
    };
    const key = path.join(realRoot(root), project.dir);
    const shadow = new CargoShadow(root, key, this.options.cacheDir, SHADOW);
    const store = new HsStore(shadow.temporary ? `${shadow.dir}-work` : shadow.home);
    const notes: string[] = [...shadow.notes];
    const ghc = (hiDir: string, targets: readonly string[]) =>
      runGhc({ dir: shadow.dir, targets, sourceDirs: project.sourceDirs, languageFlags: project.languageFlags, hiDir, outDir: store.outDir, deadline: request.deadline, started, ...(request.signal ? { signal: request.signal } : {}) });

    let baseline: HsBaseline;
    let after: HsMappedError[];
    let onEdit = 0;
    let compiled: string[];
    let targetCount: number;
    let mains: string[];
    try {
      // The unmodified project: checked into the clean interfaces unless they are up to date with the user's files.
      let saved = this.warm.get(key) ?? store.load(version);
      if (!saved || saved.stamp !== tree.stamp || saved.ghc !== version) {
        const next: HsBaseline = { stamp: tree.stamp, ghc: version, byFile: saved?.ghc === version ? saved.byFile : {}, leftOut: {} };
        saved = next;
        for (let round = 0; ; round++) {
          const files = tree.files.filter((f) => !next.leftOut[f.rel]);
          shadow.sync(files, null);
          const targets = hsTargets(project, files, (f) => linesOf(toRepo(f))?.join('\n') ?? null).files;
          const out = await ghc(store.cleanHi, targets);
          const diags = parseGhcOutput(out.stderr);
          const missing = missingImports(diags);
          if (missing.length > 0 && round < LEAVE_OUT_ROUNDS) {
            for (const m of missing) next.leftOut[path.posix.normalize(m.file)] ??= { module: m.module, hiddenPackage: m.hiddenPackage };
            if (next.leftOut[inProject]) break;
            continue;
          }
          if (out.code !== 0 && !diags.some((d) => d.severity === 'error')) {
            const first = (out.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${out.code}`).slice(0, 200);
            return { status: 'refused', reason: `ghc failed before checking the project (${first}); make \`ghc --make\` work on ${project.dir || 'the repository root'} and ask again` };
          }
          const byFile = next.byFile;
          for (const f of compiledFiles(out.stdout)) byFile[toRepo(path.posix.normalize(f))] = [];
          for (const d of mapGhcDiagnostics(diags, { projectDir: project.dir, linesOf, edited: null }).mapped) (byFile[d.file] ??= []).push(d);
          const present = new Set(tree.files.map((f) => toRepo(f.rel)));
          for (const f of Object.keys(byFile)) if (!present.has(f)) delete byFile[f];
          break;
        }
        store.save(saved);
      }
      this.warm.set(key, saved);
      baseline = saved;
      const own = baseline.leftOut[inProject];
      if (own) return { status: 'refused', reason: `not checked: ${leftOutReason(rel, own)}` };
      step();

      // The edited project, from a fresh copy of the clean interfaces: the edited module and its importers are checked.
      const files = tree.files.filter((f) => !baseline.leftOut[f.rel]);
      shadow.sync(files, { rel: inProject, text: editedText });
      const targets = hsTargets(project, files, (f) => (f === inProject ? editedText : (linesOf(toRepo(f))?.join('\n') ?? null)));
      targetCount = targets.files.length;
      mains = targets.mains;
      store.freshEditInterfaces();
      texts.set(rel, editedText.split('\n'));
      const out = await ghc(store.editHi, targets.files);
      compiled = compiledFiles(out.stdout).map((f) => toRepo(path.posix.normalize(f)));
      const m = mapGhcDiagnostics(parseGhcOutput(out.stderr), { projectDir: project.dir, linesOf, edited: { file: rel, edit } });
      after = m.mapped;
      onEdit = m.onEdit;
    } catch (error) {
      if (error instanceof GhcUnavailable) return { status: 'refused', reason: error.reason };
      throw error;
    } finally {
      shadow.dispose();
      if (shadow.temporary) store.dispose();
    }

    texts.set(rel, text.split('\n'));
    const before = [...new Set([...compiled, ...after.map((d) => d.file)])].flatMap((f) => baseline.byFile[f] ?? []);
    const fresh = newHaskellErrors(after, before);
    const places = new Map<string, Map<number, CheckerError['place']>>();
    for (const f of new Set(fresh.map((d) => d.file))) {
      const lines = linesOf(f);
      const rows = new Map<number, CheckerError['place']>();
      if (lines) {
        await withHaskellTree(lines.join('\n'), (tree) => {
          for (const d of fresh) if (d.file === f && !rows.has(d.line)) rows.set(d.line, haskellPlaceAt(tree, d.line));
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
    const leftOut = Object.entries(baseline.leftOut);
    if (leftOut.length > 0) {
      const modules = [...new Set(leftOut.map(([, w]) => w.module))];
      notes.push(`left out of the check: ${leftOut.length} module(s) importing what GHC's bundled packages do not provide (${modules.slice(0, 4).join(', ')}${modules.length > 4 ? ', …' : ''}; ${leftOut.slice(0, 3).map(([f]) => toRepo(f)).join(', ')}): breaks there are not verified`);
    }
    if (mains.length > 0) notes.push(`left out of the check: ${mains.length} Main modules (executables, ${mains.slice(0, 3).map(toRepo).join(', ')}): ghc checks one program at a time`);
    if (onEdit > 0) notes.push(`${onEdit} diagnostic(s) on the inserted constructor itself were left out: they are about the edit, not a break`);
    if (tree.skipped.length > 0) notes.push(`left out of the check: ${tree.skipped.length} link(s) leading outside the repository (${tree.skipped.slice(0, 3).join(', ')})`);
    return {
      status: 'checked',
      check: {
        target: { name: edit.name, kind: edit.kind, file: rel, line: edit.declLine },
        edit: `constructor ${NEW_CONSTRUCTOR} added to data ${edit.name}`,
        errors,
        checkedFiles: targetCount,
        notes: [
          `ghc --make -fno-code ${['-Wincomplete-patterns', '-Wincomplete-uni-patterns', '-Wincomplete-record-updates'].join(' ')} on a shadow copy of ${project.dir || 'the repository root'} (${project.manifest ?? 'no .cabal or package.yaml: the file\'s directory'}; source directories ${project.sourceDirs.join(', ')}; GHC's bundled packages only)`,
          ...notes,
        ],
      },
    };
  }
}
