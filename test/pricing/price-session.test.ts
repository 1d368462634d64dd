/**
 * Session prices under each provider's cache rules, checked against sums worked by hand from the
 * rules in src/pricing/model-prices.ts (not from the code's own output).
 */
import { describe, expect, it } from 'vitest';
import { MODEL_PRICES } from '../../src/pricing/model-prices.ts';
import { priceSession } from '../../src/pricing/price-session.ts';
import { step, summarizerCall } from '../checker/helpers/session-fixtures.ts';

const answeredAll = () => true;
const MINUTE = 60_000;

describe('priceSession', () => {
  it('Anthropic: the first request writes its prompt, a fresh shared prefix is read at 0.1x, an expired one is written again', () => {
    const steps = [
      step(0, { realAfter: 2_000, uncachedTokens: 2_000, outputTokens: 100, clock: 0 }),
      step(1, {
        realAfter: 3_000,
        uncachedTokens: 1_000,
        outputTokens: 50,
        clock: 1_000,
        summarizerCalls: [summarizerCall({ inputRealTokens: 4_000, outputTokens: 200 })],
      }),
      step(2, { realAfter: 3_500, uncachedTokens: 500, outputTokens: 0, clock: 1_000 + 6 * MINUTE }),
    ];
    const price = priceSession(steps, [], answeredAll, MODEL_PRICES['claude-sonnet-4-5']!);
    // $ per million: input 3, output 15, cache write 3.75, cache read 0.3.
    const step0 = 2_000 * 3.75 + 100 * 15;
    const step1 = 2_000 * 0.3 + 1_000 * 3.75 + 50 * 15;
    const summarizer = 4_000 * 3 + 200 * 15;
    const step2 = 3_500 * 3.75; // six minutes later: the 5-minute entry is gone, all of it is written again
    expect(price.usd).toBeCloseTo((step0 + step1 + summarizer + step2) / 1e6, 12);
    expect(price).toMatchObject({
      inputTokens: 8_500,
      cacheReadTokens: 2_000,
      cacheWriteTokens: 6_500,
      outputTokens: 150,
      summarizerTokens: 4_200,
    });
    expect(price.cacheHitRate).toBeCloseTo(2_000 / 8_500, 12);
  });

  it('Gemini: reads at 0.25x, writes are free, a prefix under the minimum is not cached', () => {
    const steps = [
      step(0, { realAfter: 1_500, uncachedTokens: 1_500, outputTokens: 10, clock: 0 }),
      step(1, { realAfter: 1_600, uncachedTokens: 800, outputTokens: 10, clock: 1 }), // prefix 800 < 1,024: not cached
      step(2, { realAfter: 2_000, uncachedTokens: 400, outputTokens: 10, clock: 2 }), // prefix 1,600: read
    ];
    const price = priceSession(steps, [], answeredAll, MODEL_PRICES['gemini-2.5-flash']!);
    const expected = (1_500 * 0.3 + 1_600 * 0.3 + (1_600 * 0.075 + 400 * 0.3) + 30 * 2.5) / 1e6;
    expect(price.usd).toBeCloseTo(expected, 12);
    expect(price).toMatchObject({ cacheReadTokens: 1_600, cacheWriteTokens: 0 });
  });

  it('requests that were not answered bill nothing, and their clock does not keep the cache alive', () => {
    const steps = [
      step(0, { realAfter: 2_000, uncachedTokens: 2_000, outputTokens: 0, clock: 0 }),
      step(1, { realAfter: 2_500, uncachedTokens: 500, outputTokens: 0, clock: 4 * MINUTE, shortCircuited: true }),
      step(2, { realAfter: 2_500, uncachedTokens: 500, outputTokens: 0, clock: 8 * MINUTE }),
    ];
    const price = priceSession(
      steps,
      [summarizerCall({ inputRealTokens: 1_000, outcome: 'error' })],
      (s) => !s.shortCircuited,
      MODEL_PRICES['gpt-4o']!,
    );
    // 8 minutes after the last answered request: no cache read; OpenAI writes are free.
    expect(price.usd).toBeCloseTo((2_000 * 2.5 + 2_500 * 2.5) / 1e6, 12);
    expect(price).toMatchObject({ inputTokens: 4_500, cacheReadTokens: 0, summarizerTokens: 0 });
  });
});
