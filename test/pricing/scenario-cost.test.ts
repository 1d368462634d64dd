import { describe, expect, it } from 'vitest';
import { scenarioCost } from '../../src/pricing/scenario-cost.ts';
import { session, step, summarizerCall } from '../checker/helpers/session-fixtures.ts';

describe('scenario cost', () => {
  it('bills every answered request and answered summarizer call; uncached counts the model requests only', () => {
    const result = session(
      [
        step(0, { realAfter: 1_000, uncachedTokens: 1_000 }),
        step(1, {
          realAfter: 1_500,
          uncachedTokens: 500,
          summarizerCalls: [
            summarizerCall({ inputRealTokens: 700 }),
            summarizerCall({ inputRealTokens: 300, outcome: 'empty' }),
          ],
        }),
        step(2, { realAfter: 400, uncachedTokens: 400 }),
      ],
      { trailingSummarizerCalls: [summarizerCall({ inputRealTokens: 90 })] },
    );
    expect(scenarioCost({}, result)).toMatchObject({
      billedTokens: 1_000 + 1_500 + 400 + 700 + 300 + 90,
      uncachedTokens: 1_900,
    });
  });

  it('a refused request, a short-circuited step and a failed summarizer call bill nothing', () => {
    const result = session([
      step(0, { realAfter: 9_000, uncachedTokens: 9_000, contextWindow: 8_000 }),
      step(1, { realAfter: 500, uncachedTokens: 500, shortCircuited: true }),
      step(2, {
        realAfter: 600,
        uncachedTokens: 600,
        summarizerCalls: [
          summarizerCall({ inputRealTokens: 9_500, outcome: 'overflow' }),
          summarizerCall({ outcome: 'error' }),
          summarizerCall({ outcome: 'timeout' }),
        ],
      }),
    ]);
    expect(scenarioCost({ refuseOverWindow: true }, result)).toMatchObject({ billedTokens: 600, uncachedTokens: 600 });
    // A provider that answers over-window requests bills them.
    expect(scenarioCost({}, result)).toMatchObject({ billedTokens: 9_600, uncachedTokens: 9_600 });
  });
});

describe('scenario cost: calls the scenario script fails', () => {
  it('a request failed by provider.errors bills nothing (the provider produced no answer)', () => {
    const result = session([
      step(0, { realAfter: 1_000, uncachedTokens: 1_000 }),
      step(1, { realAfter: 500, uncachedTokens: 500, shortCircuited: true }),
      step(2, { realAfter: 1_200, uncachedTokens: 200 }),
      step(3, { realAfter: 1_300, uncachedTokens: 100 }),
    ]);
    // The 2nd request that reaches the provider (step 2: step 1 was answered by a callback) fails.
    const world = { provider: { errors: [{ call: 2, status: 500, message: 'overloaded' }] } };
    expect(scenarioCost(world, result)).toMatchObject({ billedTokens: 1_000 + 1_300, uncachedTokens: 1_100 });
    const withPrice = scenarioCost(world, result);
    const all = scenarioCost({ provider: {} }, result);
    expect(withPrice.usd).toBeLessThan(all.usd);
    expect(withPrice.inputTokens).toBe(2_300);
  });
});
