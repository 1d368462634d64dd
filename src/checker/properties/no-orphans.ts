/**
 * Every function call in a sent request has its response and every response has its call
 * (docs/known-bugs.md #5, #6: Anthropic rejects a tool_use without its tool_result on every later turn).
 * No scenario excuses an orphan: the world only ever records complete pairs, so any orphan in a
 * sent request was made by the strategy's cut.
 */
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const noOrphans: FuzzProperty = {
  name: 'no-orphans',
  description: 'no sent request holds a function call without its response or a response without its call',
  expectKey: 'noOrphans',
  needsRerun: false,
  check(_scenario, result) {
    for (const step of result.steps) {
      if (step.shortCircuited) continue;
      if (step.orphanCalls === 0 && step.orphanResponses === 0) continue;
      return violation(
        'no-orphans',
        step,
        `${describeStep(step)} sent ${step.orphanCalls} function call(s) without a response and ` +
          `${step.orphanResponses} response(s) without a call`,
      );
    }
    return null;
  },
};
