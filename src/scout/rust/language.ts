/** Rust behind the language contract: the checker (`cargo check` over a shadow crate). */
import type { ScoutLanguage } from '../language.js';
import { rustCfgGuard } from './cfg-guard.js';
import { RustChecker } from './checker.js';

export const rustLanguage: ScoutLanguage = {
  name: 'rust',
  extensions: ['.rs'],
  makeChecker: () => new RustChecker(),
  compiledOnlyUnder: rustCfgGuard,
};
