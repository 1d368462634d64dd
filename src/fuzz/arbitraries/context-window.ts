/**
 * Context windows from 1k to 2M tokens. Small windows dominate (they compact within a few turns
 * and run fast); the notable sizes of the seeds and the model registry come first so a shrunk
 * counterexample lands on 8k, 4k, 32k, 128k, 200k (the buffer switch), 1M or 2M.
 */
import fc from 'fast-check';

export const NOTABLE_WINDOWS = [8_000, 1_000, 4_000, 16_000, 32_000, 128_000, 200_000, 1_000_000, 2_000_000] as const;

export function contextWindowArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constantFrom(8_000, 4_000, 16_000, 32_000), weight: 10 },
    { arbitrary: fc.constant(1_000), weight: 2 },
    { arbitrary: fc.integer({ min: 1_000, max: 64_000 }), weight: 4 },
    { arbitrary: fc.constantFrom(128_000, 199_999, 200_000), weight: 2 },
    { arbitrary: fc.constantFrom(1_000_000, 2_000_000), weight: 1 },
  );
}
