/** Python behind the language contract: the checker (pyright over a shadow copy). Its sites carry no extra facts yet. */
import type { ScoutLanguage } from '../language.js';
import { PythonChecker } from './checker.js';

export const pythonLanguage: ScoutLanguage = {
  name: 'python',
  extensions: ['.py', '.pyi'],
  makeChecker: () => new PythonChecker(),
};
