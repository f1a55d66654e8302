/**
 * `scout context` (git and project facts plus index freshness, without reindexing)
 * and `scout summary` (refreshes the index, then the top modules).
 */
import { getContext, type ContextResult } from '../analysis/context.js';
import { DEFAULT_MAX_MODULES, getRepoSummary, type RepoSummary } from '../analysis/repo-summary.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh, type EnsureFreshResult } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';

export function runContextCommand(root: string): ContextResult {
  const store = SqliteStore.open(root);
  try {
    return getContext(root, store);
  } finally {
    store.close();
  }
}

export function formatContext(c: ContextResult): string {
  const out: string[] = [];
  const branch = c.detached ? 'detached HEAD' : (c.branch ?? 'no branch');
  out.push(`repository  ${c.repo_name} (${branch})${c.remote ? `  ${c.remote}` : ''}`);
  if (c.last_commit) out.push(`last commit ${c.last_commit.hash} ${c.last_commit.date} ${c.last_commit.author}: ${c.last_commit.message}`);
  const stale = c.index_status === 'stale' ? ` (${c.stale_files} file${c.stale_files === 1 ? '' : 's'} changed)` : '';
  out.push(`index       ${c.index_status.replace('_', ' ')}${stale}`);
  out.push(`project     ${c.project_type ?? 'no manifest found'}`);
  if (c.entry_points.length > 0) out.push(`entry       ${c.entry_points.join(', ')}`);
  if (c.languages.length > 0) out.push(`languages   ${c.languages.map((l) => `${l.language} ${l.lines} lines`).join(', ')}`);
  for (const note of c.notes) out.push(`note: ${note}`);
  return out.join('\n');
}

export interface SummaryFlags {
  'max-modules'?: string;
  exclude?: string[];
}

export type SummaryOutput = RepoSummary & { freshness: EnsureFreshResult };

export async function runSummaryCommand(root: string, flags: SummaryFlags): Promise<SummaryOutput> {
  const options = summaryOptions(flags);
  const store = SqliteStore.open(root);
  try {
    const freshness = await ensureFresh(root, store);
    return { ...getRepoSummary(root, store, options), freshness };
  } finally {
    store.close();
  }
}

/** Flags to options, checked before the index is opened so a typo costs nothing. */
function summaryOptions(flags: SummaryFlags): { max_modules?: number; exclude_patterns?: string[] } {
  const options: { max_modules?: number; exclude_patterns?: string[] } = {};
  const raw = flags['max-modules'];
  if (raw !== undefined) {
    const n = Number(raw);
    if (!/^\s*\d+\s*$/.test(raw) || n < 1) {
      throw new ScoutError('USAGE', `--max-modules takes a whole number of at least 1 (default ${DEFAULT_MAX_MODULES}), got "${raw}"`);
    }
    options.max_modules = n;
  }
  if (flags.exclude !== undefined) {
    // Repeatable and comma-separated (--exclude test/,docs/); "none" turns the default patterns off.
    const patterns = flags.exclude.flatMap((v) => v.split(',')).map((v) => v.trim());
    if (patterns.some((p) => p === '')) {
      throw new ScoutError('USAGE', '--exclude takes path patterns such as test/ or .spec. (repeat the flag or separate with commas); use --exclude none to exclude nothing');
    }
    options.exclude_patterns = patterns.length === 1 && patterns[0] === 'none' ? [] : patterns;
  }
  return options;
}

export function formatSummary(s: SummaryOutput): string {
  const out: string[] = [];
  const branch = s.context.branch ?? 'no branch';
  out.push(`repository  ${s.context.repo} (${branch})${s.context.last_commit ? `  ${s.context.last_commit}` : ''}  [${s.freshness.note}]`);
  out.push(`project     ${s.project_type ?? 'no manifest found'}`);
  for (const p of s.projects ?? []) out.push(`  ${p.manifest}: ${p.type}`);
  if (s.entry_points.length > 0) out.push(`entry       ${s.entry_points.join(', ')}`);
  out.push(`languages   ${s.languages.map((l) => `${l.language} ${l.files} files/${l.lines} lines`).join(', ') || 'none indexed'}`);
  out.push(`stats       ${s.stats.files} files, ${s.stats.lines} lines, ${s.stats.definitions} definitions, ${s.stats.modules} modules`);
  out.push('', `modules (${s.modules.length} of ${s.total_modules}; ranked by ${s.ranking}, highest first; risky = cognitive > ${s.risky_threshold})`);
  const width = Math.min(40, Math.max(6, ...s.modules.map((m) => m.name.length)));
  for (const m of s.modules) {
    const risky = m.complexity.risky_functions > 0 ? `, ${m.complexity.risky_functions} risky` : '';
    const top = m.top_symbols.length > 0 ? `  ${m.top_symbols.join(', ')}` : '';
    out.push(`  ${m.name.padEnd(width)} ${m.files} files, ${m.symbols} symbols (${m.exported} exported), fan-in ${m.fan_in}, max cognitive ${m.complexity.max_cognitive}${risky}${top}`);
  }
  const x = s.excluded;
  const patterns = x.patterns.length > 0 ? x.patterns.join(' ') : 'none';
  out.push('', `excluded    ${x.files} files, ${x.modules} modules, ${x.manifests} manifests by patterns: ${patterns} (change with --exclude, or --exclude none)`);
  for (const note of s.notes) out.push(`note: ${note}`);
  return out.join('\n');
}
