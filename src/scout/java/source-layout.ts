/**
 * How javac finds a project's classes when only some sources are named on its command line (a large
 * project's check is narrowed to the files that name the declaration: checker.ts): the others are found on
 * `-sourcepath`, by package and file name (`com/example/Kind.java` under a source root for `com.example.Kind`).
 * That fails for a file whose folder does not match its package, for a top-level type declared in a file named
 * otherwise (a second class in `Orders.java`), and for a class declared twice (two roots hold
 * `com/example/Kind.java`: javac takes the first root's, the full compilation the first file's). Those files
 * are always named: so a narrowed check sees the same classes as a full one, and an error in a named file is
 * the one the full baseline has, or a new one.
 */
import path from 'node:path';
import { codeOnly } from './members.js';
import { packageOf, sourceRootOf } from './project.js';

/** The names of the types declared at the top level of a Java file (brace depth 0, comments and strings skipped). */
export function topLevelTypes(text: string): string[] {
  const code = codeOnly(text);
  const out: string[] = [];
  let depth = 0;
  const declaration = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/y;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === 'c' || c === 'i' || c === 'e' || c === 'r') && !/[\w$.]/.test(code[i - 1] ?? ' ')) {
      declaration.lastIndex = i;
      const m = declaration.exec(code);
      if (m?.[1]) {
        out.push(m[1]);
        i = declaration.lastIndex - 1;
      }
    }
  }
  return out;
}

export interface SourceLayout {
  /** Project-relative source roots (`-sourcepath`), sorted. */
  roots: string[];
  /** Folders holding sources whose package does not match their path. */
  misplaced: number;
  /** Project-relative sources javac cannot find by name on the source path: always named on its command line. */
  unfindable: Set<string>;
}

/** The layout of a project's sources, given each source's text (`null`: unreadable, treated as unfindable). */
export function sourceLayout(sources: ReadonlyArray<{ rel: string; text: string | null }>): SourceLayout {
  const roots = new Set<string>();
  const misplacedDirs = new Set<string>();
  const unfindable = new Set<string>();
  const byClass = new Map<string, string[]>();
  for (const { rel, text } of sources) {
    const root = text === null ? null : sourceRootOf(rel, text);
    if (root === null || text === null) {
      misplacedDirs.add(path.posix.dirname(rel));
      unfindable.add(rel);
      continue;
    }
    roots.add(root);
    const base = path.posix.basename(rel, '.java');
    if (topLevelTypes(text).some((t) => t !== base)) unfindable.add(rel);
    const pkg = packageOf(text);
    const fqn = pkg ? `${pkg}.${base}` : base;
    byClass.set(fqn, [...(byClass.get(fqn) ?? []), rel]);
  }
  for (const files of byClass.values()) if (files.length > 1) for (const f of files) unfindable.add(f);
  return { roots: [...roots].sort(), misplaced: misplacedDirs.size, unfindable };
}
