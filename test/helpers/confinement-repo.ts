/**
 * The confinement fixture in a temporary directory: `repo/` is the repository root, `outside/` its
 * sibling. `repo/src/leak-link.ts` and `repo/src/linked-dir` are symbolic links leading out of the
 * root; the files behind them hold SECRET markers that no answer may print, and their directory
 * name (OUTSIDE_NAME) that no answer may name.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from './facts.js';

export const SECRET = /OUTSIDE-SECRET/;
/** The directory outside the root, as any path to it would spell it. */
export const OUTSIDE_NAME = /confinement[\\/]+outside|secret\.ts|escaped\.ts/;

export interface ConfinementRepo {
  root: string;
  cleanup(): void;
}

export function confinementRepo(): ConfinementRepo {
  const base = mkdtempSync(path.join(os.tmpdir(), 'scout-confine-'));
  const dir = path.join(base, 'confinement');
  // Links are copied as written (relative), so they lead to the copy's own outside/.
  cpSync(path.join(FIXTURES, 'confinement'), dir, { recursive: true, verbatimSymlinks: true, filter: (src) => path.basename(src) !== '.scout' });
  return { root: path.join(dir, 'repo'), cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** Throws with the offending excerpt when text names or quotes anything outside the root. */
export function expectConfined(text: string, label: string): void {
  for (const pattern of [SECRET, OUTSIDE_NAME]) {
    const match = pattern.exec(text);
    if (match) {
      const at = Math.max(0, match.index - 80);
      throw new Error(`${label} leaks ${pattern}: …${text.slice(at, match.index + 80)}…`);
    }
  }
}
