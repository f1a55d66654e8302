/** Registry of language specs. */
import type { Language } from '../../core/types.js';
import type { LanguageSpec } from '../language-spec.js';
import { cppSpec, cSpec } from './c-family.js';
import { goSpec } from './go.js';
import { haskellSpec } from './haskell.js';
import { javaSpec } from './java.js';
import { pythonSpec } from './python.js';
import { rustSpec } from './rust.js';
import { javascriptSpec, tsxSpec, typescriptSpec } from './typescript.js';

const SPECS: Record<Language, LanguageSpec> = {
  typescript: typescriptSpec,
  tsx: tsxSpec,
  javascript: javascriptSpec,
  python: pythonSpec,
  go: goSpec,
  rust: rustSpec,
  java: javaSpec,
  haskell: haskellSpec,
  c: cSpec,
  cpp: cppSpec,
};

export function specFor(language: Language): LanguageSpec {
  return SPECS[language];
}
