/** `scout duplicates`: near-duplicate functions in the repository, or those of one symbol. */
import { repoPathPrefix } from '../workspace/repo-path.js';
import {
  DEFAULT_MIN_SIMILARITY,
  findDuplicateClusters,
  findDuplicatesOf,
  FUNCTION_KINDS,
  type DuplicateMatch,
  type DuplicateMember,
  type DuplicateOptions,
  type DuplicateReport,
} from '../analysis/duplicates.js';
import { ScoutError } from '../core/errors.js';
import type { IndexDb } from '../index/db.js';
import { ensureFresh, type EnsureFreshResult } from '../index/freshness.js';
import { definitionNamesLike, definitionsNamedOrQualified, memberNames, type ListedDefinition } from '../index/read/definitions.js';
import { SqliteStore } from '../index/store.js';

export interface DuplicatesFlags {
  symbol?: string;
  'min-similarity'?: string;
  'min-lines'?: string;
  'path-prefix'?: string;
  limit?: string;
}

/** One definition the symbol named, with the functions most similar to it. */
export interface DuplicateTarget {
  definition: DuplicateMember;
  matches: DuplicateMatch[];
}

export type DuplicatesOutput =
  | (DuplicateReport & {
      mode: 'clusters';
      /** Clusters are cut to --limit; total_clusters counts them all. */
      limit: number;
      freshness: EnsureFreshResult;
    })
  | {
      mode: 'symbol';
      symbol: string;
      min_similarity: number;
      targets: DuplicateTarget[];
      /** Definitions the name matched beyond the ones compared. */
      targets_omitted: number;
      elapsed_ms: number;
      freshness: EnsureFreshResult;
    };

const DEFAULT_CLUSTER_LIMIT = 20;
const DEFAULT_MATCH_LIMIT = 10;
const MAX_LIMIT = 1000;
/** A name such as `run` can match many definitions; each costs one pass over every function. */
const MAX_TARGETS = 5;
/** Members listed per cluster in the text output; --json has them all. */
const MEMBERS_SHOWN = 10;

function similarityFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 1) {
    throw new ScoutError('USAGE', `--min-similarity takes a number above 0 and at most 1, got "${value}": e.g. --min-similarity 0.85`);
  }
  return n;
}

function wholeFlag(flag: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ScoutError('USAGE', `--${flag} takes a whole number from 1 to ${max}, got "${value}": e.g. --${flag} 10`);
  return n;
}

function optionsFromFlags(root: string, flags: DuplicatesFlags): DuplicateOptions {
  const options: DuplicateOptions = {};
  const minSimilarity = similarityFlag(flags['min-similarity']);
  if (minSimilarity !== undefined) options.minSimilarity = minSimilarity;
  const minLines = wholeFlag('min-lines', flags['min-lines'], 100_000);
  if (minLines !== undefined) options.minLines = minLines;
  if (flags['path-prefix']) options.pathPrefix = repoPathPrefix(root, flags['path-prefix'], '--path-prefix');
  return options;
}

export async function runDuplicatesCommand(root: string, flags: DuplicatesFlags): Promise<DuplicatesOutput> {
  const options = optionsFromFlags(root, flags);
  const limit = wholeFlag('limit', flags.limit, MAX_LIMIT);
  const store = SqliteStore.open(root);
  try {
    const freshness = await ensureFresh(root, store);
    const db = store.database;
    if (flags.symbol === undefined) {
      const report = findDuplicateClusters(db, options);
      const shown = limit ?? DEFAULT_CLUSTER_LIMIT;
      return { mode: 'clusters', ...report, clusters: report.clusters.slice(0, shown), limit: shown, freshness };
    }
    const started = performance.now();
    const ids = resolveSymbol(db, flags.symbol);
    const targets = ids.slice(0, MAX_TARGETS).map(({ id, member }) => ({
      definition: member,
      matches: findDuplicatesOf(db, id, { ...options, limit: limit ?? DEFAULT_MATCH_LIMIT }),
    }));
    return {
      mode: 'symbol',
      symbol: flags.symbol,
      min_similarity: options.minSimilarity ?? DEFAULT_MIN_SIMILARITY,
      targets,
      targets_omitted: Math.max(0, ids.length - MAX_TARGETS),
      elapsed_ms: Math.round(performance.now() - started),
      freshness,
    };
  } finally {
    store.close();
  }
}

type DefinitionRow = ListedDefinition;

