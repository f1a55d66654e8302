/** haskell facts. PLACEHOLDER: being written; see language-spec.ts for the contract. */
import type { LanguageSpec } from '../language-spec.js';

export const haskellSpec: LanguageSpec = {
  language: 'haskell',
  grammar: { package: 'tree-sitter-haskell', wasm: 'tree-sitter-haskell.wasm' },
  queryFile: 'haskell.scm',
  classifyUsage: () => 'other',
  isExported: () => false,
  docstring: () => null,
  decorators: () => [],
};
