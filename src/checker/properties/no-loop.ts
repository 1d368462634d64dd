/**
 * Every summarization makes the sent request smaller than the request it replaced (docs/known-bugs.md #1,
 * #2, #19: compaction that does not shrink re-fires on every step). Compared in real tokens, the
 * provider's count, as the one definition of a loop says (world/measure/definitions/loop.ts). Never excused: a strategy can always decline to summarize when the result
 * would not be smaller.
 */
import { loopSteps } from '../../world/measure/definitions/loop.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const noLoop: FuzzProperty = {
  name: 'no-loop',
  description: 'every summarization makes the sent request smaller (real tokens) than the request before it',
  expectKey: 'noLoop',
  needsRerun: false,
  check(_scenario, result) {
    const [step] = loopSteps(result.steps);
    if (step !== undefined) {
      return violation(
        'no-loop',
        step,
        `${describeStep(step)} summarized (${step.summarizerCalls.length} call(s)) but the request ` +
          `went from ${step.realBefore} to ${step.realAfter} real tokens (not smaller)`,
      );
    }
    return null;
  },
};
