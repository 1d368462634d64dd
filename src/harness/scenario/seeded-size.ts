/**
 * Sizes drawn from { min, max } ranges. Each place that draws gets its own stream of the world's
 * one seeded generator (world/sim/prng.ts: Alea keyed by the scenario seed and a path), named
 * `size` and a stable label ("p0/t3/tool1"), so the same seed always gives the same sizes and
 * adding a turn does not shift the sizes of the others.
 */
import { rngFor } from '../../world/sim/prng.ts';
import type { SizeSpec } from './scenario-schema.ts';

export function drawSize(size: SizeSpec, seed: number, label: string): number {
  if (typeof size === 'number') return size;
  return rngFor(seed, 'size', label).int(size.min, size.max);
}
