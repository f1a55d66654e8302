/** `get_repo_summary`: the module map in about 500-1,000 tokens instead of a 5,000-token overview. */
import { z } from 'zod';
import type { ModuleSummary } from '../../analysis/repo-summary.js';
import { fitList, shrinkNote } from '../budget.js';
import { defineTool } from '../tool.js';

interface ModuleRow {
  name: string;
  files: number;
  symbols: number;
  fan_in: number;
  top?: string[];
  risky?: number;
}

export const repoSummaryTool = defineTool({
  name: 'get_repo_summary',
  title: 'Repository summary',
  description:
    'Orient in an unfamiliar repo: top modules by symbols and fan-in, main exports, risky functions, languages. exclude_patterns (default: tests, fixtures, examples, vendor; [] for none) is echoed.',
  input: {
    max_modules: z.number().int().min(1).max(100).optional(),
    exclude_patterns: z.array(z.string().min(1).max(200)).max(50).optional(),
  },
  output: {
    context: z.object({ repo: z.string(), branch: z.string().nullable(), last_commit: z.string().nullable() }),
    project_type: z.string().nullable(),
    entry_points: z.array(z.string()),
    languages: z.array(z.object({ language: z.string(), files: z.number(), lines: z.number() })),
    modules: z.array(z.object({ name: z.string(), files: z.number(), symbols: z.number(), fan_in: z.number(), top: z.array(z.string()).optional(), risky: z.number().optional() })),
    shrink: z.enum(['none', 'dropped_snippets', 'grouped_by_file', 'paged']),
    total_modules: z.number(),
    ranking: z.string(),
    excluded: z.object({ patterns: z.array(z.string()), files: z.number(), modules: z.number() }),
    stats: z.object({ files: z.number(), lines: z.number(), definitions: z.number(), modules: z.number() }),
    notes: z.array(z.string()),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const { getRepoSummary } = await import('../../analysis/repo-summary.js');
    const s = getRepoSummary(ctx.ws.root, ctx.loaded.store, {
      ...(args.max_modules !== undefined ? { max_modules: args.max_modules } : {}),
      ...(args.exclude_patterns !== undefined ? { exclude_patterns: args.exclude_patterns } : {}),
    });
    const rows: ModuleRow[] = s.modules.map((m: ModuleSummary) => ({
      name: m.name,
      files: m.files,
      symbols: m.symbols,
      fan_in: m.fan_in,
      ...(m.top_symbols.length > 0 ? { top: m.top_symbols } : {}),
      ...(m.complexity.risky_functions > 0 ? { risky: m.complexity.risky_functions } : {}),
    }));
    // Modules are the list that shrinks: drop their symbol names first, then page (grouping modules by file says nothing).
    const shape = { light: ({ top: _t, ...rest }: ModuleRow) => rest, file: (m: ModuleRow) => m.name, line: () => 0, groupable: false };
    const build = (fitted: ReturnType<typeof fitList<ModuleRow>>) => ({
      context: s.context,
      project_type: s.project_type,
      entry_points: s.entry_points,
      languages: s.languages,
      modules: fitted.items,
      shrink: fitted.shrink,
      total_modules: s.total_modules,
      ranking: `${s.ranking}; risky = functions with cognitive complexity above ${s.risky_threshold}`,
      excluded: { patterns: s.excluded.patterns, files: s.excluded.files, modules: s.excluded.modules },
      stats: s.stats,
      notes: s.notes,
    });
    const fitted = fitList(rows, shape, ctx.maxTokens, build);
    const structured = build(fitted);
    const note = fitted.remaining > 0 ? `${fitted.remaining} more module(s) not shown: raise max_tokens or lower max_modules` : fitted.shrink !== 'none' ? shrinkNote(fitted, ctx.maxTokens, undefined) : null;
    if (note) structured.notes = [...structured.notes, note];
    const text = [
      `${s.context.repo} (${s.context.branch ?? 'no branch'}) ${s.project_type ?? ''} · ${s.stats.files} files, ${s.stats.lines} lines, ${s.stats.definitions} definitions, ${s.total_modules} modules`,
      `languages: ${s.languages.map((l) => `${l.language} ${l.lines}`).join(', ')}; entry points: ${s.entry_points.join(', ') || 'none'}`,
      ...structured.modules.map((m) => `${m.name}: ${m.files} files, ${m.symbols} symbols, fan-in ${m.fan_in}${m.top ? ` (${m.top.join(', ')})` : ''}${m.risky ? `, ${m.risky} risky` : ''}`),
      `excluded ${s.excluded.files} files / ${s.excluded.modules} modules by ${s.excluded.patterns.join(' ')}`,
      ...structured.notes.map((n) => `note: ${n}`),
    ].join('\n');
    return { structured, text };
  },
});
