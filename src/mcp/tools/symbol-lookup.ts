/** `symbol_lookup`: where one name is defined, exported, imported and used, by role. */
import { z } from 'zod';
import type { SymbolHit } from '../../search/symbol-lookup.js';
import { ScoutError } from '../../core/errors.js';
import { fitList, shrinkNote } from '../budget.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { repoPathPrefix } from '../../workspace/repo-path.js';
import { defineTool } from '../tool.js';
import { fileGroupsSchema, shrinkSchema } from './search.js';

const hitSchema = z.object({
  name: z.string(),
  qualified_name: z.string().nullable(),
  kind: z.string().nullable(),
  role: z.string(),
  site_role: z.string().optional(),
  module: z.string().nullable().optional(),
  file: z.string(),
  line: z.number(),
  context: z.string().optional(),
});

export const symbolLookupTool = defineTool({
  name: 'symbol_lookup',
  title: 'Look up a symbol',
  description:
    "Where a known name is defined, exported, imported or used; each usage with its syntactic role (call, case_pattern, ...). Exact and fast.",
  input: {
    name: z.string().min(1).max(200),
    kind: z.array(z.string()).max(20).optional(),
    role: z.array(z.enum(['definition', 'export', 'import', 'usage'])).optional(),
    include_context: z.boolean().optional(),
    path_prefix: z.string().max(500).optional(),
    limit: z.number().int().min(1).max(500).optional(),
    cursor: z.string().max(2000).optional(),
  },
  output: {
    name: z.string(),
    results: z.array(hitSchema),
    by_file: fileGroupsSchema,
    shrink: shrinkSchema,
    total_count: z.number(),
    counts: z.record(z.string(), z.number()),
    next_cursor: z.string().optional(),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { lookupSymbol } = await import('../../search/symbol-lookup.js');
    const cursor = decodeCursor(args.cursor);
    const answer = lookupSymbol(
      ctx.loaded.store.database,
      {
        name: args.name,
        ...(args.kind ? { kind: args.kind } : {}),
        ...(args.role ? { role: args.role } : {}),
        ...(args.include_context ? { include_context: true } : {}),
        ...(args.path_prefix !== undefined ? { filters: { path_prefix: repoPathPrefix(ctx.ws.root, args.path_prefix, 'path_prefix') } } : {}),
        limit: Math.min(500, (args.limit ?? 50) + cursor.offset),
      },
      ctx.ws.root,
    );
    const unknown = answer.total_count === 0 ? answer.notes.find((n) => n.startsWith('nothing named')) : undefined;
    if (unknown) throw new ScoutError('USAGE', `${unknown}. Check the spelling (names are case-sensitive; Class.method for members) or use search for free text`);
    const items = answer.results.slice(cursor.offset);
    const shape = { light: ({ context: _c, ...rest }: SymbolHit) => rest as SymbolHit, file: (h: SymbolHit) => h.file, line: (h: SymbolHit) => h.line };
    const nextFor = (remaining: number) => (remaining > 0 ? encodeCursor({ offset: cursor.offset + items.length - remaining }) : undefined);
    const build = (fitted: ReturnType<typeof fitList<SymbolHit>>) => {
      const next = nextFor(fitted.remaining);
      return {
        name: answer.name,
        results: fitted.items,
        ...(fitted.by_file ? { by_file: fitted.by_file } : {}),
        shrink: fitted.shrink,
        total_count: answer.total_count,
        counts: answer.counts,
        ...(next ? { next_cursor: next } : {}),
        notes: answer.notes,
      };
    };
    const fitted = fitList(items, shape, ctx.maxTokens, build);
    const structured = build(fitted);
    const note = shrinkNote(fitted, ctx.maxTokens, structured.next_cursor);
    if (note) structured.notes = [...structured.notes, note];
    const c = answer.counts;
    const out = [`"${answer.name}": ${c.definition} definition(s), ${c.export} export(s), ${c.import} import(s), ${c.usage} usage(s)`];
    for (const h of structured.results) {
      const detail = h.role === 'usage' ? `usage/${h.site_role}${h.qualified_name ? ` in ${h.qualified_name}` : ''}` : h.role === 'definition' ? `${h.kind} ${h.qualified_name}` : `${h.role}${h.module ? ` (${h.module})` : ''}`;
      out.push(`${h.file}:${h.line} ${detail}`);
      if (h.context) out.push(...h.context.split('\n').map((l) => `  ${l}`));
    }
    for (const g of structured.by_file ?? []) out.push(`${g.file}: lines ${g.lines.join(', ')}`);
    for (const n of structured.notes) out.push(`note: ${n}`);
    return { structured, text: out.join('\n') };
  },
});
