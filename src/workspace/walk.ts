/**
 * File discovery: walk the repository honoring .gitignore files (nested ones too),
 * .git/info/exclude, .scoutignore, configured excludes and default directory excludes.
 * Symlinks are followed only when they resolve inside the root, and each real
 * directory is visited once (no symlink loops). Oversized and binary files, and FIFOs,
 * sockets and devices with a source file's name, are skipped and reported, never
 * silently dropped. Nothing here opens a file that is not a regular file (opening a
 * FIFO for reading blocks until a writer comes).
 *
 * A walk can reuse what an earlier one found (WalkReuse): a directory whose mtime is unchanged
 * has the same entries (adding, removing or renaming an entry sets its directory's mtime), so only
 * directories whose mtime changed are listed again. The caller has checked the mtimes (the freshness
 * sweep) and vouches that the ignore rules and settings are the same as then (see index/walk-inputs.ts).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import type { Language } from '../core/types.js';
import type { ScoutConfig } from '../core/config.js';
import { SNIFF_BYTES, sniffBinary } from './binary-sniff.js';
import { isInside, toRelative } from './confine.js';
import { gitDir } from './git.js';
import { languageOf } from './language.js';

export interface WalkedFile {
  path: string; // repo-relative, POSIX separators
  absolute: string;
  language: Language;
  size: number;
  mtimeMs: number;
}

/**
 * Why a file is not indexed. The walker decides the first five and `not_regular_file`;
 * the indexer decides the rest from the content (see index/file-gate.ts) or the parse.
 */
export type SkipReason =
  | 'too_large'
  | 'binary'
  | 'symlink_outside_root'
  | 'symlink_loop'
  | 'unreadable'
  | 'not_regular_file'
  | 'minified'
  | 'nesting_too_deep'
  | 'parse_budget_exceeded';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
  /** Directories visited (repo-relative, '' for the root) with their mtimes: the freshness check uses them to spot added/removed files. */
  directories: Map<string, number>;
  /** Absolute paths of the ignore files the walk read or looked for (.git/info/exclude even when absent). */
  ignoreFiles: string[];
  /** Directories entered through a symbolic link (repo-relative). */
  linkedDirectories: string[];
}

/** What an earlier walk found directly in one directory (the files with their current size and mtime). */
export interface DirectoryListing {
  files: WalkedFile[];
  skipped: SkippedFile[];
  /** Names of the subdirectories walked into (symlinks to directories included). */
  subdirectories: string[];
  /** Those of them that are symbolic links. */
  links: string[];
  /** Names of the ignore files (.gitignore, .scoutignore) the directory holds. */
  ignoreFiles: string[];
}

export interface WalkReuse {
  /**
   * The earlier listing of `relDir` with the directory's mtime then, if it has not changed since; null when
   * it changed or is new (list it).
   */
  listing(relDir: string): (DirectoryListing & { mtimeMs: number }) | null;
}

/**
 * The `ignore` package, loaded on the first walk: a freshness check that finds no changed directory
 * (every query on a fresh index) walks nothing and need not load it.
 */
let ignoreFactory: (() => Ignore) | undefined;
function ignore(): Ignore {
  ignoreFactory ??= createRequire(import.meta.url)('ignore') as () => Ignore;
  return ignoreFactory();
}

interface IgnoreLayer {
  base: string; // repo-relative dir the patterns are relative to ('' for root)
  /** Compiled on first use: a walk that reuses listings reads the rules only above the directories it lists. */
  matcher(): Ignore;
}

function layerOf(base: string, file: string): IgnoreLayer {
  let compiled: Ignore | undefined;
  return { base, matcher: () => (compiled ??= ignore().add(readIfExists(file))) };
}

export function walkRepository(root: string, config: ScoutConfig, reuse?: WalkReuse): WalkResult {
  return walkClassified(root, config, languageOf, reuse) as WalkResult;
}

/** Data files that code keeps in step with its types (locale tables, configs): read for mirrors of members' values. */
export function isDataFile(relativePath: string): boolean {
  return /\.(json|jsonc|json5|ya?ml)$/i.test(relativePath);
}

