/**
 * Which sites the checker's one build did not compile: code under a configuration guard (see
 * `ScoutLanguage.compiledOnlyUnder`). A site there that the exploration rated high is not proven to compile
 * just because the checker reported nothing: the answer says it was not compiled, instead of "compiles".
 */
import type { Pointer } from './answer.js';
import { FileCache } from './file-cache.js';
import { languageOf } from './languages.js';
import { parseLocation } from './link.js';

/** The guard over a site (`file`, 1-based `line`), as written, or null; reads each file once. */
export type GuardOf = (file: string, line: number) => string | null;

export function configGuardReader(root: string): GuardOf {
  const files = new FileCache(root);
  return (file, line) => {
    const language = languageOf(file);
    if (!language?.compiledOnlyUnder) return null;
    const lines = files.lines(file);
    return lines.length === 0 ? null : language.compiledOnlyUnder(lines, line, file);
  };
}

/** The pointers, those under a guard saying so (their rating stays: the enumeration rule's, not the checker's). */
export function notCompiled(pointers: readonly Pointer[], guardOf: GuardOf, checker: string): Pointer[] {
  return pointers.map((p) => {
    const { file, line } = parseLocation(p.location);
    const guard = guardOf(file, line);
    return guard ? { ...p, what: `${p.what} (not verified: compiled only under \`${guard}\`, which ${checker}'s build here may leave out)` } : p;
  });
}
