import { round, type BenchResult, type Engine } from './lib';

/**
 * Issue 30: the searches are judged on their growth, not on absolute times (which follow the
 * machine and its load): ten times the rows may cost at most twice the p95.
 */
export const GROWTH_BUDGET = 2;

export interface GrowthStep {
  rows: number;
  p95Ms: number;
}

/**
 * One row per step of ten: its figure is p95(10× rows) / p95(rows), and both p95 stay in the row
 * (the value's unit, the reference) so that a reader sees the absolute times as well.
 */
export function growthResult(label: string, noun: string, engine: Engine, from: GrowthStep, to: GrowthStep): BenchResult {
  const ratio = from.p95Ms > 0 ? to.p95Ms / from.p95Ms : Number.POSITIVE_INFINITY;
  const fr = (n: number) => n.toLocaleString('fr-FR');
  return {
    name: `${label}, ${fr(from.rows)} → ${fr(to.rows)} ${noun} : croissance du p95`,
    engine,
    figure: round(ratio),
    unit: `× (p95 ${to.p95Ms} ms à ${fr(to.rows)})`,
    budget: `≤ ${GROWTH_BUDGET} ×`,
    baseline: { name: `p95 à ${fr(from.rows)} ${noun}`, figure: from.p95Ms, unit: 'ms' },
    ratio: round(ratio),
    pass: ratio <= GROWTH_BUDGET,
  };
}
