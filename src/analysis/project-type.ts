/**
 * What kind of project this is and where it starts, read from build manifests:
 * package.json, pyproject.toml / setup.py, go.mod, Cargo.toml, *.cabal, pom.xml /
 * build.gradle. Facts only: each manifest is listed as it is (a monorepo lists several),
 * types use the manifest's own words (`bin` → CLI, `[[bin]]` → binary, `executable`),
 * and an entry point is listed only if the file exists on disk.
 */
import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../core/config.js';
import { isExcluded } from './path-patterns.js';
import { readToml, tomlString, tomlTable, type TomlTable } from './toml-lite.js';
import { readInsideRoot, resolvesInside } from '../workspace/confine.js';

export interface ProjectManifest {
  /** Manifest path relative to the root, e.g. 'package.json' or 'crates/core/Cargo.toml'. */
  manifest: string;
  name: string | null;
  /** e.g. 'TypeScript/Node CLI + library (ESM)', 'Python CLI', 'Go program', 'Rust binary + library'. */
  type: string;
  /** Existing files, relative to the root, in the manifest's order. */
  entry_points: string[];
}

export interface ProjectInfo {
  /** The manifests' types, root first, joined with ' + ' ('2 × …' for repeats); null without a manifest. */
  project_type: string | null;
  projects: ProjectManifest[];
  /** All projects' entry points, root project first, without duplicates. */
  entry_points: string[];
  /** Manifests left out because their path matched an exclude pattern. */
  excluded_manifests: string[];
}

export interface ProjectOptions {
  /** Path patterns (see path-patterns.ts) whose manifests are counted but not listed. */
  exclude?: readonly string[];
  /** How deep below the root to look for manifests (monorepos keep packages at depth 1-2). Default 2. */
  maxDepth?: number;
}

type Reader = (root: string, dir: string, file: string) => ProjectManifest;

/** Manifest readers by file name; *.cabal is matched by extension. */
const READERS: Record<string, Reader> = {
  'package.json': readPackageJson,
  'pyproject.toml': readPyproject,
  'setup.py': readSetupPy,
  'go.mod': readGoMod,
  'Cargo.toml': readCargo,
  'pom.xml': readPom,
  'build.gradle': readGradle,
  'build.gradle.kts': readGradle,
};

export function detectProject(root: string, options: ProjectOptions = {}): ProjectInfo {
  const projects: ProjectManifest[] = [];
  const excluded: string[] = [];
  for (const manifest of findManifests(root, options.maxDepth ?? 2)) {
    if (options.exclude && isExcluded(manifest, options.exclude)) {
      excluded.push(manifest);
      continue;
    }
    const dir = path.posix.dirname(manifest);
    const file = path.posix.basename(manifest);
    const reader = file.endsWith('.cabal') ? readCabal : READERS[file];
    if (reader) projects.push(reader(root, dir === '.' ? '' : dir, file));
  }
  const typeCounts = new Map<string, number>();
  for (const p of projects) typeCounts.set(p.type, (typeCounts.get(p.type) ?? 0) + 1);
  const projectType = [...typeCounts].map(([type, n]) => (n > 1 ? `${n} × ${type}` : type)).join(' + ');
  return {
    project_type: projectType || null,
    projects,
    entry_points: [...new Set(projects.flatMap((p) => p.entry_points))],
    excluded_manifests: excluded,
  };
}

/** Manifest paths, breadth first (root first), skipping hidden and always-ignored directories (node_modules, target, …). */
function findManifests(root: string, maxDepth: number): string[] {
  const skip = new Set(DEFAULT_CONFIG.index.defaultExcludes);
  const found: string[] = [];
  let level = [''];
  for (let depth = 0; depth <= maxDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      let entries: Dirent[];
      try {
        entries = readdirSync(path.join(root, dir), { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!entry.name.startsWith('.') && !skip.has(entry.name)) next.push(rel);
        } else if ((entry.name in READERS || entry.name.endsWith('.cabal')) && isFile(root, rel)) found.push(rel);
      }
    }
    level = next;
  }
  return found;
}

// ---- helpers ---------------------------------------------------------------

function read(root: string, rel: string): string | null {
  return readInsideRoot(root, rel);
}

/** A regular file inside the root (a link that leads out of it counts as absent: it is never read). */
function isFile(root: string, rel: string): boolean {
  const absolute = path.join(root, rel);
  return (statSync(absolute, { throwIfNoEntry: false })?.isFile() ?? false) && resolvesInside(root, absolute);
}

