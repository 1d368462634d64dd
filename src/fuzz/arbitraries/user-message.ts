/**
 * The user message of a turn: a short literal (the seeds' "Turn {i}: ..." style), generated text
 * of any kind, the Go simulator's `longMessage(i, n)`, or nothing at all. Sizes go from empty to
 * beyond the window: a single user message over the window is one of the infeasibility
 * conditions. An empty message has its own weight, not just the rare size 0: adk-go drops it from
 * the request and appends its synthetic "Continue processing…" content before the plugins run,
 * which ContextGuard's watermark counts (issue 17, scenarios/regressions/*-adk-go-empty-user-*).
 */
import fc from 'fast-check';
import type { UserDraft } from './_internals/drafts.ts';
import { contentKindArbitrary } from './content-kind.ts';
import { sizeDraftArbitrary } from './size-draft.ts';

const LITERALS = [
  'Turn {i}: investigate step by step',
  'ok',
  'Turn {i}: Check the pod status and retrieve the logs',
  'Turn {i}: continue the deep investigation',
  'Summarize what you found',
] as const;

export function userMessageDraftArbitrary(): fc.Arbitrary<UserDraft> {
  const size = sizeDraftArbitrary({ maxBytes: 4_000, windowPercents: [10, 50, 100, 120] });
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constantFrom(...LITERALS).map((text): UserDraft => ({ form: 'literal', text })), weight: 4 },
    {
      arbitrary: fc
        .record({ size, kind: contentKindArbitrary() })
        .map(({ size: s, kind }): UserDraft => ({ form: 'sized', size: s, kind })),
      weight: 3,
    },
    { arbitrary: size.map((s): UserDraft => ({ form: 'long-message', size: s })), weight: 2 },
    { arbitrary: fc.constant<UserDraft>({ form: 'empty' }), weight: 1 },
  );
}
