/**
 * Git facts read straight from the .git directory where possible: spawning git
 * costs milliseconds, and the freshness check has a 5 ms budget.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The directory holding HEAD/refs for the work tree at `root` (handles `.git` files of worktrees). */
export function gitDir(root: string): string | null {
  const top = gitTopLevel(root);
  if (!top) return null;
  const dotGit = path.join(top, '.git');
  try {
    const stat = statSync(dotGit);
    if (stat.isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    return pointer?.[1] ? path.resolve(root, pointer[1]) : null;
  } catch {
    return null;
  }
}

/** HEAD commit sha, or null outside git / on an unborn branch. */
export function headCommit(root: string): string | null {
  const dir = gitDir(root);
  if (!dir) return null;
  try {
    const head = readFileSync(path.join(dir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref:')) return head || null;
    const ref = head.slice(4).trim();
    for (const base of [dir, commonDir(dir)]) {
      const refFile = path.join(base, ref);
      if (existsSync(refFile)) return readFileSync(refFile, 'utf8').trim() || null;
    }
    const packed = path.join(commonDir(dir), 'packed-refs');
    if (existsSync(packed)) {
      for (const line of readFileSync(packed, 'utf8').split('\n')) {
        const [sha, name] = line.split(' ');
        if (name === ref && sha) return sha;
      }
    }
    return null;
  } catch {
    return null;
  }
}

function commonDir(dir: string): string {
  const file = path.join(dir, 'commondir');
  return existsSync(file) ? path.resolve(dir, readFileSync(file, 'utf8').trim()) : dir;
}

const STATUS_ARGS = ['status', '--porcelain', '-z', '--untracked-files=all', '--', '.'];
const STATUS_OPTIONS = { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } as const;

/** Files git reports as modified, added or untracked (relative to `root`), or null when git is unavailable. */
export function dirtyFiles(root: string): string[] | null {
  const top = gitTopLevel(root);
  if (!top) return null;
  try {
    const out = execFileSync('git', STATUS_ARGS, { ...STATUS_OPTIONS, cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    return parseStatus(out, top, root);
  } catch {
    return null;
  }
}

/**
 * dirtyFiles without blocking: git runs in its own process (on another core, when there is one) while
 * the caller does its own work, such as the freshness sweep; `scout status` saves git's whole time so.
 */
export function dirtyFilesAsync(root: string): Promise<string[] | null> {
  const top = gitTopLevel(root);
  if (!top) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile('git', STATUS_ARGS, { ...STATUS_OPTIONS, cwd: root }, (error, out) => {
      resolve(error ? null : parseStatus(out, top, root));
    });
  });
}

/** The paths of `git status --porcelain -z` output, relative to `root` (inside the work tree at `top`). */
function parseStatus(out: string, top: string, root: string): string[] {
  const prefix = path.relative(top, root).split(path.sep).join('/');
  const files: string[] = [];
  const entries = out.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!entry || entry.length < 4) continue;
    const file = entry.slice(3);
    if (!prefix) files.push(file);
    else if (file.startsWith(`${prefix}/`)) files.push(file.slice(prefix.length + 1));
    if (entry[0] === 'R' || entry[0] === 'C') i++; // rename: next entry is the old path
  }
  return files;
}

/** Top level of the git work tree containing `dir`, found by walking up for `.git`. */
export function gitTopLevel(dir: string): string | null {
  let current = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(current, '.git'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
