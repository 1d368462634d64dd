/**
 * How far a measurement may move from the baseline before the gate calls it drift.
 *
 * Defaults: every count is exact (the world is deterministic, so any change in LLM steps,
 * summarizations, summarizer calls, re-injections, fallbacks, compacted steps, overflow steps,
 * loops or thrash is a real behaviour change); peakRealTokens may move ±2 % of the baseline value
 * (a summary a few bytes longer should not block a merge). Override per metric with
 * `--tolerance <metric>=<n>` (absolute) or `--tolerance <metric>=<n>%` (relative to the baseline).
 *
 * Whatever the tolerance, an increase in overflowSteps, loops or thrash is always a regression.
 */
import { BASELINE_METRICS, type BaselineMetric } from './baseline.ts';

export interface Tolerance {
  readonly kind: 'absolute' | 'percent';
  readonly value: number;
}

export type Tolerances = Readonly<Record<BaselineMetric, Tolerance>>;

export const DEFAULT_TOLERANCES: Tolerances = {
  llmSteps: { kind: 'absolute', value: 0 },
  summarizations: { kind: 'absolute', value: 0 },
  summarizerCalls: { kind: 'absolute', value: 0 },
  reinjections: { kind: 'absolute', value: 0 },
  fallbacks: { kind: 'absolute', value: 0 },
  compactedSteps: { kind: 'absolute', value: 0 },
  peakRealTokens: { kind: 'percent', value: 2 },
  overflowSteps: { kind: 'absolute', value: 0 },
  loops: { kind: 'absolute', value: 0 },
  thrash: { kind: 'absolute', value: 0 },
};

/** Applies `metric=value[%]` overrides to the defaults; returns an error message on bad input. */
export function parseTolerances(overrides: readonly string[]): Tolerances | string {
  const result: Record<string, Tolerance> = { ...DEFAULT_TOLERANCES };
  for (const text of overrides) {
    const match = /^([A-Za-z]+)=(\d+(?:\.\d+)?)(%?)$/.exec(text.trim());
    if (match === null) return `--tolerance must look like metric=2 or metric=2%, got "${text}"`;
    const metric = match[1] as string;
    if (!(BASELINE_METRICS as readonly string[]).includes(metric)) {
      return `--tolerance: unknown metric "${metric}" (one of ${BASELINE_METRICS.join(', ')})`;
    }
    result[metric] = { kind: match[3] === '%' ? 'percent' : 'absolute', value: Number(match[2]) };
  }
  return result as Tolerances;
}

export function withinTolerance(baseline: number, current: number, tolerance: Tolerance): boolean {
  const allowed = tolerance.kind === 'absolute' ? tolerance.value : (Math.abs(baseline) * tolerance.value) / 100;
  return Math.abs(current - baseline) <= allowed;
}

export function describeTolerance(tolerance: Tolerance): string {
  if (tolerance.value === 0) return 'exact';
  return tolerance.kind === 'absolute' ? `±${tolerance.value}` : `±${tolerance.value}%`;
}
