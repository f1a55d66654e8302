/**
 * How each translation unit is compiled: the project's `compile_commands.json` (at the root or in `build/`)
 * when there is one, else a guess: every source compiled alone with `-I` for each folder named `include`
 * and each folder a header is included from by a path that does not resolve beside the including file
 * (`#include "lua/lua.h"` found as `src/lua/lua.h` adds `src`), `-std=gnu11` for C and `-std=gnu++17` for
 * C++. A database's flags that would change what is an error, or write files, are dropped (`-Werror`, `-o`,
 * dependency files); the checker's own flags come after the project's (run-clang.ts).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isInside, readInsideRoot, realRoot } from '../../workspace/confine.js';
import type { ShadowTree } from '../verify/shadow-tree.js';
import { includesOf } from './include-graph.js';
import { CPP_SOURCE, dirOf, HEADER, SOURCE } from './project-files.js';

export interface TranslationUnit {
  /** Repository-relative source file. */
  file: string;
  /** Absolute (real) directory clang runs in. */
  dir: string;
  /** The compiler's arguments, without the compiler, the source file and output options. */
  args: string[];
  cpp: boolean;
}

export interface CompileDatabase {
  /** `compile_commands.json`, `build/compile_commands.json`, or `guessed`. */
  source: string;
  units: TranslationUnit[];
  /** Repository-relative include directories, for the include graph. */
  includeDirs: string[];
  /** Entries of the database left out, with why (outside the repository, not a C or C++ source). */
  skipped: string[];
}

const DATABASES = ['compile_commands.json', 'build/compile_commands.json'];

/** Split a shell command line (quotes and backslashes, as CMake and Bear write them). */
export function shellWords(command: string): string[] {
  const out: string[] = [];
  let word = '';
  let quote: string | null = null;
  let any = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      any = true;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += command[++i];
      any = true;
    } else if (/\s/.test(ch)) {
      if (word !== '' || any) out.push(word);
      word = '';
      any = false;
    } else word += ch;
  }
  if (word !== '' || any) out.push(word);
  return out;
}

/** Flags dropped with the value after them. */
const DROP_WITH_VALUE = new Set(['-o', '-MF', '-MT', '-MQ', '-MJ', '--serialize-diagnostics', '-Xclang']);
/** Flags dropped alone: output kinds, dependency files, anything that makes a warning an error or changes the diagnostics' form. */
const DROP = /^(-c|-S|-E|-M|-MM|-MD|-MMD|-MP|-MG|-Werror|-Werror=.*|-pedantic-errors|-Wfatal-errors|-fcolor-diagnostics|-fdiagnostics-color.*|-fno-diagnostics-color|-fdiagnostics-format=.*|-save-temps.*|-flto.*|-pipe|-fsyntax-only|--)$/;

/** A database entry's arguments made safe to run for diagnostics only. */
export function cleanArguments(args: readonly string[], sourceAbs: string, dir: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (DROP_WITH_VALUE.has(a)) {
      i++;
      continue;
    }
    if (DROP.test(a) || /^-o.+/.test(a) || /^-MF.+/.test(a)) continue;
    if (!a.startsWith('-') && path.resolve(dir, a) === sourceAbs) continue;
    out.push(a);
  }
  return out;
}

/** The include directories an argument list names (`-I`, `-iquote`, `-isystem`), absolute. */
function includeDirsOf(args: readonly string[], dir: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const m = /^(-I|-iquote|-isystem|-idirafter)(.*)$/.exec(a);
    if (!m) continue;
    const value = m[2] !== '' ? m[2] : args[++i];
    if (value) out.push(path.resolve(dir, value));
  }
  return out;
}

interface RawEntry {
  directory?: unknown;
  file?: unknown;
  command?: unknown;
  arguments?: unknown;
}

