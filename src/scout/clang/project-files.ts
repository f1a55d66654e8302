/**
 * The C and C++ files of a repository, listed once per question (verify/shadow-tree.ts: links leading out
 * of the repository are left out, a digest of sizes and mtimes tells a warm checker what changed), and which
 * of them are translation units (sources) or headers. Hidden folders and `node_modules` are left out.
 */
import path from 'node:path';
import { listShadowTree, type ShadowTree } from '../verify/shadow-tree.js';

export const SOURCE = /\.(c|cc|cpp|cxx|c\+\+)$/i;
export const HEADER = /\.(h|hh|hpp|hxx|h\+\+|inc|inl|ipp|tpp)$/i;
export const CPP_SOURCE = /\.(cc|cpp|cxx|c\+\+)$/i;

/** Whether the checker handles a file: a C or C++ source or header. */
export const isCFile = (file: string): boolean => SOURCE.test(file) || HEADER.test(file);

export function listCFiles(root: string): ShadowTree {
  return listShadowTree(root, '', {
    skip: (name) => name.startsWith('.') || name === 'node_modules',
    listed: /(\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|inc|inl|ipp|tpp)|(^|\/)compile_commands\.json)$/i,
    stamped: /./,
  });
}

/** The directory of a repository-relative path (`''` at the root). */
export const dirOf = (rel: string): string => {
  const d = path.posix.dirname(rel);
  return d === '.' ? '' : d;
};
