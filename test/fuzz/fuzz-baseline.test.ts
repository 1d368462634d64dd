/**
 * The fuzz baseline for CI: a run fails only on runs the baseline does not list as failing; the
 * first such run is the one shrunk; known failures that now hold are listed; a baseline recorded
 * for other runs (seed, budget, generator, properties) is refused, never a silent pass.
 */
import { describe, expect, it } from 'vitest';
import { packageVersion } from '../../src/harness/package-version.ts';
import {
  assertComparable,
  baselineFromReport,
  compareWithFuzzBaseline,
  fuzzBaselineRefusal,
  hasNewFailures,
  type FuzzBaseline,
} from '../../src/fuzz/ci/fuzz-baseline.ts';
import { runFuzz, type FuzzOptions } from '../../src/fuzz/run/run-fuzz.ts';

const base: FuzzOptions = {
  strategy: { name: 'threshold', options: {} },
  runs: 8,
  seed: 3,
  properties: ['user-request-preserved'],
  outDir: null,
  cwd: process.cwd(),
  maxShrinkCandidates: 4,
  // The baseline is threshold's and the changed strategy below is a planted bug that declares no
  // options: recorded with threshold's options drawn, its corpus would not be the bug's.
  varyOptions: false,
};

describe('fuzz baseline', () => {
  it('passes on known failures, fails on new ones and shrinks the first new one', { timeout: 120_000 }, async () => {
    const recorded = await runFuzz(base);
    const known = recorded.properties[0]!.failedRuns;
    expect(known.length).toBeGreaterThan(0); // the reference's own limitations
    expect(recorded.failed).toBe(true);
    const baseline = baselineFromReport(recorded);
    expect(baseline.properties['user-request-preserved']!.failedRuns).toEqual(known);

    const again = await runFuzz({ ...base, baseline: { file: 'b.json', baseline } });
    expect(again.failed).toBe(false);
    expect(again.baseline!.deltas).toEqual([
      { property: 'user-request-preserved', known: known.length, newRuns: [], fixedRuns: [] },
    ]);
    expect(again.properties[0]!.counterexample).toBeNull(); // nothing new to shrink

    // A strategy that drops the latest user message fails these runs and more.
    // A baseline names the strategy it was recorded for: the module is changed in place, so the
    // planted bug stands for threshold's module after an edit (same name, other code).
    const bug = './src/fuzz/planted-bugs/drop-latest-user.ts';
    const buggy = await runFuzz({
      ...base,
      strategy: { name: bug, options: {} },
      baseline: { file: 'b.json', baseline: { ...baseline, strategy: bug } },
    });
    const delta = buggy.baseline!.deltas[0]!;
    expect(buggy.failed).toBe(true);
    expect(delta.newRuns.length).toBeGreaterThan(0);
    expect(delta.newRuns.some((run) => known.includes(run))).toBe(false);
    expect(buggy.properties[0]!.counterexample!.failure.path.split(':')[0]).toBe(String(delta.newRuns[0]));
  });

  it('lists known failures that no longer fail, without failing', () => {
    const baseline = recordedBaseline([1, 4]);
    const report = { property: 'user-request-preserved' as const, failedRuns: [4] };
    const comparison = compareWithFuzzBaseline(baseline, 'b.json', [report], () => true);
    expect(comparison.deltas).toEqual([{ property: 'user-request-preserved', known: 1, newRuns: [], fixedRuns: [1] }]);
    expect(hasNewFailures(comparison)).toBe(false);
    // A shard only answers for its own runs.
    expect(
      compareWithFuzzBaseline(baseline, 'b.json', [{ ...report, failedRuns: [] }], (run) => run % 2 === 0).deltas[0]!
        .fixedRuns,
    ).toEqual([4]);
  });

  it('refuses a baseline recorded for other runs', () => {
    const baseline = recordedBaseline([1]);
    const run = {
      seed: 3,
      runs: 8,
      corpus: 'sha256:x',
      replaySample: 10,
      properties: ['user-request-preserved' as const],
    };
    expect(() => assertComparable(baseline, 'b.json', { ...run, seed: 4 })).toThrow(
      'b.json was recorded for seed 3, 8 runs; this run is seed 4, 8 runs',
    );
    expect(() => assertComparable(baseline, 'b.json', { ...run, runs: 9 })).toThrow('this run is seed 3, 9 runs');
    expect(() => assertComparable(baseline, 'b.json', { ...run, corpus: 'sha256:y' })).toThrow('the generator changed');
    expect(() => assertComparable(baseline, 'b.json', { ...run, properties: ['no-loop'] })).toThrow(
      'no tallies for no-loop',
    );
    expect(() =>
      assertComparable(baseline, 'b.json', { ...run, replaySample: 1, properties: ['deterministic-replay'] }),
    ).toThrow('give --replay-sample 10');
  });

  it('refuses a baseline recorded for another strategy, other options or by another version, naming what differs', async () => {
    const baseline = recordedBaseline([1]);
    const run = {
      seed: 3,
      runs: 8,
      corpus: 'sha256:x',
      replaySample: 10,
      properties: ['user-request-preserved' as const],
      cwd: '/repo',
    };
    const threshold = { name: 'threshold', options: {} };
    expect(() => assertComparable(baseline, 'b.json', { ...run, strategy: threshold })).not.toThrow();
    expect(() =>
      assertComparable(baseline, 'b.json', { ...run, strategy: { name: 'sliding_window', options: {} } }),
    ).toThrow(
      'fuzz baseline b.json was recorded for strategy threshold; this run fuzzes sliding_window: it says nothing about this run',
    );
    expect(() =>
      assertComparable(baseline, 'b.json', {
        ...run,
        strategy: { name: 'threshold', options: { maxCompactionAttempts: 1 } },
      }),
    ).toThrow('fuzz baseline b.json was recorded with strategy options {}; this run gives {"maxCompactionAttempts":1}');
    expect(() => assertComparable({ ...baseline, toolVersion: '0.0.1' }, 'b.json', run)).toThrow(
      `fuzz baseline b.json was recorded by compaction-sim 0.0.1, this is ${packageVersion()}`,
    );
    const { toolVersion: _dropped, ...older } = baseline;
    expect(() => assertComparable(older, 'b.json', run)).toThrow(
      'was recorded by a compaction-sim version that did not write its version',
    );
    // One module however its path is written; options however their keys are ordered.
    const module = { ...baseline, strategy: './my-strategy.ts', strategyOptions: { a: 1, b: 2 } };
    expect(() =>
      assertComparable(module, 'b.json', { ...run, strategy: { name: 'my-strategy.ts', options: { b: 2, a: 1 } } }),
    ).not.toThrow();
    expect(() =>
      assertComparable(module, 'b.json', { ...run, strategy: { name: './other.ts', options: { a: 1, b: 2 } } }),
    ).toThrow('recorded for strategy ./my-strategy.ts; this run fuzzes ./other.ts');
  });

  it('is refused through runFuzz too: a baseline of threshold never judges another strategy', async () => {
    const baseline = recordedBaseline([1]);
    await expect(
      runFuzz({
        ...base,
        runs: 8,
        strategy: { name: 'sliding_window', options: {} },
        baseline: { file: 'b.json', baseline },
      }),
    ).rejects.toThrow('recorded for strategy threshold; this run fuzzes sliding_window');
  });

  it('never records a crash, hang or timeout', () => {
    const report = {
      runs: 8,
      properties: [
        { property: 'session-completes', failedRuns: [2, 5] },
        { property: 'no-loop', failedRuns: [1] },
      ],
    } as unknown as Parameters<typeof fuzzBaselineRefusal>[0];
    expect(fuzzBaselineRefusal(report, 'b.json')).toBe(
      'fuzz baseline not written: the strategy crashed, hung or timed out on 2 of 8 runs (session-completes failed on runs 2, 5). A run that did not play measures nothing and is never recorded into b.json: fix the strategy (or raise --timeout / --max-memory) and record again.',
    );
    const fine = {
      runs: 8,
      properties: [
        { property: 'session-completes', failedRuns: [] },
        { property: 'no-loop', failedRuns: [1] },
      ],
    } as unknown as Parameters<typeof fuzzBaselineRefusal>[0];
    expect(fuzzBaselineRefusal(fine, 'b.json')).toBeNull();
  });
});

function recordedBaseline(failedRuns: number[]): FuzzBaseline {
  return {
    format: 'compaction-sim fuzz baseline',
    version: 1,
    toolVersion: packageVersion(),
    strategy: 'threshold',
    strategyOptions: {},
    seed: 3,
    runs: 8,
    corpus: 'sha256:x',
    replaySample: 10,
    properties: {
      'user-request-preserved': {
        checked: 8,
        passed: 8 - failedRuns.length,
        infeasible: 0,
        failed: failedRuns.length,
        failedRuns,
      },
    },
  };
}
