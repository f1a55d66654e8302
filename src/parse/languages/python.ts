/** python facts. PLACEHOLDER: being written; see language-spec.ts for the contract. */
import type { LanguageSpec } from '../language-spec.js';

export const pythonSpec: LanguageSpec = {
  language: 'python',
  grammar: { package: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  queryFile: 'python.scm',
  classifyUsage: () => 'other',
  isExported: () => false,
  docstring: () => null,
  decorators: () => [],
};
