/**
 * Every summarizer call fits the summarizer's own window (docs/known-bugs.md #12: "Session too large to
 * compact", the summarizer call itself overflows and the session deadlocks). Never excused: a
 * strategy controls what it sends to the summarizer and can always send less. Holds trivially for
 * a summarizer with no window (the go-compat profile's default, like the Go simulator's mock).
 */
import { isSummarizerOverflow } from '../../world/measure/definitions/overflow.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

/** The call did not fit its summarizer's window (a summarizer with none never overflows). */
/** The one definition of a summarizer overflow (world/measure/definitions/overflow.ts). */
const overflowed = isSummarizerOverflow;

export const summarizerInputFits: FuzzProperty = {
  name: 'summarizer-input-fits',
  description: "every summarizer request fits the summarizer's own window (real tokens)",
  expectKey: 'summarizerInputFits',
  needsRerun: false,
  check(_scenario, result) {
    for (const step of result.steps) {
      const index = step.summarizerCalls.findIndex(overflowed);
      if (index < 0) continue;
      const call = step.summarizerCalls[index]!;
      return violation(
        'summarizer-input-fits',
        step,
        `${describeStep(step)} summarizer call ${index + 1} sent ${call.inputRealTokens} real tokens ` +
          `to a ${call.contextWindow}-token summarizer window`,
      );
    }
    const trailing = (result.trailingSummarizerCalls ?? []).findIndex(overflowed);
    if (trailing >= 0) {
      const call = result.trailingSummarizerCalls![trailing]!;
      return violation(
        'summarizer-input-fits',
        { step: null, turn: null },
        `after the last step, summarizer call ${trailing + 1} sent ${call.inputRealTokens} real tokens to a ${call.contextWindow}-token summarizer window`,
      );
    }
    return null;
  },
};
