/**
 * Sizes biased toward the edges where compaction breaks: mostly round absolute sizes (they shrink
 * to 0 in steps of 100 bytes), sometimes a share of the window (empty to several times it), the
 * compaction threshold ± 1 token, or the post-compaction budget ± 1 token. Cross-shrinking moves
 * an anchored size back to a round one when the failure does not depend on the anchor.
 */
import fc from 'fast-check';
import type { SizeDraft } from './_internals/drafts.ts';

export interface SizeDraftConstraints {
  /** Largest absolute size, in bytes (rounded down to a multiple of 100). */
  readonly maxBytes: number;
  /** Window shares to pick from, in percent (100 = fills the window in real tokens). */
  readonly windowPercents: readonly number[];
  /** Relative weight of the anchored sizes (threshold, post-budget, window) against round ones (default 1 each vs 6). */
  readonly edgeWeight?: number;
}

export function sizeDraftArbitrary(constraints: SizeDraftConstraints): fc.Arbitrary<SizeDraft> {
  const edge = constraints.edgeWeight ?? 1;
  const hundreds = Math.floor(constraints.maxBytes / 100);
  const bytes = fc.integer({ min: 0, max: hundreds }).map(
    (n): SizeDraft => ({ anchor: 'bytes', bytes: n * 100 }),
    (value) => unmapBytes(value),
  );
  const window = fc
    .constantFrom(...constraints.windowPercents)
    .map((percent): SizeDraft => ({ anchor: 'window', percent }));
  const nearby = fc.constantFrom(0, 1, -1);
  const threshold = nearby.map((tokens): SizeDraft => ({ anchor: 'threshold', tokens }));
  const postBudget = nearby.map((tokens): SizeDraft => ({ anchor: 'post-budget', tokens }));
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: bytes, weight: 6 },
    { arbitrary: window, weight: edge },
    { arbitrary: threshold, weight: edge },
    { arbitrary: postBudget, weight: edge },
  );
}

/** Lets fast-check shrink a size it did not generate itself (replayed or hand-written drafts). */
function unmapBytes(value: unknown): number {
  const draft = value as Partial<Extract<SizeDraft, { anchor: 'bytes' }>>;
  if (draft.anchor !== 'bytes' || typeof draft.bytes !== 'number' || draft.bytes % 100 !== 0) {
    throw new Error('not a round byte size');
  }
  return draft.bytes / 100;
}
