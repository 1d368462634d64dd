import { describe, expect, it } from 'vitest';
import { explainOverflow } from '../../src/checker/infeasibility/explain-overflow.ts';
import type { RequestFloor } from '../../src/checker/infeasibility/request-floor.ts';
import { noThrash, userRequestPreserved } from '../../src/checker/properties/index.ts';
import { session, step, summarizerCall, world } from './helpers/session-fixtures.ts';

function floor(overhead: number, carrying: number): RequestFloor {
  return { overheadRealTokens: () => overhead, carryingRequestRealTokens: () => carrying };
}

// An 8k window, ratio 2: a sent request of 4,100 heuristic tokens is 8,200 real tokens.
const over = step(0, { heuristicAfter: 4_100, realAfter: 8_200 });

describe('explainOverflow: only facts of the scenario excuse an overflow', () => {
  it('excuses an overflow when system prompt + tool declarations alone exceed the window', () => {
    expect(explainOverflow([over], 0, floor(8_001, 8_010))?.reason).toBe('fixed-overhead-over-window');
  });

  it("excuses it when the smallest request carrying the user's text exceeds the window", () => {
    const why = explainOverflow([over], 0, floor(3_000, 8_001));
    expect(why?.reason).toBe('user-message-over-window');
    expect(why?.detail).toBe("overhead 3000 + the text of turn 0's user message = 8001 real tokens > window 8000");
  });

  it('does not excuse it when that request fits, however the strategy estimated or calibrated', () => {
    // Cold start at ratio 4 (the estimate 3000 × 2.5 = 7500 fitted the window): once an excuse, now
    // a failure, since a strategy that sent only the floor would have fitted.
    const cold = step(0, { heuristicAfter: 3_000, realAfter: 12_000 });
    expect(explainOverflow([cold], 0, floor(500, 600))).toBeNull();
  });

  it('does not excuse a summary too large for the window: a strategy can cut or drop it', () => {
    const huge = step(0, {
      heuristicAfter: 4_100,
      realAfter: 8_200,
      summarizerCalls: [summarizerCall({ outputTokens: 4_000 })],
    });
    expect(explainOverflow([huge], 0, floor(100, 110))).toBeNull();
  });
});

describe('properties that no scenario can make infeasible', () => {
  it('no-thrash: every summarization forced by new content is still thrash (a strategy can cut instead of summarizing)', () => {
    // Each step adds far more than the window; three summarizations in three steps.
    const steps = [0, 1, 2].map((i) =>
      step(i, { heuristicBefore: 10_000 * (i + 1), realBefore: 20_000 * (i + 1), summarizerCalls: [summarizerCall()] }),
    );
    const v = noThrash.check(world(), session(steps));
    expect(v?.infeasible).toBeNull();
  });

  it('user-request-preserved: a lost request fails even when callbacks never see the user content', () => {
    const v = userRequestPreserved.check(
      world({ exposeUserContent: false }),
      session([step(0, { userRequestPresent: false })]),
    );
    expect(v?.infeasible).toBeNull();
  });
});
