/**
 * Why a request over the window could not have been avoided, or null when the strategy is to
 * blame. Only facts of the scenario count (infeasibility.ts: an excuse holds for every strategy),
 * checked in this order (src/fuzz/README.md repeats them):
 *
 * 1. `fixed-overhead-over-window`: system instruction + tool declarations alone exceed the window.
 *    No strategy may drop them.
 * 2. `user-message-over-window`: the smallest request carrying the user's request (the overhead
 *    and the text of the turn's message, attachments dropped) exceeds the window.
 *
 * What the strategy estimated, how it was calibrated and what its summarizer returned are never an
 * excuse: a strategy that sent only that floor would have fitted.
 */
import type { StepRecord } from '../../world/session-result.ts';
import type { Infeasibility } from './infeasibility.ts';
import type { RequestFloor } from './request-floor.ts';

export function explainOverflow(
  steps: readonly StepRecord[],
  index: number,
  floor: RequestFloor,
): Infeasibility | null {
  const step = steps[index]!;
  const window = step.contextWindow;
  const overhead = floor.overheadRealTokens(step.turn);
  if (overhead > window) {
    return {
      reason: 'fixed-overhead-over-window',
      detail: `system prompt + tool declarations = ${overhead} real tokens > window ${window}`,
    };
  }
  const carrying = floor.carryingRequestRealTokens(step.turn);
  if (carrying > window) {
    return {
      reason: 'user-message-over-window',
      detail: `overhead ${overhead} + the text of turn ${step.turn}'s user message = ${carrying} real tokens > window ${window}`,
    };
  }
  return null;
}
