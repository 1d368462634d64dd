/**
 * What the provider really counts: a ratio over ContextGuard's heuristic from 1 to 8 (the seeds
 * use 1.5–5; beyond 2.5 the cold factor undercounts, beyond 5 the correction cap does), in
 * tenths so files stay readable, or now and then a real BPE tokenizer. Shrinks toward 2.0.
 */
import fc from 'fast-check';
import type { TokenModelDraft } from './_internals/drafts.ts';

export function tokenRatioArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constantFrom(2, 1, 1.5, 1.8, 2.5, 3, 4, 5), weight: 6 },
    { arbitrary: fc.integer({ min: 10, max: 80 }).map((tenths) => tenths / 10), weight: 3 },
    { arbitrary: fc.constantFrom(2.4, 2.6, 4.9, 5.1, 6, 8), weight: 2 },
  );
}

export function tokenModelDraftArbitrary(): fc.Arbitrary<TokenModelDraft> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: tokenRatioArbitrary().map((ratio): TokenModelDraft => ({ ratio })), weight: 12 },
    {
      arbitrary: fc
        .constantFrom('o200k_base' as const, 'cl100k_base' as const)
        .map((tokenizer): TokenModelDraft => ({ tokenizer })),
      weight: 1,
    },
  );
}
