/** rust facts. PLACEHOLDER: being written; see language-spec.ts for the contract. */
import type { LanguageSpec } from '../language-spec.js';

export const rustSpec: LanguageSpec = {
  language: 'rust',
  grammar: { package: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
  queryFile: 'rust.scm',
  classifyUsage: () => 'other',
  isExported: () => false,
  docstring: () => null,
  decorators: () => [],
};
