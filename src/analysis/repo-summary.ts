/**
 * `get_repo_summary`: a repository in about 500 tokens. Git context, project type,
 * languages, and the top modules ranked by size and by how much the rest of the
 * code depends on them. Paths matching explicit exclude patterns (tests, fixtures,
 * examples, vendored code by default) are left out of the module list and counted,
 * never dropped silently; the patterns are echoed in the answer.
 *
 * A module is the directory that directly contains indexed files (`src/index` for
 * `src/index/store.ts`, '.' for files at the root): directories are what agents
 * navigate, and for Go, Java and Python a package is exactly a directory.
 */
import { ScoutError } from '../core/errors.js';
import type { IndexDb } from '../index/db.js';
import { definitionStatsPerFile, exportedTopLevelDefinitions } from '../index/read/definitions.js';
import { parsedFiles, type ParsedFile } from '../index/read/files.js';
import { importCountsByName, importedModules } from '../index/read/imports.js';
import type { SqliteStore } from '../index/store.js';
import { COMPLEXITY_THRESHOLDS } from './complexity-risk.js';
import type { LanguageShare } from './context.js';
import { getGitContext, type GitContextOptions } from './git-context.js';
import { createImportResolver, moduleOf, type GoModule } from './import-resolution.js';
import { DEFAULT_EXCLUDE_PATTERNS, isExcluded } from './path-patterns.js';
import { detectProject, type ProjectManifest } from './project-type.js';

export interface RepoSummaryOptions extends GitContextOptions {
  /** How many modules to list (default 20). */
  max_modules?: number;
  /** Path patterns to leave out (see path-patterns.ts); default DEFAULT_EXCLUDE_PATTERNS, [] for none. */
  exclude_patterns?: string[];
}

export interface ModuleSummary {
  /** Directory path, '.' for the root. */
  name: string;
  files: number;
  /** Definitions of any kind (functions, classes, methods, fields, …). */
  symbols: number;
  /** Exported top-level definitions. */
  exported: number;
  /** Imports in other (non-excluded) modules' files that resolve into this module, one per file and specifier. */
  fan_in: number;
  /** Up to 3 exported top-level names: most imported by name first, then largest. */
  top_symbols: string[];
  complexity: {
    max_cognitive: number;
    /** Functions whose cognitive complexity is above `risky_threshold`. */
    risky_functions: number;
  };
}

export interface RepoSummary {
  /** branch is '(detached)' for a detached HEAD; last_commit is 'hash date message'. get_context has the rest. */
  context: { repo: string; branch: string | null; last_commit: string | null };
  project_type: string | null;
  /** One entry per manifest outside excluded paths, present only when there are several (a monorepo). */
  projects?: Array<Pick<ProjectManifest, 'manifest' | 'type'>>;
  entry_points: string[];
  /** Languages of the files not excluded, most lines first. */
  languages: LanguageShare[];
  /** The top `max_modules` modules by `ranking`. */
  modules: ModuleSummary[];
  /** Modules left after exclusion (modules.length is at most max_modules of these). */
  total_modules: number;
  /** How modules are ordered, highest first. */
  ranking: string;
  /** Cognitive complexity above which a function counts as risky. */
  risky_threshold: number;
  /** What the exclude patterns removed: files and modules (a module is removed when all its files are). */
  excluded: { patterns: string[]; files: number; modules: number; manifests: number };
  /** The whole index, excluded paths included. */
  stats: { files: number; lines: number; definitions: number; modules: number };
  notes: string[];
}

export const DEFAULT_MAX_MODULES = 20;
/** One importer elsewhere weighs as much as this many symbols: being depended on is what makes a module central. */
export const FAN_IN_WEIGHT = 10;
export const RISKY_COGNITIVE = COMPLEXITY_THRESHOLDS.cognitive.high;
const TOP_SYMBOLS = 3;

type FileRow = ParsedFile;

