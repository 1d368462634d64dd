import { describe, expect, it } from 'vitest';
import {
  checkExpectations,
  formatCount,
  resolveScenario,
  type ResolvedScenario,
  type ScenarioSpec,
} from '../../../src/harness/scenario/index.ts';
import type {
  SessionResult,
  SessionTotals,
  StepRecord,
  SummarizerCallRecord,
} from '../../../src/world/session-result.ts';

function scenario(expectations: ScenarioSpec['expect'], thrash?: ScenarioSpec['thrash']): ResolvedScenario {
  return resolveScenario(
    { session: { contextWindow: 8000 }, turns: [{ user: 'x' }], expect: expectations, ...(thrash ? { thrash } : {}) },
    { file: 's.yaml', baseDir: '/tmp' },
  );
}

function call(over: Partial<SummarizerCallRecord> = {}): SummarizerCallRecord {
  return {
    inputTokens: 100,
    inputRealTokens: 200,
    contextWindow: 8000,
    maxOutputTokens: 800,
    outputTokens: 30,
    outcome: 'ok',
    ...over,
  };
}

function step(n: number, over: Partial<StepRecord> = {}): StepRecord {
  return {
    step: n,
    turn: Math.floor(n / 2),
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

const ZERO: SessionTotals = {
  turns: 5,
  llmSteps: 10,
  summarizations: 0,
  summarizerCalls: 0,
  reinjections: 0,
  trimmedSteps: 0,
  fallbacks: 0,
  compactedSteps: 0,
  overflowSteps: 0,
  peakRealTokens: 2000,
  peakPercent: 25,
  summarizerInputTokens: 0,
  summarizerOverflows: 0,
  loops: 0,
  thrash: 0,
  orphanSteps: 0,
  missingUserRequestSteps: 0,
  cacheChurnTotal: 0,
  finalHistoryTokens: 5000,
};

function result(
  steps: StepRecord[],
  totals: Partial<SessionTotals> = {},
  failure: SessionResult['failure'] = null,
): SessionResult {
  return { scenario: 's', seed: 1, totals: { ...ZERO, ...totals }, steps, failure, traceDigest: 'd' };
}

const ALL_ON: ScenarioSpec['expect'] = {
  noOverflow: true,
  noLoop: true,
  noThrash: true,
  noOrphans: true,
  userRequestPreserved: true,
  summarizerInputFits: true,
  summarizations: { min: 0, max: 5 },
  compactedSteps: { min: 0 },
  summarizerCalls: { max: 9 },
  maxPeakPercent: 100,
};
const clean = Array.from({ length: 10 }, (_, n) => step(n));

describe('checkExpectations', () => {
  it('passes a clean session against every expectation', () => {
    expect(checkExpectations(scenario(ALL_ON), result(clean))).toEqual([]);
  });

  it('noOverflow: counts overflowing steps and names the first with its numbers', () => {
    const steps = clean.map((s) =>
      s.step === 4 || s.step === 6 ? { ...s, overflow: true, realAfter: 8412 + s.step } : s,
    );
    const failures = checkExpectations(scenario({ noOverflow: true }), result(steps, { overflowSteps: 2 }));
    expect(failures).toEqual([
      {
        expectation: 'noOverflow',
        message: 'noOverflow: 2 steps sent more than the window (first: step 4, turn 2, 8,416 real tokens > 8,000)',
      },
    ]);
  });

  it('asserts only what the file lists (the universal properties are judged apart, in verdict.ts)', () => {
    const steps = clean.map((s) => (s.step === 4 ? { ...s, overflow: true, realAfter: 9000 } : s));
    expect(checkExpectations(scenario(undefined), result(steps, { overflowSteps: 1, loops: 3 }))).toEqual([]);
  });

  it('integrity failures are always reported, whatever expect says', () => {
    const failures = checkExpectations(
      scenario(undefined),
      result(clean, {}, { kind: 'events-mutated', message: 'event 3 changed', step: 7 }),
    );
    expect(failures).toEqual([{ expectation: 'events-mutated', message: 'events-mutated at step 7: event 3 changed' }]);
    const threw = checkExpectations(
      scenario(undefined),
      result(clean, {}, { kind: 'strategy-threw', message: 'boom', step: null }),
    );
    expect(threw).toEqual([{ expectation: 'strategy-threw', message: 'strategy-threw: boom' }]);
  });

  it('noLoop names the first summarization that did not shrink the request', () => {
    const steps = clean.map((s) =>
      s.step === 3 ? { ...s, summarizerCalls: [call()], realBefore: 6500, realAfter: 6700 } : s,
    );
    expect(checkExpectations(scenario({ noLoop: true }), result(steps, { loops: 1 }))).toEqual([
      {
        expectation: 'noLoop',
        message:
          'noLoop: 1 summarization did not make the request smaller (first: step 3, turn 1, 6,500 → 6,700 real tokens)',
      },
    ]);
  });

  it('noThrash names the first window of steps holding too many summarizations', () => {
    const steps = clean.map((s) => ([2, 4, 5].includes(s.step) ? { ...s, summarizerCalls: [call()] } : s));
    expect(
      checkExpectations(scenario({ noThrash: true }, { count: 3, withinSteps: 4 }), result(steps, { thrash: 1 })),
    ).toEqual([
      {
        expectation: 'noThrash',
        message: 'noThrash: 3 or more summarizations within 4 steps, 1 time (first: steps 2–5)',
      },
    ]);
  });

  it('noOrphans, userRequestPreserved and summarizerInputFits report the first offending step', () => {
    const steps = clean.map((s) => {
      if (s.step === 5) return { ...s, orphanCalls: 1 };
      if (s.step === 6) return { ...s, userRequestPresent: false };
      if (s.step === 8) return { ...s, summarizerCalls: [call({ inputRealTokens: 9100, outcome: 'overflow' })] };
      return s;
    });
    const failures = checkExpectations(
      scenario({ noOrphans: true, userRequestPreserved: true, summarizerInputFits: true }),
      result(steps, { orphanSteps: 1, missingUserRequestSteps: 1, summarizerOverflows: 1 }),
    );
    expect(failures.map((f) => f.message)).toEqual([
      'noOrphans: 1 sent request held orphaned function calls or responses (first: step 5, turn 2, 1 call without a response, 0 responses without a call)',
      'userRequestPreserved: the latest user request was missing from 1 sent request (first: step 6, turn 3)',
      "summarizerInputFits: 1 summarizer call exceeded the summarizer's window (first: step 8, turn 4, 9,100 real tokens > 8,000)",
    ]);
  });

  it('count ranges say what was measured and what was wanted', () => {
    const totals = {
      summarizations: 0,
      compactedSteps: 12,
      summarizerCalls: 4,
      summarizerInputTokens: 18297,
      warnings: 1,
    };
    const failures = checkExpectations(
      scenario({
        summarizations: { min: 1 },
        compactedSteps: { max: 10 },
        summarizerCalls: { min: 5, max: 8 },
        summarizerInputTokens: { min: 18374, max: 18374 },
        warnings: { min: 2 },
      }),
      result(clean, totals),
    );
    expect(failures.map((f) => f.message)).toEqual([
      'summarizations: 0, expected at least 1',
      'compactedSteps: 12, expected at most 10',
      'summarizerCalls: 4, expected between 5 and 8',
      'summarizerInputTokens: 18,297, expected between 18374 and 18374',
      'warnings: 1, expected at least 2',
    ]);
    expect(
      checkExpectations(
        scenario({ summarizations: { min: 0 }, compactedSteps: { min: 12, max: 12 } }),
        result(clean, totals),
      ),
    ).toEqual([]);
  });

  it('maxPeakPercent names the peak step', () => {
    const steps = clean.map((s) => (s.step === 7 ? { ...s, realAfter: 7472 } : s));
    expect(
      checkExpectations(scenario({ maxPeakPercent: 90 }), result(steps, { peakPercent: 93.4, peakRealTokens: 7472 })),
    ).toEqual([
      {
        expectation: 'maxPeakPercent',
        message: 'maxPeakPercent: peak 93.4% of the window > 90% (step 7, turn 3, 7,472 real tokens of 8,000)',
      },
    ]);
    expect(checkExpectations(scenario({ maxPeakPercent: 93.4 }), result(steps, { peakPercent: 93.4 }))).toEqual([]);
  });

  it('formats counts independently of the locale', () => {
    expect([0, 999, 1000, 8412, 1234567, 93.4].map(formatCount)).toEqual([
      '0',
      '999',
      '1,000',
      '8,412',
      '1,234,567',
      '93.4',
    ]);
  });
});
