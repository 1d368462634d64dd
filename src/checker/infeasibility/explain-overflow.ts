/**
 * Why a request over the window could not have been avoided, or null when the strategy is to
 * blame. The conditions, checked in this order (src/fuzz/README.md repeats them):
 *
 * 1. `fixed-overhead-over-window`: system instruction + tool declarations alone exceed the window.
 *    No strategy may drop them.
 * 2. `user-message-over-window`: overhead + the turn's user message exceed the window. The request
 *    must carry the user's request (verbatim or quoted in a continuation, which is larger).
 * 3. `summary-floor-over-window`: the step summarized, the summarizer answered, and overhead + its
 *    reply (wrapped) + the shortest continuation exceed the window: for strategies that send the
 *    summarizer's reply as returned, nothing smaller was possible.
 * 4. Calibration (`calibration-envelope.ts`): the real/heuristic ratio was beyond what the
 *    strategy could observe (cold factor 2.5 before any usage report, the correction cap 5, or a
 *    token model switched since the last report), and the best estimate of the sent request fit.
 */
import type { StepRecord } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { explainByCalibration } from './calibration-envelope.ts';
import type { Infeasibility } from './infeasibility.ts';
import type { RequestFloor } from './request-floor.ts';

/** Heuristic tokens around a summary: "[Previous conversation summary]\n" + "\n[End of summary - ...]" (80 bytes). */
export const SUMMARY_WRAPPER_TOKENS = 20;
/** Heuristic tokens of the shortest continuation (ContextGuard's generic 187-byte text). */
export const SHORTEST_CONTINUATION_TOKENS = 46;

export function explainOverflow(
  scenario: WorldScenario,
  steps: readonly StepRecord[],
  index: number,
  floor: RequestFloor,
): Infeasibility | null {
  const step = steps[index]!;
  const window = step.contextWindow;
  const overhead = floor.overheadRealTokens(step.turn);
  if (overhead > window) {
    return { reason: 'fixed-overhead-over-window', detail: `system prompt + tool declarations = ${overhead} real tokens > window ${window}` };
  }
  const user = floor.userRealTokens(step.turn);
  if (overhead + user > window) {
    return {
      reason: 'user-message-over-window',
      detail: `overhead ${overhead} + turn ${step.turn}'s user message ${user} = ${overhead + user} real tokens > window ${window}`,
    };
  }
  const summaryFloor = summaryFloorRealTokens(step, overhead);
  if (summaryFloor !== null && summaryFloor > window) {
    return {
      reason: 'summary-floor-over-window',
      detail: `overhead + the summarizer's reply + the shortest continuation = ${summaryFloor} real tokens > window ${window}`,
    };
  }
  return explainByCalibration(scenario, steps, index);
}

/** Overhead + the last successful summary of the step, wrapped, + the shortest continuation; null if none succeeded. */
function summaryFloorRealTokens(step: StepRecord, overhead: number): number | null {
  const last = step.summarizerCalls[step.summarizerCalls.length - 1];
  if (last === undefined || last.outcome !== 'ok' || step.heuristicAfter <= 0) return null;
  const ratio = step.realAfter / step.heuristicAfter;
  return overhead + Math.floor((last.outputTokens + SUMMARY_WRAPPER_TOKENS + SHORTEST_CONTINUATION_TOKENS) * ratio);
}
