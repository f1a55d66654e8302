/**
 * The mock scorer, for tests: fixed rubrics by link id, or a function of the link. Links without an
 * entry get `defaultRubric` (the epic's V0 mock: relevance 3, risk 3). Every call is recorded in `calls`.
 */
import type { ScoutLink } from '../link.js';
import type { AnalyzedQuery } from '../query-analysis.js';
import { makeRubric, type Rubric } from '../rubric.js';
import type { Rating, Scorer } from './scorer.js';

export type MockRubrics =
  | Readonly<Record<string, Partial<Rubric>>>
  | ((link: ScoutLink, query: AnalyzedQuery) => Partial<Rubric> | null | undefined);

export class MockScorer implements Scorer {
  readonly name = 'mock';
  /** Each rate() call: the query and the links, in order. */
  readonly calls: Array<{ query: AnalyzedQuery; links: ScoutLink[] }> = [];
  private readonly rubrics: MockRubrics;
  private readonly defaultRubric: Partial<Rubric>;

  constructor(rubrics: MockRubrics = {}, defaultRubric: Partial<Rubric> = { relevance: 3, risk: 3, complexity: 2, confidence: 3, reason: 'mock' }) {
    this.rubrics = rubrics;
    this.defaultRubric = defaultRubric;
  }

  async rate(query: AnalyzedQuery, links: readonly ScoutLink[], signal?: AbortSignal): Promise<Rating[]> {
    signal?.throwIfAborted();
    this.calls.push({ query, links: [...links] });
    return links.map((link) => {
      const given = typeof this.rubrics === 'function' ? this.rubrics(link, query) : this.rubrics[link.id];
      return { rubric: makeRubric({ ...this.defaultRubric, ...(given ?? {}) }), source: 'mock' as const };
    });
  }
}
