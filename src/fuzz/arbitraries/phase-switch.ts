/**
 * A mid-session change (a second phase): the token ratio or tokenizer changes, the model switches
 * to a smaller or larger window, or streaming starts. `usage: 'late'` (usage metadata off, then on)
 * is drawn with the scenario and uses the same split.
 */
import fc from 'fast-check';
import { sometimes } from './_internals/sometimes.ts';
import type { PhaseSwitchDraft } from './_internals/drafts.ts';
import { tokenModelDraftArbitrary } from './token-model.ts';

export function phaseSwitchDraftArbitrary(): fc.Arbitrary<PhaseSwitchDraft | null> {
  return sometimes(
    fc.record({
      atGroup: fc.integer({ min: 1, max: 4 }),
      tokenModel: sometimes(tokenModelDraftArbitrary(), 50),
      windowPercent: sometimes(fc.constantFrom(50, 25, 200, 400), 40),
      streaming: sometimes(fc.integer({ min: 1, max: 3 }), 20),
    }),
    25,
  );
}
