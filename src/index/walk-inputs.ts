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
 * Each file is recorded with its size and mtime (-1 when missing: `.git/info/exclude` may appear later).
 * A file added to a directory changes that directory's mtime, which the sweep sees by itself.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ScoutConfig } from '../core/config.js';
import type { WalkResult } from '../workspace/walk.js';

/** Meta key holding the walk inputs of the last full walk. */
export const WALK_INPUTS_KEY = 'walk_inputs';

interface WalkInputs {
  settings: string;
  /** [absolute path, size, mtimeMs]; -1, -1 for a file that did not exist. */
  files: Array<[string, number, number]>;
}

function walkSettings(config: ScoutConfig): string {
  const { maxFileBytes, exclude, defaultExcludes } = config.index;
  return JSON.stringify({ maxFileBytes, exclude, defaultExcludes });
}

function statOf(file: string): [number, number] {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? [stat.size, stat.mtimeMs] : [-1, -1];
}

/** The inputs of this walk, as stored under WALK_INPUTS_KEY. */
export function recordWalkInputs(root: string, config: ScoutConfig, walk: Pick<WalkResult, 'ignoreFiles' | 'skipped'>): string {
  const files = [...walk.ignoreFiles, ...walk.skipped.map((s) => path.join(root, s.path))];
  const inputs: WalkInputs = { settings: walkSettings(config), files: [...new Set(files)].map((f) => [f, ...statOf(f)]) };
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
  if (inputs.settings !== walkSettings(config) || !Array.isArray(inputs.files)) return true;
  return inputs.files.some(([file, size, mtimeMs]) => {
    const [nowSize, nowMtime] = statOf(file);
    return nowSize !== size || nowMtime !== mtimeMs;
  });
}
