/**
 * The report model every reporter renders: one record per scenario with the settings it ran
 * with, every measurement, and the per-step series. It is a pure function of the outcomes, holds
 * no timestamps and no absolute paths, so equal runs give byte-identical reports (run metadata
 * lives apart, in `run-meta.json`).
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { ScenarioOutcome } from '../run/run-suite.ts';
import type { ExpectationFailure } from '../run/scenario-outcome.ts';
import type { SessionFailure, SessionTotals, StepRecord } from '../../world/session-result.ts';
import type { PhaseSettings } from '../../world/world-scenario.ts';

export const REPORT_SCHEMA_VERSION = 1;

export interface ScenarioSettings {
  readonly seed: number;
  readonly flavour: string;
  /** The first phase's model and window (the ones most scenarios have throughout). */
  readonly model: string;
  readonly contextWindow: number;
  readonly turns: number;
  readonly phases: readonly PhaseSettings[];
  readonly strategy: { readonly name: string; readonly options: Readonly<Record<string, unknown>> };
}

export interface ScenarioRecord {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly passed: boolean;
  /** The failing expectations; [] when passed. */
  readonly failures: readonly ExpectationFailure[];
  readonly settings: ScenarioSettings;
  // The headline measurements (null when the session never finished: hung strategy, dead worker).
  readonly llmSteps: number | null;
  readonly summarizations: number | null;
  readonly summarizerCalls: number | null;
  readonly reinjections: number | null;
  readonly fallbacks: number | null;
  readonly peakRealTokens: number | null;
  readonly peakPercent: number | null;
  readonly overflowSteps: number | null;
  readonly loops: number | null;
  readonly thrash: number | null;
  /** Every measurement the world took. */
  readonly totals: SessionTotals | null;
  /** Why the session could not complete, as the world reported it. */
  readonly sessionFailure: SessionFailure | null;
  readonly traceDigest: string | null;
  readonly steps: readonly StepRecord[];
}

export interface SuiteReport {
  readonly schemaVersion: number;
  readonly summary: { readonly total: number; readonly passed: number; readonly failed: number };
  readonly scenarios: readonly ScenarioRecord[];
}

export function buildSuiteReport(outcomes: readonly ScenarioOutcome[], cwd = process.cwd()): SuiteReport {
  const scenarios = outcomes.map((outcome) => buildScenarioRecord(outcome, cwd));
  const passed = scenarios.filter((record) => record.passed).length;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    summary: { total: scenarios.length, passed, failed: scenarios.length - passed },
    scenarios,
  };
}

export function buildScenarioRecord(outcome: ScenarioOutcome, cwd: string): ScenarioRecord {
  const { scenario, result, failures } = outcome;
  const totals = result?.totals ?? null;
  const firstPhase = scenario.world.phases[0];
  return {
    id: scenario.id,
    name: scenario.name,
    file: portablePath(scenario.file, cwd),
    passed: failures.length === 0,
    failures: failures.map(({ expectation, message }) => ({ expectation, message })),
    settings: {
      seed: scenario.world.seed,
      flavour: scenario.world.flavour,
      model: firstPhase?.modelName ?? '',
      contextWindow: firstPhase?.contextWindow ?? 0,
      turns: scenario.world.turns.length,
      phases: scenario.world.phases,
      strategy: { name: portablePath(scenario.strategy.name, cwd), options: scenario.strategy.options },
    },
    llmSteps: totals?.llmSteps ?? null,
    summarizations: totals?.summarizations ?? null,
    summarizerCalls: totals?.summarizerCalls ?? null,
    reinjections: totals?.reinjections ?? null,
    fallbacks: totals?.fallbacks ?? null,
    peakRealTokens: totals?.peakRealTokens ?? null,
    peakPercent: totals?.peakPercent ?? null,
    overflowSteps: totals?.overflowSteps ?? null,
    loops: totals?.loops ?? null,
    thrash: totals?.thrash ?? null,
    totals,
    sessionFailure: result?.failure ?? null,
    traceDigest: result?.traceDigest ?? null,
    steps: result?.steps ?? [],
  };
}

/** Absolute paths become cwd-relative with `/` separators, so reports do not depend on the machine. */
export function portablePath(path: string, cwd: string): string {
  const relativePath = isAbsolute(path) ? relative(cwd, path) : path;
  return relativePath.split(sep).join('/');
}
