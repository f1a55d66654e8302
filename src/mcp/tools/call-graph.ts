/** `call_graph`: callers or callees of one symbol, to a depth, with counts. */
import { z } from 'zod';
import type { CallGraphNode } from '../../analysis/call-graph.js';
import { fitList, shrinkNote } from '../budget.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { repoPathPrefix } from '../../workspace/repo-path.js';
import { defineTool } from '../tool.js';
import { fileGroupsSchema, shrinkSchema } from './search.js';
import { refuseAmbiguous, targetFields, targetOf } from './target.js';

const PAGE = 500;

export const callGraphTool = defineTool({
  name: 'call_graph',
  title: 'Call graph',
  description:
    'Use before modifying a function: who calls it (or what it calls), to depth 1-5 (default 2), with counts per depth. module (path prefix) filters large graphs.',
  input: {
    ...targetFields,
    direction: z.enum(['callers', 'callees']).optional(),
    depth: z.number().int().min(1).max(5).optional(),
    module: z.string().max(500).optional(),
    cursor: z.string().max(2000).optional(),
  },
  output: {
    root: z.object({ symbol: z.string(), qualified_name: z.string(), file: z.string(), line: z.number() }),
    direction: z.enum(['callers', 'callees']),
    depth: z.number(),
    nodes: z.array(z.object({ symbol: z.string(), file: z.string().nullable(), line: z.number().nullable(), depth: z.number(), from: z.string().optional(), via_line: z.number().optional(), resolution: z.string().optional() })),
    by_file: fileGroupsSchema,
    shrink: shrinkSchema,
    counts: z.object({ direct: z.number(), transitive: z.number(), by_depth: z.array(z.number()) }),
    total: z.number(),
    next_cursor: z.string().optional(),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { callGraph } = await import('../../analysis/call-graph.js');
    const cursor = decodeCursor(args.cursor);
    const target = targetOf(ctx.ws.root, args);
    const module = args.module !== undefined ? repoPathPrefix(ctx.ws.root, args.module, 'module') : undefined;
    const g = refuseAmbiguous(
      callGraph(ctx.loaded.store.database, target, {
        root: ctx.ws.root,
        direction: args.direction ?? 'callers',
        ...(args.depth !== undefined ? { depth: args.depth } : {}),
        ...(module ? { module } : {}),
        limit: PAGE,
        offset: cursor.offset,
      }),
    );
    type Node = { symbol: string; file: string | null; line: number | null; depth: number; from?: string; via_line?: number; resolution?: string };
    const items: Node[] = g.nodes.map((n: CallGraphNode) => ({ symbol: n.qualified_name ?? n.symbol, file: n.file, line: n.line, depth: n.depth, from: n.from, via_line: n.via_line, resolution: n.resolution }));
    const shape = { light: ({ from: _f, via_line: _v, resolution: _r, ...rest }: Node) => rest, file: (n: Node) => n.file ?? '(outside the index)', line: (n: Node) => n.line ?? 0 };
    const nextFor = (remaining: number): string | undefined => {
      const shownUpTo = cursor.offset + items.length - remaining;
      if (remaining > 0) return encodeCursor({ offset: shownUpTo });
      return g.next_offset !== null ? encodeCursor({ offset: g.next_offset }) : undefined;
    };
    const build = (fitted: ReturnType<typeof fitList<Node>>) => {
      const next = nextFor(fitted.remaining);
      return {
        root: { symbol: g.root.symbol, qualified_name: g.root.qualified_name, file: g.root.file, line: g.root.line },
        direction: g.direction,
        depth: g.depth,
        nodes: fitted.items,
        ...(fitted.by_file ? { by_file: fitted.by_file } : {}),
        shrink: fitted.shrink,
        counts: g.counts,
        total: g.total,
        ...(next ? { next_cursor: next } : {}),
        notes: g.notes,
      };
    };
    const fitted = fitList(items, shape, ctx.maxTokens, build);
    const structured = build(fitted);
    const note = shrinkNote(fitted, ctx.maxTokens, structured.next_cursor);
    if (note) structured.notes = [...structured.notes, note];
    const out = [`${g.direction} of ${g.root.qualified_name} (${g.root.file}:${g.root.line}): ${g.counts.direct} direct, ${g.counts.transitive} up to depth ${g.depth} (by depth ${g.counts.by_depth.join('/')})`];
    for (const n of structured.nodes) out.push(`${'  '.repeat(n.depth - 1)}${n.symbol} ${n.file ?? '(external)'}${n.line ? `:${n.line}` : ''}${n.via_line ? ` via line ${n.via_line}` : ''}`);
    for (const f of structured.by_file ?? []) out.push(`${f.file}: lines ${f.lines.join(', ')}`);
    for (const n of structured.notes) out.push(`note: ${n}`);
    return { structured, text: out.join('\n') };
  },
});
