/**
 * The latest user request reaches the model at every step, verbatim or quoted in a continuation
 * (docs/known-bugs.md #14, #15: the agent asks "what would you like me to do?").
 *
 * Never excused: the request the host builds carries the user's message, so a strategy can always
 * keep it (or quote it), even where the host does not expose the invocation's user content to
 * callbacks (the go-compat profile, like the Go simulator's mock context). A strategy that quotes
 * only `ctx.userContent` loses the request there: its own failure, since another keeps it.
 */
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const userRequestPreserved: FuzzProperty = {
  name: 'user-request-preserved',
  description: 'the latest user request is in every sent request, verbatim or quoted in the continuation',
  expectKey: 'userRequestPreserved',
  needsRerun: false,
  check(_scenario, result) {
    const lost = result.steps.find((step) => !step.shortCircuited && !step.userRequestPresent);
    if (lost === undefined) return null;
    return violation(
      'user-request-preserved',
      lost,
      `${describeStep(lost)} sent a request without turn ${lost.turn}'s user message (neither verbatim nor quoted)`,
    );
  },
};
