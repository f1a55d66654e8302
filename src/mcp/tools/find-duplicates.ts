/** `find_duplicates`: clusters of near-duplicate functions across the repository, or the near-copies of one. */
import { z } from 'zod';
import type { DuplicateCluster } from '../../analysis/duplicates.js';
import { ScoutError } from '../../core/errors.js';
import { fitList, shrinkNote } from '../budget.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { repoPathPrefix } from '../../workspace/repo-path.js';
import { defineTool } from '../tool.js';
import { refuseAmbiguous, targetFields, targetOf } from './target.js';

interface Member {
  symbol: string;
  file: string;
  line: number;
  lines?: number;
}
interface Cluster {
  similarity: number;
  size: number;
  members: Member[];
}

export const findDuplicatesTool = defineTool({
  name: 'find_duplicates',
  title: 'Find duplicate code',
  description:
    'Use BEFORE writing a function (does one exist?) and for refactoring: clusters of near-duplicate functions, or the near-copies of one symbol (symbol or file + line).',
  input: {
    ...targetFields,
    min_similarity: z.number().gt(0).max(1).optional().describe('default 0.8'),
    min_lines: z.number().int().min(1).optional(),
    path_prefix: z.string().max(500).optional(),
    cursor: z.string().max(2000).optional(),
  },
  output: {
    clusters: z.array(z.object({ similarity: z.number(), size: z.number(), members: z.array(z.object({ symbol: z.string(), file: z.string(), line: z.number(), lines: z.number().optional() })) })),
    shrink: z.enum(['none', 'dropped_snippets', 'grouped_by_file', 'paged']),
    total_clusters: z.number(),
    functions_compared: z.number().optional(),
    min_similarity: z.number(),
    next_cursor: z.string().optional(),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { findDuplicateClusters, findDuplicatesOf, DEFAULT_MIN_SIMILARITY } = await import('../../analysis/duplicates.js');
    const db = ctx.loaded.store.database;
    const cursor = decodeCursor(args.cursor);
    const options = {
      ...(args.min_similarity !== undefined ? { minSimilarity: args.min_similarity } : {}),
      ...(args.min_lines !== undefined ? { minLines: args.min_lines } : {}),
      ...(args.path_prefix !== undefined ? { pathPrefix: repoPathPrefix(ctx.ws.root, args.path_prefix, 'path_prefix') } : {}),
    };
    const notes: string[] = [];
    let clusters: Cluster[];
    let total: number;
    let compared: number | undefined;
    if (args.symbol !== undefined || args.file !== undefined) {
      const { resolveTarget, ambiguousTarget } = await import('../../analysis/symbol-target.js');
      const target = targetOf(ctx.ws.root, args);
      const definitions = resolveTarget(db, ctx.ws.root, target);
      if (definitions.length > 1) refuseAmbiguous(ambiguousTarget(target, definitions));
      const definition = definitions[0];
      if (!definition) throw new ScoutError('USAGE', `nothing named ${target}`);
      const matches = findDuplicatesOf(db, definition.id, { ...options, limit: 50 });
      const self: Member = { symbol: definition.qualified_name, file: definition.file, line: definition.start_line };
      clusters = matches.map((m) => ({ similarity: m.similarity, size: 2, members: [self, { symbol: m.qualified_name || m.symbol, file: m.file, line: m.start_line, lines: m.lines }] }));
      total = clusters.length;
      if (clusters.length === 0) notes.push(`no function at least ${Math.round((args.min_similarity ?? DEFAULT_MIN_SIMILARITY) * 100)}% similar to ${definition.qualified_name}`);
    } else {
      const report = findDuplicateClusters(db, options);
      clusters = report.clusters.map((c: DuplicateCluster) => ({
        similarity: c.similarity,
        size: c.members.length,
        members: c.members.map((m) => ({ symbol: m.qualified_name || m.symbol, file: m.file, line: m.start_line, lines: m.lines })),
      }));
      total = report.total_clusters;
      compared = report.functions_compared;
    }
    const items = clusters.slice(cursor.offset);
    // A light cluster keeps its first members and counts the rest: the cursor pages clusters.
    const shape = {
      light: (c: Cluster): Cluster => ({ similarity: c.similarity, size: c.size, members: c.members.slice(0, 3).map(({ lines: _l, ...m }) => m) }),
      file: (c: Cluster) => c.members[0]?.file ?? '',
      line: (c: Cluster) => c.members[0]?.line ?? 0,
      groupable: false,
    };
    const build = (fitted: ReturnType<typeof fitList<Cluster>>) => {
      const next = fitted.remaining > 0 ? encodeCursor({ offset: cursor.offset + items.length - fitted.remaining }) : undefined;
      return {
        clusters: fitted.items,
        shrink: fitted.shrink,
        total_clusters: total,
        ...(compared !== undefined ? { functions_compared: compared } : {}),
        min_similarity: args.min_similarity ?? DEFAULT_MIN_SIMILARITY,
        ...(next ? { next_cursor: next } : {}),
        notes,
      };
    };
    const fitted = fitList(items, shape, ctx.maxTokens, build);
    const structured = build(fitted);
    const note = fitted.shrink === 'dropped_snippets' ? `clusters list their first 3 members (size says how many) to fit max_tokens=${ctx.maxTokens}` : shrinkNote(fitted, ctx.maxTokens, structured.next_cursor);
    if (note) structured.notes = [...structured.notes, note];
    const out = [`${total} cluster(s) of near-duplicates${compared !== undefined ? ` among ${compared} function(s)` : ''} (similarity ≥ ${structured.min_similarity})`];
    for (const c of structured.clusters) {
      out.push(`${Math.round(c.similarity * 100)}% × ${c.size}: ${c.members.map((m) => `${m.symbol} ${m.file}:${m.line}`).join('; ')}${c.members.length < c.size ? ` … ${c.size - c.members.length} more` : ''}`);
    }
    for (const n of structured.notes) out.push(`note: ${n}`);
    return { structured, text: out.join('\n') };
  },
});
