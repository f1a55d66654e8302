/**
 * Which Haskell project a file belongs to, and what GHC must see to check it: the nearest directory above the
 * file (inside the repository root) holding a `*.cabal` file or a `package.yaml`, else the file's own
 * directory. From the manifest, read simply (no conditionals, no common stanzas): the source directories
 * (`hs-source-dirs` / `source-dirs`, of every component), `default-extensions` and `default-language`. The
 * directory the edited module's name implies (`src/` for `src/Llm/Kind.hs` declaring `Llm.Kind`) is always
 * a source directory, so a project without a manifest still resolves its imports.
 *
 * Then the project's files to mirror (everything but build output, hidden directories and links leading
 * outside the root), a stamp of the Haskell and manifest files (the baseline's cache key), and the modules
 * GHC is asked to check: every module under the source directories (a `Main` module only when it is the
 * only one: executables each have their own).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isInside, toRelative } from '../../workspace/confine.js';
import { listShadowTree, type ShadowTree, type TreeFile } from '../verify/shadow-tree.js';

export interface HsProject {
  /** Repository-relative project directory (`''` for the root). */
  dir: string;
  /** The manifest's name (`llm-router.cabal`, `package.yaml`), or null. */
  manifest: string | null;
  /** Source directories relative to the project directory (`.` for itself), existing ones only. */
  sourceDirs: string[];
  /** `default-extensions` (and `default-language`) as GHC flags: `-XLambdaCase`, `-XHaskell2010`. */
  languageFlags: string[];
}

function manifestIn(dir: string): string | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  if (names.includes('package.yaml')) return 'package.yaml';
  return names.filter((n) => n.endsWith('.cabal')).sort()[0] ?? null;
}

/**
 * The values of a field, in a .cabal file (`field: a, b` continued on more-indented lines) or a package.yaml
 * (`field: a` or a `- item` list below it), at any nesting; comments dropped, quotes removed.
 */
export function fieldValues(text: string, fields: readonly string[]): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  const wanted = new RegExp(`^(\\s*)(?:${fields.join('|')})\\s*:(.*)$`, 'i');
  for (let i = 0; i < lines.length; i++) {
    const m = wanted.exec(lines[i] ?? '');
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    const parts = [m[2] ?? ''];
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? '';
      if (next.trim() === '' || /^\s*(?:--|#)/.test(next)) continue;
      const nextIndent = next.length - next.trimStart().length;
      const item = /^\s*-\s/.test(next);
      // A continuation is indented deeper; a YAML list item may sit at the key's own indentation.
      if (item ? nextIndent < indent : nextIndent <= indent) break;
      if (!item && /^\s*[\w-]+\s*:/.test(next)) break;
      parts.push(item ? next.replace(/^\s*-\s*/, '') : next);
    }
    for (const part of parts) {
      for (const v of part.replace(/(?:--|#).*$/, '').replace(/[[\]]/g, ' ').split(/[,\s]+/)) {
        const value = v.replace(/^["']|["']$/g, '');
        if (value) out.push(value);
      }
    }
  }
  return [...new Set(out)];
}

/** The module a Haskell file declares (`module Llm.Kind (...) where`), or null for a `Main` without a header. */
export function moduleNameOf(text: string): string | null {
  const m = /^module\s+([A-Z][\w']*(?:\.[A-Z][\w']*)*)/m.exec(text.replace(/\{-[\s\S]*?-\}/g, ''));
  return m?.[1] ?? null;
}

/** The project of repository-relative `file`, found upward from it without leaving `root`. */
export function findHsProject(root: string, file: string, fileText: string): HsProject {
  let dir = path.dirname(path.join(root, file));
  let found: { dir: string; manifest: string } | null = null;
  while (isInside(root, dir)) {
    const manifest = manifestIn(dir);
    if (manifest) {
      found = { dir, manifest };
      break;
    }
    if (dir === root) break;
    dir = path.dirname(dir);
  }
  const projectDir = found?.dir ?? path.dirname(path.join(root, file));
  let text = '';
  if (found) {
    try {
      text = readFileSync(path.join(found.dir, found.manifest), 'utf8');
    } catch {
      text = '';
    }
  }
  const dirs = new Set<string>();
  for (const d of fieldValues(text, ['hs-source-dirs', 'source-dirs'])) {
    const abs = path.resolve(projectDir, d);
    if (isInside(projectDir, abs) && existsSync(abs)) dirs.add(toRelative(projectDir, abs) || '.');
  }
  // The directory the edited module's name implies.
  const moduleName = moduleNameOf(fileText);
  const fileInProject = path.relative(projectDir, path.join(root, file));
  const depth = moduleName ? moduleName.split('.').length : 1;
  const implied = fileInProject.split(path.sep).slice(0, -depth).join('/') || '.';
  if (!fileInProject.startsWith('..')) dirs.add(implied);
  if (dirs.size === 0) dirs.add('.');
  const flags = fieldValues(text, ['default-extensions', 'extensions']).filter((e) => /^[A-Z][A-Za-z0-9]*$/.test(e)).map((e) => `-X${e}`);
  const language = fieldValues(text, ['default-language', 'language']).find((l) => /^Haskell(?:98|2010)$/.test(l));
  return { dir: toRelative(root, projectDir), manifest: found?.manifest ?? null, sourceDirs: [...dirs].sort(), languageFlags: [...(language ? [`-X${language}`] : []), ...flags] };
}

/** The project's files (see verify/shadow-tree.ts). */
export type HsTree = ShadowTree;

const STAMPED = /(?:\.l?hs|\.hs-boot|\.cabal|(?:^|\/)package\.yaml|\.h)$/;
const BUILD_OUTPUT = new Set(['dist', 'dist-newstyle', '.stack-work', 'node_modules']);

/** Every file below the project directory GHC may read (CPP includes too); links followed only inside the root. */
export function listHsFiles(root: string, projectDir: string): HsTree {
  return listShadowTree(root, projectDir, { skip: (name) => name.startsWith('.') || BUILD_OUTPUT.has(name), stamped: STAMPED });
}

export interface HsTargets {
  /** Project-relative files GHC checks (`--make` targets). */
  files: string[];
  /** `Main` modules left out (several executables cannot be checked in one run). */
  mains: string[];
}

/** The modules under the source directories, read from the files (their text from `textOf`). */
export function hsTargets(project: HsProject, files: readonly TreeFile[], textOf: (rel: string) => string | null): HsTargets {
  const inSources = (rel: string): boolean => project.sourceDirs.some((d) => d === '.' || rel.startsWith(`${d}/`));
  const modules: string[] = [];
  const mains: string[] = [];
  for (const f of files) {
    if (!/\.l?hs$/.test(f.rel) || !inSources(f.rel)) continue;
    const name = moduleNameOf(textOf(f.rel) ?? '');
    if (name === null || name === 'Main') mains.push(f.rel);
    else modules.push(f.rel);
  }
  if (mains.length === 1) return { files: [...modules, ...mains], mains: [] };
  return { files: modules, mains };
}
