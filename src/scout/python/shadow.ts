/**
 * What pyright checks instead of the user's tree: the repository's Python files, listed by the shared walker
 * (verify/shadow-tree.ts: dot directories, virtual environments and caches left out, as pyright does; links
 * left out), and a temporary shadow copy of them (verify/shadow-copy.ts: hard links, copies when the temp
 * directory is on another device, the edited file a new file) plus the project's pyright configuration with
 * `reportMatchNotExhaustive` turned on. Every Python file is mirrored, not only those that see the target:
 * imports then resolve exactly as in the repository (relative imports, packages split over directories), and
 * linking costs little.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TemporaryShadow } from '../verify/shadow-copy.js';
import { listShadowTree, type TreeChanges, treeChanges as changesBetween, type TreeFile, type TreeRules } from '../verify/shadow-tree.js';

const SKIP_DIRS = new Set(['node_modules', '__pycache__', 'site-packages', 'dist-packages', '.scout', '.git']);
const CONFIGS = ['pyrightconfig.json', 'pyproject.toml'];

const PYTHON_FILES: TreeRules = {
  skip: (name, _siblings, entry) => entry.isDirectory() && (name.startsWith('.') || SKIP_DIRS.has(name)),
  skipDirectory: (entries) => entries.some((e) => e.name === 'pyvenv.cfg'),
  listed: /\.pyi?$/,
  stamped: /\.pyi?$/,
  followLinks: false,
};

export interface PyTree {
  /** Repository-relative `/` paths of the Python files (.py, .pyi). */
  files: string[];
  /** The same files with their sizes and mtimes: what changed between two listings. */
  entries: TreeFile[];
  /** A digest of every Python file's path, size and mtime and of the configuration: the baseline's cache key. */
  stamp: string;
  /** A digest of the configuration files alone: a warm pyright restarts when it changes. */
  configStamp: string;
}

export type { TreeChanges };

export function treeChanges(before: PyTree, after: PyTree): TreeChanges {
  return changesBetween(before.entries, after.entries);
}

/** The repository's Python files (dot directories, virtual environments and caches left out, as pyright does). */
export function listPythonFiles(root: string): PyTree {
  const tree = listShadowTree(root, '', PYTHON_FILES);
  const config = createHash('sha1');
  for (const c of CONFIGS) {
    const f = path.join(root, c);
    if (existsSync(f)) config.update(`${c}\0`).update(readFileSync(f));
  }
  const configStamp = config.digest('hex');
  return { files: tree.files.map((f) => f.rel), entries: tree.files, stamp: createHash('sha1').update(tree.stamp).update(configStamp).digest('hex'), configStamp };
}

/** A directory outside the repository mirroring its Python files; `dispose()` removes it (links only: the user's files stay). */
export class Shadow extends TemporaryShadow {
  constructor(
    readonly root: string,
    files: readonly string[],
    tmpDir?: string,
  ) {
    super({ tool: 'scout-pyright-', noun: 'repository' }, tmpDir);
    this.mirrorAll(files.map((rel) => ({ rel, source: path.join(root, rel) })));
    this.writeConfig();
  }

  /** Follow the repository after its files changed (a warm shadow kept between questions). */
  sync(changes: TreeChanges): void {
    this.follow(changes, (rel) => path.join(this.root, rel));
  }

  /** The project's settings, with `reportMatchNotExhaustive` on and paths that lead out of the repository made absolute. */
  private writeConfig(): void {
    const json = path.join(this.root, 'pyrightconfig.json');
    const toml = path.join(this.root, 'pyproject.toml');
    const target = path.join(this.dir, 'pyrightconfig.json');
    if (existsSync(json)) {
      let config: Record<string, unknown> = {};
      try {
        config = JSON.parse(stripJsonComments(readFileSync(json, 'utf8'))) as Record<string, unknown>;
      } catch (error) {
        this.notes.push(`pyrightconfig.json could not be read (${(error as Error).message.slice(0, 80)}); pyright's defaults were used`);
      }
      config.reportMatchNotExhaustive = 'error';
      this.absolutize(config);
      writeFileSync(target, JSON.stringify(config, null, 2));
      return;
    }
    if (existsSync(toml) && /^\s*\[tool\.pyright\]\s*$/m.test(readFileSync(toml, 'utf8'))) {
      const text = readFileSync(toml, 'utf8')
        .replace(/^\s*reportMatchNotExhaustive\s*=.*$/m, '')
        .replace(/^(\s*\[tool\.pyright\]\s*)$/m, '$1\nreportMatchNotExhaustive = "error"')
        .replace(/^(\s*venvPath\s*=\s*)"([^"]*)"/m, (_, key: string, value: string) => `${key}${JSON.stringify(path.resolve(this.root, value))}`);
      writeFileSync(path.join(this.dir, 'pyproject.toml'), text);
      return;
    }
    const config: Record<string, unknown> = { reportMatchNotExhaustive: 'error' };
    for (const venv of ['.venv', 'venv']) {
      if (existsSync(path.join(this.root, venv, 'pyvenv.cfg'))) {
        config.venvPath = this.root;
        config.venv = venv;
        break;
      }
    }
    writeFileSync(target, JSON.stringify(config, null, 2));
  }

  private absolutize(config: Record<string, unknown>): void {
    const outside = (p: unknown): unknown => {
      if (typeof p !== 'string' || path.isAbsolute(p)) return p;
      const abs = path.resolve(this.root, p);
      return abs === this.root || abs.startsWith(this.root + path.sep) ? p : abs;
    };
    if (typeof config.venvPath === 'string') config.venvPath = path.resolve(this.root, config.venvPath);
    for (const key of ['stubPath', 'typeshedPath']) if (key in config) config[key] = outside(config[key]);
    if (Array.isArray(config.extraPaths)) config.extraPaths = config.extraPaths.map(outside);
    if (Array.isArray(config.executionEnvironments)) {
      for (const env of config.executionEnvironments as Record<string, unknown>[]) {
        if (env && Array.isArray(env.extraPaths)) env.extraPaths = env.extraPaths.map(outside);
      }
    }
  }
}

/** JSON with comments and trailing commas (pyright accepts both) as plain JSON. */
export function stripJsonComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') {
      const end = /"(?:[^"\\]|\\.)*"/y;
      end.lastIndex = i;
      const m = end.exec(text);
      const s = m ? m[0] : text.slice(i);
      out += s;
      i += s.length - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += ch;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

