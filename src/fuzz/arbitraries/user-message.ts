/**
 * The user message of a turn: a short literal (the seeds' "Turn {i}: ..." style), generated text
 * of any kind, or the Go simulator's `longMessage(i, n)`. Sizes go from empty to beyond the
 * window: a single user message over the window is one of the infeasibility conditions.
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
    { arbitrary: fc.record({ size, kind: contentKindArbitrary() }).map(({ size: s, kind }): UserDraft => ({ form: 'sized', size: s, kind })), weight: 3 },
    { arbitrary: size.map((s): UserDraft => ({ form: 'long-message', size: s })), weight: 2 },
  );
}
