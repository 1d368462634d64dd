/**
 * Session totals and the checks that can fail: overflows, loops and thrash as `definitions/`
 * defines them (the one definition every report uses), orphans, missing user request.
 */
import type { SessionTotals, StepRecord, SummarizerCallRecord } from '../session-result.ts';
import { loopSteps } from './definitions/loop.ts';
import { isOverflowStep, isSummarizerOverflow } from './definitions/overflow.ts';
import { thrashWindows } from './definitions/thrash.ts';

export interface TotalsInput {
  readonly turns: number;
  readonly steps: readonly StepRecord[];
  readonly thrash: { readonly count: number; readonly withinSteps: number };
  readonly finalHistoryTokens: number;
  /** Summarizer calls made after the last step (count as one more summarization). */
  readonly trailingSummarizerCalls?: readonly SummarizerCallRecord[];
  /** Warnings the strategy reported after the last step. */
  readonly trailingWarnings?: number;
}

export function sessionTotals({
  turns,
  steps,
  thrash,
  finalHistoryTokens,
  trailingSummarizerCalls = [],
  trailingWarnings = 0,
}: TotalsInput): SessionTotals {
  let summarizations = 0;
  let summarizerCalls = 0;
  let fallbacks = 0;
  let summarizerInputTokens = 0;
  let summarizerOverflows = 0;
  let peakRealTokens = 0;
  let peakPercent = 0;
  const callGroups: (readonly SummarizerCallRecord[])[] = steps.map((step) => step.summarizerCalls);
  if (trailingSummarizerCalls.length > 0) callGroups.push(trailingSummarizerCalls);
  for (const calls of callGroups) {
    if (calls.length > 0) summarizations += 1;
    for (const call of calls) {
      summarizerCalls += 1;
      summarizerInputTokens += call.inputTokens;
      if (call.outcome !== 'ok') fallbacks += 1;
      if (isSummarizerOverflow(call)) summarizerOverflows += 1;
    }
  }
  for (const step of steps) {
    if (!step.shortCircuited && step.realAfter > peakRealTokens) {
      peakRealTokens = step.realAfter;
      peakPercent = Math.round((step.realAfter / step.contextWindow) * 1000) / 10;
    }
  }
  return {
    turns,
    llmSteps: steps.length,
    summarizations,
    summarizerCalls,
    reinjections: steps.filter((s) => s.reinjection).length,
    trimmedSteps: steps.filter((s) => s.trimmed).length,
    fallbacks,
    compactedSteps: steps.filter((s) => s.compacted).length,
    overflowSteps: steps.filter((s) => isOverflowStep(s)).length,
    peakRealTokens,
    peakPercent,
    summarizerInputTokens,
    summarizerOverflows,
    loops: loopSteps(steps).length,
    thrash: thrashWindows(steps, thrash),
    orphanSteps: steps.filter((s) => s.orphanCalls > 0 || s.orphanResponses > 0).length,
    missingUserRequestSteps: steps.filter((s) => !s.userRequestPresent).length,
    cacheChurnTotal: steps.reduce((sum, s) => sum + s.cacheChurn, 0),
    warnings: steps.reduce((sum, s) => sum + (s.warnings?.length ?? 0), trailingWarnings),
    finalHistoryTokens,
  };
}

/** Windows of `withinSteps` consecutive steps holding at least `count` summarizing steps (definitions/thrash.ts). */
export function countThrash(steps: readonly StepRecord[], count: number, withinSteps: number): number {
  return thrashWindows(steps, { count, withinSteps });
}
