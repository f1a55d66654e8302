/** Python behind the language contract: the members of an `Enum` class or a `Literal` alias, and the checker (pyright over a shadow copy). */
import type { ScoutLanguage } from '../language.js';
import { pythonVersionGuard } from './version-guard.js';
import { PythonChecker } from './checker.js';
import { readPythonMembers } from './members.js';

export const pythonLanguage: ScoutLanguage = {
  name: 'python',
  extensions: ['.py', '.pyi'],
  readMembers: readPythonMembers,
  makeChecker: () => new PythonChecker(),
  compiledOnlyUnder: pythonVersionGuard,
};
