import { describe, expect, it } from 'vitest';
import { resolveScenario, type ResolvedScenario, type ScenarioSpec } from '../../../src/harness/scenario/index.ts';
import { judgeScenario } from '../../../src/harness/scenario/verdict.ts';
import type { SessionResult, StepRecord } from '../../../src/world/session-result.ts';

const BUILTINS = new Set(['threshold', 'sliding_window']);

function scenario(spec: Partial<ScenarioSpec> = {}): ResolvedScenario {
  return resolveScenario(
    { session: { contextWindow: 8000 }, turns: [{ user: 'x' }, { user: 'y' }], ...spec },
    { file: 's.yaml', baseDir: '/tmp' },
  );
}

function step(n: number, over: Partial<StepRecord> = {}): StepRecord {
  return {
    step: n,
    turn: n,
    label: 'user',
    clock: n,
    contextWindow: 8000,
    contentsBefore: 3,
    contentsAfter: 3,
    heuristicBefore: 1000,
    heuristicAfter: 1000,
    realBefore: 2000,
    realAfter: 2000,
    overflow: false,
    shortCircuited: false,
    summarizerCalls: [],
    reinjection: false,
    trimmed: false,
    compacted: false,
    cacheChurn: 0,
    uncachedTokens: 0,
    orphanCalls: 0,
    orphanResponses: 0,
    userRequestPresent: true,
    ...over,
  };
}

function result(steps: StepRecord[]): SessionResult {
  const totals = {
    turns: 2,
    llmSteps: steps.length,
    summarizations: 0,
    summarizerCalls: 0,
    reinjections: 0,
    trimmedSteps: 0,
    fallbacks: 0,
    compactedSteps: 0,
    overflowSteps: steps.filter((s) => s.overflow).length,
    peakRealTokens: 9000,
    peakPercent: 112.5,
    summarizerInputTokens: 0,
    summarizerOverflows: 0,
    loops: 0,
    thrash: 0,
    orphanSteps: 0,
    missingUserRequestSteps: 0,
    cacheChurnTotal: 0,
  };
  return { scenario: 's', seed: 1, totals, steps, failure: null, traceDigest: 'd' };
}

/** Step 1 sent 9,000 real tokens to an 8,000-token window, with a tiny user message: a strategy could have fitted it. */
const overflowing = result([
  step(0),
  step(1, { overflow: true, realAfter: 9000, realBefore: 9000, heuristicBefore: 4500, heuristicAfter: 4500 }),
]);
const orphaning = result([step(0), step(1, { orphanResponses: 1 })]);
const threshold = { name: 'threshold', builtin: true };

