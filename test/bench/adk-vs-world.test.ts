import { describe, expect, it } from 'vitest';
import { medianPass, PASSES_PER_ROUND, ratioLine, rotated, SIDES, targetBudgetLine } from '../../bench/adk-vs-world.ts';
import { timeRecorderHooks } from '../../bench/adk-vs-world.ts';
import { SessionRecorder } from '../../src/world/measure/step-recorder.ts';
import { runSession } from '../../src/world/index.ts';
import { thresholdStrategy } from '../../src/engine/index.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';

describe('adk-vs-world bench: the ratio line', () => {
  it('prints the target pairing first, then the matched one, then the other two', () => {
    expect(ratioLine({ userSpeedup: 30.04, matchedSpeedup: 21.04, harnessVsSimulate: 12.96, userVsMatched: 40 })).toBe(
      'world as simulate runs it vs adk-js as a user runs it: 30.0×; measuring matched vs adk-js as the harness plays it: 21.0× (simulate vs harness 13.0×, matched vs user 40.0×)',
    );
  });
});

describe('adk-vs-world bench: symmetry', () => {
  it('every side is first, second, third and last equally often over the passes of a round set', () => {
    const positions = new Map(SIDES.map((side) => [side, SIDES.map(() => 0)]));
    // The bench rotates by the pass number across rounds: over SIDES.length passes each side takes each position once.
    for (let pass = 0; pass < SIDES.length * PASSES_PER_ROUND; pass += 1)
      rotated(SIDES, pass).forEach((side, at) => {
        const counts = positions.get(side)!;
        counts[at] = counts[at]! + 1;
      });
    for (const counts of positions.values()) expect(counts).toEqual(SIDES.map(() => PASSES_PER_ROUND));
  });

  it("a side's round figure is the median of its passes, per scenario and in total (not the best, not one pass)", () => {
    const figure = medianPass([
      { ms: [10, 100], steps: [1, 2], total: 110 },
      { ms: [30, 50], steps: [1, 2], total: 80 },
      { ms: [20, 400], steps: [1, 2], total: 420 },
    ]);
    expect(figure).toEqual({ ms: [20, 100], steps: [1, 2], total: 110 });
  });
});

describe('adk-vs-world bench: the 30x budget line', () => {
  it('says when the strategy and measuring alone exceed adk-js / 30', () => {
    expect(targetBudgetLine({ adkMs: 3000, worldStrategyMs: 80, worldMeasureMs: 100 })).toBe(
      '30× budget: adk-js 3000 ms / 30 = 100 ms for the world; strategy 80 ms + measuring 100 ms = 180 ms: already more than the budget',
    );
  });

  it('says what is left for the step loop otherwise', () => {
    expect(targetBudgetLine({ adkMs: 6000, worldStrategyMs: 80, worldMeasureMs: 50 })).toBe(
      '30× budget: adk-js 6000 ms / 30 = 200 ms for the world; strategy 80 ms + measuring 50 ms = 130 ms: 70 ms left for the step loop',
    );
  });
});

describe('adk-vs-world bench: timing the step recorder', () => {
  it('counts time in the recorder hooks during a run and puts the original methods back', async () => {
    const proto = SessionRecorder.prototype as unknown as Record<string, unknown>;
    const hooks = ['onStepStart', 'onShortCircuit', 'onModelRequest', 'onEventAppended', 'onStepEnd'];
    const before = hooks.map((hook) => proto[hook]);
    const [scenario] = await loadScenarios(['scenarios/brutal/8k-empty-tool-responses.yaml']);
    const stopwatch = { strategyMs: 0, measureMs: 0 };
    const restore = timeRecorderHooks(stopwatch, SessionRecorder);
    const wrapped = hooks.map((hook) => proto[hook]);
    let timed: Awaited<ReturnType<typeof runSession>>;
    try {
      timed = await runSession(scenario!.world, { strategy: thresholdStrategy(), traceDigest: true });
    } finally {
      restore();
    }
    expect(wrapped.every((method, i) => method !== before[i])).toBe(true);
    expect(stopwatch.measureMs).toBeGreaterThan(0);
    expect(hooks.map((hook) => proto[hook])).toEqual(before);
    // The instrumentation changes nothing the world measures.
    const plain = await runSession(scenario!.world, { strategy: thresholdStrategy(), traceDigest: true });
    expect(timed.traceDigest).toBe(plain.traceDigest);
  });
});
