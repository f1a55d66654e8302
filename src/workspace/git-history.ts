/**
 * Git facts the shared store needs: the repository's name across machines (its `origin` remote, else its
 * folder's name), and the commits HEAD descends from, nearest first.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gitTopLevel } from './git.js';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
}

/**
 * The name a repository is published under: `host/owner/name` of its origin remote (any URL form, without
 * credentials or `.git`), or the folder's name when there is no remote. Every clone of one repository then
 * shares its snapshots.
 */
export function repositoryName(root: string): string {
  const remote = git(root, ['config', '--get', 'remote.origin.url'])?.trim();
  if (remote) {
    const scp = /^(?:[^@/]+@)?([^:/]+):(.+)$/.exec(remote); // git@github.com:owner/name.git
    let name: string | null = null;
    if (/^[a-z+]+:\/\//i.test(remote)) {
      try {
        const url = new URL(remote);
        name = `${url.hostname}${url.pathname}`;
      } catch {
        name = null;
      }
    } else if (scp) name = `${scp[1]}/${scp[2]}`;
    if (name) return name.replace(/\.git$/, '').replace(/\/+$/, '');
  }
  return path.basename(gitTopLevel(root) ?? root);
}

/** HEAD and its ancestors, nearest first (first-parent order is not assumed), at most `max`; [] outside git. */
export function ancestorCommits(root: string, max: number): string[] {
  return (git(root, ['rev-list', `--max-count=${max}`, 'HEAD']) ?? '').split('\n').filter((l) => /^[0-9a-f]{40}$/.test(l));
}

/** Files of the working tree that differ from `commit` (changed, added, deleted) and untracked files, relative to `root`. */
export function filesChangedSince(root: string, commit: string): string[] | null {
  const diff = git(root, ['diff', '--name-only', '--no-renames', '-z', commit, '--', '.']);
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', '.']);
  if (diff === null || untracked === null) return null;
  const top = gitTopLevel(root) ?? root;
  const relative = (p: string): string => path.relative(root, path.join(top, p)).split(path.sep).join('/');
  // diff names paths from the top level; ls-files from the current folder.
  return [...new Set([...diff.split('\0').filter(Boolean).map(relative), ...untracked.split('\0').filter(Boolean)])].sort();
}
