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
