/**
 * The recorded cost of a session: uncached input, cache writes (1.25x) and cache reads (0.1x) at
 * Anthropic's rules, cached input at OpenAI's listed rate, output; checked against a bill
 * computed by hand.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_PRICES, priceOf } from '../../src/pricing/model-prices.ts';
import { priceRecordedUsage } from '../../src/pricing/price-recorded-usage.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { importOk } from './helpers.ts';

describe('recorded cost', () => {
  it('bills the Anthropic proxy log by hand-computed provider rules', () => {
    const [spec] = importOk('anthropic-messages-realistic.jsonl', 'anthropic-messages');
    const world = loadScenarioSource(serializeScenario(spec!), 's.yaml', '/').world;
    const usage = world.turns.flatMap((turn) => turn.replay!.usage);
    const cost = priceRecordedUsage(usage, priceOf(world.phases[0]!.modelName)!);
    // Request 1: 35 uncached x $3 + 410 written x $3.75 + 96 out x $15 = 3082.5 µ$;
    // request 2: 160 uncached x $3 + 445 read x $0.30 + 41 out x $15 = 1228.5 µ$.
    expect(cost.usd).toBeCloseTo(0.004311, 9);
    expect(cost).toMatchObject({ requests: 2, unpriced: 0 });
    expect(cost.cacheHitRate).toBeCloseTo(445 / 1050, 9);
  });

  it('bills OpenAI cached input at its listed rate and counts requests without usage apart', () => {
    const cost = priceRecordedUsage(
      [{ inputTokens: 1000, cacheReadTokens: 600, outputTokens: 100 }, null],
      MODEL_PRICES['gpt-4o']!,
    );
    // 400 x $2.50 + 600 x $1.25 + 100 x $10 = 2750 µ$.
    expect(cost.usd).toBeCloseTo(0.00275, 9);
    expect(cost).toMatchObject({ requests: 1, unpriced: 1 });
  });

  it("finds dated model ids and names every price's source and date", () => {
    expect(priceOf('claude-sonnet-4-5-20250929')).toBe(MODEL_PRICES['claude-sonnet-4-5']);
    expect(priceOf('my-model')).toBeUndefined();
    for (const price of Object.values(MODEL_PRICES))
      expect(price).toMatchObject({
        source: expect.any(String),
        checked: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
  });
});
