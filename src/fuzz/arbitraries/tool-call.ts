/**
 * One function call of a turn and the size of its response: from empty to several times the
 * window, sometimes exactly at the threshold or just above the post-compaction budget, and now
 * and then a burst of identical calls (the seeds' `tool_1..tool_10`, `service_0..service_14`).
 */
import fc from 'fast-check';
import type { ToolDraft } from './_internals/drafts.ts';
import { contentKindArbitrary } from './content-kind.ts';
import { sizeDraftArbitrary } from './size-draft.ts';

export function toolCallDraftArbitrary(): fc.Arbitrary<ToolDraft> {
  return fc.record({
    size: sizeDraftArbitrary({ maxBytes: 50_000, windowPercents: [5, 25, 50, 90, 100, 150, 300, 500], edgeWeight: 2 }),
    kind: contentKindArbitrary(),
    repeat: fc.oneof(
      { withCrossShrink: true },
      { arbitrary: fc.constant(1), weight: 8 },
      { arbitrary: fc.integer({ min: 2, max: 15 }), weight: 1 },
    ),
  });
}
