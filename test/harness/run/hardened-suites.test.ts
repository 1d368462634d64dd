/**
 * `hardened` over every suite in scenarios/ (seeds, regressions, examples, adk quirks, and the
 * museum when present): every scenario passes on the universal properties with no accepted
 * limitation, where the faithful ContextGuard port needs several. The probe suite (issue 29) is
 * the one exception, measured rather than passed so far: there hardened still lets goals and
 * constraints fade through chained summaries (goal-preserved fails in 21 of 36 sessions), and
 * nothing else may break.
 */
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import { ROOT } from '../../cli/run-cli.ts';

describe('hardened on every suite', () => {
  it('passes every scenario, needs no acceptance, and never overflows where it could fit', async () => {
    const run = await runSuite({ paths: ['scenarios'], strategy: 'hardened', jobs: 2, timeoutMs: 120_000, cwd: ROOT });
    const probe = (outcome: (typeof run.outcomes)[number]) => outcome.scenario.file.startsWith('scenarios/probes/');
    const failed = run.outcomes.filter((outcome) => outcome.failures.length > 0 && !probe(outcome)).map((outcome) => `${outcome.scenario.id}: ${outcome.failures.map((f) => f.message).join('; ')}`);
    expect(failed).toEqual([]);
    // Issue 29's open part: on the probes, only goal-preserved may fail.
    const probeFailures = run.outcomes.filter(probe).flatMap((outcome) => outcome.failures.map((f) => f.expectation));
    expect([...new Set(probeFailures)]).toEqual(['goal-preserved']);
    expect(run.outcomes.flatMap((outcome) => outcome.accepted)).toEqual([]);
    expect(run.outcomes.length).toBeGreaterThanOrEqual(70);
  }, 600_000);
});
