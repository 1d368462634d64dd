/**
 * The session plays to its end: the strategy neither throws nor hangs, and the world does not
 * fail. `simulate` checks this whatever a scenario's `expect` says.
 */
import { violation, type FuzzProperty } from './property.ts';

export const sessionCompletes: FuzzProperty = {
  name: 'session-completes',
  description: 'the strategy never throws or hangs and the session plays to its last turn',
  expectKey: null,
  needsRerun: false,
  check(_scenario, result) {
    const failure = result.failure;
    if (failure === null || failure.kind === 'events-mutated') return null;
    const turn = failure.step === null ? null : (result.steps[failure.step]?.turn ?? null);
    const where = failure.step === null ? 'the session' : `step ${failure.step}`;
    return violation(
      'session-completes',
      { step: failure.step, turn },
      `${where}: ${failure.kind}: ${failure.message}`,
    );
  },
};
