/** Java behind the language contract: the members of an enum or a sealed type, and the checker (javac over a shadow project). */
import type { ScoutLanguage } from '../language.js';
import { JavaChecker } from './checker.js';
import { readJavaMembers } from './members.js';

export const javaLanguage: ScoutLanguage = {
  name: 'java',
  extensions: ['.java'],
  readMembers: readJavaMembers,
  makeChecker: () => new JavaChecker(),
};
