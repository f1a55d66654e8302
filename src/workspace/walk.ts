/**
 * File discovery: walk the repository honoring .gitignore files (nested ones too),
 * .git/info/exclude, .scoutignore, configured excludes and default directory excludes.
 * Symlinks are followed only when they resolve inside the root, and each real
 * directory is visited once (no symlink loops). Oversized and binary files are
 * skipped and reported, never silently dropped.
 */
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Language } from '../core/types.js';
import type { ScoutConfig } from '../core/config.js';
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

export type SkipReason = 'too_large' | 'binary' | 'symlink_outside_root' | 'symlink_loop' | 'unreadable';

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
}

interface IgnoreLayer {
  base: string; // repo-relative dir the patterns are relative to ('' for root)
  matcher: Ignore;
}

export function walkRepository(root: string, config: ScoutConfig): WalkResult {
  const result: WalkResult = { files: [], skipped: [], directories: new Map() };
  const defaultExcludes = new Set(config.index.defaultExcludes);
  const rootLayer = ignore().add(config.index.exclude);
  const gitInfo = gitDir(root);
  if (gitInfo) rootLayer.add(readIfExists(path.join(gitInfo, 'info', 'exclude')));
  const visitedReal = new Set<string>();

  const visit = (absDir: string, relDir: string, layers: IgnoreLayer[]): void => {
    let real: string;
    try {
      real = realpathSync(absDir);
    } catch {
      result.skipped.push({ path: relDir || '.', reason: 'unreadable' });
      return;
    }
    if (visitedReal.has(real)) {
      result.skipped.push({ path: relDir, reason: 'symlink_loop', detail: `already visited as ${toRelative(root, real) || '.'}` });
      return;
    }
    visitedReal.add(real);
    let entries;
    try {
      entries = readdirSync(absDir, { withFileTypes: true });
      result.directories.set(relDir, statSync(absDir).mtimeMs);
    } catch (error) {
      result.skipped.push({ path: relDir || '.', reason: 'unreadable', detail: (error as Error).message });
      return;
    }
    const local = [...layers];
    for (const name of ['.gitignore', '.scoutignore']) {
      if (entries.some((e) => e.name === name)) {
        local.push({ base: relDir, matcher: ignore().add(readIfExists(path.join(absDir, name))) });
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      const abs = path.join(absDir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let stats: Stats | undefined;
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(abs);
          stats = statSync(target);
        } catch {
          result.skipped.push({ path: rel, reason: 'symlink_loop', detail: 'dangling or looping symlink' });
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
        visit(abs, rel, local);
      } else if (isFile) {
        const language = languageOf(rel);
        if (!language || isIgnored(local, rootLayer, rel, false)) continue;
        try {
          stats ??= lstatSync(abs);
        } catch {
          result.skipped.push({ path: rel, reason: 'unreadable', detail: 'vanished during the walk' });
          continue;
        }
        if (stats.size > config.index.maxFileBytes) {
          result.skipped.push({ path: rel, reason: 'too_large', detail: `${stats.size} bytes > limit ${config.index.maxFileBytes}` });
          continue;
        }
        if (looksBinary(abs)) {
          result.skipped.push({ path: rel, reason: 'binary' });
          continue;
        }
        result.files.push({ path: rel, absolute: abs, language, size: stats.size, mtimeMs: stats.mtimeMs });
      }
    }
  };
  visit(root, '', []);
  return result;
}

function isIgnored(layers: IgnoreLayer[], rootLayer: Ignore, rel: string, isDir: boolean): boolean {
  const probe = isDir ? `${rel}/` : rel;
  if (rootLayer.ignores(probe)) return true;
  for (const layer of layers) {
    const local = layer.base ? probe.slice(layer.base.length + 1) : probe;
    if (local && layer.matcher.ignores(local)) return true;
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

/** A NUL byte in the first 8 KB marks a binary file (git's heuristic). */
function looksBinary(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(8192);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).includes(0);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
