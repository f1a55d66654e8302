/**
 * The Haskell checker: GHC (`ghc --make -fno-code`, incomplete-pattern warnings on) over a shadow copy of the
 * project, the Haskell strategy of the compiler checker template (verify/checker-template.ts: shadow,
 * baseline, diff, places and pacing are there). For "add a variant" it finds the `data` type the exploration
 * found (by line, never by bare name) in a tree-sitter parse and adds a nullary constructor `ScoutNew__` after
 * the last one, without adding a line (haskell/constructor-edit.ts). The project is the nearest `*.cabal` or
 * `package.yaml` directory (haskell/project.ts: its source directories and default extensions). The
 * unmodified project is checked first, once, into persistent interfaces (haskell/baseline.ts says why), so
 * each question only checks the edited module and the modules that import it. The new warnings and errors
 * (haskell/ghc-diagnostics.ts) are verified pointers, each with the function or instance method around it
 * (haskell/enclosing-place.ts): equations and `case` expressions that are no longer exhaustive
 * (`-Wincomplete-patterns`), record updates that may now fail. The other change kinds (remove, rename, add a
 * parameter or field, change a type, make a field optional) are edits of the same declaration that keep
 * every line's number (haskell/change-edit.ts), checked the same way: each use that stops compiling is new.
 *
 * What it cannot do, said in the refusal or a note: packages other than GHC's bundled ones (modules that
 * import them are left out, and a target inside one is refused), several `Main` modules (executables are
 * left out), GADT syntax, a newtype; no ghc on PATH.
 */
import path from 'node:path';
import { type CompileRun, CompilerChecker, type CompilerStrategy, Refusal } from '../verify/checker-template.js';
import { type HsState, HsStore, type LeftOut } from './baseline.js';
import { haskellChangeEdit } from './change-edit.js';
import { constructorEdit, type HsEdit, NEW_CONSTRUCTOR, withHaskellTree } from './constructor-edit.js';
import { haskellPlaceAt } from './enclosing-place.js';
import { compiledFiles, haskellErrorKey, missingImports, parseGhcOutput } from './ghc-diagnostics.js';
import { findHsProject, type HsProject, hsTargets, listHsFiles } from './project.js';
import { ghcVersion, INSTALL_GHC, runGhc } from './run-ghc.js';

/** Rounds of leaving out modules whose imports GHC cannot resolve (each round can reveal their importers). */
const LEAVE_OUT_ROUNDS = 8;

const BUNDLED = 'only the packages bundled with GHC (base, containers, mtl, transformers, text, bytestring, parsec, directory, filepath, process, time, ...) are available to the checker';

function leftOutReason(file: string, what: LeftOut): string {
  return what.hiddenPackage
    ? `${file} imports ${what.module}, from the hidden package ${what.hiddenPackage}`
    : `${file} imports ${what.module}, which no package GHC has provides (${BUNDLED}; a Debian package such as libghc-<name>-dev installs one where GHC finds it)`;
}

type Run = CompileRun<HsProject, HsEdit>;

const toRepo = (run: Run, f: string): string => (run.project.dir ? path.posix.join(run.project.dir, f) : f);

function ghc(run: Run, store: HsStore, hiDir: string, targets: readonly string[]) {
  const { project } = run;
  return runGhc({ dir: run.shadow.dir, targets, sourceDirs: project.sourceDirs, languageFlags: project.languageFlags, hiDir, outDir: store.outDir, ...run.budget });
}

