/**
 * A wall-clock budget for parsing one file and running its query. web-tree-sitter
 * calls a progress callback periodically during both; returning true cancels (parse()
 * then returns null, matches() returns what it found so far). Either way the file's
 * facts would be partial, so a cancellation throws ScoutError PARSE_BUDGET_EXCEEDED.
 * A cancelled parser would resume the old document on its next call, so it is reset.
 * (On deep trees the query is the slow part: 20,000 nested parentheses in Python parse
 * in 0.3 s and take 40 s to match.)
 */
import type { Node, Parser, Query, QueryMatch, Tree } from 'web-tree-sitter';
import { ScoutError } from '../core/errors.js';

export interface ParseBudget {
  ms: number;
  deadline: number;
}

/** A budget starting now; null (no budget) for 0 or a non-finite number. */
export function startBudget(ms: number | undefined): ParseBudget | null {
  if (ms === undefined || !(ms > 0) || !Number.isFinite(ms)) return null;
  return { ms, deadline: performance.now() + ms };
}

function exceeded(budget: ParseBudget, what: string): ScoutError {
  return new ScoutError('PARSE_BUDGET_EXCEEDED', `${what} took longer than the ${budget.ms} ms budget`);
}

/** `parser.parse(source)`, cancelled when the budget runs out. */
export function parseWithin(parser: Parser, source: string, budget: ParseBudget | null): Tree | null {
  if (!budget) return parser.parse(source);
  let cancelled = false;
  const tree = parser.parse(source, null, {
    // Typed as returning void; the runtime cancels on a true result.
    progressCallback: (() => (cancelled = performance.now() > budget.deadline)) as () => void,
  });
  if (cancelled) {
    tree?.delete();
    parser.reset();
    throw exceeded(budget, 'parsing');
  }
  return tree;
}

/** `query.matches(node)`, cancelled when the budget runs out. */
export function matchesWithin(query: Query, node: Node, budget: ParseBudget | null): QueryMatch[] {
  if (!budget) return query.matches(node);
  let cancelled = false;
  const matches = query.matches(node, {
    progressCallback: (() => (cancelled = performance.now() > budget.deadline)) as () => void,
  });
  if (cancelled) throw exceeded(budget, 'parsing and matching the query');
  return matches;
}
