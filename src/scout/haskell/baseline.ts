/**
 * What the Haskell checker keeps beside its shadow project between questions and processes: the unmodified
 * project's interfaces (`hi-clean/`) and, with the baseline the template saves (verify/checker-template.ts,
 * updated for the files each baseline run compiled: GHC is silent about modules that are up to date), the
 * modules left out because they import what GHC's bundled packages do not provide.
 *
 * Why the baseline comes first here (cargo checks it only when the edit produced errors): GHC prints a
 * module's warnings only when it compiles it, and compiles only what changed. Every edited run starts from a
 * fresh copy of the clean interfaces (`hi-edit/`), so the edited module and exactly the modules that import
 * it are checked again, each time, and their warnings are printed; without clean interfaces a second
 * question on the same type would find them up to date and report nothing. Building the clean interfaces is
 * the baseline run: a full check once, then only what the user changed.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface LeftOut {
  /** The module imported that GHC could not find, and the hidden package that has it, if any. */
  module: string;
  hiddenPackage: string | null;
}

/** What the Haskell checker keeps with its baseline. */
export interface HsState {
  /** Project-relative files left out of every check, with what they import. */
  leftOut: Record<string, LeftOut>;
}

export class HsStore {
  readonly cleanHi: string;
  readonly editHi: string;
  readonly outDir: string;

  /** `work`: the shadow's work directory (its home, or a temporary shadow's own). */
  constructor(work: string) {
    this.cleanHi = path.join(work, 'hi-clean');
    this.editHi = path.join(work, 'hi-edit');
    this.outDir = path.join(work, 'out');
    mkdirSync(this.outDir, { recursive: true });
  }

  /** Whether there are clean interfaces (a saved baseline is trusted only with them). */
  hasClean(): boolean {
    return existsSync(this.cleanHi);
  }

  /** Drop the clean interfaces (not trusted without their baseline). */
  dropClean(): void {
    rmSync(this.cleanHi, { recursive: true, force: true });
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
}
