/**
 * Risk level of one definition from the complexity metrics the indexer stores.
 * Pure: metrics in, verdict out. A metric above its `medium` threshold makes the risk at
 * least medium, above `high` makes it high; the verdict lists every threshold crossed so
 * answers can say exactly why.
 */

export type RiskLevel = 'low' | 'medium' | 'high';
export type ComplexityMetric = 'cognitive' | 'cyclomatic' | 'max_nesting' | 'lines';

export interface ComplexityMetrics {
  cyclomatic: number | null;
  cognitive: number | null;
  max_nesting: number | null;
  lines: number | null;
}

export interface ThresholdCrossing {
  metric: ComplexityMetric;
  value: number;
  /** The highest threshold the value exceeds. */
  threshold: number;
  level: Exclude<RiskLevel, 'low'>;
}

export interface ComplexityRisk {
  risk: RiskLevel;
  crossed: ThresholdCrossing[];
}

/**
 * A value strictly above a threshold crosses it. Why these values:
 * - cognitive: SonarSource's rule flags functions above 15; above 10 is already hard to review.
 * - cyclomatic: McCabe's original limit is 10; the SEI table calls 11-20 moderate and 21+ high risk.
 * - max_nesting: four levels of blocks is where readers lose track; six is a rewrite.
 * - lines: above 80 a function no longer fits one screen; above 200 it does several jobs.
 */
export const COMPLEXITY_THRESHOLDS: Record<ComplexityMetric, { medium: number; high: number }> = {
  cognitive: { medium: 10, high: 15 },
  cyclomatic: { medium: 10, high: 20 },
  max_nesting: { medium: 3, high: 5 },
  lines: { medium: 80, high: 200 },
};

const METRIC_ORDER: ComplexityMetric[] = ['cognitive', 'cyclomatic', 'max_nesting', 'lines'];

export function assessComplexity(metrics: ComplexityMetrics): ComplexityRisk {
  const crossed: ThresholdCrossing[] = [];
  for (const metric of METRIC_ORDER) {
    const value = metrics[metric];
    if (value === null) continue;
    const { medium, high } = COMPLEXITY_THRESHOLDS[metric];
    if (value > high) crossed.push({ metric, value, threshold: high, level: 'high' });
    else if (value > medium) crossed.push({ metric, value, threshold: medium, level: 'medium' });
  }
  const risk: RiskLevel = crossed.some((c) => c.level === 'high') ? 'high' : crossed.length > 0 ? 'medium' : 'low';
  return { risk, crossed };
}

const METRIC_LABEL: Record<ComplexityMetric, string> = {
  cognitive: 'cognitive complexity',
  cyclomatic: 'cyclomatic complexity',
  max_nesting: 'nesting depth',
  lines: 'length in lines',
};

/** "cognitive complexity 18 exceeds 15" */
export function describeCrossing(crossing: ThresholdCrossing): string {
  return `${METRIC_LABEL[crossing.metric]} ${crossing.value} exceeds ${crossing.threshold}`;
}
