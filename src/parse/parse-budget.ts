/**
 * A wall-clock budget for one parse. web-tree-sitter calls the progress callback
 * periodically while parsing; returning true cancels the parse (parse() then returns
 * null). A cancelled parser would resume the old document on its next call, so it is
 * reset before the error is thrown.
 */
import type { Parser, Tree } from 'web-tree-sitter';
import { ScoutError } from '../core/errors.js';

/** Parse `source`, giving up after `budgetMs` (0 or Infinity: no budget). */
export function parseWithBudget(parser: Parser, source: string, budgetMs: number): Tree | null {
  if (!(budgetMs > 0) || budgetMs === Number.POSITIVE_INFINITY) return parser.parse(source);
  const deadline = performance.now() + budgetMs;
  let cancelled = false;
  const tree = parser.parse(source, null, {
    // Typed as returning void; the runtime cancels on a true result.
    progressCallback: (() => (cancelled = performance.now() > deadline)) as () => void,
  });
  if (cancelled) {
    tree?.delete();
    parser.reset();
    throw new ScoutError('PARSE_BUDGET_EXCEEDED', `parsing took longer than the ${budgetMs} ms budget`);
  }
  return tree;
}
