/**
 * TypeScript and JavaScript behind the language contract: the Record / mapped-type facts read from a
 * site's code, the key-site facts asked of the language server, and the checker (the TypeScript
 * compiler, in a worker thread).
 */
import type { ScoutLanguage } from '../language.js';
import { describeKeySites } from './key-site-facts.js';
import { readTypeScriptMembers } from './members.js';
import { recordRequiresEveryKeyOf, recordSiteKindOf } from './record-declaration.js';
import { WorkerTypeScriptChecker } from './worker-checker.js';

export const typescriptLanguage: ScoutLanguage = {
  name: 'typescript',
  extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
  syntaxFacts: (link) => {
    const record = recordSiteKindOf(link);
    return { record, recordRequiresEveryKey: record === 'declares_type' && recordRequiresEveryKeyOf(link) };
  },
  describeKeySites,
  readMembers: readTypeScriptMembers,
  makeChecker: () => new WorkerTypeScriptChecker(),
};