export function getRepoSummary(root: string, store: SqliteStore, options: RepoSummaryOptions = {}): RepoSummary {
  const maxModules = options.max_modules ?? DEFAULT_MAX_MODULES;
  if (!Number.isInteger(maxModules) || maxModules < 1) {
    throw new ScoutError('USAGE', `max_modules must be a whole number of at least 1 (default ${DEFAULT_MAX_MODULES}), got ${maxModules}`);
  }
  const patterns = [...(options.exclude_patterns ?? DEFAULT_EXCLUDE_PATTERNS)];
  if (patterns.some((p) => typeof p !== 'string' || p.trim() === '')) {
    throw new ScoutError('USAGE', 'exclude_patterns must be non-empty path substrings such as "test/" or ".spec."; pass [] to exclude nothing');
  }

  const db = store.database;
  const allFiles = parsedFiles(db);
  const files = allFiles.filter((f) => !isExcluded(f.path, patterns));
  const included = new Set(files.map((f) => f.id));
  const allModules = new Set(allFiles.map((f) => moduleOf(f.path)));

  const modules = new Map<string, ModuleSummary>();
  const moduleOfFile = new Map<number, ModuleSummary>();
  for (const f of files) {
    const name = moduleOf(f.path);
    let m = modules.get(name);
    if (!m) {
      m = { name, files: 0, symbols: 0, exported: 0, fan_in: 0, top_symbols: [], complexity: { max_cognitive: 0, risky_functions: 0 } };
      modules.set(name, m);
    }
    m.files++;
    moduleOfFile.set(f.id, m);
  }

  // Definition counts per file; exported means top-level (methods of an exported class are not counted again).
  const perFile = definitionStatsPerFile(db, RISKY_COGNITIVE);
  let definitions = 0;
  for (const row of perFile) {
    definitions += row.symbols;
    const m = moduleOfFile.get(row.file_id);
    if (!m) continue;
    m.symbols += row.symbols;
    m.exported += row.exported;
    m.complexity.max_cognitive = Math.max(m.complexity.max_cognitive, row.max_cognitive ?? 0);
    m.complexity.risky_functions += row.risky;
  }

  const project = detectProject(root, { exclude: patterns });
  addFanIn(db, files, moduleOfFile, goModules(project.projects));
  addTopSymbols(db, moduleOfFile);

  const score = (m: ModuleSummary): number => m.symbols + FAN_IN_WEIGHT * m.fan_in;
  const ranked = [...modules.values()].sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name));

  const git = getGitContext(root, options);
  const notes: string[] = git.note ? [git.note] : [];
  if (ranked.length > maxModules) notes.push(`showing ${maxModules} of ${ranked.length} modules; raise max_modules to see more`);
  if (allFiles.length === 0) notes.push('the index is empty: index the repository first');
  const commit = git.last_commit;

  return {
    context: {
      repo: git.repo_name,
      branch: git.branch ?? (git.detached ? '(detached)' : null),
      last_commit: commit ? `${commit.hash} ${commit.date} ${commit.message}` : null,
    },
    project_type: project.project_type,
    ...(project.projects.length > 1 ? { projects: project.projects.map((p) => ({ manifest: p.manifest, type: p.type })) } : {}),
    entry_points: project.entry_points,
    languages: languagesOf(files),
    modules: ranked.slice(0, maxModules),
    total_modules: ranked.length,
    ranking: `symbols + ${FAN_IN_WEIGHT}×fan_in`,
    risky_threshold: RISKY_COGNITIVE,
    excluded: {
      patterns,
      files: allFiles.length - included.size,
      modules: allModules.size - modules.size,
      manifests: project.excluded_manifests.length,
    },
    stats: {
      files: allFiles.length,
      lines: allFiles.reduce((sum, f) => sum + f.lines, 0),
      definitions,
      modules: allModules.size,
    },
    notes,
  };
}

function languagesOf(files: FileRow[]): LanguageShare[] {
  const byLanguage = new Map<string, LanguageShare>();
  for (const f of files) {
    const share = byLanguage.get(f.language) ?? { language: f.language, files: 0, lines: 0 };
    share.files++;
    share.lines += f.lines;
    byLanguage.set(f.language, share);
  }
  return [...byLanguage.values()].sort((a, b) => b.lines - a.lines || a.language.localeCompare(b.language));
}

function goModules(projects: ProjectManifest[]): GoModule[] {
  return projects
    .filter((p) => p.manifest.endsWith('go.mod') && p.name)
    .map((p) => ({ dir: p.manifest.includes('/') ? p.manifest.slice(0, p.manifest.lastIndexOf('/')) : '', module: p.name ?? '' }));
}

/** Count, per module, the imports in other included modules' files that resolve into it (once per file and specifier). */
function addFanIn(db: IndexDb, files: FileRow[], moduleOfFile: Map<number, ModuleSummary>, go: GoModule[]): void {
  const resolve = createImportResolver(files, go);
  const byId = new Map(files.map((f) => [f.id, f]));
  const modulesByName = new Map([...moduleOfFile.values()].map((m) => [m.name, m]));
  const rows = importedModules(db);
  for (const row of rows) {
    const from = byId.get(row.file_id);
    if (!from) continue; // an excluded file: tests importing everything would say nothing about the code
    const target = resolve(from, row.module);
    if (target === null || target === moduleOf(from.path)) continue;
    const m = modulesByName.get(target);
    if (m) m.fan_in++;
  }
}

/** Exported top-level names per module, most imported (by name, anywhere) first, then largest definition first. */
function addTopSymbols(db: IndexDb, moduleOfFile: Map<number, ModuleSummary>): void {
  const importCounts = new Map(
    importCountsByName(db).map((r) => [r.name, r.n]),
  );
  const candidates = new Map<ModuleSummary, Array<{ name: string; imports: number; lines: number }>>();
  const rows = exportedTopLevelDefinitions(db);
  for (const row of rows) {
    const m = moduleOfFile.get(row.file_id);
    if (!m) continue;
    const list = candidates.get(m) ?? [];
    list.push({ name: row.name, imports: importCounts.get(row.name) ?? 0, lines: row.lines });
    candidates.set(m, list);
  }
  for (const [m, list] of candidates) {
    list.sort((a, b) => b.imports - a.imports || b.lines - a.lines || a.name.localeCompare(b.name));
    m.top_symbols = [...new Set(list.map((c) => c.name))].slice(0, TOP_SYMBOLS);
  }
}
