/**
 * `arbitrary` about `percent`% of the time, otherwise null; shrinks toward null (the default), so
 * a counterexample only keeps an optional feature when the failure needs it. (fc.option's `freq`
 * can only make null the rarer outcome.)
 */
import fc from 'fast-check';

export function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(null), weight: 100 - percent },
    { arbitrary, weight: percent },
  );
}
