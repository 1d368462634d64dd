/**
 * `judgedAs`: a module strategy that is a fork of a built-in is judged as that built-in, so the
 * options, expectations and acceptances files write for the built-in apply to it (the regression
 * pins tell whether the fork changed what they pin). Without it a module gets none of them.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/api/simulate.ts';
import { budget } from '../../budget.ts';

const FILE = 'scenarios/regressions/sliding-window-retry-halves-the-tail-and-carries-the-summary.yaml';
const FORK = './test/fixtures/strategies/sliding-window-one-attempt.ts';

async function play(judgedAs?: string) {
  const { report } = await simulate({
    paths: [FILE],
    strategy: FORK,
    ...(judgedAs === undefined ? {} : { judgedAs }),
    jobs: 1,
    onStrategyOutput: () => {},
  });
  const [scenario] = report.scenarios;
  const firstSummary = scenario!.steps.find((step) => step.summarizerCalls.length > 0)?.step;
  return { failures: scenario!.failures.map((failure) => failure.message), firstSummary };
}

describe('judgedAs', () => {
  it("judges a fork as the built-in: the file's options and expectations for it apply", {
    timeout: 30_000,
  }, async () => {
    const { failures, firstSummary } = await play('sliding_window');
    // maxTurns 33 from the file: the first summary on the step whose request holds 35 contents.
    expect(firstSummary).toBe(17);
    expect(failures).toEqual(expect.arrayContaining(['summarizerCalls: 1, expected between 2 and 2']));
    expect(failures.some((message) => message.startsWith('summarizerInputTokens: '))).toBe(true);
  });

  it("without it a module gets neither the built-in's options nor its expectations", { timeout: 30_000 }, async () => {
    const { failures, firstSummary } = await play();
    expect(firstSummary).toBeLessThan(17);
    expect(
      failures.filter((message) => /^(summarizerCalls|summarizerInputTokens|summarizations):/.test(message)),
    ).toEqual([]);
  });

  it('names a built-in, for a module given for every scenario', async () => {
    await expect(simulate({ paths: [FILE], strategy: FORK, judgedAs: 'nope', jobs: 1 })).rejects.toThrow(
      /^judged as 'nope': not a built-in strategy \(built-ins: threshold, sliding_window, hardened/,
    );
    await expect(simulate({ paths: [FILE], judgedAs: 'sliding_window', jobs: 1 })).rejects.toThrow(
      "judged as 'sliding_window': only a module strategy given for every scenario can be (--strategy ./my-fork.ts)",
    );
  });
});

describe("judgedAs lends the built-in's acceptances only at the steps they were recorded with", () => {
  // Before pins, 39 of the 48 brutal and stress scenarios passed "PASS (1 accepted)" for this fork
  // (here three of them, cheap to play: all three passed before). The nightly run plays both suites.
  const PATHS = budget(
    [
      'scenarios/brutal/8k-compaction-every-step.yaml',
      'scenarios/brutal/8k-alternating-huge-and-tiny.yaml',
      'scenarios/brutal/8k-system-prompt-larger-than-window.yaml',
    ],
    ['scenarios/brutal', 'scenarios/stress'],
  );
  const DROPS_USER_MESSAGES = './test/fixtures/strategies/threshold-drops-user-messages.ts';

  it('a fork that deletes every user message fails where threshold loses the message only after a compaction', {
    timeout: 120_000,
  }, async () => {
    const { report: fork } = await simulate({
      paths: PATHS,
      strategy: DROPS_USER_MESSAGES,
      judgedAs: 'threshold',
      jobs: 1,
      onStrategyOutput: () => {},
    });
    const { report: own } = await simulate({ paths: PATHS, jobs: 1 });
    expect(own.summary.failed).toBe(0);
    // A scenario where threshold itself loses the message at every step it sends (its pin covers
    // them all) is the only one the fork may pass: there the two behave alike.
    const pinnedEverywhere = own.scenarios
      .filter(
        (record) =>
          record.accepted.some((entry) => entry.property === 'user-request-preserved') &&
          record.steps.every((step) => step.shortCircuited || !step.userRequestPresent),
      )
      .map((record) => record.id);
    const passed = fork.scenarios.filter((record) => record.passed).map((record) => record.id);
    expect(passed.filter((id) => !pinnedEverywhere.includes(id))).toEqual([]);
    expect(fork.summary.failed).toBeGreaterThanOrEqual(fork.summary.total - pinnedEverywhere.length);
    const lost = fork.scenarios
      .flatMap((record) => record.failures)
      .filter((failure) => failure.expectation === 'user-request-preserved');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost[0]!.message).toMatch(
      /the acceptance for threshold tolerates steps .* only, and this run also violates it at steps? /,
    );
  });
});
