/**
 * Planted facts in generated sessions (issue 29), so `goal-preserved` judges every fuzzed
 * strategy and retention shows in fuzz reports: a goal stated in the first user message,
 * constraints stated mid-way, artifacts written and written again (later values superseding
 * earlier ones), a decision (sometimes reversed), an error fixed in a later answer, and a plan
 * rewritten. Positions are drawn as percents of the session's sites of each kind, so they survive
 * any number of turns; the sites themselves are chosen once the session is built
 * (`_internals/plant-facts.ts`). Shrinks toward no facts at all.
 */
import fc from 'fast-check';
import type { FactsDraft } from './_internals/drafts.ts';
import { sometimes } from './_internals/sometimes.ts';

const percent = (): fc.Arbitrary<number> => fc.integer({ min: 0, max: 100 });

export function factsDraftArbitrary(): fc.Arbitrary<FactsDraft | null> {
  return sometimes(
    fc.record({
      goal: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 }),
      constraints: fc.array(percent(), { maxLength: 2 }),
      artifacts: fc.array(fc.record({ at: percent(), updates: fc.integer({ min: 0, max: 3 }) }), { maxLength: 3 }),
      decision: sometimes(fc.record({ at: percent(), reversed: fc.boolean() }), 50),
      error: sometimes(percent(), 50),
      nextSteps: fc.integer({ min: 0, max: 3 }),
    }),
    80,
  );
}
