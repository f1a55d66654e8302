/**
 * C and C++ behind the language contract: the enumerators of an enum (members.ts). One language for both
 * (the index's `c` and `cpp`: a header is read as C++, and clangd serves both). No checker yet: questions
 * are answered by the exploration; a clang checker plugs in here as `makeChecker`.
 */
import { extensionsOf } from '../../workspace/language.js';
import type { ScoutLanguage } from '../language.js';
import { readClangMembers } from './members.js';

export const clangLanguage: ScoutLanguage = {
  name: 'c/c++',
  extensions: extensionsOf('c', 'cpp'),
  readMembers: readClangMembers,
};
