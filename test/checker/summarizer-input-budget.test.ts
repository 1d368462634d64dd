/**
 * summarizer-input-budget (behaviour): judged on the summarizer requests the session sent,
 * measured by the world's ruler, not on the strategy's declared cut. A strategy that declares
 * ContextGuard's cut but sends its summarizer a quarter of what fits passed the old contract
 * check and fails this one.
 */
import { describe, expect, it } from 'vitest';
import { declaredSummarizerCut } from '../../src/checker/properties/declared-summarizer-cut.ts';
import {
  overCutStep,
  SUMMARIZER_INPUT_ROOM_SHARE,
  summarizerInputBudget,
} from '../../src/checker/properties/summarizer-input-budget.ts';
import { hardenedStrategy } from '../../src/engine/strategies/hardened/hardened.ts';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import summarizerBudgetInBytes from '../../src/fuzz/planted-bugs/summarizer-budget-in-bytes.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { resolveScenario } from '../../src/harness/scenario/index.ts';
import { runSession } from '../../src/world/run-session.ts';
import { violatingSteps } from '../../src/harness/scenario/violating-steps.ts';
import { compaction, compactionStep } from './helpers-compaction-step.ts';

describe('summarizer-input-budget, over step records', () => {
  it('fails a left-out content that fitted beside the largest request within half the window, exactly at the boundary', () => {
    const window = 8000;
    const room = SUMMARIZER_INPUT_ROOM_SHARE * window;
    const at = (input: number, newest: number, call: { contextWindow?: number | null } = {}) =>
      overCutStep(
        compactionStep(4, compaction({ leftOutOfSummarizer: 2, newestLeftOutTokens: newest }), {
          calls: [{ inputRealTokens: 10 }, { inputRealTokens: input, ...call }],
        }),
      );
    expect(at(room - 500, 500)).toBe(
      `left 2 newly covered contents out of its summarizer's input (the newest 500 real tokens), although beside the ${room - 500} real tokens it sent it fitted within half the 8000-token summarizer window (${room} <= ${room})`,
    );
    expect(at(room - 500, 501)).toBeNull();
    // The summarizer's own window when it has one; the agent's (8000 here) when it has none.
    expect(at(room - 500, 500, { contextWindow: 4000 })).toBeNull();
    expect(at(1000, 500, { contextWindow: 4000 })).toMatch(
      /within half the 4000-token summarizer window \(1500 <= 2000\)$/,
    );
    // Nothing left out, or no compaction measured: nothing to judge.
    expect(overCutStep(compactionStep(4, compaction({ leftOutOfSummarizer: 0 })))).toBeNull();
    expect(overCutStep(compactionStep(4, undefined))).toBeNull();
  });
});

describe('summarizer-input-budget, played', () => {
  const world = resolveScenario(
    {
      name: 'kinds',
      seed: 1,
      session: { contextWindow: 8000 },
      turns: Array.from({ length: 6 }, () => ({
        user: { size: 1500, kind: 'prose' },
        tools: [{ name: 'read_file', size: 2500, kind: 'prose' }],
      })),
    },
    { file: 'kinds.yaml', baseDir: process.cwd() },
  ).world;

  it('fails a cut in bytes even when the strategy declares the right one (the old contract check passed it); threshold and hardened hold', async () => {
    // The bug's sessions with ContextGuard's declaration, honest on its face.
    const declaredRight: CompactionStrategy = {
      ...summarizerBudgetInBytes({}),
      declarations: thresholdStrategy().declarations,
    };
    const result = await runSession(world, { strategy: declaredRight });
    expect(declaredSummarizerCut.check(world, result, undefined, declaredRight)).toBeNull();
    expect(summarizerInputBudget.check(world, result)?.message).toMatch(
      /^step \d+ .* left \d+ newly covered contents? out of its summarizer's input \(the newest \d+ real tokens\), although beside the \d+ real tokens it sent it fitted within half the 8000-token summarizer window/,
    );
    const first = summarizerInputBudget.check(world, result)!.step;
    expect(violatingSteps('summarizer-input-budget', world, result)[0]).toBe(first);
    for (const strategy of [thresholdStrategy(), hardenedStrategy()]) {
      const held = await runSession(world, { strategy });
      expect(violatingSteps('summarizer-input-budget', world, held), strategy.name).toEqual([]);
      expect(
        held.steps.some((step) => step.compaction !== undefined),
        strategy.name,
      ).toBe(true);
      expect(summarizerInputBudget.check(world, held), strategy.name).toBeNull();
    }
  });

  it('is found by the fuzzer in the planted bug on several seeds, and judges every strategy', {
    timeout: 180_000,
  }, async () => {
    const fuzz = (name: string, seed: number) =>
      runFuzz({
        strategy: { name, options: {} },
        runs: 6,
        seed,
        properties: ['summarizer-input-budget'],
        outDir: null,
        cwd: process.cwd(),
        maxShrinkCandidates: 10,
        stopAtFirstFailure: true,
      });
    let caught = 0;
    for (const seed of [1, 2, 3])
      if ((await fuzz('./src/fuzz/planted-bugs/summarizer-budget-in-bytes.ts', seed)).properties[0]!.failed > 0)
        caught += 1;
    expect(caught).toBeGreaterThanOrEqual(2);
    // A behaviour property: every strategy is judged, whatever it declares.
    expect(summarizerInputBudget.appliesTo).toBeUndefined();
    expect(summarizerInputBudget.kind ?? 'behaviour').toBe('behaviour');
  });
});
