/** `scout status`: freshness, counts, skipped files, the stored vectors, database size. Reads only; never reindexes. */
import { statSync } from 'node:fs';
import { checkFreshness } from '../index/freshness.js';
import type { IndexDb } from '../index/db.js';
import { overlaidFiles, sharedOrigin, type SharedOrigin } from '../index/read/shared.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import { SqliteStore, type IndexCounts } from '../index/store.js';
import type { SkippedFile } from '../workspace/walk.js';
import { dirtyFilesAsync } from '../workspace/git.js';
import { vectorSummary, type VectorSummary } from '../search/vector-store.js';
import { runningWatchDaemon } from './watch-daemon-control.js';

export interface StatusReport {
  root: string;
  database: string;
  databaseBytes: number;
  schemaVersion: number;
  indexedAt: string | null;
  indexedCommit: string | null;
  headCommit: string | null;
  fresh: boolean;
  stale: { modified: string[]; added: string[]; deleted: string[]; gitDirty: string[] | null };
  freshnessCheckMs: number;
  counts: IndexCounts;
  skipped: SkippedFile[];
  /** The running watch daemon (`scout watch`), or null: then freshness checks are stat sweeps. */
  watchDaemon: { pid: number } | null;
  /**
   * Set when the index is a team snapshot (`--store`): where it came from, the files indexed on top of it, and
   * what serves search: the pulled copy, full-text (FTS5 BM25) and vectors (sqlite-vec) alike.
   */
  shared: (SharedOrigin & { overlaid: string[]; search: string }) | null;
  /** The stored chunk vectors, or null when there are none (search is BM25 until a provider's vectors are synced). */
  vectors: VectorSummary | null;
  notes: string[];
}

/** `gitDirty`: git's dirty files, when the caller started git already (see dirtyFilesAsync). */
export async function runStatusCommand(root: string, gitDirty: Promise<string[] | null> = dirtyFilesAsync(root)): Promise<StatusReport> {
  // git runs beside the sweep and the counts: status then costs the longer of the two, not their sum.
  const store = SqliteStore.open(root);
  try {
    const freshness = checkFreshness(root, store);
    let databaseBytes = 0;
    for (const suffix of ['', '-wal']) databaseBytes += statSync(store.dbPath + suffix, { throwIfNoEntry: false })?.size ?? 0;
    const counts = store.counts();
    const skipped = store.listSkipped();
    return {
      root,
      database: store.dbPath,
      databaseBytes,
      schemaVersion: SCHEMA_VERSION,
      indexedAt: store.getMeta('indexed_at'),
      indexedCommit: freshness.indexedCommit,
      headCommit: freshness.headCommit,
      fresh: freshness.fresh,
      stale: { modified: freshness.modified, added: freshness.added, deleted: freshness.deleted, gitDirty: await gitDirty },
      freshnessCheckMs: Math.round(freshness.durationMs * 100) / 100,
      counts,
      skipped,
      watchDaemon: runningDaemonPid(root),
      shared: sharedOf(store.database),
      vectors: vectorSummary(store.database),
      notes: store.notes,
    };
  } finally {
    store.close();
  }
}

function sharedOf(db: IndexDb): StatusReport['shared'] {
  const origin = sharedOrigin(db);
  if (!origin) return null;
  return { ...origin, overlaid: overlaidFiles(db), search: 'the local copy of the snapshot: full-text by FTS5 BM25, vectors by sqlite-vec (brute force), both in .scout/' };
}

function vectorsLine(v: VectorSummary | null): string {
  if (!v) return 'none stored (search ranks by BM25 alone until an embedding provider\'s vectors are synced)';
  const storage = v.storage === 'int8' ? 'int8' : 'float32 (written by an older build; stored again as int8 at the next sync)';
  const step = v.inStep ? 'in step with the index' : 'behind the index (the next search that uses vectors embeds the changed chunks)';
  return `${v.dimensions}-dimensional, ${storage}, from ${v.provider}; ${step}`;
}

function runningDaemonPid(root: string): { pid: number } | null {
  const daemon = runningWatchDaemon(root);
  return daemon ? { pid: daemon.pid } : null;
}

const LIST_LIMIT = 10;
/** Skipped files shown per reason in the text rendering; --json lists every one. */
const SKIPPED_PER_REASON = 20;

