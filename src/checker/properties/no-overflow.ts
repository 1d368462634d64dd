/**
 * No request sent to the model exceeds its window (real tokens, strictly greater as the Go
 * simulator judges it). An overflow is excused only when `explainOverflow` proves that no request
 * carrying what every request must carry fits at that step; the run is then infeasible. One
 * unexplained overflowing step fails the property.
 */
import type { StepRecord } from '../../world/session-result.ts';
import { isOverflowStep } from '../../world/measure/definitions/overflow.ts';
import { explainOverflow } from '../infeasibility/explain-overflow.ts';
import { requestFloorOf } from '../infeasibility/measure-floor.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const noOverflow: FuzzProperty = {
  name: 'no-overflow',
  description: 'no request sent to the model exceeds its context window, unless provably unavoidable',
  expectKey: 'noOverflow',
  needsRerun: false,
  check(scenario, result) {
    const over = result.steps.flatMap((step, index) => (isOverflowStep(step) ? [index] : []));
    if (over.length === 0) return null;
    const floor = requestFloorOf(scenario);
    let firstExcused: { index: number; why: NonNullable<ReturnType<typeof explainOverflow>> } | null = null;
    for (const index of over) {
      const why = explainOverflow(result.steps, index, floor);
      if (why === null)
        return violation('no-overflow', result.steps[index]!, overflowMessage(result.steps[index]!, over.length));
      firstExcused ??= { index, why };
    }
    const step = result.steps[firstExcused!.index]!;
    return violation('no-overflow', step, overflowMessage(step, over.length), firstExcused!.why);
  },
};

function overflowMessage(step: StepRecord, count: number): string {
  const others = count > 1 ? ` (${count} overflowing steps in all)` : '';
  return `${describeStep(step)} sent ${step.realAfter} real tokens to a ${step.contextWindow}-token window${others}`;
}
