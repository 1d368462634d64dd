/**
 * Seed + path replay (fast-check PathWalker): run i of an exploration is `fc.sample(...)[i]` and
 * `valueAtPath(..., "i")`, which is what lets the worker-pool exploration hand a failing run to
 * the in-thread shrinker, and `--path` jump straight to a counterexample.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { valueAtPath } from '../../src/fuzz/run/value-at-path.ts';

describe('valueAtPath', () => {
  it('returns the scenario fast-check generated at that run', () => {
    const samples = fc.sample(scenarioSpecArbitrary(), { seed: 99, numRuns: 40 });
    for (const run of [0, 7, 39]) {
      expect(valueAtPath(scenarioSpecArbitrary(), 99, 40, String(run))).toEqual(samples[run]);
    }
  });

  it('follows shrink steps to the counterexample fast-check reported', () => {
    const arbitrary = scenarioSpecArbitrary();
    const details = fc.check(
      fc.property(arbitrary, (spec) => (spec.turns ?? spec.phases ?? []).length < 3),
      { seed: 5, numRuns: 100 },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexamplePath).toContain(':');
    expect(valueAtPath(arbitrary, 5, 100, details.counterexamplePath!)).toEqual(details.counterexample![0]);
  });
});

describe('exploring in worker threads', () => {
  it('tallies exactly what exploring in this thread tallies', async () => {
    const { runFuzz } = await import('../../src/fuzz/run/run-fuzz.ts');
    const options = {
      strategy: { name: 'threshold', options: {} },
      runs: 4,
      seed: 31,
      properties: ['no-overflow', 'no-loop', 'user-request-preserved'] as const,
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
    };
    const inThread = await runFuzz({ ...options, properties: [...options.properties] });
    const inWorkers = await runFuzz({ ...options, properties: [...options.properties], jobs: 2, timeoutMs: 60_000 });
    const counts = (r: typeof inThread) =>
      r.properties.map(({ property, checked, passed, infeasible, failed, infeasibleReasons }) => ({
        property,
        checked,
        passed,
        infeasible,
        failed,
        infeasibleReasons,
      }));
    expect(counts(inWorkers)).toEqual(counts(inThread));
    expect(inThread.properties.every((p) => p.checked === 4)).toBe(true);
  });
});
