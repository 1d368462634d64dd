/**
 * The system prompt: none, a few kilobytes, or a share of the window up to and beyond it (the
 * seeds' `LargeSystemPrompt`, `SystemPromptLargerThanWindow`). A prompt over the window makes
 * every request overflow whatever the strategy does: an infeasibility condition.
 */
import type fc from 'fast-check';
import { sometimes } from './_internals/sometimes.ts';
import type { SizeDraft } from './_internals/drafts.ts';
import { sizeDraftArbitrary } from './size-draft.ts';

export function systemPromptDraftArbitrary(): fc.Arbitrary<SizeDraft | null> {
  return sometimes(sizeDraftArbitrary({ maxBytes: 8_000, windowPercents: [10, 25, 50, 75, 90, 100, 110, 200] }), 60);
}
