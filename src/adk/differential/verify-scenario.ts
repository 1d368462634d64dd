/**
 * Differential verification of one scenario: play it in the world (`runSession`, trace recorded)
 * and in the real adk-js 2.0.0 runtime with the same strategy, compare step by step
 * (`compareRuns`), and optionally measure adk-js's own `TokenBasedContextCompactor` on it.
 *
 * The real run happens inside a deterministic environment (stubbed clock, `Math.random`, UUIDs:
 * deterministic-environment.ts) installed BEFORE `@google/adk` is first imported, and restored
 * right after, so every scenario starts from the same clock and seeds whatever ran before it.
 */
import { createStrategy } from '../../harness/strategy/load-strategy.ts';
import type { ResolvedScenario, ResolvedStrategy } from '../../harness/scenario/resolved-scenario.ts';
import { runSession } from '../../world/run-session.ts';
import type { SessionTotals } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import type { SummarizerModel } from '../../engine/types.ts';
import type { AdkCompactor } from './adk-compactor.ts';
import type { AdkSessionOptions, AdkSessionOutcome } from './adk-session.ts';
import { compareRuns, type StepDifference } from './compare-runs.ts';
import { installDeterministicEnvironment } from './deterministic-environment.ts';
import type { ComparableStep } from './normalize-trace.ts';

/** pass/fail: the runs were compared; measured: real summaries, nothing to compare; skipped: not playable here. */
export type Verdict = 'pass' | 'fail' | 'skipped' | 'measured';

/** What a compactor did in a run: the columns users compare. */
export interface RunMeasurements {
  readonly llmSteps: number;
  /** Steps in which the summarizer was called (ContextGuard) / compacted events created (adk-js). */
  readonly compactions: number;
  readonly peakRealTokens: number;
  readonly peakPercent: number;
  readonly overflowSteps: number;
  /** Set when the run could not complete (a strategy threw, adk-js threw). */
  readonly failure: string | null;
}

export interface ScenarioVerification {
  readonly id: string;
  readonly name: string;
  readonly verdict: Verdict;
  /** Why a scenario was skipped. */
  readonly reason: string | null;
  readonly stepsCompared: number;
  readonly difference: StepDifference | null;
  readonly world: RunMeasurements | null;
  readonly adk: RunMeasurements | null;
  /** adk-js's own TokenBasedContextCompactor on the same scenario, when asked for. */
  readonly adkTokenBased: RunMeasurements | null;
}

export interface VerifyOptions {
  /** Also run adk-js's TokenBasedContextCompactor (measurements only: the world does not model it). */
  readonly tokenBased?: Extract<AdkCompactor, { kind: 'adk-token-based' }>;
  /**
   * Summarize with this (real) model in the adk-js runs. Real summaries cannot be replayed in the
   * world, so the runs are measured side by side instead of compared (verdict `measured`).
   */
  readonly realSummarizer?: SummarizerModel;
  /** Replaces the strategy the scenario file names (the CLI's --strategy / --strategy-options). */
  readonly strategyOverride?: (file: ResolvedStrategy) => ResolvedStrategy;
}

export async function verifyScenario(
  scenario: ResolvedScenario,
  options: VerifyOptions = {},
): Promise<ScenarioVerification> {
  const base = { id: scenario.id, name: scenario.name };
  if (scenario.world.flavour !== 'adk-js') {
    return {
      ...base,
      verdict: 'skipped',
      reason: `flavour ${scenario.world.flavour}: the real runtime here is adk-js`,
      stepsCompared: 0,
      difference: null,
      world: null,
      adk: null,
      adkTokenBased: null,
    };
  }
  const strategy = options.strategyOverride ? options.strategyOverride(scenario.strategy) : scenario.strategy;
  if (options.realSummarizer)
    return measureWithRealSummarizer(scenario, strategy, options.realSummarizer, options.tokenBased);
  // Two fresh strategies: a strategy may keep per-instance state (ContextGuard's serializer).
  const world = await runSession(scenario.world, { strategy: await createStrategy(strategy), recordTrace: true });
  const adk = await runInRealAdk(scenario.world, {
    compactor: { kind: 'context-guard', strategy: await createStrategy(strategy) },
    recordTrace: true,
  });
  if (!world.trace || !adk.trace) throw new Error('differential: a run returned no trace');
  const comparison = compareRuns(
    { result: world, trace: { steps: world.trace.steps as readonly ComparableStep[], events: world.trace.events } },
    { result: adk, trace: { steps: adk.trace.steps as readonly ComparableStep[], events: adk.trace.events } },
  );
  const tokenBased = options.tokenBased ? await runInRealAdk(scenario.world, { compactor: options.tokenBased }) : null;
  return {
    ...base,
    verdict: comparison.difference === null ? 'pass' : 'fail',
    reason: null,
    stepsCompared: comparison.stepsCompared,
    difference: comparison.difference,
    world: measurementsOf(world.totals, world.failure?.message ?? null, world.totals.summarizations),
    adk: measurementsOf(adk.totals, adk.failure?.message ?? null, adk.totals.summarizations),
    adkTokenBased: tokenBased
      ? measurementsOf(tokenBased.totals, tokenBased.failure?.message ?? null, tokenBased.adkCompactions)
      : null,
  };
}

async function measureWithRealSummarizer(
  scenario: ResolvedScenario,
  strategy: ResolvedStrategy,
  summarizer: SummarizerModel,
  tokenBased: VerifyOptions['tokenBased'],
): Promise<ScenarioVerification> {
  const adk = await runInRealAdk(scenario.world, {
    compactor: { kind: 'context-guard', strategy: await createStrategy(strategy) },
    summarizer,
  });
  const adkTokenBased = tokenBased ? await runInRealAdk(scenario.world, { compactor: tokenBased, summarizer }) : null;
  return {
    id: scenario.id,
    name: scenario.name,
    verdict: 'measured',
    reason: `real summarizer ${summarizer.name}: measured, not compared`,
    stepsCompared: 0,
    difference: null,
    world: null,
    adk: measurementsOf(adk.totals, adk.failure?.message ?? null, adk.totals.summarizations),
    adkTokenBased: adkTokenBased
      ? measurementsOf(adkTokenBased.totals, adkTokenBased.failure?.message ?? null, adkTokenBased.adkCompactions)
      : null,
  };
}

/** One real adk-js run inside a fresh deterministic environment (seeded by the scenario seed). */
export async function runInRealAdk(world: WorldScenario, options: AdkSessionOptions): Promise<AdkSessionOutcome> {
  const restore = installDeterministicEnvironment({ seed: world.seed });
  try {
    const { runAdkSession } = await import('./adk-session.ts');
    return await runAdkSession(world, options);
  } finally {
    restore();
  }
}

function measurementsOf(totals: SessionTotals, failure: string | null, compactions: number): RunMeasurements {
  return {
    llmSteps: totals.llmSteps,
    compactions,
    peakRealTokens: totals.peakRealTokens,
    peakPercent: totals.peakPercent,
    overflowSteps: totals.overflowSteps,
    failure,
  };
}
