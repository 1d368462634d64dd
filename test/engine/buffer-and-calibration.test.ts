import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  computeBuffer,
  computeThreshold,
  estimateTokens,
  persistLastHeuristic,
  persistRealTokens,
  summaryMaxOutputTokens,
  summaryMaxWords,
  thresholdStrategy,
  tokenCount,
  truncateForSummarizer,
} from '../../src/engine/index.ts';
import { makeContext, MemoryState, ScriptedSummarizer, textContent } from './fixtures.ts';

describe('computeBuffer', () => {
  it.each([
    [250_000, 20_000],
    [200_000, 20_000],
    [199_999, 39_999],
    [50_000, 10_000],
    [10_000, 2_000],
  ])('%i → %i', (window, buffer) => {
    expect(computeBuffer(window)).toBe(buffer);
  });

  // spec §2 derived thresholds: window, buffer, threshold, maxOutputTokens, maxWords, truncation budget
  it.each([
    [500, 100, 400, 50, 37, 400],
    [1_000, 200, 800, 100, 75, 800],
    [4_000, 800, 3_200, 400, 300, 3_200],
    [8_000, 1_600, 6_400, 800, 600, 6_400],
    [32_000, 6_400, 25_600, 3_200, 2_400, 25_600],
    [128_000, 25_600, 102_400, 12_800, 9_600, 102_400],
    [150_000, 30_000, 120_000, 15_000, 11_250, 120_000],
    [200_000, 20_000, 180_000, 10_000, 7_500, 160_000],
    [1_000_000, 20_000, 980_000, 10_000, 7_500, 800_000],
  ])(
    'window %i: buffer %i, threshold %i, maxOutputTokens %i, maxWords %i',
    (window, buffer, threshold, maxOut, maxWords, budget) => {
      expect(computeBuffer(window)).toBe(buffer);
      expect(computeThreshold(window)).toBe(threshold);
      expect(summaryMaxOutputTokens(computeBuffer(window))).toBe(maxOut);
      expect(summaryMaxWords(computeBuffer(window))).toBe(maxWords);
      // truncateForSummarizer keeps contents totalling exactly the budget, and drops the oldest above it
      const fits = [
        textContent('user', 'a'.repeat(4 * (budget - 2))),
        textContent('model', 'abcd'),
        textContent('user', 'efgh'),
      ];
      expect(truncateForSummarizer(fits, window)).toHaveLength(3);
      const over = [
        textContent('user', 'a'.repeat(4 * (budget - 1))),
        textContent('model', 'abcd'),
        textContent('user', 'efgh'),
      ];
      expect(truncateForSummarizer(over, window)).toEqual(over.slice(1));
    },
  );
});

/** A request whose heuristic is exactly h (one text of 4h ASCII chars). */
function requestOf(h: number) {
  return { contents: [textContent('user', 'a'.repeat(4 * h))] };
}

describe('tokenCount (spec §6)', () => {
  it('uses the 2.5 default factor without real tokens: 100 → 250', () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    expect(tokenCount(ctx, requestOf(100))).toBe(250);
  });

  it('truncates like Go int(): h=101 → 252', () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    expect(tokenCount(ctx, requestOf(101))).toBe(252);
  });

  it('real 200k with no last heuristic → 200,000 (real wins over h × 2.5)', () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    persistRealTokens(ctx, 200_000);
    expect(tokenCount(ctx, requestOf(100))).toBe(200_000);
  });

  it.each([
    [1000, 500, 750, 1500],
    [300, 600, 500, 500], // correction clamps up to 1.0
    [100_000, 50_000, 100, 100_000], // real wins
    [10_000, 1_000, 100, 10_000], // correction clamps down to 5.0: 500 < real
    [1_000, 100, 1_000, 5_000], // 10× clamps to 5×
  ])('real %i, last %i, h %i → %i', (real, last, h, expected) => {
    const ctx = makeContext({ contextWindow: 200_000 });
    persistRealTokens(ctx, real);
    persistLastHeuristic(ctx, last);
    expect(tokenCount(ctx, requestOf(h))).toBe(expected);
  });

  it('timing gap: 280k chars then an 80k-char tool result: h 70,000 → 90,009, ×2 → 180,018', () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    const first = { contents: [textContent('user', 'a'.repeat(280_000))] };
    const h0 = estimateTokens(first);
    expect(h0).toBe(70_000);
    persistRealTokens(ctx, h0 * 2);
    persistLastHeuristic(ctx, h0);
    const grown: Content[] = [
      textContent('user', 'a'.repeat(280_000)),
      { role: 'model', parts: [{ functionCall: { name: 'big_tool', args: { param: 'value' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'big_tool', response: { result: 'x'.repeat(80_000) } } }] },
    ];
    expect(estimateTokens({ contents: grown })).toBe(90_009);
    const calibrated = tokenCount(ctx, { contents: grown });
    expect(calibrated).toBe(180_018);
    expect(calibrated).toBeGreaterThanOrEqual(computeThreshold(200_000));
  });

  it('massive tool response: h 150,008 × 2.0 → 300,016, and the threshold strategy compacts', async () => {
    const summarizer = new ScriptedSummarizer(['Compacted summary of the conversation.']);
    const ctx = makeContext({ contextWindow: 200_000, summarizer, state: new MemoryState() });
    persistRealTokens(ctx, 100_000);
    persistLastHeuristic(ctx, 50_000);
    const req = {
      contents: [
        textContent('user', 'a'.repeat(200_000)),
        { role: 'model', parts: [{ functionCall: { name: 'massive_query' } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'massive_query', response: { data: 'd'.repeat(400_000) } } }],
        },
      ] as Content[],
    };
    expect(estimateTokens(req)).toBe(150_008);
    expect(tokenCount(ctx, req)).toBe(300_016);
    await thresholdStrategy().compact(ctx, req);
    expect(summarizer.calls).toBe(1);
    expect(req.contents[0]?.parts?.[0]?.text).toContain('[Previous conversation summary]');
  });
});
