/**
 * `gate()`: the `compaction-sim gate` command as a function. Runs the suite (default: every file
 * under `scenarios/`) and compares it with the committed baseline (default
 * `reports/baseline.json`): any new overflow, loop, thrash or failed expectation, a scenario added
 * or removed, or a measurement beyond its tolerance is a change, and the gate passes only without
 * changes and with every scenario passing. `updateBaseline` writes the current results as the new
 * baseline instead (entries of scenarios outside `paths` are kept), unless a scenario crashed, hung
 * or timed out (never recorded: `refusal` says which). Without a baseline there is nothing to gate against: a
 * `BaselineError`, unless `updateBaseline` creates it.
 */
import { resolve } from 'node:path';
import { BASELINE_METRICS, baselineFromReport, mergeBaseline, readBaseline, writeBaseline, type BaselineMetric } from '../harness/gate/baseline.ts';
import { BaselineError } from '../harness/gate/baseline-error.ts';
import { compareWithBaseline, type GateChange } from '../harness/gate/compare-baseline.ts';
import { gateScope } from '../harness/gate/gate-scope.ts';
import { baselineRefusal } from '../harness/gate/unrecordable.ts';
import { DEFAULT_TOLERANCES, type Tolerance, type Tolerances } from '../harness/gate/tolerances.ts';
import type { SuiteReport } from '../harness/report/suite-report.ts';
import { DEFAULT_BASELINE, DEFAULT_GATE_PATHS } from './defaults.ts';
import { simulate, type SimulateOptions } from './simulate.ts';

export interface GateOptions extends Omit<SimulateOptions, 'paths' | 'realSummarizer'> {
  /** Scenario files or folders (default `['scenarios']`), relative to `cwd`. */
  readonly paths?: readonly string[];
  /** The baseline file (default `reports/baseline.json`), relative to `cwd`. */
  readonly baseline?: string;
  /**
   * Allowed drift per metric, replacing the defaults (counts exact, `peakRealTokens` ±2 %).
   * Overflow steps, loops and thrash may never grow, whatever the tolerance.
   */
  readonly tolerances?: Readonly<Partial<Record<BaselineMetric, Tolerance>>>;
  /** Accept the current results: write them as the new baseline (needs the whole suite, no `shard`). */
  readonly updateBaseline?: boolean;
}

export interface GateResult {
  /**
   * True when nothing changed and every scenario passed (a baseline never turns a failing
   * scenario into a pass). With `updateBaseline`: true when the baseline was written (the changes
   * were accepted); false when it was refused (`refusal`).
   */
  readonly passed: boolean;
  /**
   * With `updateBaseline`: why the baseline was not written (a scenario crashed, hung or timed
   * out: such a run is never recorded), else null.
   */
  readonly refusal: string | null;
  /** Every change against the baseline (with `updateBaseline`: the changes accepted). */
  readonly changes: readonly GateChange[];
  /** Scenarios compared (this shard's). */
  readonly compared: number;
  /** The baseline path, resolved against `cwd`. */
  readonly baselinePath: string;
  readonly report: SuiteReport;
}

export async function gate(options: GateOptions = {}): Promise<GateResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.updateBaseline === true && options.shard !== undefined) {
    throw new RangeError('updateBaseline needs the whole suite: drop shard');
  }
  const tolerances = withTolerances(options.tolerances ?? {});
  const baselinePath = resolve(cwd, options.baseline ?? DEFAULT_BASELINE);
  const baseline = await readBaseline(baselinePath);
  if (baseline === null && options.updateBaseline !== true) {
    throw new BaselineError(`no baseline at ${baselinePath}: nothing to gate against. Create it once, on purpose, with updateBaseline: true (and commit it)`);
  }
  const paths = options.paths ?? DEFAULT_GATE_PATHS;
  const inScope = gateScope(paths, cwd);
  const { report, allIds } = await simulate({ ...options, paths, cwd });
  const current = baselineFromReport(report);
  const changes = compareWithBaseline(baseline, current, tolerances, {
    suiteIds: allIds,
    reportRemoved: options.shard === undefined || options.shard.index === 1,
    inScope,
  });
  const refusal = options.updateBaseline === true ? baselineRefusal(report, baselinePath) : null;
  if (options.updateBaseline === true && refusal === null) await writeBaseline(baselinePath, mergeBaseline(baseline, current, inScope));
  return {
    passed: options.updateBaseline === true ? refusal === null : changes.length === 0 && report.summary.failed === 0,
    refusal,
    changes,
    compared: report.scenarios.length,
    baselinePath,
    report,
  };
}

function withTolerances(overrides: Readonly<Partial<Record<BaselineMetric, Tolerance>>>): Tolerances {
  for (const [metric, tolerance] of Object.entries(overrides)) {
    if (!(BASELINE_METRICS as readonly string[]).includes(metric)) {
      throw new RangeError(`tolerances: unknown metric "${metric}" (one of ${BASELINE_METRICS.join(', ')})`);
    }
    const { kind, value } = tolerance as Tolerance;
    if ((kind !== 'absolute' && kind !== 'percent') || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`tolerances.${metric} must be { kind: 'absolute' | 'percent', value: a number >= 0 }`);
    }
  }
  return { ...DEFAULT_TOLERANCES, ...overrides };
}
