/** go facts. PLACEHOLDER: being written; see language-spec.ts for the contract. */
import type { LanguageSpec } from '../language-spec.js';

export const goSpec: LanguageSpec = {
  language: 'go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  queryFile: 'go.scm',
  classifyUsage: () => 'other',
  isExported: () => false,
  docstring: () => null,
  decorators: () => [],
};
