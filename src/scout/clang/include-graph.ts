/**
 * Which files include which, read cheaply from `#include` lines (no preprocessor: both branches of an `#if`
 * count, a computed `#include MACRO` is not followed): a quoted include is looked for beside the including
 * file, then in the include directories; an angle include only in the include directories (a system header
 * is no repository file). The translation units that can see a change are those that include the edited
 * file, directly or through other headers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TreeFile } from '../verify/shadow-tree.js';
import { dirOf } from './project-files.js';

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*([<"])([^">\n]+)[">]/gm;

export interface IncludeGraph {
  /** Repository-relative file -> the repository files it includes. */
  includes: Map<string, Set<string>>;
  /** The reverse: file -> the files that include it. */
  includedBy: Map<string, Set<string>>;
  /** Includes no repository file answers, by spelling (`config.h`), with one file that asked for it: a guessed build may miss them. */
  unresolved: Map<string, string>;
}

/** The `#include` lines of a text: quoted or not, and the path written. */
export function includesOf(text: string): { quoted: boolean; spelled: string }[] {
  return [...text.matchAll(INCLUDE)].map((m) => ({ quoted: m[1] === '"', spelled: (m[2] as string).trim() }));
}

/**
 * The graph of `files` (the repository's C files), with `includeDirs` (repository-relative) searched after
 * the including file's own directory. `textOf` reads a file (a warm checker passes its cache).
 */
export function readIncludeGraph(files: readonly TreeFile[], includeDirs: readonly string[], textOf: (f: TreeFile) => string = (f) => readFileSync(f.source, 'utf8')): IncludeGraph {
  const known = new Set(files.map((f) => f.rel));
  const includes = new Map<string, Set<string>>();
  const includedBy = new Map<string, Set<string>>();
  const unresolved = new Map<string, string>();
  for (const f of files) {
    if (f.rel.endsWith('compile_commands.json')) continue;
    const out = new Set<string>();
    let text: string;
    try {
      text = textOf(f);
    } catch {
      continue;
    }
    for (const inc of includesOf(text)) {
      const candidates = [...(inc.quoted ? [dirOf(f.rel)] : []), ...includeDirs].map((d) => path.posix.normalize(d ? `${d}/${inc.spelled}` : inc.spelled));
      const hit = candidates.find((c) => known.has(c));
      if (hit) {
        out.add(hit);
        if (!includedBy.has(hit)) includedBy.set(hit, new Set());
        includedBy.get(hit)?.add(f.rel);
      } else if (inc.quoted && !unresolved.has(inc.spelled)) unresolved.set(inc.spelled, f.rel);
    }
    includes.set(f.rel, out);
  }
  return { includes, includedBy, unresolved };
}

/** `start` and every file reachable from it through `edges`, breadth first. */
function reach(edges: Map<string, Set<string>>, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    for (const next of edges.get(f) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** The file and every file that includes it, directly or not. */
export const includersOf = (graph: IncludeGraph, file: string): Set<string> => reach(graph.includedBy, file);

/** The file and every repository file it includes, directly or not. */
export const includedFrom = (graph: IncludeGraph, file: string): Set<string> => reach(graph.includes, file);