function fromDatabase(root: string, where: string, text: string): CompileDatabase | string {
  let entries: RawEntry[];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return `${where} is not a JSON array`;
    entries = parsed as RawEntry[];
  } catch (error) {
    return `${where} is not valid JSON (${(error as Error).message.slice(0, 80)})`;
  }
  const real = realRoot(root);
  const units: TranslationUnit[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  const dirs = new Set<string>();
  for (const e of entries) {
    if (typeof e.file !== 'string' || typeof e.directory !== 'string') continue;
    let dir = path.resolve(real, e.directory);
    try {
      dir = realpathSync(dir);
    } catch {
      // A build directory that no longer exists: the paths are still resolved against it.
    }
    const abs = path.resolve(dir, e.file);
    const rel = path.relative(real, abs).split(path.sep).join('/');
    if (!isInside(real, abs)) {
      skipped.push(`${e.file} (outside the repository)`);
      continue;
    }
    if (!SOURCE.test(rel)) {
      if (!HEADER.test(rel)) skipped.push(`${rel} (not a C or C++ source)`);
      continue;
    }
    if (seen.has(rel)) continue;
    const args = Array.isArray(e.arguments) ? e.arguments.filter((a): a is string => typeof a === 'string') : typeof e.command === 'string' ? shellWords(e.command) : [];
    if (args.length === 0) continue;
    seen.add(rel);
    const compiler = path.basename(args[0] as string);
    const xIndex = args.indexOf('-x');
    const cpp = xIndex >= 0 ? /\+\+/.test(args[xIndex + 1] ?? '') : CPP_SOURCE.test(rel) || /\+\+$/.test(compiler);
    const clean = cleanArguments(args, abs, dir);
    for (const d of includeDirsOf(clean, dir)) if (isInside(real, d)) dirs.add(path.relative(real, d).split(path.sep).join('/'));
    units.push({ file: rel, dir, args: clean, cpp });
  }
  return { source: where, units, includeDirs: [...dirs].sort(), skipped };
}

/** The guessed include directories: folders named `include`, and the folders that make an include's path resolve. */
export function guessIncludeDirs(tree: ShadowTree, textOf: (rel: string) => string | null): string[] {
  const files = tree.files.map((f) => f.rel);
  const known = new Set(files);
  const dirs = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    const at = parts.lastIndexOf('include');
    if (at >= 0 && at < parts.length - 1) dirs.add(parts.slice(0, at + 1).join('/'));
  }
  const headers = files.filter((f) => HEADER.test(f));
  for (const f of files) {
    if (!SOURCE.test(f) && !HEADER.test(f)) continue;
    const text = textOf(f);
    if (text === null) continue;
    for (const inc of includesOf(text)) {
      const beside = path.posix.normalize(dirOf(f) ? `${dirOf(f)}/${inc.spelled}` : inc.spelled);
      if (inc.quoted && known.has(beside)) continue;
      if (inc.spelled.startsWith('.')) continue;
      for (const h of headers) {
        if (h === inc.spelled) dirs.add('');
        else if (h.endsWith(`/${inc.spelled}`)) dirs.add(h.slice(0, h.length - inc.spelled.length - 1));
      }
    }
  }
  return [...dirs].sort();
}

function guessed(root: string, tree: ShadowTree, textOf: (rel: string) => string | null): CompileDatabase {
  const real = realRoot(root);
  const includeDirs = guessIncludeDirs(tree, textOf);
  const units = tree.files
    .filter((f) => SOURCE.test(f.rel))
    .map((f) => {
      const cpp = CPP_SOURCE.test(f.rel);
      return { file: f.rel, dir: real, args: [cpp ? '-std=gnu++17' : '-std=gnu11', ...includeDirs.map((d) => `-I${d === '' ? '.' : d}`)], cpp };
    });
  return { source: 'guessed', units, includeDirs, skipped: [] };
}

/** The project's compilation database, or the guess; a database that cannot be read is named in `problem`. */
export function loadCompileDatabase(root: string, tree: ShadowTree, textOf: (rel: string) => string | null): { db: CompileDatabase; problem: string | null } {
  for (const where of DATABASES) {
    if (!tree.files.some((f) => f.rel === where)) continue;
    const text = readInsideRoot(root, where);
    if (text === null) continue;
    const db = fromDatabase(root, where, text);
    if (typeof db === 'string') return { db: guessed(root, tree, textOf), problem: db };
    if (db.units.length > 0) return { db, problem: null };
    return { db: guessed(root, tree, textOf), problem: `${where} lists no C or C++ source of the repository` };
  }
  return { db: guessed(root, tree, textOf), problem: null };
}
