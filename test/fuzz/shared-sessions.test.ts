/**
 * Several sessions in one fuzz run, on one strategy instance (run/shared-sessions.ts): a strategy
 * that keeps its summary at module level (planted bug `summary-kept-across-sessions.ts`) is caught
 * by fuzz alone on runs where its correct twin (the same strategy, the summary in the session's
 * state: it plays exactly like the bug's first session) holds. On every seed tried, not one
 * picked because it passes. In worker mode (`jobs`), as the CLI plays: a fresh module per run,
 * shared by that run's sessions.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { sessionsOfRun, sharedSessionsVerdict } from '../../src/fuzz/run/shared-sessions.ts';
import { budget } from '../budget.ts';

const SEEDS = Array.from({ length: budget(2, 10) }, (_, i) => i + 1);
const RUNS = 12;

function fuzzOf(name: string, seed: number) {
  return runFuzz({
    strategy: { name, options: {} },
    runs: RUNS,
    seed,
    properties: ['user-request-preserved'],
    outDir: null,
    cwd: process.cwd(),
    maxShrinkCandidates: 20,
    jobs: 1,
  });
}

describe('several sessions per fuzz run', () => {
  it('draws 2 or 3 sessions per run from the scenario seed', () => {
    expect(new Set([1, 2, 3, 4].map((seed) => sessionsOfRun({ seed })))).toEqual(new Set([2, 3]));
  });

  it('names the later session a failure comes from, and keeps a first-session failure as it is', () => {
    const failed = (message: string) => ({
      status: 'failed' as const,
      violation: { property: 'no-overflow' as const, step: 3, turn: 1, message, infeasible: null },
    });
    expect(sharedSessionsVerdict([{ status: 'passed' }, { status: 'passed' }])).toEqual({ status: 'passed' });
    expect(sharedSessionsVerdict([failed('a'), failed('b')])).toEqual(failed('a'));
    const later = sharedSessionsVerdict([{ status: 'passed' }, { status: 'passed' }, failed('b')]);
    expect(later.status === 'failed' && later.violation.message).toMatch(/^in session 3 of 3 .*: b$/);
  });

  it.each(SEEDS)(
    'catches a summary kept at module level on runs where its twin kept in session state holds (seed %i)',
    async (seed) => {
      const [planted] = (await fuzzOf('./src/fuzz/planted-bugs/summary-kept-across-sessions.ts', seed)).properties;
      const [twin] = (await fuzzOf('./test/fuzz/fixtures/summary-in-session-state.ts', seed)).properties;
      // The twin plays exactly like the planted bug's first session: every run it fails, the planted bug fails too.
      expect(planted!.failedRuns).toEqual(expect.arrayContaining([...twin!.failedRuns]));
      const leaked = planted!.failedRuns.filter((run) => !twin!.failedRuns.includes(run));
      expect(leaked.length).toBeGreaterThan(0);
      if (!twin!.failedRuns.includes(planted!.failedRuns[0]!)) {
        expect(planted!.counterexample?.failure.violation.message).toMatch(
          /^in session [23] of [23] played on one strategy instance/,
        );
      }
    },
    900_000,
  );
});