/** Repo-relative POSIX path of `rel` inside the manifest's directory. */
function inDir(dir: string, rel: string): string {
  return path.posix.normalize(path.posix.join(dir, rel.replace(/\\/g, '/'))).replace(/^\.\//, '');
}

/** The first candidate (relative to the manifest's directory) that exists, as a repo-relative path. */
function firstExisting(root: string, dir: string, candidates: string[]): string | null {
  for (const c of candidates) {
    const rel = inDir(dir, c);
    if (!rel.startsWith('../') && isFile(root, rel)) return rel;
  }
  return null;
}

function existing(root: string, dir: string, candidates: string[]): string[] {
  return [...new Set(candidates.flatMap((c) => firstExisting(root, dir, [c]) ?? []))];
}

function role(parts: Array<[boolean, string]>, none: string): string {
  const present = parts.filter(([has]) => has).map(([, word]) => word);
  return present.length > 0 ? present.join(' + ') : none;
}

function manifest(dir: string, file: string, name: string | null, type: string, entryPoints: string[]): ProjectManifest {
  return { manifest: dir ? `${dir}/${file}` : file, name, type, entry_points: entryPoints };
}

// ---- Node ------------------------------------------------------------------

function readPackageJson(root: string, dir: string, file: string): ProjectManifest {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(read(root, inDir(dir, file)) ?? '') as Record<string, unknown>;
  } catch {
    return manifest(dir, file, null, 'Node package (package.json is not valid JSON)', []);
  }
  const deps = { ...asRecord(pkg.dependencies), ...asRecord(pkg.devDependencies), ...asRecord(pkg.peerDependencies) };
  const typescript = 'typescript' in deps || isFile(root, inDir(dir, 'tsconfig.json'));
  const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(asRecord(pkg.bin)).filter((v): v is string => typeof v === 'string');
  const libs = [pkg.main, pkg.module, ...stringLeaves(pkg.exports)].filter((v): v is string => typeof v === 'string' && !v.endsWith('.d.ts'));
  const declared = [...bins, ...libs];
  // Built entry points (dist/x.js) are shown as their sources when tsconfig says where those are.
  const toSource = typescript ? sourceMapper(root, dir) : (p: string) => [p];
  const declaredEntries = [...new Set(declared.flatMap((p) => firstExisting(root, dir, toSource(p)) ?? []))];
  // Nothing declared (or not built and not mappable to a source): the conventional files, if present.
  const entryPoints = declaredEntries.length > 0 ? declaredEntries : existing(root, dir, ['src/index.ts', 'src/main.ts', 'index.ts', 'src/index.js', 'index.js']);
  const kind = role([[bins.length > 0, 'CLI'], [libs.length > 0, 'library']], 'package');
  const esm = pkg.type === 'module' ? ' (ESM)' : '';
  return manifest(dir, file, typeof pkg.name === 'string' ? pkg.name : null, `${typescript ? 'TypeScript' : 'JavaScript'}/Node ${kind}${esm}`, entryPoints);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Every string in a package.json `exports` value (conditions and subpaths nest). */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  return Object.values(asRecord(value)).flatMap(stringLeaves);
}

/** Map a built path under tsconfig's outDir to candidate sources under its rootDir, then the path itself. */
function sourceMapper(root: string, dir: string): (p: string) => string[] {
  const options = asRecord(readJsonc(read(root, inDir(dir, 'tsconfig.json')))?.compilerOptions);
  const outDir = typeof options.outDir === 'string' ? path.posix.normalize(options.outDir).replace(/\/$/, '') : null;
  const rootDirs = typeof options.rootDir === 'string' ? [options.rootDir] : ['src', '.'];
  return (p) => {
    const normal = path.posix.normalize(p);
    if (!outDir || !normal.startsWith(`${outDir}/`)) return [p];
    const inside = normal.slice(outDir.length + 1);
    const stem = inside.replace(/\.(m|c)?js$/, '');
    const sources = rootDirs.flatMap((r) => ['.ts', '.tsx', '.mts', '.cts'].map((ext) => path.posix.join(r, stem + ext)));
    return [...sources, p];
  };
}

/** tsconfig.json allows comments and trailing commas; strip them (outside strings) and parse, or give up. */
function readJsonc(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const stripped = text
    .replace(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ''))
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    return asRecord(JSON.parse(stripped));
  } catch {
    return null;
  }
}

// ---- Python ----------------------------------------------------------------