export function formatStatus(s: StatusReport): string {
  const out: string[] = [];
  out.push(`repository  ${s.root}`);
  if (s.indexedAt === null) {
    out.push('index       not built yet: run `scout index` (queries also build it on first use)');
    return out.join('\n');
  }
  const staleCount = s.stale.modified.length + s.stale.added.length + s.stale.deleted.length;
  const commit = s.indexedCommit ? s.indexedCommit.slice(0, 7) : 'no git commit';
  if (s.fresh) out.push(`freshness   fresh at ${commit} (indexed ${s.indexedAt}; checked in ${s.freshnessCheckMs} ms)`);
  else {
    const headNote = s.headCommit !== s.indexedCommit ? `, HEAD moved to ${s.headCommit?.slice(0, 7) ?? 'none'}` : '';
    out.push(`freshness   STALE: ${staleCount} file${staleCount === 1 ? '' : 's'} changed since ${commit}${headNote}; the next query refreshes it, or run \`scout index\``);
    for (const [label, list] of [['modified', s.stale.modified], ['added', s.stale.added], ['deleted', s.stale.deleted]] as const) {
      if (list.length === 0) continue;
      out.push(`  ${label}: ${list.slice(0, LIST_LIMIT).join(', ')}${list.length > LIST_LIMIT ? ` … and ${list.length - LIST_LIMIT} more (--json lists all)` : ''}`);
    }
  }
  if (s.shared) {
    const o = s.shared.overlaid;
    out.push(`shared      snapshot ${s.shared.snapshot} of ${s.shared.repo}@${s.shared.commit.slice(0, 7)} from ${s.shared.store}; ${o.length === 0 ? 'no local file indexed on top' : `${o.length} local file(s) indexed on top: ${o.slice(0, LIST_LIMIT).join(', ')}${o.length > LIST_LIMIT ? ' …' : ''}`}`);
    out.push(`  search    ${s.shared.search}`);
  }
  if (s.stale.gitDirty && s.stale.gitDirty.length > 0) out.push(`git         ${s.stale.gitDirty.length} uncommitted file(s) in the work tree`);
  const c = s.counts;
  out.push(`files       ${c.files} (${c.lines} lines)`);
  for (const [language, v] of Object.entries(c.byLanguage)) out.push(`  ${language.padEnd(11)} ${String(v.files).padStart(6)} files ${String(v.lines).padStart(9)} lines`);
  out.push(`facts       ${c.definitions} definitions, ${c.usages} usages, ${c.imports} imports, ${c.calls} calls, ${c.chunks} search chunks`);
  out.push(`  by kind   ${Object.entries(c.byKind).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (c.filesWithSyntaxErrors > 0) out.push(`parsing     ${c.filesWithSyntaxErrors} file(s) with syntax errors (facts kept from the parts that parse)`);
  if (c.filesWithInvalidUtf8 > 0) out.push(`encoding    ${c.filesWithInvalidUtf8} file(s) not valid UTF-8 (decoded with replacement characters)`);
  for (const f of c.filesFailedToParse.slice(0, LIST_LIMIT)) out.push(`  failed    ${f.path}: ${f.error}`);
  if (s.skipped.length > 0) {
    const byReason = new Map<string, SkippedFile[]>();
    for (const k of s.skipped) byReason.set(k.reason, [...(byReason.get(k.reason) ?? []), k]);
    out.push(`skipped     ${s.skipped.length} file(s)`);
    for (const [reason, list] of byReason) {
      const shown = list.slice(0, SKIPPED_PER_REASON).map((k) => (k.detail ? `${k.path} (${k.detail})` : k.path));
      const more = list.length - shown.length;
      out.push(`  ${reason} (${list.length}): ${shown.join(', ')}${more > 0 ? ` … and ${more} more (--json lists all)` : ''}`);
    }
  }
  out.push(
    s.watchDaemon
      ? `watcher     watch daemon running (pid ${s.watchDaemon.pid}); \`scout watch --stop\` ends it`
      : 'watcher     none (queries check freshness with a stat sweep; `scout watch` starts a daemon)',
  );
  out.push(`vectors     ${vectorsLine(s.vectors)}`);
  out.push(`database    ${s.database} (${(s.databaseBytes / 1024 / 1024).toFixed(1)} MB, schema v${s.schemaVersion})`);
  for (const n of s.notes) out.push(`note        ${n}`);
  return out.join('\n');
}
