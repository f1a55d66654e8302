/**
 * validate_symbol: a quality check of one definition for an agent reviewing or changing it.
 * Combines what the index already knows (complexity metrics), near-duplicates
 * (duplicates.ts) and the impact radius (callers from call-graph.ts) into one answer whose
 * suggestions each name the threshold or the match behind them.
 */
import type { CallResolution } from '../core/types.js';
import type { IndexDb } from '../index/db.js';
import { callGraph } from './call-graph.js';
import { assessComplexity, describeCrossing, type ComplexityMetric, type RiskLevel, type ThresholdCrossing } from './complexity-risk.js';
import { findDuplicatesOf } from './duplicates.js';
import { ambiguousTarget, resolveTarget, type AmbiguousTarget, type DefinitionRow } from './symbol-target.js';

export interface ValidateOptions {
  /** Repository root, to confine file:line targets. */
  root: string;
  /** Near-duplicate threshold, above 0 and at most 1 (default 0.8, the duplicates default). */
  minSimilarity?: number;
  /** How far to count transitive callers, 1-5 (default 2). */
  callerDepth?: number;
}

export interface ValidateSymbolResult {
  symbol: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  /** "45-120" */
  lines: string;
  complexity: {
    cyclomatic: number | null;
    cognitive: number | null;
    max_nesting: number | null;
    lines: number | null;
    risk: RiskLevel;
    crossed: ThresholdCrossing[];
  };
  duplicates: Array<{ symbol: string; qualified_name: string; file: string; line: number; end_line: number; similarity: number }>;
  callers: {
    direct: number;
    transitive: number;
    /** The depth `transitive` counts up to. */
    depth: number;
    /** Up to TOP_CALLERS direct callers, strong matches first. */
    top: Array<{ symbol: string; qualified_name: string | null; file: string | null; line: number | null; resolution: CallResolution }>;
  };
  suggestions: string[];
  notes: string[];
}

const TOP_CALLERS = 5;
const DUPLICATE_LIMIT = 5;
/** This many transitive callers make a risky definition worth covering with tests before changing it. */
const WIDE_IMPACT = 10;

const ADVICE: Record<ComplexityMetric, string> = {
  cognitive: 'split the branches into smaller, named functions',
  cyclomatic: 'too many paths to test one by one; extract cases into functions or a lookup table',
  max_nesting: 'flatten with early returns or extract the inner blocks',
  lines: 'split it into smaller functions, one job each',
};

export function validateSymbol(db: IndexDb, target: string | DefinitionRow, options: ValidateOptions): ValidateSymbolResult | AmbiguousTarget {
  let definition: DefinitionRow;
  if (typeof target === 'string') {
    const found = resolveTarget(db, options.root, target);
    if (found.length > 1) return ambiguousTarget(target, found);
    definition = found[0] as DefinitionRow;
  } else {
    definition = target;
  }
  const notes: string[] = [];
  const suggestions: string[] = [];

  const assessment = assessComplexity(definition);
  if (definition.cognitive === null && definition.cyclomatic === null) {
    notes.push(`complexity is measured for functions and methods; this ${definition.kind} has no metrics`);
  }
  for (const crossing of assessment.crossed) {
    suggestions.push(`${describeCrossing(crossing)}${crossing.level === 'high' ? ' (high)' : ''}: ${ADVICE[crossing.metric]}`);
  }

  const duplicates = findDuplicatesOf(db, definition.id, {
    limit: DUPLICATE_LIMIT,
    ...(options.minSimilarity !== undefined ? { minSimilarity: options.minSimilarity } : {}),
  }).map((d) => ({ symbol: d.symbol, qualified_name: d.qualified_name, file: d.file, line: d.start_line, end_line: d.end_line, similarity: d.similarity }));
  for (const d of duplicates) {
    suggestions.push(`${Math.round(d.similarity * 100)}% similar to ${d.qualified_name} (${d.file}:${d.line}): consider consolidating`);
  }

  const graph = callGraph(db, definition, { root: options.root, direction: 'callers', depth: options.callerDepth ?? 2, limit: TOP_CALLERS });
  if ('ambiguous' in graph) throw new Error('unreachable: a definition row is never ambiguous');
  const callers = {
    direct: graph.counts.direct,
    transitive: graph.counts.transitive,
    depth: graph.depth,
    top: graph.nodes
      .filter((n) => n.depth === 1)
      .map((n) => ({ symbol: n.symbol, qualified_name: n.qualified_name, file: n.file, line: n.line, resolution: n.resolution })),
  };
  // The graph's paging note is about its own page of nodes, not this answer.
  notes.push(...graph.notes.filter((n) => !/more not shown/.test(n)).map((n) => `callers: ${n}`));
  if (callers.direct === 0) {
    if (definition.is_exported) notes.push('no callers in the index; it is exported, so callers may live outside the repository');
    else suggestions.push('no callers found in the index and not exported: possibly unused (check for dynamic calls before removing it)');
  } else if (assessment.risk !== 'low' && callers.transitive >= WIDE_IMPACT) {
    suggestions.push(`${callers.transitive} callers up to depth ${callers.depth} exceed ${WIDE_IMPACT}: with ${assessment.risk} complexity risk, add tests around it before refactoring`);
  }

  return {
    symbol: definition.name,
    qualified_name: definition.qualified_name,
    kind: definition.kind,
    file: definition.file,
    line: definition.start_line,
    lines: `${definition.start_line}-${definition.end_line}`,
    complexity: {
      cyclomatic: definition.cyclomatic,
      cognitive: definition.cognitive,
      max_nesting: definition.max_nesting,
      lines: definition.lines,
      risk: assessment.risk,
      crossed: assessment.crossed,
    },
    duplicates,
    callers,
    suggestions,
    notes,
  };
}
