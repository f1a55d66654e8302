/**
 * The repository root. An explicit `--repo DIR` is the root as given (so a project
 * inside a larger git repository can be indexed on its own); without one, the git
 * top level containing the working directory, else the working directory.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from '../core/errors.js';
import { gitTopLevel } from './git.js';

export function resolveRepoRoot(dir: string, options: { explicit: boolean } = { explicit: true }): string {
  const absolute = path.resolve(dir);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    throw new ScoutError('REPO_NOT_FOUND', `repository path ${absolute} does not exist; pass an existing directory with --repo DIR`);
  }
  if (!stat.isDirectory()) {
    throw new ScoutError('REPO_NOT_DIRECTORY', `repository path ${absolute} is a file, not a directory; pass its folder with --repo DIR`);
  }
  try {
    accessSync(absolute, constants.R_OK | constants.X_OK);
  } catch {
    throw new ScoutError('REPO_UNREADABLE', `repository path ${absolute} is not readable by this user; fix its permissions or run as its owner`);
  }
  const real = realpathSync(absolute);
  return options.explicit ? real : (gitTopLevel(real) ?? real);
}
