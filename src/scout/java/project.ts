/**
 * Which Java project a file belongs to and what javac must see to check it, guessed from the tree (no build
 * tool runs: Maven and Gradle may need the network, and run the project's plugins):
 * - the project is the outermost directory between the file and the repository root holding a build file
 *   (`pom.xml`, `build.gradle(.kts)`, `settings.gradle(.kts)`: a multi-module build's root, so one module's
 *   change is checked in the others), else the repository root;
 * - its sources are every `.java` file below it, except build output (`target/`, `build/`, `out/`, `bin/`),
 *   beside a build file or a `src/` folder (a package may be called `build`), hidden directories and
 *   `module-info.java` (the sources are checked as one unnamed module: several
 *   modules' declarations cannot be compiled together);
 * - its source roots are the directories the package declarations imply (`src/main/java` for
 *   `src/main/java/com/example/Kind.java` declaring `package com.example;`): javac's `-sourcepath`;
 * - its class path is the `.jar` files in the tree (a `lib/` folder), outside build output. Dependencies
 *   that are not on disk are not fetched: the files that need them fail before and after the edit alike (the
 *   baseline), and the answer says so.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isInside, toRelative } from '../../workspace/confine.js';
import { listShadowTree, type ShadowTree } from '../verify/shadow-tree.js';

export interface JavaProject {
  /** Repository-relative project directory (`''` for the root). */
  dir: string;
  /** The build file that made it the project (`pom.xml`), or null (the repository root). */
  buildFile: string | null;
}

const BUILD_FILES = ['pom.xml', 'settings.gradle', 'settings.gradle.kts', 'build.gradle', 'build.gradle.kts'];
const BUILD_OUTPUT = new Set(['target', 'build', 'out', 'bin', 'classes']);
/** A build-output name is build output beside these only: a package may be called `build` or `out`. */
const OUTPUT_NEIGHBOURS = new Set([...BUILD_FILES, 'src', 'build.xml', 'gradlew', 'mvnw']);

function buildFileIn(dir: string): string | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  return BUILD_FILES.find((b) => names.includes(b)) ?? null;
}

/** The project of repository-relative `file`, found upward from it without leaving `root`. */
export function findJavaProject(root: string, file: string): JavaProject {
  let dir = path.dirname(path.join(root, file));
  let found: { dir: string; buildFile: string } | null = null;
  while (isInside(root, dir)) {
    const buildFile = buildFileIn(dir);
    if (buildFile) found = { dir, buildFile };
    if (dir === root) break;
    dir = path.dirname(dir);
  }
  return found ? { dir: toRelative(root, found.dir), buildFile: found.buildFile } : { dir: '', buildFile: null };
}

/** Files javac reads: sources and jars (nothing else is mirrored). */
const LISTED = /\.(?:java|jar)$/;

/** The project's sources and jars (see verify/shadow-tree.ts); links followed only inside the root. */
export function listJavaFiles(root: string, projectDir: string): ShadowTree {
  return listShadowTree(root, projectDir, {
    skip: (name, siblings, entry) => name.startsWith('.') || name === 'node_modules' || name === 'module-info.java' || (entry.isDirectory() && BUILD_OUTPUT.has(name) && siblings.some((s) => OUTPUT_NEIGHBOURS.has(s.name))),
    stamped: LISTED,
    listed: LISTED,
  });
}

/** The package a Java file declares (`com.example`), or '' (the unnamed package). */
export function packageOf(text: string): string {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  return /^\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*package\s+([\w.\s]+?)\s*;/m.exec(code)?.[1]?.replace(/\s+/g, '') ?? '';
}

/**
 * The source root a project-relative file's package implies (`src/main/java`), or null when its directory
 * does not end with the package's path (javac still compiles it when named, but cannot find it by package).
 */
export function sourceRootOf(rel: string, text: string): string | null {
  const dir = path.posix.dirname(rel);
  const pkg = packageOf(text);
  if (pkg === '') return dir;
  const tail = pkg.split('.').join('/');
  if (dir === tail) return '.';
  return dir.endsWith(`/${tail}`) ? dir.slice(0, -tail.length - 1) : null;
}
