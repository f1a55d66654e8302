/**
 * Where a C or C++ tree keeps its headers, guessed from its file paths alone (repo-relative, POSIX): the
 * folders an `-I` flag usually points at. The import resolution looks quoted includes up there, and the
 * compile commands Scout gives clangd pass them when the project has none of its own.
 */

/** Folders named `include` that hold files (`include`, `libfoo/include`), sorted. */
export function includeFolders(paths: readonly string[]): string[] {
  const found = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    const at = parts.lastIndexOf('include', parts.length - 2);
    if (at >= 0) found.add(parts.slice(0, at + 1).join('/'));
  }
  return [...found].sort();
}

const HEADER = /\.(h|hh|hpp|hxx|h\+\+|ipp|inl)$/i;

/** Folders that hold a header directly ('' for the root), sorted. */
export function headerFolders(paths: readonly string[]): string[] {
  const found = new Set<string>();
  for (const p of paths) if (HEADER.test(p)) found.add(p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  return [...found].sort();
}
