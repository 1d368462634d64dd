/**
 * Every model the trace pack records has a price of its own (a session priced as the default
 * model would say so in its report, but its cost would be another model's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MODEL_PRICES, priceOf } from '../../src/pricing/model-prices.ts';
import { priceRecordedUsage } from '../../src/pricing/price-recorded-usage.ts';

const PACK = join(import.meta.dirname, '../../scenarios/traces');

/**
 * Models the pack records that publish no price: their sessions are priced as the default model,
 * and the reports say so. Each is named with why, and the test below keeps the list honest.
 */
const UNPRICED: Readonly<Record<string, string>> = {
  'openagents/khala':
    "the OpenAgents QA runner's own model name (atif/openagents-login-trace); no public price list names it",
};

function recordedModels(): string[] {
  const models = new Set<string>();
  for (const folder of readdirSync(PACK, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(PACK, folder.name))) {
      if (!file.endsWith('.yaml')) continue;
      const spec = parse(readFileSync(join(PACK, folder.name, file), 'utf8')) as { session?: { model?: string } };
      const model = spec.session?.model;
      // SWE-agent trajectories that name no model, and SWE-agent's replay model, are not priced.
      if (model !== undefined && model !== 'unrecorded-model' && model !== 'replay') models.add(model);
    }
  }
  return [...models].sort();
}

describe('model prices', () => {
  it.each(recordedModels().filter((model) => !Object.hasOwn(UNPRICED, model)))(
    'the pack model %s has a price',
    (model) => {
      expect(priceOf(model)).toBeDefined();
    },
  );

  it('names only unpriced models the pack records, and none of them has a price', () => {
    for (const model of Object.keys(UNPRICED)) {
      expect(recordedModels()).toContain(model);
      expect(priceOf(model)).toBeUndefined();
    }
  });

  it('gemini-2.0-flash: $0.10 input, $0.40 output per million, and no prefix of any window is cached', () => {
    const price = MODEL_PRICES['gemini-2.0-flash']!;
    const cost = priceRecordedUsage([{ inputTokens: 10_000, cacheReadTokens: 0, outputTokens: 500 }], price);
    // 10,000 x $0.10 + 500 x $0.40 = 1,000 + 200 µ$.
    expect(cost.usd).toBeCloseTo(0.0012, 9);
    // Gemini 2.0 has no implicit caching: the minimum is beyond its 1,048,576-token window.
    expect(price.minCachedTokens).toBeGreaterThan(1_048_576);
  });

  it('gpt-5.1-codex-max: $1.25 input, $0.125 cached input, $10 output per million', () => {
    const cost = priceRecordedUsage(
      [{ inputTokens: 10_000, cacheReadTokens: 8_000, outputTokens: 500 }],
      MODEL_PRICES['gpt-5.1-codex-max']!,
    );
    // 2,000 x $1.25 + 8,000 x $0.125 + 500 x $10 = 2,500 + 1,000 + 5,000 µ$.
    expect(cost.usd).toBeCloseTo(0.0085, 9);
  });
});
