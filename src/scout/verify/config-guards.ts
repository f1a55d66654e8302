/**
 * Which sites the checker's one build did not compile: code under a configuration guard (see
 * `ScoutLanguage.compiledOnlyUnder`). A site there that the exploration rated high is not proven to compile
 * just because the checker reported nothing: the answer says it was not compiled, instead of "compiles".
 */
import { languageOf } from '../languages.js';
import { readInsideRoot } from '../../workspace/confine.js';

/** The guard over a site (`file`, 1-based `line`), as written, or null; reads each file once. */
export type GuardOf = (file: string, line: number) => string | null;

export function configGuardReader(root: string): GuardOf {
  const files = new Map<string, string[]>();
  return (file, line) => {
    const language = languageOf(file);
    if (!language?.compiledOnlyUnder) return null;
    let lines = files.get(file);
    if (!lines) {
      lines = readInsideRoot(root, file)?.split('\n') ?? [];
      files.set(file, lines);
    }
    return lines.length === 0 ? null : language.compiledOnlyUnder(lines, line, file);
  };
}
