/** `index_status`: is the index fresh, what is in it; and the explicit reindex action. */
import { statSync } from 'node:fs';
import { z } from 'zod';
import { defineTool } from '../tool.js';

const LIST_LIMIT = 10;

export const indexStatusTool = defineTool({
  name: 'index_status',
  title: 'Index status',
  description:
    'Index freshness and size. Tools refresh the index themselves; action "reindex" re-parses everything (only if answers look wrong).',
  input: {
    action: z.enum(['status', 'reindex']).optional(),
  },
  output: {
    fresh: z.boolean(),
    indexed_commit: z.string().nullable(),
    head_commit: z.string().nullable(),
    stale_files: z.number(),
    stale_examples: z.array(z.string()),
    counts: z.object({ files: z.number(), lines: z.number(), definitions: z.number(), usages: z.number(), calls: z.number() }),
    languages: z.record(z.string(), z.object({ files: z.number(), lines: z.number() })),
    skipped: z.number(),
    skipped_examples: z.array(z.object({ path: z.string(), reason: z.string() })),
    database_bytes: z.number(),
    reindexed: z.object({ files_parsed: z.number(), duration_ms: z.number() }).optional(),
    notes: z.array(z.string()),
  },
  freshness: 'none',
  readsIndex: false,
  async run(args, ctx) {
    const { checkFreshness } = await import('../../index/freshness.js');
    const { store, config } = ctx.loaded;
    let reindexed: { files_parsed: number; duration_ms: number } | undefined;
    if (args.action === 'reindex') {
      ctx.progress('reindexing every file', 0);
      const stats = await ctx.ws.reindex();
      reindexed = { files_parsed: stats.filesParsed, duration_ms: Math.round(stats.durationMs) };
    }
    return ctx.ws.read(() => {
      const report = checkFreshness(ctx.ws.root, store, { config });
      const stale = [...report.modified, ...report.added, ...report.deleted];
      const counts = store.counts();
      const skipped = store.listSkipped();
      let databaseBytes = 0;
      for (const suffix of ['', '-wal']) databaseBytes += statSync(store.dbPath + suffix, { throwIfNoEntry: false })?.size ?? 0;
      const neverIndexed = store.getMeta('indexed_at') === null;
      const freshness = neverIndexed
        ? 'index not built yet: any query tool builds it (or action "reindex")'
        : report.fresh
          ? `index fresh at ${report.indexedCommit?.slice(0, 7) ?? 'working tree'}`
          : `index stale: ${stale.length} file(s) changed; the next query refreshes them`;
      const structured = {
        fresh: report.fresh && !neverIndexed,
        indexed_commit: report.indexedCommit,
        head_commit: report.headCommit,
        stale_files: stale.length,
        stale_examples: stale.slice(0, LIST_LIMIT),
        counts: { files: counts.files, lines: counts.lines, definitions: counts.definitions, usages: counts.usages, calls: counts.calls },
        languages: counts.byLanguage,
        skipped: skipped.length,
        skipped_examples: skipped.slice(0, LIST_LIMIT).map((s) => ({ path: s.path, reason: s.reason })),
        database_bytes: databaseBytes,
        ...(reindexed ? { reindexed } : {}),
        notes: [...store.notes],
        freshness,
      };
      const langs = Object.entries(counts.byLanguage).map(([l, c]) => `${l} ${c.files} files/${c.lines} lines`).join(', ');
      const text = [
        `${counts.files} files, ${counts.lines} lines, ${counts.definitions} definitions (${langs || 'no supported files'})`,
        reindexed ? `reindexed ${reindexed.files_parsed} file(s) in ${reindexed.duration_ms} ms` : '',
        stale.length > 0 ? `stale: ${stale.slice(0, LIST_LIMIT).join(', ')}${stale.length > LIST_LIMIT ? ' …' : ''}` : '',
        skipped.length > 0 ? `skipped ${skipped.length}: ${skipped.slice(0, 3).map((s) => `${s.path} (${s.reason})`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n');
      return { structured, text };
    });
  },
});
