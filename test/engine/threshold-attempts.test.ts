/**
 * Issue 18's survivor "threshold with two summarization attempts instead of three": a summarizer
 * that fails twice (oversized summaries) and recovers on its third call. The regression file pins
 * it in the suites: threshold's third attempt fits, a threshold giving up after two overflows.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/api/simulate.ts';

const FILE = 'scenarios/regressions/threshold-summarizer-recovers-on-the-third-attempt.yaml';

describe('threshold retries until its third summarization attempt', () => {
  it('fits with three attempts and overflows with two', { timeout: 60_000 }, async () => {
    const three = await simulate({ paths: [FILE], strategy: 'threshold' });
    expect(three.passed).toBe(true);
    const two = await simulate({ paths: [FILE], strategy: 'threshold', strategyOptions: { maxCompactionAttempts: 2 } });
    expect(two.passed).toBe(false);
    const failures = two.report.scenarios[0]!.failures.map((failure) => failure.expectation);
    expect(failures).toContain('noOverflow');
  });
});
