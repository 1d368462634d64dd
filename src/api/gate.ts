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
import {
  BASELINE_METRICS,
  baselineFromReport,
  mergeBaseline,
  readBaseline,
  writeBaseline,
  type BaselineMetric,
} from '../harness/gate/baseline.ts';
import { BaselineError } from '../harness/gate/baseline-error.ts';
import { compareWithBaseline, type GateChange } from '../harness/gate/compare-baseline.ts';
import { gateScope } from '../harness/gate/gate-scope.ts';
import { gatePassed, renderGateMarkdown, type GateVerdict } from '../harness/gate/render-gate.ts';
import { baselineRefusal } from '../harness/gate/unrecordable.ts';
import { DEFAULT_TOLERANCES, type Tolerance, type Tolerances } from '../harness/gate/tolerances.ts';
import type { ReportFile } from '../harness/report/report-folder.ts';
import type { SuiteReport } from '../harness/report/suite-report.ts';
import { DEFAULT_BASELINE, DEFAULT_GATE_PATHS } from './defaults.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';
import { checkSuiteSettings, playSuite } from './play-suite.ts';
import type { SimulateOptions } from './simulate.ts';

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
   * `passed`: nothing changed and every scenario passed (a baseline never turns a failing scenario
   * into a pass); `failed` otherwise. With `updateBaseline`: `baseline-written` (the changes were
   * accepted), or `baseline-refused` (a scenario crashed, hung or timed out: `refusal`).
   */
  readonly kind: 'passed' | 'failed' | 'baseline-written' | 'baseline-refused';
  /**
   * True when nothing changed and every scenario passed. With `updateBaseline`: true when the
   * baseline was written; false when it was refused (`refusal`).
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
  /** What the gate renderers show (its `baselinePath` as the caller gave it). */
  readonly verdict: GateVerdict;
  readonly report: SuiteReport;
  /** The report files written to `reportDir` (with gate.md and gate.json), none without it. */
  readonly written: readonly string[];
}

/**
 * Bad input throws before anything runs (an `OptionError`, a `BaselineError` when there is no
 * baseline to gate against, and what `simulate` throws). `names`: how options are named in
 * messages (the command line passes its flags).
 */
export async function gate(options: GateOptions = {}, names: OptionNames = API_OPTION_NAMES): Promise<GateResult> {
  const n = names;
  const cwd = resolve(options.cwd ?? process.cwd());
  const updateBaseline = options.updateBaseline === true;
  // The numbers first, as the command line has always checked them, then what only a gate needs.
  checkSuiteSettings({ ...options, paths: [] }, n);
  if (updateBaseline && options.shard !== undefined)
    throw new OptionError(`${n('updateBaseline')} needs the whole suite: drop ${n('shard')}`);
  const tolerances = withTolerances(options.tolerances ?? {});
  const given = options.baseline ?? DEFAULT_BASELINE;
  const baselinePath = resolve(cwd, given);
  const baseline = await readBaseline(baselinePath);
  if (baseline === null && !updateBaseline) {
    throw new BaselineError(
      `no baseline at ${given}: nothing to gate against. Create it once, on purpose, with ${n('updateBaseline')} (and commit it), or point ${n('baseline')} at the committed file.`,
    );
  }
  const paths = options.paths ?? DEFAULT_GATE_PATHS;
  const inScope = gateScope(paths, cwd);
  const { run, report, finish } = await playSuite(
    { ...options, paths, cwd, invocation: options.invocation ?? { command: 'gate (api)', argv: [] } },
    names,
  );
  let verdict: GateVerdict;
  let written: string[];
  const current = baselineFromReport(report);
  try {
    verdict = {
      compared: report.scenarios.length,
      failing: report.summary.failed,
      changes: compareWithBaseline(baseline, current, tolerances, {
        suiteIds: run.allIds,
        reportRemoved: options.shard === undefined || options.shard.index === 1,
        inScope,
      }),
      baselinePath: given,
    };
    options.onReport?.(report);
  } finally {
    written = await finish(verdict! === undefined ? [] : gateReportFiles(verdict!));
  }
  const refusal = updateBaseline ? baselineRefusal(report, given) : null;
  if (updateBaseline && refusal === null) await writeBaseline(baselinePath, mergeBaseline(baseline, current, inScope));
  const kind = updateBaseline
    ? refusal === null
      ? 'baseline-written'
      : 'baseline-refused'
    : gatePassed(verdict)
      ? 'passed'
      : 'failed';
  return {
    kind,
    passed: kind === 'passed' || kind === 'baseline-written',
    refusal,
    changes: verdict.changes,
    compared: verdict.compared,
    baselinePath,
    verdict,
    report,
    written,
  };
}

/** gate.md and gate.json, written with the run's other reports (one folder, one run). */
function gateReportFiles(verdict: GateVerdict): ReportFile[] {
  const json = {
    passed: gatePassed(verdict),
    compared: verdict.compared,
    failing: verdict.failing,
    baseline: verdict.baselinePath,
    changes: verdict.changes,
  };
  return [
    { name: 'gate.md', content: renderGateMarkdown(verdict) },
    { name: 'gate.json', content: `${JSON.stringify(json, null, 2)}\n` },
  ];
}

function withTolerances(overrides: Readonly<Partial<Record<BaselineMetric, Tolerance>>>): Tolerances {
  for (const [metric, tolerance] of Object.entries(overrides)) {
    if (!(BASELINE_METRICS as readonly string[]).includes(metric)) {
      throw new OptionError(`tolerances: unknown metric "${metric}" (one of ${BASELINE_METRICS.join(', ')})`);
    }
    const { kind, value } = tolerance as Tolerance;
    if ((kind !== 'absolute' && kind !== 'percent') || !Number.isFinite(value) || value < 0) {
      throw new OptionError(`tolerances.${metric} must be { kind: 'absolute' | 'percent', value: a number >= 0 }`);
    }
  }
  return { ...DEFAULT_TOLERANCES, ...overrides };
}
