/**
 * The one definition of a provider refusal, shared by the world (which limit the scripted provider
 * refuses above), pricing (a refused request bills nothing) and the checker (`model-answers` judges
 * a turn the provider refused below the window). A provider refuses when the scenario says it does
 * (`refuseOverWindow`, or a `provider` block, which implies it) and its count of the request is
 * strictly above its limit: `provider.limit`, else the phase's window. Pure functions over the
 * world's plain records; nothing here imports the code it judges.
 */
import type { StepRecord } from '../../session-result.ts';
import type { WorldScenario } from '../../world-scenario.ts';
import { exceedsWindow } from './overflow.ts';

type RefusingWorld = Pick<WorldScenario, 'refuseOverWindow' | 'provider'>;

/** The tokens above which the provider refuses a request of a phase with `phaseWindow`; undefined: it answers everything. */
export function refusalLimit(world: RefusingWorld, phaseWindow: number): number | undefined {
  if (world.provider) return world.provider.limit ?? phaseWindow;
  return world.refuseOverWindow === true ? phaseWindow : undefined;
}

/** Whether the provider refused the request of `step` (nothing was answered or billed). */
export function isRefusedStep(
  world: RefusingWorld,
  step: Pick<StepRecord, 'shortCircuited' | 'realAfter' | 'contextWindow'>,
): boolean {
  const limit = refusalLimit(world, step.contextWindow);
  return !step.shortCircuited && limit !== undefined && exceedsWindow(step.realAfter, limit);
}

/**
 * Whether the provider refused `step` although its request fit the window the scenario judges
 * (the provider's real limit is below the one the strategy was told): not an overflow, so left to
 * `model-answers`, not `no-overflow`.
 */
export function isRefusedUnderWindow(
  world: RefusingWorld,
  step: Pick<StepRecord, 'shortCircuited' | 'realAfter' | 'contextWindow'>,
): boolean {
  return isRefusedStep(world, step) && !exceedsWindow(step.realAfter, step.contextWindow);
}

/**
 * Per step, whether the provider failed it whatever its size (`provider.errors`: the n-th request
 * that reaches the provider, from 1, as the scripted model counts them; a step a callback answered
 * reaches none).
 */
export function failedByScript(world: RefusingWorld, steps: readonly Pick<StepRecord, 'shortCircuited'>[]): boolean[] {
  const failing = new Set((world.provider?.errors ?? []).map((error) => error.call));
  let calls = 0;
  return steps.map((step) => {
    if (step.shortCircuited) return false;
    calls += 1;
    return failing.has(calls);
  });
}
