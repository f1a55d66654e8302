/**
 * One `ghc --make -fno-code -fwrite-interface` over the shadow project, in a child process of its own process
 * group (killed at the deadline, raising CheckTimeout, or when the request is aborted). Type checking only:
 * no code is generated, but interfaces are written to a persistent directory so that the next run only
 * checks the modules whose sources or imports changed. The incomplete-pattern warnings are turned on
 * whatever the project's own flags; colours off; `-package-env -` so that an environment file (a user's
 * cabal store) cannot change which packages are seen: only GHC's bundled packages are.
 *
 * GHC 9.0 has no JSON diagnostics: its text is returned as is (ghc-diagnostics.ts reads it), with the exit
 * code. No `ghc` on PATH raises GhcUnavailable, whose reason says to install it.
 */
import { boundedRun, type ChildOutput, versionOnce } from '../verify/bounded-child.js';
import { Refusal } from '../verify/checker-template.js';

/** GHC cannot check this project here; `reason` says why and how to fix it. */
export class GhcUnavailable extends Refusal {
  constructor(reason: string) {
    super(reason);
    this.name = 'GhcUnavailable';
  }
}

export const INSTALL_GHC = 'ghc is not on PATH: install GHC (`apt-get install ghc`, or https://www.haskell.org/ghcup/) so that `ghc` runs, and ask again';

/** `ghc --numeric-version` (`9.0.2`), asked once per process; `unavailable` without ghc. */
export const ghcVersion = versionOnce('ghc', ['--numeric-version']);

/** The warnings that a new constructor raises, on whatever the project's own OPTIONS_GHC say. */
export const PATTERN_WARNINGS = ['-Wincomplete-patterns', '-Wincomplete-uni-patterns', '-Wincomplete-record-updates', '-Woverlapping-patterns'];

export interface GhcRun {
  /** The directory ghc runs in (the shadow project). */
  dir: string;
  /** Project-relative target files. */
  targets: readonly string[];
  /** `-i` directories (project-relative) and language flags. */
  sourceDirs: readonly string[];
  languageFlags: readonly string[];
  /** Where interfaces are read and written, and where anything else ghc writes goes. */
  hiDir: string;
  outDir: string;
  deadline: number;
  started: number;
  signal?: AbortSignal;
}

export type GhcOutput = ChildOutput;

export function ghcArgs(run: Pick<GhcRun, 'targets' | 'sourceDirs' | 'languageFlags' | 'hiDir' | 'outDir'>): string[] {
  return [
    '--make',
    '-fno-code',
    '-fwrite-interface',
    '-outputdir',
    run.outDir,
    '-hidir',
    run.hiDir,
    '-package-env',
    '-',
    '-fdiagnostics-color=never',
    // A module that does not compile (before the edit too) must not stop the check of the others.
    '-fkeep-going',
    // A type error (a call to a changed function, a use of a removed one) is reported as a warning and the
    // module still gets an interface, so the modules importing it are checked too: without it, one break in
    // a module hides every break in its importers. Errors GHC cannot defer (a name missing from an import
    // list or a pattern) still stop the module. Same flags in every run, so the clean interfaces are reused.
    '-fdefer-type-errors',
    '-j1',
    '-i',
    ...run.sourceDirs.map((d) => `-i${d}`),
    ...run.languageFlags,
    ...PATTERN_WARNINGS,
    ...run.targets,
  ];
}

export function runGhc(run: GhcRun): Promise<GhcOutput> {
  return boundedRun('ghc', ghcArgs(run), { cwd: run.dir, detached: true, env: { ...process.env, LANG: 'C.UTF-8' } }, run, (error) => (error.code === 'ENOENT' ? new GhcUnavailable(INSTALL_GHC) : error));
}
