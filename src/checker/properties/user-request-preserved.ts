/**
 * The latest user request reaches the model at every step, verbatim or quoted in a continuation
 * (peers §8 #14, #15: the agent asks "what would you like me to do?").
 *
 * Infeasible by construction when the host does not expose the invocation's user content to
 * callbacks (the go-compat profile, like the Go simulator's mock context): a strategy that
 * summarizes cannot quote what it never sees, so a lost request there is reported as infeasible.
 */
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const userRequestPreserved: FuzzProperty = {
  name: 'user-request-preserved',
  description: 'the latest user request is in every sent request, verbatim or quoted in the continuation',
  expectKey: 'userRequestPreserved',
  needsRerun: false,
  check(scenario, result) {
    const lost = result.steps.find((step) => !step.shortCircuited && !step.userRequestPresent);
    if (lost === undefined) return null;
    const message = `${describeStep(lost)} sent a request without turn ${lost.turn}'s user message (neither verbatim nor quoted)`;
    if (scenario.exposeUserContent) return violation('user-request-preserved', lost, message);
    return violation('user-request-preserved', lost, message, {
      reason: 'user-content-not-exposed',
      detail: 'user content is not exposed to callbacks (go-compat): no continuation can quote the request',
    });
  },
};
