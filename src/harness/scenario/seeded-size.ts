/**
 * Sizes drawn from { min, max } ranges. Each place that draws gets its own seedrandom stream,
 * keyed by the scenario seed and a stable label ("p0/t3/tool1"), so the same seed always gives
 * the same sizes and adding a turn does not shift the sizes of the others.
 */
import seedrandom from 'seedrandom';
import type { SizeSpec } from './scenario-schema.ts';

export function drawSize(size: SizeSpec, seed: number, label: string): number {
  if (typeof size === 'number') return size;
  const random = seedrandom(`compaction-sim/${seed}/${label}`);
  return size.min + Math.floor(random() * (size.max - size.min + 1));
}
