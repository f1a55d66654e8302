/**
 * Which crate a Rust file belongs to, and what cargo must see to check it: the nearest `Cargo.toml` with a
 * `[package]` above the file, and, when that package is a member of a workspace (a `Cargo.toml` with a
 * `[workspace]` table further up), the workspace root: cargo resolves members, the lock file and inherited
 * fields (`edition.workspace = true`) from there, and other members may use the enum. Both must lie inside
 * the repository root. Then the files to mirror (everything below that root but build output, hidden
 * directories and links that lead outside the root) and a stamp of the Rust and Cargo files, the baseline's
 * cache key.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside, realRoot, resolvesInside, toRelative } from '../../workspace/confine.js';

export interface CrateLocation {
  /** Repository-relative directory of the package (`''` for the root). */
  packageDir: string;
  /** Repository-relative directory cargo runs in: the workspace root, else the package directory. */
  checkDir: string;
  /** Whether `checkDir` is a workspace root (cargo then checks every member: `--workspace`). */
  workspace: boolean;
}

export type CrateResult = { ok: true; crate: CrateLocation } | { ok: false; reason: string };

function manifest(dir: string): string | null {
  try {
    return readFileSync(path.join(dir, 'Cargo.toml'), 'utf8');
  } catch {
    return null;
  }
}

const table = (text: string, name: string): boolean => new RegExp(`^\\s*\\[${name}\\]\\s*(?:#.*)?$`, 'm').test(text);

/** The package and workspace of repository-relative `file`, found upward from it without leaving `root`. */
export function findCrate(root: string, file: string): CrateResult {
  let dir = path.dirname(path.join(root, file));
  let pkg: string | null = null;
  while (isInside(root, dir)) {
    const text = manifest(dir);
    if (text !== null) {
      if (pkg === null && table(text, 'package')) {
        pkg = dir;
        if (table(text, 'workspace')) return { ok: true, crate: { packageDir: toRelative(root, dir), checkDir: toRelative(root, dir), workspace: true } };
      } else if (pkg !== null && table(text, 'workspace')) {
        return { ok: true, crate: { packageDir: toRelative(root, pkg), checkDir: toRelative(root, dir), workspace: true } };
      }
    }
    if (dir === root) break;
    dir = path.dirname(dir);
  }
  if (pkg === null) return { ok: false, reason: `no Cargo.toml with a [package] between ${file} and the repository root: cargo cannot check a file outside a crate` };
  return { ok: true, crate: { packageDir: toRelative(root, pkg), checkDir: toRelative(root, pkg), workspace: false } };
}

export interface CrateFile {
  /** Path relative to the checked directory, `/` separators. */
  rel: string;
  /** The file's real path (links resolved, inside the root). */
  source: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface CrateTree {
  files: CrateFile[];
  /** Digest of every Rust and Cargo file's path, size and mtime. */
  stamp: string;
  /** Links left out because they lead outside the repository. */
  skipped: string[];
}

const STAMPED = /(?:\.rs|(?:^|\/)Cargo\.(?:toml|lock)|(?:^|\/)rust-toolchain(?:\.toml)?|(?:^|\/)\.cargo\/config(?:\.toml)?)$/;

/**
 * Every file below the checked directory that cargo may read: build output (`target/` beside a Cargo.toml),
 * hidden directories (`.cargo/` kept) and `node_modules` left out; a symbolic link is followed only when it
 * resolves inside the repository root.
 */
export function listCrateFiles(root: string, checkDir: string): CrateTree {
  const base = path.join(root, checkDir);
  const real = realRoot(root);
  const files: CrateFile[] = [];
  const skipped: string[] = [];
  const seenDirs = new Set<string>();
  const h = createHash('sha1');
  const walk = (dir: string, rel: string): void => {
    let realDir: string;
    try {
      realDir = realpathSync(dir);
    } catch {
      return;
    }
    if (seenDirs.has(realDir)) return;
    seenDirs.add(realDir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const hasManifest = entries.some((e) => e.name === 'Cargo.toml');
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if ((e.name.startsWith('.') && e.name !== '.cargo') || e.name === 'node_modules' || (hasManifest && e.name === 'target')) continue;
      if (e.isSymbolicLink() && !resolvesInside(root, abs, real)) {
        skipped.push(toRelative(root, abs));
        continue;
      }
      let st;
      try {
        st = statSync(abs);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(abs, r);
      else if (st.isFile()) {
        const source = e.isSymbolicLink() ? realpathSync(abs) : abs;
        files.push({ rel: r, source, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino });
        if (STAMPED.test(r)) h.update(`${r}\0${st.size}\0${st.mtimeMs}\0`);
      }
    }
  };
  if (existsSync(base)) walk(base, '');
  return { files, stamp: h.digest('hex'), skipped };
}
