/**
 * The report model every reporter renders: one record per scenario with the settings it ran
 * with, every measurement, and the per-step series. It is a pure function of the outcomes, holds
 * no timestamps and no absolute paths, so equal runs give byte-identical reports (run metadata
 * lives apart, in `run-meta.json`).
 */
import { scenarioCost, type ScenarioCost } from '../../pricing/scenario-cost.ts';
import { isAbsolute, relative, sep } from 'node:path';
import type { RealSummarizerConfig } from '../run/real-summarizer.ts';
import type { ScenarioOutcome } from '../run/run-suite.ts';
import type { ExpectationFailure } from '../run/scenario-outcome.ts';
import { propertyByName, propertyKind } from '../../checker/properties/index.ts';
import type { PropertyKind, PropertyName } from '../../checker/properties/property.ts';
import { UNIVERSAL_PROPERTIES } from '../scenario/verdict.ts';
import type {
  AcceptedViolation,
  InfeasibleViolation,
  ReproducedViolation,
  StaleAcceptance,
} from '../scenario/verdict.ts';
import type { SessionFailure, SessionTotals, StepRecord } from '../../world/session-result.ts';
import { faultsNotAppliedWithModel } from '../../world/models/summarizer-llm.ts';
import type { PhaseSettings, SummarizerFault } from '../../world/world-scenario.ts';
import type { SessionRetention } from '../../world/facts/retention.ts';
import { replayCompactionsOf, type ReplayCompactions } from './replay-compactions.ts';

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
  /**
   * Only in a real-summarizer run: the model that wrote the summaries, and the scenario's faults
   * that did not apply to it (`oversize`; `error`, `empty` and `timeout` still did).
   */
  readonly realSummarizer?: { readonly model: string; readonly faultsNotApplied: readonly SummarizerFault[] };
}

/** A session's price (src/pricing): USD, the model priced, and the input read from a prompt cache. */
export interface ScenarioRecordCost {
  readonly usd: number;
  readonly pricedAs: string;
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
}

export interface ScenarioRecord {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  /**
   * What the scenario is about, from its file: for an imported log, what the replay leaves out
   * and why. Always written by `buildScenarioRecord` ('' when the file has none); optional for
   * records built by hand.
   */
  readonly description?: string;
  readonly passed: boolean;
  /** The failing expectations and properties; [] when passed. */
  readonly failures: readonly ExpectationFailure[];
  /** Violations tolerated by an acceptance (a known limitation), each with its reason. */
  readonly accepted: readonly AcceptedViolation[];
  /** Violations no strategy could have avoided here, each with the condition that proves it. */
  readonly infeasible: readonly InfeasibleViolation[];
  /** Reported bugs the scenario expected this strategy to show, and it did. */
  readonly reproduced: readonly ReproducedViolation[];
  /**
   * Acceptances for the strategy that played that matched no violation in this run (stale
   * tolerances: each also fails the scenario, listed in `failures` as `stale-acceptance`). Always
   * written by `buildScenarioRecord`; optional for records built by hand.
   */
  readonly stale?: readonly StaleAcceptance[];
  readonly settings: ScenarioSettings;
  // The headline measurements (null when the session never finished: hung strategy, dead worker).
  readonly llmSteps: number | null;
  readonly summarizations: number | null;
  readonly summarizerCalls: number | null;
  /** Steps that re-used a stored summary without calling the summarizer. */
  readonly reinjections: number | null;
  /** Steps that shrank the request with no summary at all (history dropped or cut). */
  readonly trimmedSteps: number | null;
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
  /** What the session would have cost at its model's prices and cache rules (absent when it never finished). */
  readonly cost?: ScenarioRecordCost;
  /** Issue 29: what survived of the planted facts (absent when the scenario plants none). */
  readonly retention?: SessionRetention;
  /** A replayed log: where the recorded agent compacted beside where the strategy did (absent for scripted scenarios). */
  readonly replay?: ReplayCompactions;
}

/** Marks a run whose summaries a real model wrote: its results are not deterministic. */
export interface RealSummarizerNote extends RealSummarizerConfig {
  readonly note: string;
}

