/** Haskell behind the language contract: the checker (GHC over a shadow project). */
import type { ScoutLanguage } from '../language.js';
import { HaskellChecker } from './checker.js';

export const haskellLanguage: ScoutLanguage = {
  name: 'haskell',
  extensions: ['.hs', '.lhs'],
  makeChecker: () => new HaskellChecker(),
};
