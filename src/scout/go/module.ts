/**
 * The Go module that holds a file: the nearest directory with a `go.mod`, from the file's own directory up
 * to the repository root (never above it), and the stamp of its sources (which `.go` files, `go.mod` and
 * `go.sum`, with their sizes and mtimes): a new stamp means the unmodified module's errors must be found again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { listShadowTree, type ShadowTree } from '../verify/shadow-tree.js';

export interface GoModule {
  /** Repository-relative directory of the `go.mod` (`''` for the root). */
  dir: string;
}

export function findGoModule(root: string, file: string): GoModule | null {
  let dir = path.posix.dirname(file);
  for (;;) {
    const d = dir === '.' ? '' : dir;
    if (existsSync(path.join(root, d, 'go.mod'))) return { dir: d };
    if (d === '') return null;
    dir = path.posix.dirname(d);
  }
}

/** What go build reads of the module: hidden folders, `testdata`, `node_modules` and nested modules are left out, as go leaves them out of `./...`. */
export function listGoModule(root: string, module: GoModule): ShadowTree {
  return listShadowTree(root, module.dir, {
    skip: (name, _siblings, entry) => name.startsWith('.') || name.startsWith('_') || (entry.isDirectory() && (name === 'testdata' || name === 'node_modules')),
    skipDirectory: (entries) => entries.some((e) => e.name === 'go.mod' && e.isFile()),
    listed: /(?:\.go|(?:^|\/)go\.(?:mod|sum))$/,
    stamped: /(?:\.go|(?:^|\/)go\.(?:mod|sum))$/,
  });
}
