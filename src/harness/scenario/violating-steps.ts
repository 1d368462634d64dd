/**
 * Every step at which a universal property is violated (`check` stops at the first): what an
 * acceptance pins and is compared with. Each uses the same definition as the property it mirrors
 * (overflow, loop and thrash from the world's one definition of each; an overflow that
 * `explainOverflow` proves unavoidable is excused, not a violation); a test holds each list
 * non-empty exactly when its property reports a violation some strategy could have avoided.
 */
import { explainOverflow } from '../../checker/infeasibility/explain-overflow.ts';
import { requestFloorOf } from '../../checker/infeasibility/measure-floor.ts';
import { isLoopStep } from '../../world/measure/definitions/loop.ts';
import { isOverflowStep, isSummarizerOverflow } from '../../world/measure/definitions/overflow.ts';
import { thrashingSteps } from '../../world/measure/definitions/thrash.ts';
import { missingFacts, watchedFacts } from '../../checker/properties/goal-preserved.ts';
import { unansweredTurns } from '../../checker/properties/model-answers.ts';
import { growingSummaries } from '../../checker/properties/no-summary-growth.ts';
import { overCutSteps } from '../../checker/properties/summarizer-input-budget.ts';
import type { SessionResult } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import type { AcceptableProperty } from './acceptance.ts';
import type { PinnedStep } from './acceptance-steps.ts';

/** Needs `prepareRequestFloor(world)` first for `no-overflow` (as the property does). */
export function violatingSteps(
  property: AcceptableProperty,
  world: WorldScenario,
  result: SessionResult,
): PinnedStep[] {
  const steps = result.steps;
  switch (property) {
    case 'no-overflow': {
      const floor = requestFloorOf(world);
      return steps.flatMap((step, index) =>
        isOverflowStep(step) && explainOverflow(steps, index, floor) === null ? [step.step] : [],
      );
    }
    case 'no-loop':
      return steps.filter((step) => isLoopStep(step)).map((step) => step.step);
    case 'no-thrash':
      return thrashingSteps(steps, world.thrash).map((index) => steps[index]!.step);
    case 'no-orphans':
      return steps
        .filter((step) => !step.shortCircuited && (step.orphanCalls > 0 || step.orphanResponses > 0))
        .map((step) => step.step);
    case 'user-request-preserved':
      return steps.filter((step) => !step.shortCircuited && !step.userRequestPresent).map((step) => step.step);
    case 'summarizer-input-fits': {
      const at: PinnedStep[] = steps
        .filter((step) => step.summarizerCalls.some(isSummarizerOverflow))
        .map((step) => step.step);
      return (result.trailingSummarizerCalls ?? []).some(isSummarizerOverflow) ? [...at, 'end'] : at;
    }
    case 'summarizer-input-budget':
      return overCutSteps(steps);
    case 'no-summary-growth':
      return growingSummaries(steps).map((found) => found.step.step);
    case 'goal-preserved': {
      // The property's own rule; a step it excuses as provably unable to fit is the property's to judge.
      const watched = watchedFacts(world);
      return steps.filter((step) => missingFacts(watched, step).length > 0).map((step) => step.step);
    }
    case 'model-answers':
      // The property's own rule, each turn pinned at its last step (or after the last step, for a turn that never reached one).
      return unansweredTurns(world, result).map(
        (answer): PinnedStep => steps.findLast((record) => record.turn === answer.turn)?.step ?? 'end',
      );
  }
}
