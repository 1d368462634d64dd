/**
 * The same scenario (same seed) replays to the same trace: two independent runs give equal
 * `traceDigest`s (VOPR's "one seed reproduces everything"). A strategy that reads a
 * clock, `Math.random` or state kept across sessions breaks it.
 */
import type { StepRecord } from '../../world/session-result.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const deterministicReplay: FuzzProperty = {
  name: 'deterministic-replay',
  description: 'two runs of the same scenario and seed produce the same trace digest',
  expectKey: null,
  needsRerun: true,
  check(_scenario, result, rerun) {
    if (rerun === undefined) throw new Error('deterministic-replay needs a second run of the scenario');
    if (result.traceDigest === undefined || rerun.traceDigest === undefined)
      throw new Error('deterministic-replay needs both runs played with { traceDigest: true }');
    if (rerun.traceDigest === result.traceDigest) return null;
    const index = firstDifferentStep(result.steps, rerun.steps);
    const first = result.steps[index] ?? rerun.steps[index];
    const where = first === undefined ? `after step ${index - 1}` : describeStep(first);
    return violation(
      'deterministic-replay',
      { step: first === undefined ? null : index, turn: first?.turn ?? null },
      `two runs with seed ${result.seed} diverge at ${where}: trace digest ${result.traceDigest} vs ${rerun.traceDigest}`,
    );
  },
};

function firstDifferentStep(a: readonly StepRecord[], b: readonly StepRecord[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return i;
  }
  return length;
}
