/** java facts. PLACEHOLDER: being written; see language-spec.ts for the contract. */
import type { LanguageSpec } from '../language-spec.js';

export const javaSpec: LanguageSpec = {
  language: 'java',
  grammar: { package: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  queryFile: 'java.scm',
  classifyUsage: () => 'other',
  isExported: () => false,
  docstring: () => null,
  decorators: () => [],
};
