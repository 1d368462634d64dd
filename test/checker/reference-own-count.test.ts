/**
 * The checker's own count of a strategy's declared count (reference-own-count.ts): worked by hand
 * from docs/contextguard.md §6–§8 on made steps; then the cross-check that makes it a ruler and not
 * a guess — on the seed suites and on generated scenarios it equals, step for step, the count the
 * engine's threshold and sliding window report wherever the world can count it; then
 * `declared-trigger` judging by it: an estimator that undercounts tool output moves the count the
 * strategy reports, not the checker's, and the declaration breaks, where the old check (the
 * strategy's word for its count) found nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenOwnTrigger, declaredTrigger } from '../../src/checker/properties/declared-trigger.ts';
import { referenceOwnCounts } from '../../src/checker/properties/reference-own-count.ts';
import { slidingWindowStrategy } from '../../src/engine/strategies/sliding-window.ts';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { loadScenarios, resolveScenario } from '../../src/harness/scenario/index.ts';
import { runSession } from '../../src/world/index.ts';
import type { SessionResult, StepRecord, SummarizerCallRecord } from '../../src/world/session-result.ts';
import type { WorldScenario } from '../../src/world/world-scenario.ts';
import { realisticStrategy } from '../fixtures/realistic-bugs/_base.ts';
import estimateJsonAsText from '../fixtures/realistic-bugs/estimate-json-as-text.ts';
import { budget } from '../budget.ts';
import { session } from './helpers/session-fixtures.ts';

const CALL: SummarizerCallRecord = {
  inputTokens: 10,
  inputRealTokens: 10,
  contextWindow: null,
  maxOutputTokens: null,
  outputTokens: 5,
  outcome: 'ok',
};

/** A consulted step: heuristic and contents before/after, what was sent (real), whether it summarized. */
function made(
  index: number,
  at: { hBefore: number; hAfter?: number; cBefore?: number; cAfter?: number; real: number; summarized?: boolean },
): StepRecord {
  return {
    step: index,
    turn: 0,
    label: 'user',
    clock: index,
    contextWindow: 100_000,
    contentsBefore: at.cBefore ?? 3,
    contentsAfter: at.cAfter ?? at.cBefore ?? 3,
    heuristicBefore: at.hBefore,
    heuristicAfter: at.hAfter ?? at.hBefore,
    realBefore: at.real,
    realAfter: at.real,
    overflow: false,
    shortCircuited: false,
    summarizerCalls: at.summarized ? [CALL] : [],
    reinjection: false,
    trimmed: false,
    compacted: at.summarized === true,
    cacheChurn: 0,
    uncachedTokens: 0,
    orphanCalls: 0,
    orphanResponses: 0,
    userRequestPresent: true,
  };
}

/** The world settings the counts read: one phase, usage reported or not. */
function world(usageMetadata: boolean): WorldScenario {
  return {
    phases: [{ usageMetadata, contextWindow: 100_000 }],
    turns: [{ phase: 0 }],
  } as unknown as WorldScenario;
}

describe('the checker counts as docs/contextguard.md says', () => {
  it('§6: cold, then calibrated by the last real count over the last heuristic, never below the real count', () => {
    const steps = [
      made(0, { hBefore: 400, real: 900 }), // cold: trunc(400 × 2.5) = 1000; stores last 400, real 900
      made(1, { hBefore: 500, real: 1_200 }), // factor 900/400 = 2.25: trunc(1125) = 1125
      made(2, { hBefore: 100, real: 1_300 }), // factor 1200/500 = 2.4: trunc(240), but never below 1200
      made(3, { hBefore: 1_000, real: 7_000 }), // factor 1300/100 = 13, clamped to 5: 5000
    ];
    expect(referenceOwnCounts('contextguard-calibrated', world(true), session(steps))).toEqual([
      1_000, 1_125, 1_200, 5_000,
    ]);
    // Without usage the count stays cold.
    expect(referenceOwnCounts('contextguard-calibrated', world(false), session(steps))).toEqual([
      1_000, 1_250, 250, 2_500,
    ]);
  });

  it('§7: a compaction resets the calibration; the next compaction, over the stored summary, is not known', () => {
    const steps = [
      made(0, { hBefore: 400, real: 900 }),
      made(1, { hBefore: 3_000, hAfter: 200, real: 450, summarized: true }), // judged as built: 3000 × 2.25
      made(2, { hBefore: 3_400, hAfter: 300, real: 600 }), // after the reset: real 450, last 200: 300 × 2.25
      made(3, { hBefore: 9_000, hAfter: 250, real: 500, summarized: true }), // re-injected first: unknown
    ];
    expect(referenceOwnCounts('contextguard-calibrated', world(true), session(steps))).toEqual([
      1_000,
      6_750,
      675,
      undefined,
    ]);
    expect(referenceOwnCounts('contextguard-cold', world(true), session(steps))).toEqual([
      1_000,
      7_500,
      750,
      undefined,
    ]);
  });

  it('§8: contents since the last compaction that stored a summary; a failed summary stores nothing', () => {
    const failed = { ...made(2, { hBefore: 1, cBefore: 30, real: 1, summarized: true }) };
    const steps = [
      made(0, { hBefore: 1, cBefore: 25, cAfter: 8, real: 1, summarized: true }),
      made(1, { hBefore: 1, cBefore: 27, real: 1 }),
      { ...failed, summarizerCalls: [{ ...CALL, outcome: 'error' as const }] },
      made(3, { hBefore: 1, cBefore: 32, real: 1 }),
    ];
    expect(referenceOwnCounts('contents-since-compaction', world(true), session(steps))).toEqual([25, 2, 5, 7]);
    expect(referenceOwnCounts('contents', world(true), session(steps))).toEqual([25, 27, undefined, 32]);
  });
});