const toMember = (r: DefinitionRow): DuplicateMember => ({
  symbol: r.name,
  qualified_name: r.qualified_name,
  kind: r.kind,
  file: r.path,
  start_line: r.start_line,
  end_line: r.end_line,
  lines: r.end_line - r.start_line + 1,
});

/** The function-like definitions a name (or qualified name) denotes; a ScoutError that says what to pass instead when none. */
function resolveSymbol(db: IndexDb, symbol: string): Array<{ id: number; member: DuplicateMember }> {
  const rows = definitionsNamedOrQualified(db, symbol);
  // Definitions with a body worth comparing first (interface signatures and one-liners last).
  const functions = rows.filter((r) => FUNCTION_KINDS.includes(r.kind)).sort((a, b) => Number(b.end_line - b.start_line >= 2) - Number(a.end_line - a.start_line >= 2));
  if (functions.length > 0) return functions.map((r) => ({ id: r.id, member: toMember(r) }));

  const first = rows[0];
  if (first) {
    const methods = memberNames(db, first.qualified_name, FUNCTION_KINDS, 3);
    const hint = methods.length > 0 ? `: pass one of its methods, e.g. --symbol ${methods.join(', ')}` : '';
    const article = /^[aeiou]/.test(first.kind) ? 'an' : 'a';
    throw new ScoutError('USAGE', `"${symbol}" is ${article} ${first.kind} (${first.path}:${first.start_line}); duplicates compares functions and methods only${hint}`);
  }
  const near = nearNames(db, symbol);
  const suggestion = near.length > 0 ? `; similar names: ${near.join(', ')}` : '; check the spelling, or run `scout search` to find it';
  throw new ScoutError('USAGE', `no function or method named "${symbol}" in the index${suggestion}`);
}

/**
 * Function names close to a misspelt or partial one: names that contain it, or that share
 * its first three letters and are a few edits away (case-insensitive), closest first.
 */
function nearNames(db: IndexDb, symbol: string): string[] {
  const wanted = (symbol.split('.').pop() ?? symbol).toLowerCase();
  const names = definitionNamesLike(db, FUNCTION_KINDS, wanted);
  const maxEdits = Math.max(2, Math.floor(wanted.length / 4));
  return names
    .map((name) => ({ name, edits: name.toLowerCase().includes(wanted) ? 0 : editDistance(name.toLowerCase(), wanted) }))
    .filter((n) => n.edits <= maxEdits)
    .sort((a, b) => a.edits - b.edits || a.name.length - b.name.length || (a.name < b.name ? -1 : 1))
    .slice(0, 8)
    .map((n) => n.name);
}

/** Levenshtein distance (insertions, deletions, substitutions), two rows at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

function memberLine(m: DuplicateMember): string {
  return `${m.file}:${m.start_line}-${m.end_line}  ${m.kind} ${m.qualified_name} (${m.lines} lines)`;
}

export function formatDuplicates(result: DuplicatesOutput): string {
  const out: string[] = [];
  if (result.mode === 'clusters') {
    out.push(
      `${result.total_clusters} cluster(s) of near-duplicate functions among ${result.functions_compared} compared ` +
        `(similarity >= ${result.min_similarity}; ${result.elapsed_ms} ms; ${result.freshness.note})`,
    );
    result.clusters.forEach((c, k) => {
      out.push('', `#${k + 1}  ${c.members.length} functions, similarity ${c.similarity.toFixed(2)}`);
      for (const m of c.members.slice(0, MEMBERS_SHOWN)) out.push(`    ${memberLine(m)}`);
      if (c.members.length > MEMBERS_SHOWN) out.push(`    … ${c.members.length - MEMBERS_SHOWN} more (--json lists them all)`);
    });
    if (result.total_clusters > result.clusters.length) {
      out.push('', `showing ${result.clusters.length} of ${result.total_clusters} clusters: --limit N for more, --path-prefix P to narrow`);
    }
    if (result.total_clusters === 0) out.push('', 'none: lower --min-similarity or --min-lines to widen the search');
    return out.join('\n');
  }
  out.push(`near-duplicates of "${result.symbol}" (similarity >= ${result.min_similarity}; ${result.elapsed_ms} ms; ${result.freshness.note})`);
  for (const t of result.targets) {
    out.push('', `${memberLine(t.definition)}:`);
    if (t.matches.length === 0) out.push('    none');
    for (const m of t.matches) out.push(`    ${m.similarity.toFixed(2)}  ${memberLine(m)}`);
  }
  if (result.targets_omitted > 0) out.push('', `${result.targets_omitted} more definition(s) named "${result.symbol}" not compared: pass a qualified name such as Class.method`);
  return out.join('\n');
}
