/**
 * Fuzz alone (no reference strategy, no scenario suites) kills at least 80 % of the realistic buggy
 * strategies of test/fixtures/realistic-bugs/ (each one bug a real agent has had), at a fixed modest
 * budget, as a rate over bug × seed pairs on every seed tried (not one picked because it passes).
 * A bug is killed on a seed when its report fails a property its correct twin holds on every run
 * of that seed (bench/realistic-bugs/kill-rate.ts); the twin must hold the contracts that judge
 * most of these bugs (its trigger and its estimator), or the rate would be measured on nothing.
 * Every run: seeds 1-2; nightly: seeds 1-5. `npm run bench:realistic-bugs` prints it per bug.
 */
import { describe, expect, it } from 'vitest';
import { realisticKillRate, REALISTIC_BUGS } from '../../bench/realistic-bugs/kill-rate.ts';
import { budget } from '../budget.ts';

const SEEDS = Array.from({ length: budget(2, 5) }, (_, i) => i + 1);
const RUNS = 20;
const TARGET = 0.8;

describe('realistic buggy strategies', () => {
  // Measured with `npm run bench:realistic-bugs -- --runs 20` once no-summary-growth stopped
  // failing the twin (it compared a first summary with a step that sent none, so summary-grows
  // could not count) and declared-trigger judged by the checker's own count: 12 of 13 on seeds 1
  // and 2 (92.3 %), 11 of 13 on seeds 3, 4 and 5 (84.6 %), so 24/26 on every run's seeds and
  // 57/65 (87.7 %) on the nightly ones. The survivors: the uncut summarizer input on every seed
  // (the twin fails summarizer-input-fits, so that property judges neither) and on seeds 3-5 the
  // trigger at `>` for `>=` (its boundary not reached in 20 runs).
  it(`fuzz alone kills at least ${TARGET * 100} % of them (${REALISTIC_BUGS.length} bugs, ${RUNS} runs, seeds ${SEEDS.join(', ')})`, async () => {
    const rate = await realisticKillRate({ seeds: SEEDS, runs: RUNS });
    for (const holds of rate.twinHolds.values())
      expect(holds).toEqual(
        expect.arrayContaining(['declared-trigger', 'estimate-precision', 'user-request-preserved']),
      );
    const survivors = rate.results
      .filter((result) => result.killedBy.length === 0)
      .map((result) => `${result.bug}@${result.seed}`);
    expect(rate.total).toBe(REALISTIC_BUGS.length * SEEDS.length);
    expect(rate.rate, `survivors: ${survivors.join(', ')}`).toBeGreaterThanOrEqual(TARGET);
  }, 3_600_000);
});
