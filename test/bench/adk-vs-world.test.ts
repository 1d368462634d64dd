import { describe, expect, it } from 'vitest';
import { ratioLine, targetBudgetLine, timeRecorderHooks, type AdkVsWorldResult } from '../../bench/adk-vs-world.ts';
import { SessionRecorder } from '../../src/world/measure/step-recorder.ts';
import { runSession } from '../../src/world/index.ts';
import { thresholdStrategy } from '../../src/engine/index.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';

const result = (over: Partial<AdkVsWorldResult>): AdkVsWorldResult => ({
  tree: 'src',
  rows: [],
  rounds: 5,
  matchedMs: 150,
  worldMs: 300,
  adkMs: 3000,
  matchedRounds: [],
  worldRounds: [],
  adkRounds: [],
  worldStrategyMs: 80,
  adkStrategyMs: 60,
  worldMeasureMs: 100,
  matchedSpeedup: 20,
  speedup: 10,
  identical: 0,
  ...over,
});

describe('adk-vs-world bench: the ratio line', () => {
  it('prints both ratios, measuring matched first', () => {
    expect(ratioLine(result({ matchedSpeedup: 21.04, speedup: 12.96 }))).toBe('world vs adk-js: 21.0× (measuring matched), 13.0× (full measuring)');
  });
});

describe('adk-vs-world bench: the 20x budget line', () => {
  it('says when the strategy and measuring alone exceed adk-js / 20', () => {
    expect(targetBudgetLine(result({}))).toBe(
      '20× budget: adk-js 3000 ms / 20 = 150 ms for the world; strategy 80 ms + measuring 100 ms = 180 ms: already more than the budget',
    );
  });

  it('says what is left for the step loop otherwise', () => {
    expect(targetBudgetLine(result({ adkMs: 4000, worldMeasureMs: 50 }))).toBe(
      '20× budget: adk-js 4000 ms / 20 = 200 ms for the world; strategy 80 ms + measuring 50 ms = 130 ms: 70 ms left for the step loop',
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
    let timed;
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
