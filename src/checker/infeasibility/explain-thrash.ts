/**
 * Thrash is excused (`forced-compaction`) only when every summarization in the offending window
 * was forced: at that step, overhead + the current user message + the content the step added
 * (since the previous step) already exceed the window, so even a perfect strategy starting from
 * nothing had to shrink again (the seeds' "every turn exceeds the window" sessions).
 */
import type { StepRecord } from '../../world/session-result.ts';
import type { Infeasibility } from './infeasibility.ts';
import type { RequestFloor } from './request-floor.ts';

export function explainThrash(steps: readonly StepRecord[], summarizing: readonly number[], floor: RequestFloor): Infeasibility | null {
  const needs = summarizing.map((index) => forcedNeed(steps, index, floor));
  if (needs.some((need) => need === null)) return null;
  const shown = summarizing.map((index, k) => `step ${steps[index]!.step}: ${needs[k]} > ${steps[index]!.contextWindow}`);
  return { reason: 'forced-compaction', detail: `each step's new content alone overflowed (${shown.join('; ')})` };
}

/** Real tokens the step must carry at least, when that exceeds its window; else null. */
function forcedNeed(steps: readonly StepRecord[], index: number, floor: RequestFloor): number | null {
  const step = steps[index]!;
  const previous = steps[index - 1];
  if (step.heuristicBefore <= 0) return null;
  // The first step carries everything so far: overhead and the user message are already in it.
  if (previous === undefined) return step.realBefore > step.contextWindow ? step.realBefore : null;
  const ratio = step.realBefore / step.heuristicBefore;
  const added = Math.max(0, Math.floor((step.heuristicBefore - previous.heuristicBefore) * ratio));
  // A `user` step's new content already holds the user message; later steps of the turn must still carry it.
  const user = step.label === 'user' ? 0 : floor.userRealTokens(step.turn);
  const need = floor.overheadRealTokens(step.turn) + user + added;
  return need > step.contextWindow ? need : null;
}
