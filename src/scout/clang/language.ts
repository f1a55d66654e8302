/**
 * C and C++ behind the language contract: the enumerators of an enum (members.ts), the checker (clang
 * -fsyntax-only over the units that include the edit, the edited files given through -ivfsoverlay: checker.ts),
 * and the preprocessor conditionals its one build leaves out. One language for both (the index's `c` and `cpp`: a
 * header is read as C++, and clangd serves both).
 */
import { extensionsOf } from '../../workspace/language.js';
import type { ScoutLanguage } from '../language.js';
import { preprocessorGuard } from '../verify/preprocessor-guard.js';
import { makeCChecker } from './checker.js';
import { readClangMembers } from './members.js';

export const clangLanguage: ScoutLanguage = {
  name: 'c/c++',
  extensions: extensionsOf('c', 'cpp'),
  readMembers: readClangMembers,
  makeChecker: makeCChecker,
  compiledOnlyUnder: preprocessorGuard,
};
