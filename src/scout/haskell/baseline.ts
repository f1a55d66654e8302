/**
 * What the Haskell checker keeps beside its shadow project between questions and processes: the unmodified
 * project's interfaces (`hi-clean/`), its diagnostics per file (`baseline.json`, keyed by GHC's version and
 * updated for the files each baseline run compiled: GHC is silent about modules that are up to date), and the
 * modules left out because they import what GHC's bundled packages do not provide.
 *
 * Why the baseline comes first here (cargo checks it only when the edit produced errors): GHC prints a
 * module's warnings only when it compiles it, and compiles only what changed. Every edited run starts from a
 * fresh copy of the clean interfaces (`hi-edit/`), so the edited module and exactly the modules that import
 * it are checked again, each time, and their warnings are printed; without clean interfaces a second
 * question on the same type would find them up to date and report nothing. Building the clean interfaces is
 * the baseline run: a full check once, then only what the user changed.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HsMappedError } from './ghc-diagnostics.js';

export interface LeftOut {
  /** The module imported that GHC could not find, and the hidden package that has it, if any. */
  module: string;
  hiddenPackage: string | null;
}

export interface HsBaseline {
  /** The project's stamp when this was checked (its Haskell and manifest files). */
  stamp: string;
  ghc: string;
  /** The unmodified project's diagnostics, by repository-relative file. */
  byFile: Record<string, HsMappedError[]>;
  /** Project-relative files left out of every check, with what they import. */
  leftOut: Record<string, LeftOut>;
}

export class HsStore {
  readonly cleanHi: string;
  readonly editHi: string;
  readonly outDir: string;
  private readonly file: string;

  /** `home`: the shadow's own directory (or a temporary one). */
  constructor(private readonly home: string) {
    this.cleanHi = path.join(home, 'hi-clean');
    this.editHi = path.join(home, 'hi-edit');
    this.outDir = path.join(home, 'out');
    this.file = path.join(home, 'baseline.json');
    mkdirSync(this.outDir, { recursive: true });
  }

  /** The saved baseline for this GHC, or null (then the clean interfaces are not trusted either). */
  load(ghc: string): HsBaseline | null {
    try {
      const saved = JSON.parse(readFileSync(this.file, 'utf8')) as HsBaseline;
      if (saved.ghc === ghc && existsSync(this.cleanHi)) return saved;
    } catch {
      // none yet, or unreadable
    }
    rmSync(this.cleanHi, { recursive: true, force: true });
    return null;
  }

  save(baseline: HsBaseline): void {
    try {
      writeFileSync(this.file, JSON.stringify(baseline));
    } catch {
      // a cache: the next process checks the baseline again
    }
  }

  /**
   * A fresh copy of the clean interfaces for an edited run. Copies, never links: GHC rewrites an interface in
   * place. Their times are kept: GHC 9.0 compares a source's time with its interface's.
   */
  freshEditInterfaces(): void {
    rmSync(this.editHi, { recursive: true, force: true });
    mkdirSync(this.cleanHi, { recursive: true });
    cpSync(this.cleanHi, this.editHi, { recursive: true, preserveTimestamps: true });
  }

  /** Remove everything (a temporary store, for a check that ran in a temporary shadow). */
  dispose(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}
