import { describe, expect, it } from 'vitest';
import { explainByCalibration } from '../../src/checker/infeasibility/calibration-envelope.ts';
import { explainOverflow } from '../../src/checker/infeasibility/explain-overflow.ts';
import { explainThrash } from '../../src/checker/infeasibility/explain-thrash.ts';
import type { RequestFloor } from '../../src/checker/infeasibility/request-floor.ts';
import { phase, step, summarizerCall, turn, world } from './helpers/session-fixtures.ts';

function floor(overhead: number, user: number): RequestFloor {
  return { overheadRealTokens: () => overhead, userRealTokens: () => user };
}

// An 8k window, ratio 2: a sent request of 4,100 heuristic tokens is 8,200 real tokens.
const over = step(0, { heuristicAfter: 4_100, realAfter: 8_200 });

describe('explainOverflow', () => {
  it('excuses an overflow when system prompt + tool declarations alone exceed the window', () => {
    expect(explainOverflow(world(), [over], 0, floor(8_001, 10))?.reason).toBe('fixed-overhead-over-window');
  });

  it('excuses it when overhead + the user message exceed the window', () => {
    const why = explainOverflow(world(), [over], 0, floor(3_000, 5_001));
    expect(why?.reason).toBe('user-message-over-window');
    expect(why?.detail).toContain('3000 + turn 0');
  });

  it('does not excuse it when the floor fits and the ratio was observable', () => {
    const steps = [step(0, { heuristicAfter: 1_000, realAfter: 2_000 }), step(1, { heuristicAfter: 4_100, realAfter: 8_200 })];
    expect(explainOverflow(world(), steps, 1, floor(500, 500))).toBeNull();
  });

  it('excuses it when the summarizer reply alone (wrapped, plus a continuation) overflows', () => {
    const huge = step(0, { heuristicAfter: 4_100, realAfter: 8_200, summarizerCalls: [summarizerCall({ outputTokens: 4_000 })] });
    expect(explainOverflow(world(), [huge], 0, floor(100, 10))?.reason).toBe('summary-floor-over-window');
  });

  it('blames the strategy when the summary itself was its own fallback (the summarizer failed)', () => {
    const failed = step(0, { heuristicAfter: 4_100, realAfter: 8_200, summarizerCalls: [summarizerCall({ outputTokens: 0, outcome: 'error' })] });
    const steps = [step(0), { ...failed, step: 1 }];
    expect(explainOverflow(world(), steps, 1, floor(100, 10))).toBeNull();
  });
});

describe('explainByCalibration', () => {
  it('excuses a cold-start overflow only when heuristic × 2.5 fit the window', () => {
    const ratio4 = world({ phases: [phase({ tokenModel: { kind: 'ratio', ratio: 4 } })] });
    const fits = step(0, { heuristicAfter: 3_000, realAfter: 12_000 }); // 3000 × 2.5 = 7500 ≤ 8000
    const seen = step(0, { heuristicAfter: 3_300, realAfter: 13_200 }); // 3300 × 2.5 = 8250 > 8000
    expect(explainByCalibration(ratio4, [fits], 0)?.reason).toBe('uncalibrated-ratio');
    expect(explainByCalibration(ratio4, [seen], 0)).toBeNull();
  });

  it('treats every step as cold when usage metadata is off', () => {
    const noUsage = world({ phases: [phase({ usageMetadata: false, tokenModel: { kind: 'ratio', ratio: 3 } })] });
    const steps = [step(0), step(1), step(2, { heuristicAfter: 3_000, realAfter: 9_000 })];
    expect(explainByCalibration(noUsage, steps, 2)?.reason).toBe('uncalibrated-ratio');
  });

  it('does not excuse a ratio within the cold factor', () => {
    const noUsage = world({ phases: [phase({ usageMetadata: false })] });
    expect(explainByCalibration(noUsage, [step(0, { heuristicAfter: 4_100, realAfter: 8_200 })], 0)).toBeNull();
  });

  it('excuses a ratio beyond the correction cap 5 once calibrated', () => {
    const ratio8 = world({ phases: [phase({ tokenModel: { kind: 'ratio', ratio: 8 } })] });
    const steps = [step(0, { heuristicAfter: 100, realAfter: 800 }), step(1, { heuristicAfter: 1_500, realAfter: 12_000 })];
    expect(explainByCalibration(ratio8, steps, 1)?.reason).toBe('ratio-beyond-correction-cap');
  });

  it('excuses the first step after a token-model switch when the stale estimate fit', () => {
    const switched = world({
      phases: [phase(), phase({ name: 'after', tokenModel: { kind: 'ratio', ratio: 4 } })],
      turns: [turn(0), turn(1, { phase: 1 })],
    });
    const steps = [step(0, { heuristicAfter: 1_000, realAfter: 2_000 }), step(1, { heuristicAfter: 3_000, realAfter: 12_000 })];
    expect(explainByCalibration(switched, steps, 1)?.reason).toBe('stale-calibration');
  });
});

describe('explainThrash', () => {
  it('excuses thrash when every summarization was forced by the content its step added', () => {
    // Each tool step adds 3,750 heuristic tokens (7,500 real) to an 8k window, and the user message must stay.
    const steps = [0, 1, 2, 3, 4, 5].map((i) =>
      step(i, { label: i % 2 === 0 ? 'user' : 'tool-results', turn: Math.floor(i / 2), heuristicBefore: 1_000 + Math.ceil(i / 2) * 3_750 + Math.floor(i / 2) * 300, realBefore: 2 * (1_000 + Math.ceil(i / 2) * 3_750 + Math.floor(i / 2) * 300) }),
    );
    expect(explainThrash(steps, [1, 3, 5], floor(250, 1_000))?.reason).toBe('forced-compaction');
  });

  it('blames the strategy when one summarization in the window was not forced', () => {
    const steps = [0, 1, 2, 3].map((i) => step(i, { heuristicBefore: 1_000 + i * 100, realBefore: 2_000 + i * 200 }));
    expect(explainThrash(steps, [1, 2, 3], floor(250, 100))).toBeNull();
  });
});
