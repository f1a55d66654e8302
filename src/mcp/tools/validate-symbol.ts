/** `validate_symbol`: complexity, near-duplicates and callers of one function, with what to do about them. */
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { refuseAmbiguous, targetFields, targetOf } from './target.js';

export const validateSymbolTool = defineTool({
  name: 'validate_symbol',
  title: 'Validate a symbol',
  description:
    'Use before changing or after writing a function: complexity and risk, near-duplicates, callers, suggestions with the thresholds crossed. Pass symbol, or file + line.',
  input: {
    ...targetFields,
    min_similarity: z.number().gt(0).max(1).optional(),
  },
  output: {
    symbol: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    file: z.string(),
    lines: z.string(),
    complexity: z.object({
      cyclomatic: z.number().nullable(),
      cognitive: z.number().nullable(),
      max_nesting: z.number().nullable(),
      lines: z.number().nullable(),
      risk: z.enum(['low', 'medium', 'high']),
    }),
    duplicates: z.array(z.object({ symbol: z.string(), file: z.string(), line: z.number(), similarity: z.number() })),
    callers: z.object({ direct: z.number(), transitive: z.number(), depth: z.number(), top: z.array(z.object({ symbol: z.string(), file: z.string().nullable(), line: z.number().nullable() })) }),
    suggestions: z.array(z.string()),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { validateSymbol } = await import('../../analysis/validate-symbol.js');
    const target = targetOf(ctx.ws.root, args);
    const r = refuseAmbiguous(validateSymbol(ctx.loaded.store.database, target, { root: ctx.ws.root, ...(args.min_similarity !== undefined ? { minSimilarity: args.min_similarity } : {}) }));
    const structured = {
      symbol: r.symbol,
      qualified_name: r.qualified_name,
      kind: r.kind,
      file: r.file,
      lines: r.lines,
      complexity: { cyclomatic: r.complexity.cyclomatic, cognitive: r.complexity.cognitive, max_nesting: r.complexity.max_nesting, lines: r.complexity.lines, risk: r.complexity.risk },
      duplicates: r.duplicates.map((d) => ({ symbol: d.qualified_name || d.symbol, file: d.file, line: d.line, similarity: d.similarity })),
      callers: { direct: r.callers.direct, transitive: r.callers.transitive, depth: r.callers.depth, top: r.callers.top.map((c) => ({ symbol: c.qualified_name ?? c.symbol, file: c.file, line: c.line })) },
      suggestions: r.suggestions,
      notes: r.notes,
    };
    const c = structured.complexity;
    const text = [
      `${r.kind} ${r.qualified_name} ${r.file}:${r.lines}`,
      `complexity: cyclomatic ${c.cyclomatic ?? '-'}, cognitive ${c.cognitive ?? '-'}, nesting ${c.max_nesting ?? '-'}, ${c.lines ?? '-'} lines → risk ${c.risk}`,
      `callers: ${r.callers.direct} direct, ${r.callers.transitive} up to depth ${r.callers.depth}${structured.callers.top.length ? ` (${structured.callers.top.map((t) => `${t.symbol} ${t.file ?? '?'}:${t.line ?? '?'}`).join(', ')})` : ''}`,
      ...structured.duplicates.map((d) => `duplicate: ${Math.round(d.similarity * 100)}% ${d.symbol} ${d.file}:${d.line}`),
      ...r.suggestions.map((s) => `suggestion: ${s}`),
      ...r.notes.map((n) => `note: ${n}`),
    ].join('\n');
    return { structured, text };
  },
});