export interface SuiteReport {
  readonly schemaVersion: number;
  /**
   * Present only when a real model wrote the summaries (`simulate --real-summarizer`); the texts
   * are in each step's `summarizerCalls[].summary` (failures in `.failure`).
   */
  readonly realSummarizer?: RealSummarizerNote;
  readonly summary: { readonly total: number; readonly passed: number; readonly failed: number };
  /**
   * The properties every scenario was judged on, with their kind: `behaviour` (what happened in
   * the session). The `contract` checks (what a strategy declares about itself) run in `fuzz`.
   * Optional for reports built by hand; always written by `buildSuiteReport`.
   */
  readonly properties?: readonly {
    readonly name: PropertyName;
    readonly kind: PropertyKind;
    readonly description: string;
  }[];
  readonly scenarios: readonly ScenarioRecord[];
}

export const REAL_SUMMARIZER_NOTE =
  'results are not deterministic, and expectations that depend on the simulated summary may fail';

export function buildSuiteReport(
  outcomes: readonly ScenarioOutcome[],
  cwd = process.cwd(),
  realSummarizer?: RealSummarizerConfig,
): SuiteReport {
  const scenarios = outcomes.map((outcome) => buildScenarioRecord(outcome, cwd, realSummarizer));
  const passed = scenarios.filter((record) => record.passed).length;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    // Only in this mode, so deterministic reports stay byte-identical to what they were.
    ...(realSummarizer === undefined
      ? {}
      : {
          realSummarizer: {
            model: realSummarizer.model,
            timeoutMs: realSummarizer.timeoutMs,
            note: REAL_SUMMARIZER_NOTE,
          },
        }),
    summary: { total: scenarios.length, passed, failed: scenarios.length - passed },
    properties: UNIVERSAL_PROPERTIES.map((name) => {
      const property = propertyByName(name);
      return { name, kind: propertyKind(property), description: property.description };
    }),
    scenarios,
  };
}

export function buildScenarioRecord(
  outcome: ScenarioOutcome,
  cwd: string,
  realSummarizer?: RealSummarizerConfig,
): ScenarioRecord {
  const { scenario, result, failures, accepted, infeasible, reproduced, stale = [] } = outcome;
  const totals = result?.totals ?? null;
  const firstPhase = scenario.world.phases[0];
  return {
    id: scenario.id,
    name: scenario.name,
    file: portablePath(scenario.file, cwd),
    description: scenario.description,
    passed: failures.length === 0,
    failures: failures.map(({ expectation, message }) => ({ expectation, message })),
    accepted: accepted.map(({ property, strategy, reason, message }) => ({ property, strategy, reason, message })),
    infeasible: infeasible.map(({ property, reason, detail, message }) => ({ property, reason, detail, message })),
    reproduced: reproduced.map(({ property, strategy, issue, message }) => ({ property, strategy, issue, message })),
    stale: stale.map(({ property, strategy, reason, message }) => ({ property, strategy, reason, message })),
    settings: {
      seed: scenario.world.seed,
      flavour: scenario.world.flavour,
      model: firstPhase?.modelName ?? '',
      contextWindow: firstPhase?.contextWindow ?? 0,
      turns: scenario.world.turns.length,
      phases: scenario.world.phases,
      strategy: { name: portablePath(scenario.strategy.name, cwd), options: scenario.strategy.options },
      ...(realSummarizer === undefined
        ? {}
        : {
            realSummarizer: {
              model: realSummarizer.model,
              faultsNotApplied: faultsNotAppliedWithModel(scenario.world.summarizer),
            },
          }),
    },
    llmSteps: totals?.llmSteps ?? null,
    summarizations: totals?.summarizations ?? null,
    summarizerCalls: totals?.summarizerCalls ?? null,
    reinjections: totals?.reinjections ?? null,
    trimmedSteps: totals?.trimmedSteps ?? null,
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
    ...(result?.retention === undefined ? {} : { retention: result.retention }),
    ...(result === null ? {} : { cost: recordCost(scenarioCost(scenario.world, result)) }),
    ...(scenario.recorded === undefined
      ? {}
      : { replay: replayCompactionsOf(scenario.recorded.compactions, result?.steps ?? []) }),
  };
}

function recordCost(cost: ScenarioCost): ScenarioRecordCost {
  return {
    usd: cost.usd,
    pricedAs: cost.pricedAs,
    inputTokens: cost.inputTokens,
    cacheReadTokens: cost.cacheReadTokens,
  };
}

/** Absolute paths become cwd-relative with `/` separators, so reports do not depend on the machine. */
export function portablePath(path: string, cwd: string): string {
  const relativePath = isAbsolute(path) ? relative(cwd, path) : path;
  return relativePath.split(sep).join('/');
}
