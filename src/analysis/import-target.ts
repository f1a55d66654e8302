/**
 * Does an import specifier, as written in `fromFile`, plausibly name `targetFile`?
 * The index keeps specifiers as written (`./log.js`, `..config`, `crate::router`,
 * `com.example.router`, `github.com/o/p/internal/x`), not resolved files, so the call
 * graph uses this to tell a call through an import of the target's file from a call to a
 * same-named function of another module. It errs on the side of "yes": a false yes keeps
 * a weak edge, a false no would hide a real caller.
 */
import path from 'node:path';

const CODE_EXTENSION = /\.(?:[cm]?[jt]sx?|py|pyi|rs|go|java|hs)$/;

export function importReaches(module: string, fromFile: string, targetFile: string): boolean {
  const target = stripExtension(targetFile);
  const dir = path.posix.dirname(targetFile);
  const relative = relativeBase(module, fromFile);
  if (relative !== null) {
    // A directory import reaches its index.ts / __init__.py / mod.rs, so any file directly inside counts.
    return target === relative || dir === relative;
  }
  const spec = module
    .replace(CODE_EXTENSION, '')
    .replace(/^(?:@|~|#)\//, '') // path aliases such as @/lib/foo
    .replace(/^(?:(?:crate|self|super)::)+/, '')
    .replace(/::|\./g, '/');
  if (!spec) return false;
  const endsWith = (full: string, tail: string): boolean => full === tail || full.endsWith(`/${tail}`);
  // Java/Haskell/Python dotted paths end with the file or its package directory; Go import paths
  // (github.com/o/p/internal/x) end with the directory of the file.
  return endsWith(target, spec) || endsWith(dir, spec) || (dir !== '.' && endsWith(spec, dir));
}

/** The repository path a relative specifier points at (without extension), or null when not relative. */
function relativeBase(module: string, fromFile: string): string | null {
  const from = path.posix.dirname(fromFile);
  if (module === '.' || module === '..' || module.startsWith('./') || module.startsWith('../')) {
    return stripExtension(path.posix.join(from, module));
  }
  const dots = /^\.+/.exec(module)?.[0].length ?? 0;
  if (dots === 0) return null;
  // Python: one dot is the importing package, each further dot one level up.
  let base = from;
  for (let i = 1; i < dots; i++) base = path.posix.dirname(base);
  const rest = module.slice(dots).replace(/\./g, '/');
  return rest ? path.posix.join(base, rest) : base;
}

function stripExtension(file: string): string {
  return file.replace(CODE_EXTENSION, '');
}
