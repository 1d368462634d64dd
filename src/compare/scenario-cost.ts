/**
 * What a played scenario cost in input tokens, from its step records:
 * - billed: the real input tokens of every model request the provider answered (a request it
 *   refused, `session.refuseOverWindow`, or one a callback answered instead, bills nothing) and of
 *   every summarizer call that was answered (`ok` or `empty`; one rejected as over its window, or
 *   failed, bills nothing);
 * - uncached: of the answered model requests, the tokens a prefix cache could not serve (the
 *   world's `uncachedTokens`: everything after the first position that changed since the previous
 *   request). Summarizer calls are billed in full and not counted here.
 */
import type { SessionResult, StepRecord, SummarizerCallRecord } from '../world/session-result.ts';
import type { WorldScenario } from '../world/world-scenario.ts';

export interface ScenarioCost {
  readonly billedTokens: number;
  readonly uncachedTokens: number;
}

export function scenarioCost(world: Pick<WorldScenario, 'refuseOverWindow'>, result: SessionResult): ScenarioCost {
  const answered = (step: StepRecord) => !step.shortCircuited && !(world.refuseOverWindow === true && step.overflow);
  let billed = 0;
  let uncached = 0;
  for (const step of result.steps) {
    if (answered(step)) {
      billed += step.realAfter;
      uncached += step.uncachedTokens;
    }
    billed += summarizerBilled(step.summarizerCalls);
  }
  billed += summarizerBilled(result.trailingSummarizerCalls ?? []);
  return { billedTokens: billed, uncachedTokens: uncached };
}

function summarizerBilled(calls: readonly SummarizerCallRecord[]): number {
  return calls.reduce((sum, call) => sum + (call.outcome === 'ok' || call.outcome === 'empty' ? call.inputRealTokens : 0), 0);
}
