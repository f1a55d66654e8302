/**
 * Which module (directory) of the repository an import specifier lands in, for
 * fan-in counts. Only imports that point inside the repository resolve: relative
 * JS/TS specifiers, Python relative and dotted modules, Go paths under the go.mod
 * module, Rust `crate::`/`self::`/`super::` paths, Java and Haskell dotted names, C and C++
 * `#include "x.h"` (see includedFile). Package imports (react, os, fmt, std::…, `<stdio.h>`) resolve to
 * null and are ignored. When a
 * dotted name could be several places, it resolves to nothing rather than a guess.
 */
import path from 'node:path';
import type { Language } from '../core/types.js';
import { includeFolders } from '../workspace/c-include-dirs.js';

export interface ResolvableFile {
  path: string;
  language: Language;
}

/** A go.mod: its directory (repo-relative, '' for the root) and module path. */
export interface GoModule {
  dir: string;
  module: string;
}

/** Returns the target module (directory, '.' for the root) or null. */
export type ImportResolver = (from: ResolvableFile, specifier: string) => string | null;

const SOURCE_EXTENSION = /\.(d\.ts|tsx?|mts|cts|jsx?|mjs|cjs|pyi?|go|rs|java|l?hs)$/;
/** C and C++ name a header with its extension, and `x.h` and `x.c` side by side are two files: they resolve by path. */
const C_FAMILY: ReadonlySet<Language> = new Set(['c', 'cpp']);

/** The module a file belongs to: its directory. */
export function moduleOf(filePath: string): string {
  return path.posix.dirname(filePath);
}

export function createImportResolver(files: ResolvableFile[], goModules: GoModule[] = []): ImportResolver {
  /** Path without extension → module, e.g. 'src/index/store' → 'src/index'. */
  const byStem = new Map<string, string>();
  const moduleDirs = new Set<string>();
  /** Last path segment → stems and module directories ending in it (for dotted-name suffix lookup). */
  const bySegment = new Map<string, Array<{ key: string; module: string }>>();
  const remember = (key: string, module: string): void => {
    const last = key.slice(key.lastIndexOf('/') + 1);
    const list = bySegment.get(last) ?? [];
    list.push({ key, module });
    bySegment.set(last, list);
  };
  for (const f of files) {
    const stem = f.path.replace(SOURCE_EXTENSION, '');
    const module = moduleOf(f.path);
    byStem.set(stem, module);
    remember(stem, module);
    if (!moduleDirs.has(module)) {
      moduleDirs.add(module);
      remember(module, module);
    }
  }

  /** An exact repo-relative path (no extension) to its module. */
  const exact = (p: string): string | null => {
    const normal = path.posix.normalize(p).replace(/\/$/, '');
    if (normal.startsWith('..')) return null;
    return byStem.get(normal) ?? (moduleDirs.has(normal) ? normal : null);
  };

  /** 'a/b/c' anywhere in the tree (src/ layouts, Java source roots); null when absent or ambiguous. */
  const bySuffix = (p: string): string | null => {
    const last = p.slice(p.lastIndexOf('/') + 1);
    const modules = new Set<string>();
    for (const c of bySegment.get(last) ?? []) if (c.key === p || c.key.endsWith(`/${p}`)) modules.add(c.module);
    return modules.size === 1 ? ([...modules][0] ?? null) : null;
  };

  const includeFile = includedFile(files.filter((f) => C_FAMILY.has(f.language)).map((f) => f.path));

  const crateRoots = new Set(files.filter((f) => /(^|\/)(lib|main)\.rs$/.test(f.path)).map((f) => moduleOf(f.path)));

  return (from, specifier) => {
    const dir = moduleOf(from.path);
    switch (from.language) {
      case 'typescript':
      case 'tsx':
      case 'javascript':
        if (!/^\.\.?(\/|$)/.test(specifier)) return null; // a package
        return exact(path.posix.join(dir, specifier).replace(SOURCE_EXTENSION, ''));
      case 'python': {
        const dots = /^\.*/.exec(specifier)?.[0].length ?? 0;
        // The module column holds the module itself (`from a.b import c` → 'a.b'), never the item.
        const rest = specifier.slice(dots).split('.').filter(Boolean).join('/');
        if (dots === 0) return rest ? bySuffix(rest) : null;
        // One dot is the importing file's package; each further dot goes up one.
        const base = path.posix.join(dir, ...Array<string>(dots - 1).fill('..'));
        return exact(rest ? path.posix.join(base, rest) : base);
      }
      case 'java':
      case 'haskell':
        // A class or module name, or a package for `import a.b.*`.
        return bySuffix(specifier.split('.').filter(Boolean).join('/'));
      case 'go':
        for (const g of goModules) {
          if (specifier === g.module) return exact(g.dir || '.');
          if (specifier.startsWith(`${g.module}/`)) return exact(path.posix.join(g.dir, specifier.slice(g.module.length + 1)));
        }
        return null;
      case 'rust':
        return resolveRust(from.path, specifier, crateRoots, exact);
      case 'c':
      case 'cpp': {
        const file = includeFile(from.path, specifier);
        return file === null ? null : moduleOf(file);
      }
    }
  };
}

