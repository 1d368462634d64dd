/**
 * The summarizer model: the seeds' fixed reply, one that fills maxOutputTokens, or one that
 * ignores it (exceed); its own window (same or smaller than the agent's); and faults on chosen
 * calls: error, empty, timeout, oversize (docs/known-bugs.md #12: the summarizer itself fails or overflows),
 * sometimes on the first calls only (it fails once, twice or three times, then recovers).
 */
import fc from 'fast-check';
import { sometimes } from './_internals/sometimes.ts';
import type { SummarizerDraft, SummarizerFaultDraft } from './_internals/drafts.ts';

export function summarizerDraftArbitrary(): fc.Arbitrary<SummarizerDraft> {
  return fc.record({
    reply: fc.constantFrom('fixed' as const, 'honour' as const, 'exceed' as const),
    exceedFactor: sometimes(fc.constantFrom(2, 3, 5, 10), 40),
    windowPercent: sometimes(fc.constantFrom(50, 25, 10), 15),
    faults: fc.oneof(
      { withCrossShrink: true },
      { arbitrary: fc.constant([]), weight: 3 },
      { arbitrary: fc.array(summarizerFaultDraftArbitrary(), { minLength: 1, maxLength: 2 }), weight: 1 },
    ),
  });
}

function summarizerFaultDraftArbitrary(): fc.Arbitrary<SummarizerFaultDraft> {
  return fc.record({
    kind: fc.constantFrom('error' as const, 'empty' as const, 'timeout' as const, 'oversize' as const),
    calls: fc.oneof(
      fc
        .uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 })
        .map((calls) => [...calls].sort((a, b) => a - b)),
      fc.constant('all' as const),
      // The first k calls fail, then the summarizer recovers: a strategy that gives up one attempt
      // early (two summarization attempts of three) keeps the failed result the next would replace.
      fc.integer({ min: 1, max: 3 }).map((k) => Array.from({ length: k }, (_, i) => i + 1)),
    ),
  });
}
