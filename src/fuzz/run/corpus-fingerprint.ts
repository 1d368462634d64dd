/**
 * A fingerprint of the corpus a seed generates: the digest of its first few scenarios. Run ids
 * mean the same scenarios only under the same generator, so a fuzz baseline and shard reports
 * carry it: a compaction-sim whose arbitraries changed (other sizes, new features) generates other
 * scenarios from the same seed, and comparing run ids across that change would be meaningless.
 * Computed from the first runs only, so every shard (which samples every run anyway) and a replay
 * compute it at the same cost.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';

const FINGERPRINT_RUNS = 8;

export function corpusFingerprint(arbitrary: fc.Arbitrary<ScenarioSpec>, seed: number, runs: number): string {
  const specs = fc.sample(arbitrary, { seed, numRuns: Math.min(runs, FINGERPRINT_RUNS) });
  return `sha256:${createHash('sha256').update(JSON.stringify(specs)).digest('hex').slice(0, 16)}`;
}
