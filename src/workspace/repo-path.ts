/**
 * Paths that agents pass in: relative to the repository root (absolute ones must
 * lie inside it). `../` escapes and symlinks that lead outside are refused, so no
 * answer ever reads or names a file beyond the root.
 */
import { realpathSync } from 'node:fs';
import { ScoutError } from '../core/errors.js';
import { confine, isInside, toRelative } from './confine.js';

export function repoRelativePath(root: string, candidate: string, field: string): string {
  if (candidate.includes('\0')) throw new ScoutError('USAGE', `${field} contains a NUL byte; pass a plain repository-relative path`);
  let absolute: string;
  try {
    absolute = confine(root, candidate);
  } catch {
    throw new ScoutError('PATH_OUTSIDE_ROOT', `${field} "${candidate}" is outside the repository; pass a path relative to the repository root, e.g. "src/app.ts"`);
  }
  let real: string | null = null;
  try {
    real = realpathSync(absolute);
  } catch {
    // Does not exist (yet): the lexical check above is all there is to check.
  }
  if (real !== null && !isInside(realpathSync(root), real)) {
    throw new ScoutError('PATH_OUTSIDE_ROOT', `${field} "${candidate}" is a symbolic link that leads outside the repository; pass a path inside it`);
  }
  return toRelative(root, absolute);
}

/** A path prefix filter ('' means the whole repository), kept with its trailing slash. */
export function repoPathPrefix(root: string, candidate: string, field: string): string {
  if (candidate === '' || candidate === '.' || candidate === './') return '';
  const rel = repoRelativePath(root, candidate, field);
  return candidate.endsWith('/') && rel !== '' ? `${rel}/` : rel;
}