describe('judgeScenario', () => {
  it('fails an avoidable overflow although the file expects nothing', async () => {
    const verdict = await judgeScenario(scenario(), overflowing, threshold, BUILTINS);
    expect(verdict.failures.map((failure) => failure.expectation)).toEqual(['no-overflow']);
    expect(verdict.failures[0]!.message).toMatch(
      /^no-overflow: step 1 \(turn 1, user\) sent 9000 real tokens to a 8000-token window/,
    );
    expect(verdict.accepted).toEqual([]);
  });

  it('tolerates it only for the strategy an acceptance names, and keeps the reason', async () => {
    const accept = [
      { strategy: 'threshold', property: 'no-overflow' as const, reason: 'faithful upstream behaviour', steps: '1' },
    ];
    const tolerated = await judgeScenario(scenario({ accept }), overflowing, threshold, BUILTINS);
    expect(tolerated.failures).toEqual([]);
    expect(tolerated.accepted).toEqual([
      expect.objectContaining({
        property: 'no-overflow',
        strategy: 'threshold',
        reason: 'faithful upstream behaviour',
      }),
    ]);
    const other = await judgeScenario(
      scenario({ accept }),
      overflowing,
      { name: 'sliding_window', builtin: true },
      BUILTINS,
    );
    expect(other.failures.map((failure) => failure.expectation)).toEqual(['no-overflow']);
  });

  it("never lets a module strategy borrow a built-in's acceptances by calling itself by its name", async () => {
    const accept = [{ strategy: 'threshold', property: 'no-orphans' as const, reason: 'upstream', steps: '1' }];
    const fork = await judgeScenario(scenario({ accept }), orphaning, { name: 'threshold', builtin: false }, BUILTINS);
    expect(fork.failures.map((failure) => failure.expectation)).toEqual(['no-orphans']);
    const mine = await judgeScenario(
      scenario({ accept: [{ strategy: 'keep_tail', property: 'no-orphans', reason: 'known', steps: '1' }] }),
      orphaning,
      { name: 'keep_tail', builtin: false },
      BUILTINS,
    );
    expect(mine.failures).toEqual([]);
    expect(mine.accepted).toHaveLength(1);
  });

  it('an acceptance covers only its property', async () => {
    const accept = [{ strategy: 'threshold', property: 'no-loop' as const, reason: 'other property', steps: '1' }];
    const verdict = await judgeScenario(scenario({ accept }), orphaning, threshold, BUILTINS);
    // …and one for a property that held is stale: it fails too (acceptances must fire).
    expect(verdict.failures.map((failure) => failure.expectation)).toEqual(['no-orphans', 'stale-acceptance']);
  });

  it("reports a file's strict expectation once, not again as the universal property", async () => {
    const verdict = await judgeScenario(scenario({ expect: { noOverflow: true } }), overflowing, threshold, BUILTINS);
    expect(verdict.failures.map((failure) => failure.expectation)).toEqual(['noOverflow']);
  });

  it('a museum scenario passes when its strategy shows the reported bug, and fails when it does not', async () => {
    const reproduces = [{ strategy: 'threshold', property: 'no-orphans' as const, issue: 'owner/repo#42' }];
    const shown = await judgeScenario(scenario({ reproduces }), orphaning, threshold, BUILTINS);
    expect(shown.failures).toEqual([]);
    expect(shown.reproduced).toEqual([
      expect.objectContaining({ property: 'no-orphans', strategy: 'threshold', issue: 'owner/repo#42' }),
    ]);
    const clean = await judgeScenario(scenario({ reproduces }), result([step(0), step(1)]), threshold, BUILTINS);
    expect(clean.failures).toEqual([
      {
        expectation: 'reproduces',
        message:
          'reproduces: owner/repo#42 did not reproduce: no-orphans was expected to break for threshold, but it held',
      },
    ]);
    // Another strategy playing the museum is judged like anywhere else.
    const other = await judgeScenario(scenario({ reproduces }), orphaning, { name: 'mine', builtin: false }, BUILTINS);
    expect(other.failures.map((failure) => failure.expectation)).toEqual(['no-orphans']);
    expect(other.reproduced).toEqual([]);
  });

  it('excuses a violation no strategy could avoid as infeasible, with its proof, and passes', async () => {
    // A system prompt of 40,000 bytes is 10,000 heuristic tokens, 20,000 real ones: over the 8,000 window.
    const bigPrompt = scenario({ session: { contextWindow: 8000, systemPrompt: 40_000 } });
    const verdict = await judgeScenario(bigPrompt, overflowing, threshold, BUILTINS);
    expect(verdict.failures).toEqual([]);
    expect(verdict.infeasible).toEqual([
      expect.objectContaining({ property: 'no-overflow', reason: 'fixed-overhead-over-window' }),
    ]);
  });

  it('fails a request lost under go-compat: the host builds it with the message, so some strategy keeps it', async () => {
    const lost = result([step(0), step(1, { userRequestPresent: false })]);
    const verdict = await judgeScenario(
      scenario({ profile: 'go-compat', session: { contextWindow: 8000, model: 'm' } }),
      lost,
      threshold,
      BUILTINS,
    );
    expect(verdict.failures.map((failure) => failure.expectation)).toEqual(['user-request-preserved']);
    expect(verdict.infeasible).toEqual([]);
  });

  describe('an acceptance tolerates the violation it was recorded with, not the property', () => {
    const lostAt = (...at: number[]) =>
      result([0, 1, 2, 3].map((n) => step(n, { userRequestPresent: !at.includes(n) })));
    const accept = [
      { strategy: 'threshold', property: 'user-request-preserved' as const, reason: 'known', steps: '1-2' },
    ];

    it('tolerates a violation at the pinned steps, or at fewer of them', async () => {
      for (const run of [lostAt(1, 2), lostAt(2)]) {
        const verdict = await judgeScenario(scenario({ accept }), run, threshold, BUILTINS);
        expect(verdict.failures).toEqual([]);
        expect(verdict.accepted).toHaveLength(1);
      }
    });

    it('fails a violation at a step it does not pin, naming the steps outside the pin', async () => {
      const verdict = await judgeScenario(scenario({ accept }), lostAt(0, 1, 2, 3), threshold, BUILTINS);
      expect(verdict.failures.map((failure) => failure.message)).toEqual([
        "user-request-preserved: step 0 (turn 0, user) sent a request without turn 0's user message (neither verbatim nor quoted); " +
          'the acceptance for threshold tolerates steps 1-2 only, and this run also violates it at steps 0, 3',
      ]);
      expect(verdict.accepted).toEqual([]);
    });

    it('the same holds for a fork judged as the built-in, which a stale acceptance never fails', async () => {
      const judged = scenario({ accept });
      const fork = { ...judged, strategy: { ...judged.strategy, judgedAs: 'threshold' } };
      expect(
        (await judgeScenario(fork, lostAt(0, 1), threshold, BUILTINS)).failures.map((failure) => failure.expectation),
      ).toEqual(['user-request-preserved']);
      // A fork that fixed the limitation owes nothing to the built-in's tolerance.
      expect((await judgeScenario(fork, lostAt(), threshold, BUILTINS)).failures).toEqual([]);
    });

    it('an acceptance without steps tolerates nothing and says how to record them', async () => {
      const unpinned = [{ strategy: 'threshold', property: 'user-request-preserved' as const, reason: 'known' }];
      const verdict = await judgeScenario(scenario({ accept: unpinned }), lostAt(1), threshold, BUILTINS);
      expect(verdict.failures.map((failure) => failure.message)).toEqual([
        expect.stringMatching(/pins no steps, so it tolerates nothing: record them \(npm run accept:record\)/),
      ]);
    });

    it('a stale acceptance (no violation to tolerate) fails the scenario and is listed as stale', async () => {
      const verdict = await judgeScenario(scenario({ accept }), lostAt(), threshold, BUILTINS);
      expect(verdict.stale).toEqual([
        expect.objectContaining({ property: 'user-request-preserved', strategy: 'threshold' }),
      ]);
      expect(verdict.failures).toEqual([
        {
          expectation: 'stale-acceptance',
          message: expect.stringMatching(
            /^stale-acceptance: user-request-preserved is accepted for threshold but this run has no user-request-preserved violation/,
          ),
        },
      ]);
      // Only for the strategy it names: another strategy is not judged by it.
      expect(
        (await judgeScenario(scenario({ accept }), lostAt(), { name: 'sliding_window', builtin: true }, BUILTINS))
          .failures,
      ).toEqual([]);
    });

    it('under another seed than the one it was recorded with (--seed), the pin bounds the count of violating steps', async () => {
      const recorded = scenario({ accept });
      const reseeded = {
        ...recorded,
        accept: recorded.accept.map((entry) => ({ ...entry, pinnedForSeed: recorded.world.seed + 1 })),
      };
      expect((await judgeScenario(reseeded, lostAt(0, 3), threshold, BUILTINS)).failures).toEqual([]);
      const more = await judgeScenario(reseeded, lostAt(0, 1, 3), threshold, BUILTINS);
      expect(more.failures.map((failure) => failure.message)).toEqual([
        expect.stringMatching(/was recorded under seed 2 with 2 violating steps, and this run \(seed 1\) has 3$/),
      ]);
    });

    it('a named rule gives strategy, property and reason once', async () => {
      const verdict = await judgeScenario(
        scenario({
          profile: 'go-compat',
          session: { contextWindow: 8000, model: 'm' },
          accept: [{ rule: 'go-compat-continuation-without-user-content', steps: '1' }],
        }),
        lostAt(1),
        threshold,
        BUILTINS,
      );
      expect(verdict.failures).toEqual([]);
      expect(verdict.accepted).toEqual([
        expect.objectContaining({
          property: 'user-request-preserved',
          strategy: 'threshold',
          reason: expect.stringMatching(/^go-compat hides/),
        }),
      ]);
    });
  });
});
