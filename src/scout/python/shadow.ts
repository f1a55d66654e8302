/**
 * The shadow copy pyright checks instead of the user's tree: a temporary directory outside the repository
 * mirroring its Python files as hard links (copies when the temp directory is on another device), plus the
 * project's pyright configuration with `reportMatchNotExhaustive` turned on. The edited file replaces its
 * link with a new file (the link is removed first: writing through a hard link would write the user's
 * file). Every Python file is mirrored, not only those that see the target: imports then resolve exactly as
 * in the repository (relative imports, packages split over directories), and linking costs little.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', '__pycache__', 'site-packages', 'dist-packages', '.scout', '.git']);
const CONFIGS = ['pyrightconfig.json', 'pyproject.toml'];

export interface PyTree {
  /** Repository-relative `/` paths of the Python files (.py, .pyi). */
  files: string[];
  /** A digest of every Python file's path, size and mtime and of the configuration: the baseline's cache key. */
  stamp: string;
  /** Each file's size and mtime (`size:mtime`): what changed between two listings. */
  signatures: Map<string, string>;
  /** A digest of the configuration files alone: a warm pyright restarts when it changes. */
  configStamp: string;
}

/** What differs between two listings of the same repository. */
export interface TreeChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export function treeChanges(before: PyTree, after: PyTree): TreeChanges {
  const out: TreeChanges = { added: [], changed: [], removed: [] };
  for (const [f, sig] of after.signatures) {
    const old = before.signatures.get(f);
    if (old === undefined) out.added.push(f);
    else if (old !== sig) out.changed.push(f);
  }
  for (const f of before.signatures.keys()) if (!after.signatures.has(f)) out.removed.push(f);
  return out;
}

/** The repository's Python files (dot directories, virtual environments and caches left out, as pyright does). */
export function listPythonFiles(root: string): PyTree {
  const files: string[] = [];
  const signatures = new Map<string, string>();
  const h = createHash('sha1');
  const walk = (dir: string, rel: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (rel !== '' && entries.some((e) => e.name === 'pyvenv.cfg')) return; // a virtual environment
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !SKIP_DIRS.has(e.name)) walk(path.join(dir, e.name), r);
      } else if (e.isFile() && /\.pyi?$/.test(e.name)) {
        const st = statSync(path.join(dir, e.name));
        files.push(r);
        signatures.set(r, `${st.size}:${st.mtimeMs}`);
        h.update(`${r}\0${st.size}\0${st.mtimeMs}\0`);
      }
    }
  };
  walk(root, '');
  const config = createHash('sha1');
  for (const c of CONFIGS) {
    const f = path.join(root, c);
    if (existsSync(f)) config.update(`${c}\0`).update(readFileSync(f));
  }
  const configStamp = config.digest('hex');
  h.update(configStamp);
  return { files, stamp: h.digest('hex'), signatures, configStamp };
}

/** A directory outside the repository mirroring its Python files; `dispose()` removes it (links only: the user's files stay). */
export class Shadow {
  readonly dir: string;
  readonly notes: string[] = [];

  constructor(
    readonly root: string,
    files: readonly string[],
    tmpDir: string = os.tmpdir(),
  ) {
    this.dir = realpathSync(mkdtempSync(path.join(tmpDir, 'scout-pyright-')));
    for (const rel of files) this.link(rel);
    this.writeConfig();
  }

  /**
   * Follow the repository after its files changed (a warm shadow kept between questions): new files get a
   * link, removed ones lose theirs, and changed ones are linked again: a file saved by writing a new file
   * and renaming it over the old one (editors, git) has a new inode the old link does not see.
   */
  sync(changes: TreeChanges): void {
    for (const rel of changes.removed) rmSync(this.abs(rel), { force: true });
    for (const rel of [...changes.changed, ...changes.added]) {
      rmSync(this.abs(rel), { force: true });
      this.link(rel);
    }
  }

  private readonly made = new Set<string>();

  private link(rel: string): void {
    const to = path.join(this.dir, rel);
    const parent = path.dirname(to);
    if (!this.made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      this.made.add(parent);
    }
    try {
      linkSync(path.join(this.root, rel), to);
    } catch {
      copyFileSync(path.join(this.root, rel), to);
    }
  }

  /** Put the edited text in place of a file's link (a new file: the original is never written). */
  replace(rel: string, text: string): void {
    const to = path.join(this.dir, rel);
    rmSync(to, { force: true });
    writeFileSync(to, text);
  }

  abs(rel: string): string {
    return path.join(this.dir, rel);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
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

