/**
 * The files a compiler may read below one directory, listed for a shadow copy: a symbolic link is followed
 * only when it resolves inside the repository root (one leading out is listed as skipped, never read), each
 * real directory is entered once (link loops), and a digest of the files that matter to the compiler tells
 * when the copy must be refreshed. What to leave out (build output, hidden folders, virtual environments), which
 * files to list and what to stamp is the language's: cargo, ghc and pyright all list their projects with it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { realRoot, resolvesInside, toRelative } from '../../workspace/confine.js';

export interface TreeFile {
  /** Path relative to the listed directory, `/` separators. */
  rel: string;
  /** The file's real path (links resolved, inside the root). */
  source: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface ShadowTree {
  files: TreeFile[];
  /** Digest of the stamped files' paths, sizes and mtimes. */
  stamp: string;
  /** Links left out because they lead outside the repository. */
  skipped: string[];
}

export interface TreeRules {
  /** Whether to leave out an entry, given the other entries of its directory (`target/` beside a Cargo.toml) and the entry itself. */
  skip(name: string, siblings: readonly Dirent[], entry: Dirent): boolean;
  /** Files whose change means a new check (sources, manifests). */
  stamped: RegExp;
  /** Files to list (default: every file the compiler may read); the others are not even looked at. */
  listed?: RegExp;
  /** Whether to leave out a whole directory below the listed one, given its entries (a virtual environment). */
  skipDirectory?(entries: readonly Dirent[]): boolean;
  /** false: symbolic links are left out silently, even those that stay inside the root (default: followed inside the root). */
  followLinks?: boolean;
}

export function listShadowTree(root: string, dir: string, rules: TreeRules): ShadowTree {
  const base = path.join(root, dir);
  const real = realRoot(root);
  const files: TreeFile[] = [];
  const skipped: string[] = [];
  const seenDirs = new Set<string>();
  const h = createHash('sha1');
  const walk = (abs: string, rel: string): void => {
    let realDir: string;
    let entries: Dirent[];
    try {
      realDir = realpathSync(abs);
      if (seenDirs.has(realDir)) return;
      seenDirs.add(realDir);
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    if (rel !== '' && rules.skipDirectory?.(entries)) return;
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (rules.skip(e.name, entries, e)) continue;
      const entry = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink() && rules.followLinks === false) continue;
      if (e.isFile() && rules.listed && !rules.listed.test(r)) continue;
      if (e.isSymbolicLink() && !resolvesInside(root, entry, real)) {
        skipped.push(toRelative(root, entry));
        continue;
      }
      let st;
      try {
        st = statSync(entry);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(entry, r);
      else if (st.isFile() && (!rules.listed || rules.listed.test(r))) {
        files.push({ rel: r, source: e.isSymbolicLink() ? realpathSync(entry) : entry, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino });
        if (rules.stamped.test(r)) h.update(`${r}\0${st.size}\0${st.mtimeMs}\0`);
      }
    }
  };
  if (existsSync(base)) walk(base, '');
  return { files, stamp: h.digest('hex'), skipped };
}

/** What changed between two listings of the same tree (relative paths). */
export interface TreeChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** The files added, changed (another size or mtime) and removed between two listings of the same tree. */
export function treeChanges(before: readonly TreeFile[], after: readonly TreeFile[]): TreeChanges {
  const signature = (f: TreeFile): string => `${f.size}:${f.mtimeMs}`;
  const was = new Map(before.map((f) => [f.rel, signature(f)]));
  const now = new Set(after.map((f) => f.rel));
  const out: TreeChanges = { added: [], changed: [], removed: [] };
  for (const f of after) {
    const old = was.get(f.rel);
    if (old === undefined) out.added.push(f.rel);
    else if (old !== signature(f)) out.changed.push(f.rel);
  }
  for (const f of before) if (!now.has(f.rel)) out.removed.push(f.rel);
  return out;
}