export const HASKELL: CompilerStrategy<HsProject, HsEdit, HsState> = {
  name: 'ghc',
  files: /\.hs$/,
  shadow: { tool: 'ghc', noun: 'project' },
  version: ghcVersion,
  install: INSTALL_GHC,
  edit: constructorEdit,
  describe: (edit) => `constructor ${NEW_CONSTRUCTOR} added to data ${edit.name}`,
  change: haskellChangeEdit,
  // Type errors are deferred (run-ghc.ts); an error GHC cannot defer (a name not in scope in a pattern or an export) stops the module.
  editedFileNote: (own) =>
    own.some((e) => e.code === 'error')
      ? 'the edited module itself has new errors GHC cannot defer, so it checked none of the modules that import it: their breaks are not verified (look at the exploration pointers there)'
      : null,
  findProject: (root, file, text) => ({ ok: true, project: findHsProject(root, file, text) }),
  listFiles: (root, project) => listHsFiles(root, project.dir),
  baselineFirst: true,
  trustSaved: (shadow) => new HsStore(shadow.work).hasClean(),

  /** The unmodified project, checked into the clean interfaces; modules whose imports GHC cannot resolve left out. */
  async checkBaseline(run, previous) {
    const store = new HsStore(run.shadow.work);
    if (!previous) store.dropClean();
    const byFile = previous?.byFile ?? {};
    const state: HsState = { leftOut: {} };
    for (let round = 0; ; round++) {
      const files = run.tree.files.filter((f) => !state.leftOut[f.rel]);
      run.mirror(false, files);
      const out = await ghc(run, store, store.cleanHi, hsTargets(run.project, files, (f) => run.textOf(toRepo(run, f))).files);
      const diags = parseGhcOutput(out.stderr);
      const missing = missingImports(diags);
      if (missing.length > 0 && round < LEAVE_OUT_ROUNDS) {
        for (const m of missing) state.leftOut[path.posix.normalize(m.file)] ??= { module: m.module, hiddenPackage: m.hiddenPackage };
        if (state.leftOut[run.inProject]) break;
        continue;
      }
      if (out.code !== 0 && !diags.some((d) => d.severity === 'error')) {
        const first = (out.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${out.code}`).slice(0, 200);
        throw new Refusal(`ghc failed before checking the project (${first}); make \`ghc --make\` work on ${run.project.dir || 'the repository root'} and ask again`);
      }
      // GHC compiles (and warns about) only what changed since the clean interfaces: the other files keep their diagnostics.
      for (const f of compiledFiles(out.stdout)) byFile[toRepo(run, path.posix.normalize(f))] = [];
      for (const d of run.map(diags, false)) (byFile[d.file] ??= []).push(d);
      const present = new Set(run.tree.files.map((f) => toRepo(run, f.rel)));
      for (const f of Object.keys(byFile)) if (!present.has(f)) delete byFile[f];
      break;
    }
    return { byFile, state };
  },

  /** The edited project, from a fresh copy of the clean interfaces: the edited module and its importers are checked. */
  async checkEdited(run, baseline) {
    const leftOut = baseline?.state.leftOut ?? {};
    const own = leftOut[run.inProject];
    if (own) throw new Refusal(`not checked: ${leftOutReason(run.file, own)}`);
    const store = new HsStore(run.shadow.work);
    const files = run.tree.files.filter((f) => !leftOut[f.rel]);
    run.mirror(true, files);
    const targets = hsTargets(run.project, files, (f) => (f === run.inProject ? run.editedText : run.textOf(toRepo(run, f))));
    store.freshEditInterfaces();
    const out = await ghc(run, store, store.editHi, targets.files);
    const notes: string[] = [];
    const left = Object.entries(leftOut);
    if (left.length > 0) {
      const modules = [...new Set(left.map(([, w]) => w.module))];
      notes.push(`left out of the check: ${left.length} module(s) importing what GHC's bundled packages do not provide (${modules.slice(0, 4).join(', ')}${modules.length > 4 ? ', …' : ''}; ${left.slice(0, 3).map(([f]) => toRepo(run, f)).join(', ')}): breaks there are not verified`);
    }
    if (targets.mains.length > 0) notes.push(`left out of the check: ${targets.mains.length} Main modules (executables, ${targets.mains.slice(0, 3).map((f) => toRepo(run, f)).join(', ')}): ghc checks one program at a time`);
    return { errors: run.map(parseGhcOutput(out.stderr), true), checkedFiles: targets.files.length, notes };
  },

  keyOf: haskellErrorKey,
  placesIn: (text, rows) => withHaskellTree(text, (tree) => rows.map((row) => haskellPlaceAt(tree, row))),
  headline: (project) =>
    `ghc --make -fno-code ${['-Wincomplete-patterns', '-Wincomplete-uni-patterns', '-Wincomplete-record-updates'].join(' ')} on a shadow copy of ${project.dir || 'the repository root'} (${project.manifest ?? 'no .cabal or package.yaml: the file\'s directory'}; source directories ${project.sourceDirs.join(', ')}; GHC's bundled packages only)`,
  onEditNote: (count) => `${count} diagnostic(s) on the inserted constructor itself were left out: they are about the edit, not a break`,
};

export class HaskellChecker extends CompilerChecker<HsProject, HsEdit, HsState> {
  constructor(options: { cacheDir?: string } = {}) {
    super(HASKELL, options);
  }
}