/** `pkg.mod` of a `pkg.mod:func` script, as the file that defines it (flat or src/ layout). */
function pythonModuleFiles(module: string): string[] {
  const rel = module.replace(/\./g, '/');
  return [`${rel}.py`, `${rel}/__init__.py`, `src/${rel}.py`, `src/${rel}/__init__.py`];
}

function pythonProject(root: string, dir: string, file: string, name: string | null, scripts: string[]): ProjectManifest {
  const scriptFiles = scripts.map((target) => target.split(':')[0]?.trim() ?? '').filter(Boolean);
  const scriptEntries = [...new Set(scriptFiles.flatMap((m) => firstExisting(root, dir, pythonModuleFiles(m)) ?? []))];
  // Without scripts, the package named after the project is where reading starts.
  const packageEntry = scripts.length === 0 && name ? firstExisting(root, dir, pythonModuleFiles(name.replace(/-/g, '_'))) : null;
  const entryPoints = packageEntry ? [packageEntry] : scriptEntries;
  return manifest(dir, file, name, scripts.length > 0 ? 'Python CLI' : 'Python package', entryPoints);
}

function readPyproject(root: string, dir: string, file: string): ProjectManifest {
  const toml = readToml(read(root, inDir(dir, file)) ?? '');
  const name = tomlString(tomlTable(toml, 'project'), 'name') ?? tomlString(tomlTable(toml, 'tool.poetry'), 'name');
  const scripts = ['project.scripts', 'project.gui-scripts', 'tool.poetry.scripts'].flatMap((t) =>
    [...(tomlTable(toml, t)?.values.values() ?? [])].filter((v): v is string => typeof v === 'string'),
  );
  return pythonProject(root, dir, file, name, scripts);
}

