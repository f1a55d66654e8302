/** `scout callers` and `scout validate`: refresh the index if stale, then run the analysis. */
import { callGraph, type CallGraphResult } from '../analysis/call-graph.js';
import type { AmbiguousTarget } from '../analysis/symbol-target.js';
import { validateSymbol, type ValidateSymbolResult } from '../analysis/validate-symbol.js';
import { ScoutError } from '../core/errors.js';
import { ensureFresh, type EnsureFreshResult } from '../index/freshness.js';
import { SqliteStore } from '../index/store.js';

export interface CallersFlags {
  depth?: string;
  /** List what the target calls instead of who calls it. */
  callees?: boolean;
  /** Path prefix the other end must be in, e.g. src/api/. */
  module?: string;
  limit?: string;
  offset?: string;
}

export type CallersOutput = (CallGraphResult | AmbiguousTarget) & { freshness: EnsureFreshResult };
export type ValidateOutput = (ValidateSymbolResult | AmbiguousTarget) & { freshness: EnsureFreshResult };

function wholeNumber(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ScoutError('USAGE', `--${flag} takes a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

export async function runCallersCommand(root: string, target: string, flags: CallersFlags): Promise<CallersOutput> {
  if (!target.trim()) throw new ScoutError('USAGE', 'scout callers needs a target: a name (route), Class.method, or file:line (src/router.ts:27)');
  // Check flags before touching the index, so a typo costs nothing.
  const depth = wholeNumber('depth', flags.depth, 1, 5);
  const limit = wholeNumber('limit', flags.limit, 1, 500);
  const offset = wholeNumber('offset', flags.offset, 0, Number.MAX_SAFE_INTEGER);
  if (flags.module !== undefined && !flags.module.trim()) throw new ScoutError('USAGE', '--module takes a path prefix, e.g. --module src/api/');
  const store = SqliteStore.open(root);
  try {
    const freshness = await ensureFresh(root, store);
    const result = callGraph(store.database, target, {
      root,
      direction: flags.callees ? 'callees' : 'callers',
      ...(depth !== undefined ? { depth } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(offset !== undefined ? { offset } : {}),
      ...(flags.module !== undefined ? { module: flags.module } : {}),
    });
    return { ...result, freshness };
  } finally {
    store.close();
  }
}

export function formatCallers(result: CallersOutput): string {
  if ('ambiguous' in result) return formatAmbiguous(result);
  const { root, counts } = result;
  const what = result.direction === 'callers' ? 'caller' : 'callee';
  const out = [
    `${what}s of ${root.kind} ${root.qualified_name} (${root.file}:${root.line}), depth ${result.depth}: ${counts.direct} direct, ${counts.transitive} in all (${result.freshness.note})`,
  ];
  if (result.nodes.length === 0) out.push(`  no ${what}s found`);
  for (const n of result.nodes) {
    const where = n.file ? `${n.file}:${n.line}` : (n.module ?? 'outside the index');
    const site = result.direction === 'callers' ? `called at line ${n.via_line}` : `called from ${n.from} at line ${n.via_line}`;
    const sites = n.call_sites > 1 ? ` (${n.call_sites} sites)` : '';
    const weak = n.resolution === 'name' ? ' [by name only]' : '';
    out.push(`  ${'  '.repeat(n.depth - 1)}${n.depth}. ${n.qualified_name ?? n.symbol}  ${where}  ${site}${sites}${weak}`);
  }
  for (const note of result.notes) out.push(`note: ${note}`);
  if (result.next_offset !== null) out.push(`next page: --offset ${result.next_offset}`);
  return out.join('\n');
}

export async function runValidateCommand(root: string, target: string): Promise<ValidateOutput> {
  if (!target.trim()) throw new ScoutError('USAGE', 'scout validate needs a target: a name (route), Class.method, or file:line (src/router.ts:27)');
  const store = SqliteStore.open(root);
  try {
    const freshness = await ensureFresh(root, store);
    return { ...validateSymbol(store.database, target, { root }), freshness };
  } finally {
    store.close();
  }
}

export function formatValidate(result: ValidateOutput): string {
  if ('ambiguous' in result) return formatAmbiguous(result);
  const c = result.complexity;
  const metric = (v: number | null): string => (v === null ? '-' : String(v));
  const out = [
    `${result.kind} ${result.qualified_name}  ${result.file}:${result.lines}  (${result.freshness.note})`,
    `complexity: risk ${c.risk}; cognitive ${metric(c.cognitive)}, cyclomatic ${metric(c.cyclomatic)}, nesting ${metric(c.max_nesting)}, lines ${metric(c.lines)}`,
    `callers: ${result.callers.direct} direct, ${result.callers.transitive} up to depth ${result.callers.depth}`,
  ];
  for (const caller of result.callers.top) out.push(`  ${caller.qualified_name ?? caller.symbol}  ${caller.file ?? '?'}:${caller.line ?? '?'}${caller.resolution === 'name' ? ' [by name only]' : ''}`);
  out.push(`duplicates: ${result.duplicates.length === 0 ? 'none found' : result.duplicates.length}`);
  for (const d of result.duplicates) out.push(`  ${Math.round(d.similarity * 100)}% ${d.symbol}  ${d.file}:${d.line}`);
  if (result.suggestions.length > 0) out.push('suggestions:');
  for (const s of result.suggestions) out.push(`  - ${s}`);
  for (const note of result.notes) out.push(`note: ${note}`);
  return out.join('\n');
}

function formatAmbiguous(result: AmbiguousTarget & { freshness: EnsureFreshResult }): string {
  const out = [`${result.message} (${result.freshness.note})`];
  for (const c of result.candidates) out.push(`  ${c.target}  ${c.kind} ${c.qualified_name}`);
  return out.join('\n');
}
