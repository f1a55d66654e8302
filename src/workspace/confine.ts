/** Path confinement: every path a caller gives is resolved inside the repository root or refused. */
import path from 'node:path';
import { ScoutError } from '../core/errors.js';

/** True when `absolute` is `root` or lies below it (both already resolved). */
export function isInside(root: string, absolute: string): boolean {
  const rel = path.relative(root, absolute);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Resolve a caller-supplied path against the root; refuse anything that escapes it. */
export function confine(root: string, candidate: string): string {
  const absolute = path.resolve(root, candidate);
  if (!isInside(root, absolute)) {
    throw new ScoutError('PATH_OUTSIDE_ROOT', `path "${candidate}" is outside the repository root ${root}; pass a path inside it`);
  }
  return absolute;
}

/** Repository-relative POSIX path, the form stored in the index and shown to callers. */
export function toRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}