function readSetupPy(root: string, dir: string, file: string): ProjectManifest {
  const text = read(root, inDir(dir, file)) ?? '';
  const name = /\bname\s*=\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? null;
  // console_scripts entries look like 'tool = pkg.cli:main'.
  const scripts = [...text.matchAll(/['"]\s*[\w.-]+\s*=\s*([\w.]+\s*:\s*[\w.]+)\s*['"]/g)].map((m) => m[1] ?? '');
  return pythonProject(root, dir, file, name, scripts);
}

// ---- Go --------------------------------------------------------------------

function readGoMod(root: string, dir: string, file: string): ProjectManifest {
  const name = /^module\s+(\S+)/m.exec(read(root, inDir(dir, file)) ?? '')?.[1] ?? null;
  const cmdDirs = listDirs(root, inDir(dir, 'cmd'));
  const mains = existing(root, dir, ['main.go', ...cmdDirs.map((d) => `cmd/${d}/main.go`)]);
  return manifest(dir, file, name, mains.length > 0 ? 'Go program' : 'Go library', mains);
}

function listDirs(root: string, rel: string): string[] {
  try {
    return readdirSync(path.join(root, rel), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

// ---- Rust ------------------------------------------------------------------

function readCargo(root: string, dir: string, file: string): ProjectManifest {
  const toml = readToml(read(root, inDir(dir, file)) ?? '');
  const pkg = tomlTable(toml, 'package');
  if (!pkg && tomlTable(toml, 'workspace')) {
    const members = tomlTable(toml, 'workspace')?.values.get('members');
    const count = Array.isArray(members) ? ` (${members.length} member pattern${members.length === 1 ? '' : 's'})` : '';
    return manifest(dir, file, null, `Rust workspace${count}`, []);
  }
  const binTables = toml.filter((t: TomlTable) => t.name === 'bin' && t.array);
  const bins = existing(root, dir, [
    ...binTables.map((t) => tomlString(t, 'path') ?? `src/bin/${tomlString(t, 'name') ?? ''}.rs`),
    'src/main.rs',
  ]);
  const lib = firstExisting(root, dir, [tomlString(tomlTable(toml, 'lib'), 'path') ?? 'src/lib.rs']);
  const kind = role([[bins.length > 0, 'binary'], [lib !== null, 'library']], 'crate');
  return manifest(dir, file, tomlString(pkg, 'name'), `Rust ${kind}`, [...bins, ...(lib ? [lib] : [])]);
}

// ---- Haskell ---------------------------------------------------------------

interface CabalStanza {
  kind: string;
  fields: Map<string, string>;
}

/** Cabal files: top-level `field: value` lines, then indented stanzas (`library`, `executable NAME`, …). */
function readCabalStanzas(text: string): { top: Map<string, string>; stanzas: CabalStanza[] } {
  const top = new Map<string, string>();
  const stanzas: CabalStanza[] = [];
  let fields = top;
  let lastKey: string | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/--.*$/, '');
    if (!line.trim()) continue;
    const indented = /^\s/.test(line);
    const stanza = !indented ? /^(library|executable|test-suite|benchmark|foreign-library|common)\b\s*(.*)$/i.exec(line.trim()) : null;
    if (stanza) {
      fields = new Map();
      stanzas.push({ kind: (stanza[1] ?? '').toLowerCase(), fields });
      lastKey = null;
      continue;
    }
    const field = /^\s*([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field) {
      lastKey = (field[1] ?? '').toLowerCase();
      fields.set(lastKey, (field[2] ?? '').trim());
    } else if (lastKey) {
      fields.set(lastKey, `${fields.get(lastKey) ?? ''} ${line.trim()}`.trim()); // continuation line
    }
  }
  return { top, stanzas };
}

function readCabal(root: string, dir: string, file: string): ProjectManifest {
  const { top, stanzas } = readCabalStanzas(read(root, inDir(dir, file)) ?? '');
  const sourceDirs = (s: CabalStanza): string[] => {
    const dirs = (s.fields.get('hs-source-dirs') ?? '').split(/[\s,]+/).filter(Boolean);
    return dirs.length > 0 ? dirs : ['.'];
  };
  const executables = stanzas.filter((s) => s.kind === 'executable');
  const libraries = stanzas.filter((s) => s.kind === 'library');
  const mains = executables.flatMap((s) => {
    const mainIs = s.fields.get('main-is');
    return mainIs ? (firstExisting(root, dir, sourceDirs(s).map((d) => path.posix.join(d, mainIs))) ?? []) : [];
  });
  const modules = libraries.flatMap((s) =>
    (s.fields.get('exposed-modules') ?? '').split(/[\s,]+/).filter(Boolean).flatMap((m) =>
      firstExisting(root, dir, sourceDirs(s).flatMap((d) => [path.posix.join(d, `${m.replace(/\./g, '/')}.hs`), path.posix.join(d, `${m.replace(/\./g, '/')}.lhs`)])) ?? [],
    ),
  );
  const kind = role([[executables.length > 0, 'executable'], [libraries.length > 0, 'library']], 'package');
  return manifest(dir, file, top.get('name') ?? null, `Haskell ${kind}`, [...new Set([...mains, ...modules])]);
}

// ---- JVM -------------------------------------------------------------------

/** A main class name as its source file under the standard Maven/Gradle layout. */
function jvmMainFiles(mainClass: string): string[] {
  const rel = mainClass.replace(/\./g, '/');
  return [`src/main/java/${rel}.java`, `src/main/kotlin/${rel}.kt`];
}

function readPom(root: string, dir: string, file: string): ProjectManifest {
  // The <parent> block has its own artifactId; the project's is the first one after it.
  const text = (read(root, inDir(dir, file)) ?? '').replace(/<parent>[\s\S]*?<\/parent>/, '');
  const name = /<artifactId>\s*([^<]+?)\s*<\/artifactId>/.exec(text)?.[1] ?? null;
  const packaging = /<packaging>\s*([^<]+?)\s*<\/packaging>/.exec(text)?.[1] ?? 'jar';
  const mainClass = /<mainClass>\s*([^<]+?)\s*<\/mainClass>/.exec(text)?.[1] ?? null;
  const entry = mainClass ? firstExisting(root, dir, jvmMainFiles(mainClass)) : null;
  const kind = mainClass ? 'application' : packaging === 'pom' ? 'parent (pom)' : `library (${packaging})`;
  return manifest(dir, file, name, `Java/Maven ${kind}`, entry ? [entry] : []);
}

function readGradle(root: string, dir: string, file: string): ProjectManifest {
  const text = read(root, inDir(dir, file)) ?? '';
  const mainClass = /mainClass(?:Name)?\s*(?:=|\.set\s*\()\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? null;
  const entry = mainClass ? firstExisting(root, dir, jvmMainFiles(mainClass)) : null;
  // The `application` plugin: `id 'application'`, `id("application")` or a bare `application` line in plugins {}.
  const application = mainClass !== null || /\bid\s*\(?\s*['"]application['"]|^\s*application\s*$/m.test(text);
  return manifest(dir, file, null, `JVM/Gradle ${application ? 'application' : 'library'}`, entry ? [entry] : []);
}
