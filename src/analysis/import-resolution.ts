/**
 * Which module (directory) of the repository an import specifier lands in, for
 * fan-in counts. Only imports that point inside the repository resolve: relative
 * JS/TS specifiers, Python relative and dotted modules, Go paths under the go.mod
 * module, Rust `crate::`/`self::`/`super::` paths, Java and Haskell dotted names.
 * Package imports (react, os, fmt, std::…) resolve to null and are ignored. When a
 * dotted name could be several places, it resolves to nothing rather than a guess.
 */
import path from 'node:path';
import type { Language } from '../core/types.js';

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
    }
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
