/**
 * The completeness signal, pure: compare the server's reference count for a symbol with
 * the index's usage count of its name. When the server finds far fewer (project not loaded,
 * no tsconfig, files outside the project), say so and merge in the index's sites,
 * deduplicated by file and line.
 */
import type { Completeness, Site } from './types.js';

export interface CompletenessOptions {
  /** Below this many index sites the comparison says nothing (default 4). */
  minIndexCount?: number;
  /** The server is "far fewer" below this share of the index's count (default 0.5). */
  ratio?: number;
}

export interface CompletenessAssessment {
  sites: Site[];
  completeness: Completeness;
  /** Set when the index's sites were merged in. */
  note: string | null;
}

export function assessCompleteness(name: string, lspSites: Site[], indexSites: Site[], options: CompletenessOptions = {}): CompletenessAssessment {
  const minIndexCount = options.minIndexCount ?? 4;
  const ratio = options.ratio ?? 0.5;
  const lspCount = lspSites.length;
  const indexCount = indexSites.length;
  const incomplete = indexCount >= minIndexCount && lspCount < ratio * indexCount;
  if (!incomplete) {
    return { sites: lspSites, completeness: { lspCount, indexCount, complete: true, added: 0 }, note: null };
  }
  const merged = mergeSites(lspSites, indexSites);
  const added = merged.length - lspSites.length;
  const note =
    `the language server found ${lspCount} reference${lspCount === 1 ? '' : 's'} to "${name}" but the index has ${indexCount} usage sites of the name: ` +
    'the project is probably not fully loaded (no tsconfig/jsconfig or project file, or files outside the project); ' +
    `merged ${added} index site${added === 1 ? '' : 's'} (source 'index', matched by name)`;
  return { sites: merged, completeness: { lspCount, indexCount, complete: false, added }, note };
}

/** `primary` plus the sites of `extra` on a file and line `primary` does not have, in file/line/column order. */
export function mergeSites(primary: Site[], extra: Site[]): Site[] {
  const seen = new Set(primary.map((s) => `${s.file}\u0000${s.line}`));
  const merged = [...primary];
  for (const site of extra) {
    const key = `${site.file}\u0000${site.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(site);
  }
  return merged.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}
