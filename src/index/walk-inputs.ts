/**
 * What a walk's result depends on besides directory listings and the indexed files' own stats, so
 * that a freshness sweep (one stat per indexed file and directory, no walk) can tell when only a new
 * walk would be right:
 * - the walk's settings (excludes, default excludes, size limit);
 * - the ignore files it read (.gitignore and .scoutignore of each directory, .git/info/exclude): an
 *   edit in place changes their content, not their directory's mtime;
 * - the files it skipped (too large, binary, unreadable, special, symlinks that lead out or loop):
 *   they are not in the `files` table, so the sweep never stats them, yet a shrunk or repaired one
 *   must be indexed.
 * Each file is recorded with its size, mtime and ctime (-1 when missing: `.git/info/exclude` may appear
 * later), through symlinks, except a link skipped as a loop and a link to a directory: their targets are
 * directories the walk visits, whose mtime moves with every added file, so the link itself is recorded
 * (re-pointing a link replaces it). The directories entered through links are listed too, so that a walk
 * reusing listings knows them without an lstat per directory (walk-reuse.ts).
 * A file added to a directory changes that directory's mtime, which the sweep sees by itself.
 */
import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ScoutConfig } from '../core/config.js';
import type { WalkResult } from '../workspace/walk.js';

/** Meta key holding the walk inputs of the last full walk. */
export const WALK_INPUTS_KEY = 'walk_inputs';

interface WalkInputs {
  settings: string;
  /** [absolute path, size, mtimeMs, ctimeMs]; -1s for a file that did not exist. */
  files: Array<[string, number, number, number]>;
  /** The same, of the links themselves (lstat). */
  links: Array<[string, number, number, number]>;
  /** Directories entered through a symbolic link (repo-relative). */
  linkedDirectories: string[];
}

function walkSettings(config: ScoutConfig): string {
  const { maxFileBytes, exclude, defaultExcludes } = config.index;
  return JSON.stringify({ maxFileBytes, exclude, defaultExcludes });
}

/** ctime too: a skipped directory made readable again (chmod) changes only its ctime. */
function statOf(file: string, follow = true): [number, number, number] {
  let stat;
  try {
    stat = follow ? statSync(file, { throwIfNoEntry: false }) : lstatSync(file, { throwIfNoEntry: false });
  } catch {
    // A symlink loop (ELOOP) or an unreadable path: the link itself.
    stat = lstatSync(file, { throwIfNoEntry: false });
  }
  return stat ? [stat.size, stat.mtimeMs, stat.ctimeMs] : [-1, -1, -1];
}

/** The inputs of this walk, as stored under WALK_INPUTS_KEY. */
export function recordWalkInputs(root: string, config: ScoutConfig, walk: Pick<WalkResult, 'ignoreFiles' | 'skipped' | 'linkedDirectories'>): string {
  const loops = walk.skipped.filter((s) => s.reason === 'symlink_loop');
  const files = [...walk.ignoreFiles, ...walk.skipped.filter((s) => s.reason !== 'symlink_loop').map((s) => path.join(root, s.path))];
  const inputs: WalkInputs = {
    settings: walkSettings(config),
    files: [...new Set(files)].map((f) => [f, ...statOf(f)]),
    links: [...loops.map((s) => s.path), ...walk.linkedDirectories].map((rel) => path.join(root, rel)).map((f) => [f, ...statOf(f, false)]),
    linkedDirectories: walk.linkedDirectories,
  };
  return JSON.stringify(inputs);
}

/**
 * True when a walk now could give another result than the one recorded (or nothing was recorded):
 * the settings differ, or an ignore file or a skipped file was created, changed or removed.
 */
export function walkInputsChanged(recorded: string | null, config: ScoutConfig): boolean {
  if (recorded === null) return true;
  let inputs: WalkInputs;
  try {
    inputs = JSON.parse(recorded) as WalkInputs;
  } catch {
    return true;
  }
  if (inputs.settings !== walkSettings(config) || !Array.isArray(inputs.files) || !Array.isArray(inputs.links) || !Array.isArray(inputs.linkedDirectories)) return true;
  const moved = (follow: boolean) => ([file, ...before]: [string, number, number, number]): boolean => statOf(file, follow).some((value, i) => value !== before[i]);
  return inputs.files.some(moved(true)) || inputs.links.some(moved(false));
}

/**
 * What a reusing walk needs of the recorded one: the ignore files it read (absolute paths) and the
 * directories it entered through links (repo-relative); null when nothing usable was recorded.
 */
export function recordedWalk(recorded: string | null): { ignoreFiles: Set<string>; linkedDirectories: Set<string> } | null {
  if (recorded === null) return null;
  try {
    const inputs = JSON.parse(recorded) as WalkInputs;
    return {
      ignoreFiles: new Set(inputs.files.map(([file]) => file).filter((file) => IGNORE_FILE_NAMES.has(path.basename(file)))),
      linkedDirectories: new Set(inputs.linkedDirectories ?? []),
    };
  } catch {
    return null;
  }
}

/** The names of the ignore files a directory can hold. */
export const IGNORE_FILE_NAMES: ReadonlySet<string> = new Set(['.gitignore', '.scoutignore']);
