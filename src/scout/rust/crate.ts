/**
 * Which crate a Rust file belongs to, and what cargo must see to check it: the nearest `Cargo.toml` with a
 * `[package]` above the file, and, when that package is a member of a workspace (a `Cargo.toml` with a
 * `[workspace]` table further up), the workspace root: cargo resolves members, the lock file and inherited
 * fields (`edition.workspace = true`) from there, and other members may use the enum. Both must lie inside
 * the repository root. Then the files to mirror (everything below that root but build output, hidden
 * directories and links that lead outside the root) and a stamp of the Rust and Cargo files, the baseline's
 * cache key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isInside, toRelative } from '../../workspace/confine.js';
import { listShadowTree, type ShadowTree } from '../verify/shadow-tree.js';

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

const STAMPED = /(?:\.rs|(?:^|\/)Cargo\.(?:toml|lock)|(?:^|\/)rust-toolchain(?:\.toml)?|(?:^|\/)\.cargo\/config(?:\.toml)?)$/;

/**
 * Every file below the checked directory that cargo may read: build output (`target/` beside a Cargo.toml),
 * hidden directories (`.cargo/` kept) and `node_modules` left out; a symbolic link is followed only when it
 * resolves inside the repository root.
 */
export function listCrateFiles(root: string, checkDir: string): ShadowTree {
  return listShadowTree(root, checkDir, {
    skip: (name, siblings) => (name.startsWith('.') && name !== '.cargo') || name === 'node_modules' || (name === 'target' && siblings.some((e) => e.name === 'Cargo.toml')),
    stamped: STAMPED,
  });
}
