/**
 * A group of turns sharing a template (a scenario file's `turns:` entry): a user message, optional
 * attachments, parallel or sequential tool calls, a final model text from empty to large, and
 * sometimes a periodic burst rule (Go `if i%n == 0`). Repeats stay small by default so 1000 runs
 * finish in minutes; long sessions come from many groups or an occasional long repeat.
 */
import fc from 'fast-check';
import type { AttachmentDraft, TurnDraft } from './_internals/drafts.ts';
import { sometimes } from './_internals/sometimes.ts';
import { sizeDraftArbitrary } from './size-draft.ts';
import { toolCallDraftArbitrary } from './tool-call.ts';
import { userMessageDraftArbitrary } from './user-message.ts';

export function turnGroupDraftArbitrary(): fc.Arbitrary<TurnDraft> {
  const tools = fc.array(toolCallDraftArbitrary(), { maxLength: 5, size: 'small' });
  return fc.record({
    repeat: fc.oneof(
      { withCrossShrink: true },
      { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 20 },
      { arbitrary: fc.integer({ min: 7, max: 40 }), weight: 4 },
      { arbitrary: fc.integer({ min: 41, max: 300 }), weight: 1 },
    ),
    user: userMessageDraftArbitrary(),
    attachments: fc.array(attachmentDraftArbitrary(), { maxLength: 2, size: 'xsmall' }),
    tools,
    sequential: fc.boolean(),
    response: sometimes(sizeDraftArbitrary({ maxBytes: 4_000, windowPercents: [10, 50, 100, 200] }), 50),
    burst: sometimes(
      fc.record({
        every: fc.integer({ min: 2, max: 10 }),
        tools: fc.array(toolCallDraftArbitrary(), { minLength: 1, maxLength: 3 }),
      }),
      15,
    ),
  });
}

function attachmentDraftArbitrary(): fc.Arbitrary<AttachmentDraft> {
  return fc.record({
    mimeType: fc.constantFrom('image/png', 'application/pdf'),
    size: sizeDraftArbitrary({ maxBytes: 20_000, windowPercents: [10, 50, 150] }),
  });
}
