/**
 * `judgedAs`: a module strategy that is a fork of a built-in is judged as that built-in, so the
 * options, expectations and acceptances files write for the built-in apply to it (the regression
 * pins tell whether the fork changed what they pin). Without it a module gets none of them.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/api/simulate.ts';

const FILE = 'scenarios/regressions/sliding-window-retry-halves-the-tail-and-carries-the-summary.yaml';
const FORK = './test/fixtures/strategies/sliding-window-one-attempt.ts';

async function play(judgedAs?: string) {
  const { report } = await simulate({ paths: [FILE], strategy: FORK, ...(judgedAs === undefined ? {} : { judgedAs }), jobs: 1, onStrategyOutput: () => {} });
  const [scenario] = report.scenarios;
  const firstSummary = scenario!.steps.find((step) => step.summarizerCalls.length > 0)?.step;
  return { failures: scenario!.failures.map((failure) => failure.message), firstSummary };
}

describe('judgedAs', () => {
  it("judges a fork as the built-in: the file's options and expectations for it apply", { timeout: 30_000 }, async () => {
    const { failures, firstSummary } = await play('sliding_window');
    // maxTurns 33 from the file: the first summary on the step whose request holds 35 contents.
    expect(firstSummary).toBe(17);
    expect(failures).toEqual(expect.arrayContaining(['summarizerCalls: 1, expected between 2 and 2']));
    expect(failures.some((message) => message.startsWith('summarizerInputTokens: '))).toBe(true);
  });

  it("without it a module gets neither the built-in's options nor its expectations", { timeout: 30_000 }, async () => {
    const { failures, firstSummary } = await play();
    expect(firstSummary).toBeLessThan(17);
    expect(failures.filter((message) => /^(summarizerCalls|summarizerInputTokens|summarizations):/.test(message))).toEqual([]);
  });

  it('names a built-in, for a module given for every scenario', async () => {
    await expect(simulate({ paths: [FILE], strategy: FORK, judgedAs: 'nope', jobs: 1 })).rejects.toThrow(/^judged as 'nope': not a built-in strategy \(built-ins: threshold, sliding_window, hardened/);
    await expect(simulate({ paths: [FILE], judgedAs: 'sliding_window', jobs: 1 })).rejects.toThrow("judged as 'sliding_window': only a module strategy given for every scenario can be (--strategy ./my-fork.ts)");
  });
});
