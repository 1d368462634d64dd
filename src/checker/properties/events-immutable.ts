/**
 * The strategy never mutates session events: the request it rewrites is a fresh copy (ADK
 * `cloneDeep`s contents, docs/adk-step-loop.md §2.6), so a change that leaks into the session is a bug.
 * The world detects it and ends the session with `failure.kind === 'events-mutated'`.
 */
import { violation, type FuzzProperty } from './property.ts';

export const eventsImmutable: FuzzProperty = {
  name: 'events-immutable',
  description: 'the strategy never mutates session events',
  expectKey: null,
  needsRerun: false,
  check(_scenario, result) {
    const failure = result.failure;
    if (failure === null || failure.kind !== 'events-mutated') return null;
    const turn = failure.step === null ? null : (result.steps[failure.step]?.turn ?? null);
    const where = failure.step === null ? 'the session' : `step ${failure.step}`;
    return violation('events-immutable', { step: failure.step, turn }, `${where}: ${failure.message}`);
  },
};