/** Documentation that lists what code defines (a table of options, a list of features): read for lists of members. */
export function isDocFile(relativePath: string): boolean {
  return /\.(md|mdx|rst|adoc)$/i.test(relativePath) && !CHANGELOG.test(relativePath);
}
/** Changelogs and release notes name members as history, not as a list to keep in step. */
const CHANGELOG = /(^|\/)(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASE|RELEASES|release-notes)[^/]*$|(^|\/)(changes|changelog\.d|\.changeset|newsfragments|release-notes)\//i;

/** Repo-relative paths of the data files and the documentation files, in one walk (see walkDataFiles). */
export function walkDataAndDocFiles(root: string, config: ScoutConfig): { data: string[]; docs: string[] } {
  const files = walkClassified(root, config, (rel) => (isDocFile(rel) ? 'doc' : isDataFile(rel) && !LOCK_FILE.test(rel) ? 'data' : null)).files;
  return { data: files.filter((f) => f.language === 'data').map((f) => f.path), docs: files.filter((f) => f.language === 'doc').map((f) => f.path) };
}
const LOCK_FILE = /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock)$/;


/** The walk, keeping the files `classify` names a kind for. */
function walkClassified<K extends string>(
  root: string,
  config: ScoutConfig,
  classify: (relativePath: string) => K | null,
  reuse?: WalkReuse,
): Omit<WalkResult, 'files'> & { files: Array<Omit<WalkedFile, 'language'> & { language: K }> } {
  const result: Omit<WalkResult, 'files'> & { files: Array<Omit<WalkedFile, 'language'> & { language: K }> } = { files: [], skipped: [], directories: new Map(), ignoreFiles: [], linkedDirectories: [] };
  const defaultExcludes = new Set(config.index.defaultExcludes);
  const rootLayer = ignore().add(config.index.exclude);
  const gitInfo = gitDir(root);
  if (gitInfo) {
    const exclude = path.join(gitInfo, 'info', 'exclude');
    result.ignoreFiles.push(exclude);
    rootLayer.add(readIfExists(exclude));
  }
  const visitedReal = new Set<string>();

  const readIgnoreFiles = (absDir: string, relDir: string, layers: IgnoreLayer[], names: string[]): IgnoreLayer[] => {
    const local = [...layers];
    for (const name of ['.gitignore', '.scoutignore']) {
      if (names.includes(name)) {
        result.ignoreFiles.push(path.join(absDir, name));
        local.push(layerOf(relDir, path.join(absDir, name)));
      }
    }
    return local;
  };

  /**
   * `real` is the directory's real path: computed by hand for a directory reached through real
   * directories only (realpath costs 200 ms over 3,500 directories), asked of the system through a link.
   */
  const visit = (absDir: string, relDir: string, layers: IgnoreLayer[], real: string): void => {
    if (visitedReal.has(real)) {
      result.skipped.push({ path: relDir, reason: 'symlink_loop', detail: `already visited as ${toRelative(root, real) || '.'}` });
      return;
    }
    visitedReal.add(real);
    const earlier = reuse?.listing(relDir);
    if (earlier) {
      result.directories.set(relDir, earlier.mtimeMs);
      const local = readIgnoreFiles(absDir, relDir, layers, earlier.ignoreFiles);
      result.files.push(...(earlier.files as Array<Omit<WalkedFile, 'language'> & { language: K }>));
      result.skipped.push(...earlier.skipped);
      for (const name of earlier.subdirectories) {
        const abs = path.join(absDir, name);
        const rel = relDir ? `${relDir}/${name}` : name;
        const link = earlier.links.includes(name);
        if (link) result.linkedDirectories.push(rel);
        visit(abs, rel, local, link ? realOf(abs, rel) : path.join(real, name));
      }
      return;
    }
    let entries;
    try {
      // The mtime before the listing: an entry added in between then makes the next check list it again.
      result.directories.set(relDir, statSync(absDir).mtimeMs);
      entries = readdirSync(absDir, { withFileTypes: true });
    } catch (error) {
      result.directories.delete(relDir);
      result.skipped.push({ path: relDir || '.', reason: 'unreadable', detail: (error as Error).message });
      return;
    }
    const local = readIgnoreFiles(absDir, relDir, layers, entries.map((e) => e.name));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      const abs = path.join(absDir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let stats: Stats | undefined;
      let target = path.join(real, entry.name);
      if (entry.isSymbolicLink()) {
        try {
          target = realpathSync(abs);
          stats = statSync(target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ELOOP') result.skipped.push({ path: rel, reason: 'symlink_loop', detail: 'symlink cycle' });
          else result.skipped.push({ path: rel, reason: 'unreadable', detail: code === 'ENOENT' ? 'dangling symlink' : `symlink: ${code ?? (error as Error).message}` });
          continue;
        }
        if (!isInside(root, target)) {
          result.skipped.push({ path: rel, reason: 'symlink_outside_root', detail: 'leads outside the repository root' });
          continue;
        }
        isDir = stats.isDirectory();
        isFile = stats.isFile();
      }
      if (isDir) {
        if (defaultExcludes.has(entry.name) || isIgnored(local, rootLayer, rel, true)) continue;
        if (entry.isSymbolicLink()) result.linkedDirectories.push(rel);
        visit(abs, rel, local, target);
      } else if (isFile) {
        const language = classify(rel);
        if (!language || isIgnored(local, rootLayer, rel, false)) continue;
        try {
          stats ??= lstatSync(abs);
        } catch {
          result.skipped.push({ path: rel, reason: 'unreadable', detail: 'vanished during the walk' });
          continue;
        }
        const skip = fileSkip(abs, stats.size, config);
        if (skip) {
          result.skipped.push({ path: rel, ...skip });
          continue;
        }
        result.files.push({ path: rel, absolute: abs, language, size: stats.size, mtimeMs: stats.mtimeMs });
      } else {
        // A FIFO, socket or device (or a link to one) with a source file's name: never opened.
        if (!classify(rel) || isIgnored(local, rootLayer, rel, false)) continue;
        result.skipped.push({ path: rel, reason: 'not_regular_file', detail: specialKind(stats ?? entry) });
      }
    }
  };
  const realOf = (abs: string, rel: string): string => {
    try {
      return realpathSync(abs);
    } catch {
      return `\u0000unreadable:${rel}`; // visited as a directory that cannot be listed: reported as unreadable
    }
  };
  visit(root, '', [], realOf(root, ''));
  return result;
}

/**
 * Why the walk skips a regular file of this size (too large, binary, unreadable), or null. Also run on an
 * edited file by a walk that reuses its directory's earlier listing (index/walk-reuse.ts).
 */
export function fileSkip(absolute: string, size: number, config: ScoutConfig): { reason: SkipReason; detail: string } | null {
  if (size > config.index.maxFileBytes) return { reason: 'too_large', detail: `${size} bytes > limit ${config.index.maxFileBytes}` };
  return sniffFile(absolute);
}

function isIgnored(layers: IgnoreLayer[], rootLayer: Ignore, rel: string, isDir: boolean): boolean {
  const probe = isDir ? `${rel}/` : rel;
  if (rootLayer.ignores(probe)) return true;
  for (const layer of layers) {
    const local = layer.base ? probe.slice(layer.base.length + 1) : probe;
    if (local && layer.matcher().ignores(local)) return true;
  }
  return false;
}

function readIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function specialKind(entry: Stats | Dirent): string {
  if (entry.isFIFO()) return 'FIFO';
  if (entry.isSocket()) return 'socket';
  if (entry.isCharacterDevice()) return 'character device';
  if (entry.isBlockDevice()) return 'block device';
  return 'not a regular file';
}

/**
 * Sniff the first bytes (see binary-sniff.ts). Opened non-blocking and checked with fstat,
 * so a file swapped for a FIFO after the directory listing cannot hang the walk.
 */
function sniffFile(file: string): { reason: SkipReason; detail: string } | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { reason: 'not_regular_file', detail: specialKind(stats) };
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const binary = sniffBinary(buffer.subarray(0, read));
    return binary ? { reason: 'binary', detail: binary } : null;
  } catch (error) {
    return { reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