/** Every step where the checker can count: the checker's count and the strategy's report side by side. */
async function countsSideBySide(
  scenarios: readonly WorldScenario[],
  make: () => CompactionStrategy,
): Promise<{ known: number; unknown: number; differing: string[] }> {
  let known = 0;
  let unknown = 0;
  const differing: string[] = [];
  for (const scenario of scenarios) {
    const strategy = make();
    const result: SessionResult = await runSession(scenario, { strategy });
    const reference = referenceOwnCounts(strategy.declarations!.ownTrigger!.countedAs!, scenario, result);
    for (const [index, step] of result.steps.entries()) {
      if (step.triggerCount === undefined) continue;
      if (reference[index] === undefined) unknown += 1;
      else if (reference[index] === step.triggerCount) known += 1;
      else differing.push(`${scenario.name} step ${index}: ${reference[index]} vs ${step.triggerCount}`);
    }
  }
  return { known, unknown, differing };
}

describe("the checker's count against the engine's report", () => {
  it('equals what threshold and sliding_window report on every step of stress and brutal it can count', {
    timeout: 600_000,
  }, async () => {
    const scenarios = await loadScenarios(['scenarios/stress', 'scenarios/brutal']);
    const worlds = scenarios.map((s) => s.world);
    for (const make of [() => thresholdStrategy(), () => slidingWindowStrategy()]) {
      const { known, unknown, differing } = await countsSideBySide(worlds, make);
      expect(differing).toEqual([]);
      // Most steps are counted: only compactions over a stored summary are not.
      expect(known).toBeGreaterThan(10 * unknown);
    }
  });

  it('equals them on generated scenarios (every flavour, phase, usage and fault the generator draws)', {
    timeout: 600_000,
  }, async () => {
    const runs = budget(12, 60);
    const specs = fc.sample(scenarioSpecArbitrary(), { numRuns: runs, seed: 27 });
    const worlds = specs.map((spec) => resolveScenario(spec, { file: 'generated.yaml', baseDir: '.' }).world);
    for (const make of [() => thresholdStrategy(), () => slidingWindowStrategy()]) {
      const { known, differing } = await countsSideBySide(worlds, make);
      expect(differing).toEqual([]);
      expect(known).toBeGreaterThan(0);
    }
  });
});

describe('declared-trigger judged on the checker count', () => {
  it("breaks the declaration of a count the strategy reports differently, and judges by the checker's", () => {
    const own = { at: () => 1_000, counts: 'tokens', countedAs: 'contextguard-cold' as const };
    const reported = (count: number): StepRecord => ({ ...made(0, { hBefore: 1, real: 1 }), triggerCount: count });
    expect(brokenOwnTrigger(reported(900), own, 1_050)).toBe(
      'reported a count of 900 tokens where its declared count (contextguard-cold) is 1050',
    );
    // Nothing reported: judged on the checker's count alone.
    expect(brokenOwnTrigger(made(0, { hBefore: 1, real: 1 }), own, 1_000)).toBe(
      'counted 1000 tokens, at or over its own trigger of 1000, and did not compact',
    );
    expect(brokenOwnTrigger(reported(999), own, 999)).toBeNull();
  });

  it('catches an estimator that counts tool output as its text, which its own report hides', {
    timeout: 300_000,
  }, async () => {
    const spec = {
      name: 'tool-output-json',
      session: { contextWindow: 8_000 },
      turns: [
        {
          repeat: 6,
          user: 'Turn {i}: read the config',
          tools: [{ name: 'read_config', size: 1_500, kind: 'json' as const }],
        },
      ],
    };
    const scenario = resolveScenario(spec, { file: 'tool-output-json.yaml', baseDir: '.' }).world;
    const judge = async (strategy: CompactionStrategy) => {
      const result = await runSession(scenario, { strategy });
      const oldCheck = result.steps.some(
        (step) => brokenOwnTrigger(step, { ...strategy.declarations!.ownTrigger!, countedAs: undefined }) !== null,
      );
      return { oldCheck, violation: declaredTrigger.check(scenario, result, undefined, strategy) };
    };
    const correct = await judge(realisticStrategy('realistic:correct'));
    expect(correct.violation).toBeNull();
    const buggy = await judge(estimateJsonAsText());
    // By its own report it kept its trigger; by the count it declared, it did not.
    expect(buggy.oldCheck).toBe(false);
    expect(buggy.violation?.message).toMatch(
      /reported a count of \d+ .* where its declared count \(contextguard-cold\)/,
    );
  });
});
