/**
 * clang as the checker runs it: one translation unit per process (its own process group, killed at the
 * deadline or when the question is aborted), syntax and types only, with the unit's own flags first and the
 * checker's after them (so they win):
 * - `-fsyntax-only`: nothing is written, nothing linked;
 * - `-Wswitch -Werror=switch`: an enum value missing from a `switch` without a `default` is an error, the
 *   verified break of "add a variant";
 * - `-Werror=implicit-function-declaration,implicit-int,int-conversion,incompatible-pointer-types,
 *   incompatible-function-pointer-types`: what clang 14 only warns about in C but is a break (a call to a
 *   removed function, a value of the changed type), so that it counts;
 * - `-ferror-limit=0`, no colour, no caret, the warning option shown (`[-Werror,-Wswitch]`);
 * - `-ivfsoverlay <yaml>`: the edited files are read from copies in a temp directory, mapped onto their real
 *   paths by clang's virtual file system (`use-external-names: false`: clang reports and resolves includes
 *   by the real path). The user's tree is never written.
 */
import { writeFileSync } from 'node:fs';
import { boundedRun, type ChildBudget, versionOnce } from '../verify/bounded-child.js';
import { Refusal } from '../verify/checker-template.js';
import type { TranslationUnit } from './compile-db.js';

export const INSTALL_CLANG = 'clang is not on PATH: install clang (`apt-get install clang`, or https://releases.llvm.org) so that `clang` runs, and ask again';

/** `clang --version` (`14.0.6`), asked once per process; `unavailable` without clang. */
export const clangVersion = versionOnce('clang', ['--version'], (out) => /clang version (\d+[\w.-]*)/.exec(out)?.[1] ?? 'unavailable');

export const CHECK_FLAGS = [
  '-fsyntax-only',
  '-fno-color-diagnostics',
  '-fno-caret-diagnostics',
  '-fdiagnostics-show-option',
  '-ferror-limit=0',
  '-Wno-unknown-warning-option',
  '-Qunused-arguments',
  '-Wswitch',
  '-Werror=switch',
  '-Werror=implicit-function-declaration',
  '-Werror=implicit-int',
  '-Werror=int-conversion',
  '-Werror=incompatible-pointer-types',
  '-Werror=incompatible-function-pointer-types',
];

/** Write clang's overlay file: each real path (absolute) read from its edited copy. */
export function writeOverlay(yamlPath: string, files: ReadonlyMap<string, string>): void {
  const roots = [...files].map(([name, copy]) => ({ type: 'file', name, 'external-contents': copy }));
  // JSON is YAML: clang reads it as its overlay format.
  writeFileSync(yamlPath, JSON.stringify({ version: 0, 'case-sensitive': 'true', 'use-external-names': false, roots }, null, 1));
}

/** One clang run over `unit` (its absolute path `sourceAbs`), with the overlay when given; clang's output. */
export async function runClang(unit: TranslationUnit, sourceAbs: string, overlay: string | null, budget: ChildBudget): Promise<{ code: number | null; output: string }> {
  const args = [...unit.args, ...(unit.cpp ? ['-x', 'c++'] : ['-x', 'c']), ...CHECK_FLAGS, ...(overlay ? ['-ivfsoverlay', overlay] : []), sourceAbs];
  const out = await boundedRun('clang', args, { cwd: unit.dir, detached: true, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } }, budget, (error) => (error.code === 'ENOENT' ? new Refusal(INSTALL_CLANG) : error));
  return { code: out.code, output: `${out.stderr}\n${out.stdout}` };
}
