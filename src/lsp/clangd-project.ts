/**
 * What clangd is told about a C or C++ tree, without writing into the tree. clangd compiles each file with
 * the flags of a compile database (compile_commands.json); it indexes every file listed there in the
 * background, and references and call hierarchy across files come from that index: without a database
 * clangd knows only the files it has open. Its background index is stored next to the database
 * (`.cache/clangd/index`), so the database clangd reads always lives in Scout's own folder (`.scout/clangd/`,
 * beside the index; ignored by git), passed with `--compile-commands-dir`:
 * - the project's own `compile_commands.json` (at the root or in `build/`, where clangd itself would look),
 *   copied there at each start, so a rebuilt database is picked up;
 * - else one command per source file, with the flags of the project's `compile_flags.txt` when it has one,
 *   otherwise `-I` for the root, each folder named `include` and each folder holding a header (guessed, see
 *   workspace/c-include-dirs.ts).
 * The same flags are clangd's `fallbackFlags` (initialization options) for a file no command lists.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/config.js';
import { indexLocation } from '../index/location.js';
import { headerFolders, includeFolders } from '../workspace/c-include-dirs.js';
import { readInsideRoot } from '../workspace/confine.js';
import { walkRepository } from '../workspace/walk.js';

export interface ClangdSetup {
  /** Arguments added to clangd's command line. */
  args: string[];
  initializationOptions: { fallbackFlags: string[] };
  /** Where the flags came from, for messages and tests. */
  source: 'project database' | 'compile_flags.txt' | 'guessed';
}

/** Where clangd itself looks for a project's database, relative to the root. */
const PROJECT_DATABASES = ['compile_commands.json', path.join('build', 'compile_commands.json')];
/** `-I` flags guessed at most (a tree with thousands of header folders gets the first ones, sorted). */
const MAX_GUESSED_INCLUDES = 64;
const SOURCE = /\.(c|cc|cpp|cxx|c\+\+)$/i;

/** clangd's arguments and options for the tree at `root`; writes `.scout/clangd/compile_commands.json`. */
export function clangdSetup(root: string): ClangdSetup {
  const dir = path.join(path.dirname(indexLocation(root).dbPath), 'clangd');
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, 'compile_commands.json');
  const args = [`--compile-commands-dir=${dir}`, '--background-index', '--log=error', '--pch-storage=memory'];

  const own = PROJECT_DATABASES.map((rel) => readInsideRoot(root, rel)).find((text): text is string => text !== null);
  const files = walkRepository(root, loadConfig(root)).files.filter((f) => f.language === 'c' || f.language === 'cpp').map((f) => f.path);
  const listed = projectFlags(root);
  const flags = listed ?? guessedFlags(root, files);
  if (own !== undefined) {
    writeIfChanged(target, own);
    return { args, initializationOptions: { fallbackFlags: flags }, source: 'project database' };
  }
  const commands = files.filter((f) => SOURCE.test(f)).map((f) => {
    const file = path.join(root, f);
    const cxx = !/\.c$/i.test(f);
    return { directory: root, file, arguments: [cxx ? 'clang++' : 'clang', ...(cxx ? ['-std=c++17'] : []), ...flags, '-c', file] };
  });
  writeIfChanged(target, `${JSON.stringify(commands, null, 1)}\n`);
  return { args, initializationOptions: { fallbackFlags: flags }, source: listed ? 'compile_flags.txt' : 'guessed' };
}

/** The flags of the root's `compile_flags.txt` (one per line), or null when it has none. */
function projectFlags(root: string): string[] | null {
  const text = readInsideRoot(root, 'compile_flags.txt');
  if (text === null) return null;
  return text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0 && !l.startsWith('#'));
}

/** `-I` for the root, the folders named `include` and the folders holding headers, absolute. */
function guessedFlags(root: string, files: readonly string[]): string[] {
  const folders = [...new Set(['', ...includeFolders(files), ...headerFolders(files)])].slice(0, MAX_GUESSED_INCLUDES);
  return folders.map((f) => `-I${path.join(root, f)}`);
}

function writeIfChanged(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
}
