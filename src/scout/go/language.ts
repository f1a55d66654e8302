/** Go behind the language contract: the constants of a named type (an iota group), and the checker (go build with an overlay). */
import type { ScoutLanguage } from '../language.js';
import { goBuildConstraint } from './build-constraint.js';
import { GoChecker } from './checker.js';
import { readGoMembers } from './members.js';

export const goLanguage: ScoutLanguage = {
  name: 'go',
  extensions: ['.go'],
  readMembers: readGoMembers,
  makeChecker: () => new GoChecker(),
  compiledOnlyUnder: goBuildConstraint,
};
