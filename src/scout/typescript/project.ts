/**
 * A TypeScript project held in memory for speculative edits: compiler options and root files (from the
 * nearest tsconfig.json, else every TypeScript file under the directory), a compiler host that shares
 * parsed SourceFiles between programs (so a program with one file overlaid reuses every other file's parse
 * and binding through `oldProgram`), and the unmodified program, rebuilt only when a file changed on disk.
 *
 * Nothing here writes: programs are never emitted, the host's writeFile is a no-op.
 */
import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SKIP_DIRS = new Set(['node_modules', '.git', '.scout', 'dist', 'build', 'out', 'coverage']);
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts)$/;

/** Always set: nothing is emitted, and declaration files of packages are not checked (speed). */
const FORCED: ts.CompilerOptions = { noEmit: true, skipLibCheck: true };

/** Options when the project has no tsconfig.json: what a modern TypeScript project uses. */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  ...FORCED,
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.Preserve,
};

/** Every TypeScript source file under dir (absolute, sorted), skipping build, dependency and VCS folders; links are not followed. */
export function listSourceFiles(dir: string, out: string[] = []): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listSourceFiles(full, out);
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The nearest tsconfig.json from `file`'s folder up to `root` (inclusive), or null. */
export function nearestConfig(root: string, file: string): string | null {
  let dir = path.dirname(file);
  for (;;) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (path.resolve(dir) === path.resolve(root)) return null;
    const up = path.dirname(dir);
    const rel = path.relative(root, up);
    if (up === dir || rel.startsWith('..') || path.isAbsolute(rel)) return null;
    dir = up;
  }
}

/**
 * `node_modules/@types` folders from `dir` up to the repository root: where TypeScript would look for
 * automatic type packages, stopped at the root (folders above it belong to another project).
 */
function typeRootsWithin(root: string, dir: string): string[] {
  const out: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    out.push(path.join(d, 'node_modules', '@types'));
    const rel = path.relative(path.resolve(root), d);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || path.dirname(d) === d) break;
  }
  return out;
}

/** Automatic type packages only from inside the repository, unless the configuration says where. */
function confineTypes(root: string, dir: string, options: ts.CompilerOptions): ts.CompilerOptions {
  return options.typeRoots || options.types ? options : { ...options, typeRoots: typeRootsWithin(root, dir) };
}

export interface ProjectConfig {
  options: ts.CompilerOptions;
  rootNames: string[];
  /** `tsconfig.json` (relative to the repository root) or `defaults (no tsconfig.json)`. */
  source: string;
  notes: string[];
}

/** Options and root files for the project that holds `file` (absolute). */
export function loadProjectConfig(root: string, file: string): ProjectConfig {
  const configPath = nearestConfig(root, file);
  const notes: string[] = [];
  if (configPath) {
    const problems: string[] = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, FORCED, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    });
    const rel = path.relative(root, configPath).split(path.sep).join('/');
    if (parsed && parsed.fileNames.length > 0) {
      const rootNames = parsed.fileNames.map((f) => path.resolve(f));
      if (!rootNames.includes(path.resolve(file))) rootNames.push(path.resolve(file));
      return { options: confineTypes(root, path.dirname(configPath), { ...parsed.options, ...FORCED }), rootNames: rootNames.sort(), source: rel, notes };
    }
    notes.push(`${rel} ${problems.length > 0 ? `could not be read (${problems[0]})` : 'lists no files'}: checked with default options over every TypeScript file`);
  }
  const dir = configPath ? path.dirname(configPath) : root;
  return { options: confineTypes(root, dir, { ...DEFAULT_OPTIONS }), rootNames: listSourceFiles(dir), source: 'defaults (no tsconfig.json)', notes };
}

function stampOf(file: string): string | null {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * One project (one tsconfig.json, or the repository's files with defaults). `base()` is the unmodified
 * program, kept until a file changes; `withOverlay()` builds a program where one file's text is replaced.
 */
export class TsProject {
  readonly host: ts.CompilerHost;
  private readonly sourceFiles = new Map<string, { sf: ts.SourceFile; stamp: string | null }>();
  private overlay = new Map<string, string>();
  private readonly insideCache = new Map<string, boolean>();
  private readonly realRoot: string;
  private program: ts.Program | null = null;
  private config: ProjectConfig;
  private configKey = '';
  /** Bumped whenever the unmodified program is rebuilt: caches keyed on it (baseline diagnostics, import graph) start over. */
  generation = 0;

  constructor(
    readonly root: string,
    private readonly anchorFile: string,
  ) {
    this.realRoot = realpathSync(root);
    this.config = loadProjectConfig(root, anchorFile);
    this.host = ts.createCompilerHost(this.config.options, true);
    const readSource = this.host.getSourceFile.bind(this.host);
    this.host.writeFile = () => undefined;
    this.host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const abs = path.resolve(fileName);
      const text = this.overlay.get(abs);
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersionOrOptions, true);
      const cached = this.sourceFiles.get(abs);
      if (cached) return cached.sf;
      const sf = readSource(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (sf) this.sourceFiles.set(abs, { sf, stamp: this.isProjectFile(abs) ? stampOf(abs) : null });
      return sf;
    };
  }

  get options(): ts.CompilerOptions {
    return this.config.options;
  }

  get configSource(): string {
    return this.config.source;
  }

  get configNotes(): string[] {
    return this.config.notes;
  }

  rel(file: string): string {
    return path.relative(this.root, path.resolve(file)).split(path.sep).join('/');
  }

  /**
   * A file of the repository itself: inside the root (after resolving links: a file reached through a link
   * that leads out is never named in an answer), not under node_modules, not a declaration file.
   */
  isProjectFile(file: string): boolean {
    const abs = path.resolve(file);
    let inside = this.insideCache.get(abs);
    if (inside === undefined) {
      const r = path.relative(this.root, abs);
      inside = r !== '' && !r.startsWith('..') && !path.isAbsolute(r) && !r.split(path.sep).includes('node_modules') && !/\.d\.[mc]?ts$/.test(abs);
      if (inside) {
        try {
          const real = path.relative(this.realRoot, realpathSync(abs));
          inside = real !== '' && !real.startsWith('..') && !path.isAbsolute(real);
        } catch {
          inside = false;
        }
      }
      this.insideCache.set(abs, inside);
    }
    return inside;
  }

  /**
   * The unmodified program, rebuilt (reusing every unchanged SourceFile) when the configuration, the file
   * list or a file's size or modification time changed since the last call.
   */
  base(): ts.Program {
    const config = loadProjectConfig(this.root, this.anchorFile);
    const key = JSON.stringify([config.options, config.rootNames]);
    let changed = this.program === null || key !== this.configKey;
    for (const [file, entry] of this.sourceFiles) {
      if (entry.stamp === null) continue;
      if (stampOf(file) !== entry.stamp) {
        this.sourceFiles.delete(file);
        changed = true;
      }
    }
    if (changed) {
      this.config = config;
      this.configKey = key;
      this.program = ts.createProgram({ rootNames: config.rootNames, options: config.options, host: this.host, ...(this.program ? { oldProgram: this.program } : {}) });
      this.generation++;
    }
    return this.program as ts.Program;
  }

  /** A program where `file` (absolute) reads `text`; every other SourceFile is shared with the unmodified program. */
  withOverlay(file: string, text: string): ts.Program {
    const base = this.base();
    this.overlay = new Map([[path.resolve(file), text]]);
    try {
      return ts.createProgram({ rootNames: this.config.rootNames, options: this.config.options, host: this.host, oldProgram: base });
    } finally {
      this.overlay = new Map();
    }
  }
}
