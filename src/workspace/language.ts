/** Language by file extension: a fact of the file name, nothing more. */
import type { Language } from '../core/types.js';

const BY_EXTENSION: Record<string, Language> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.hs': 'haskell',
  '.lhs': 'haskell',
  '.c': 'c',
  // A `.h` header may be C or C++, and its name does not say which: it is read as C++. tree-sitter-cpp is
  // tree-sitter-c's grammar extended, so a C header parses to the same nodes and gives the same facts,
  // while tree-sitter-c turns a C++ header's classes, namespaces and templates into errors. clangd does the
  // same for a header without a compile command (`-xobjective-c++-header`), and so does universal-ctags.
  // The one loss: a C header that names something with a C++ keyword (`int new;`) has a parse error there.
  // (A rule by content or by the tree's other files would make a file's language depend on more than its
  // name, which the walk, the freshness check and a partial reindex all decide from the path alone.)
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hpp': 'cpp',
  '.hh': 'cpp',
  '.hxx': 'cpp',
  '.h++': 'cpp',
  '.ipp': 'cpp',
  '.inl': 'cpp',
};

export function languageOf(relativePath: string): Language | null {
  const dot = relativePath.lastIndexOf('.');
  if (dot < 0 || dot < relativePath.lastIndexOf('/')) return null;
  if (relativePath.endsWith('.d.ts')) return 'typescript';
  return BY_EXTENSION[relativePath.slice(dot).toLowerCase()] ?? null;
}

export function supportedExtensions(): string[] {
  return Object.keys(BY_EXTENSION);
}

/** The extensions of files read as one of `languages` (`.c`, `.h`, `.cpp`, … for C and C++). */
export function extensionsOf(...languages: Language[]): string[] {
  return Object.entries(BY_EXTENSION).filter(([, language]) => languages.includes(language)).map(([extension]) => extension);
}
