/**
 * Anthropic's one-hour prompt cache: a log whose cache writes are one-hour writes (Claude Code's
 * usage splits `cache_creation` into `ephemeral_5m_input_tokens` and `ephemeral_1h_input_tokens`)
 * imports with `session.promptCacheLifetime: 1h`, and the session is then priced with that
 * lifetime: a request 10 minutes after the previous one still reads the cache, and what is written
 * costs 2x the input price instead of 1.25x.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { importLog } from '../../src/import/import-log.ts';
import { MODEL_PRICES, withCacheLifetime } from '../../src/pricing/model-prices.ts';
import { scenarioCost } from '../../src/pricing/scenario-cost.ts';
import { runSession } from '../../src/world/run-session.ts';
import { claudeCodeTranscript } from './helpers.ts';

/** A Claude Code transcript whose responses wrote 3,000 tokens to the cache for 5 minutes or an hour, the second 10 minutes after the first. */
function transcript(lifetime: '5m' | '1h' | 'unsplit'): string {
  const written = 3_000;
  return claudeCodeTranscript(10 * 60_000, {
    input_tokens: 10,
    output_tokens: 20,
    cache_creation_input_tokens: written,
    cache_read_input_tokens: 0,
    ...(lifetime === 'unsplit'
      ? {}
      : {
          cache_creation: {
            ephemeral_5m_input_tokens: lifetime === '5m' ? written : 0,
            ephemeral_1h_input_tokens: lifetime === '1h' ? written : 0,
          },
        }),
  });
}

function imported(lifetime: '5m' | '1h' | 'unsplit'): ScenarioSpec {
  const result = importLog(transcript(lifetime), { format: 'claude-code', file: 't.jsonl', name: 't' });
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result.issues));
  return result.scenarios[0]!.spec;
}

async function cost(spec: ScenarioSpec) {
  const scenario = loadScenarioSource(serializeScenario(spec), 't.yaml', '/');
  const result = await runSession(scenario.world, { strategy: { name: 'keep-all', compact() {} } });
  return scenarioCost(scenario.world, result);
}

describe("Anthropic's one-hour cache", () => {
  it('is read from the log: one-hour writes set the lifetime; five-minute or unsplit writes leave the default', () => {
    expect(imported('1h').session?.promptCacheLifetime).toBe('1h');
    expect(imported('5m').session?.promptCacheLifetime).toBeUndefined();
    expect(imported('unsplit').session?.promptCacheLifetime).toBeUndefined();
    expect(imported('1h').description).toContain('one-hour writes');
  });

  it('prices a request 10 minutes later as a cache read, where the 5-minute lifetime has expired', async () => {
    const hour = await cost(imported('1h'));
    const fiveMinutes = await cost(imported('5m'));
    expect(fiveMinutes.cacheReadTokens).toBe(0);
    expect(hour.cacheReadTokens).toBeGreaterThan(MODEL_PRICES['claude-sonnet-4-5']!.minCachedTokens);
    expect(hour.usd).toBeLessThan(fiveMinutes.usd);
  });

  it('bills one-hour writes at 2x the input price on Anthropic; OpenAI and Gemini only keep the prefix longer', () => {
    const sonnet = MODEL_PRICES['claude-sonnet-4-5']!;
    expect(withCacheLifetime(sonnet, '5m')).toBe(sonnet);
    expect(withCacheLifetime(sonnet, '1h')).toMatchObject({ cacheWrite: sonnet.input * 2, cacheLifetimeMs: 3_600_000 });
    const flash = MODEL_PRICES['gemini-2.5-flash']!;
    expect(withCacheLifetime(flash, '1h')).toMatchObject({
      cacheWrite: 0,
      cacheRead: flash.cacheRead,
      cacheLifetimeMs: 3_600_000,
    });
  });
});
