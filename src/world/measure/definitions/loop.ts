/**
 * The one definition of a loop, used by the world's totals, the checker (`no-loop`), scenario
 * expectations, `compare` and the HTML charts: a step that summarized (called the summarizer at
 * least once) yet sent a request that is not smaller, in the provider's tokens, than the request
 * before its plugins ran (peers: compaction that does not shrink re-fires on every step). A
 * short-circuited step sent nothing and is never a loop.
 */
import type { StepRecord } from '../../session-result.ts';

export function isLoopStep(
  step: Pick<StepRecord, 'summarizerCalls' | 'shortCircuited' | 'realBefore' | 'realAfter'>,
): boolean {
  return step.summarizerCalls.length > 0 && !step.shortCircuited && step.realAfter >= step.realBefore;
}

/** The loop steps, in order. */
export function loopSteps<T extends StepRecord>(steps: readonly T[]): T[] {
  return steps.filter((step) => isLoopStep(step));
}