/**
 * The file an `#include` names, among the tree's C and C++ files (repo-relative paths): `"x.h"` relative to
 * the including file's folder (the preprocessor's first place for quotes), then under each folder named
 * `include` and the root (where `-I` flags usually point), then the one file anywhere whose path ends in it;
 * null when none or several do. `<x.h>` is a system or library header: null.
 */
export function includedFile(paths: readonly string[]): (from: string, specifier: string) => string | null {
  const present = new Set(paths);
  const includeDirs = includeFolders(paths);
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    const name = p.slice(p.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  const inside = (p: string): string | null => {
    const normal = path.posix.normalize(p);
    return normal.startsWith('../') || normal === '..' || path.posix.isAbsolute(normal) ? null : normal;
  };
  return (from, specifier) => {
    if (specifier.startsWith('<')) return null;
    const name = specifier.replace(/^"|"$/g, '');
    for (const base of [path.posix.dirname(from), ...includeDirs, '.']) {
      const candidate = inside(path.posix.join(base, name));
      if (candidate !== null && present.has(candidate)) return candidate;
    }
    const suffix = inside(name);
    if (suffix === null) return null;
    const found = (byName.get(suffix.slice(suffix.lastIndexOf('/') + 1)) ?? []).filter((p) => p === suffix || p.endsWith(`/${suffix}`));
    return found.length === 1 ? (found[0] ?? null) : null;
  };
}

/**
 * `crate::a::b` starts at the crate root (the directory of lib.rs/main.rs above the file),
 * `self::` at the file's own module, each `super::` one module up. The longest prefix that
 * is a file or directory wins (trailing segments name items). Other paths are crates.
 */
function resolveRust(filePath: string, specifier: string, crateRoots: Set<string>, exact: (p: string) => string | null): string | null {
  const segments = specifier.split('::').filter(Boolean);
  const first = segments[0];
  const dir = moduleOf(filePath);
  // A file's own module path: the directory for mod.rs/lib.rs/main.rs, else dir/stem.
  const stem = path.posix.basename(filePath, '.rs');
  const self = ['mod', 'lib', 'main'].includes(stem) ? dir : path.posix.join(dir, stem);
  let base: string;
  let rest: string[];
  if (first === 'crate') {
    let root: string | null = dir;
    while (root !== null && !crateRoots.has(root)) root = root === '.' ? null : moduleOf(root);
    if (root === null) return null;
    base = root;
    rest = segments.slice(1);
  } else if (first === 'self' || first === 'super') {
    base = self;
    rest = segments;
    while (rest[0] === 'self' || rest[0] === 'super') {
      if (rest[0] === 'super') base = moduleOf(base);
      rest = rest.slice(1);
    }
  } else {
    return null;
  }
  for (let n = rest.length; n >= 0; n--) {
    const hit = exact(path.posix.join(base, ...rest.slice(0, n)));
    if (hit !== null) return hit;
  }
  return null;
}
