import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { runSession } from '../../src/world/run-session.ts';
import type { WorldScenario } from '../../src/world/world-scenario.ts';
import { scenario, tool } from './helpers/world-fixtures.ts';

function realistic(seed: number): WorldScenario {
  return scenario({
    seed,
    phase: { contextWindow: 6000, tokenModel: { kind: 'tiktoken', encoding: 'o200k_base' }, streamingChunks: 2 },
    summarizer: {
      reply: 'honour',
      text: '',
      exceedFactor: 3,
      contextWindow: null,
      faults: [{ kind: 'timeout', calls: [2] }],
    },
    turnInputs: Array.from({ length: 8 }, (_, i) => ({
      user: { kind: 'prose', size: 300 + i },
      tools: [
        tool('fetch', 0, { response: { kind: 'json', size: 2500 } }),
        tool('logs', 0, { response: { kind: 'logs', size: 1500 } }),
      ],
      sequential: i % 2 === 1,
      response: { kind: 'cjk', size: 200 },
    })),
  });
}

describe('determinism', () => {
  it('same seed: byte-identical results and trace digest', async () => {
    const a = await runSession(realistic(7), { strategy: thresholdStrategy(), recordTrace: true, traceDigest: true });
    const b = await runSession(realistic(7), { strategy: thresholdStrategy(), recordTrace: true, traceDigest: true });
    expect(a.totals.summarizations).toBeGreaterThan(0);
    expect(b.traceDigest).toBe(a.traceDigest);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('sessions interleaved in one thread give what each gives alone', async () => {
    const alone = [
      await runSession(realistic(7), { strategy: thresholdStrategy(), traceDigest: true }),
      await runSession(realistic(8), { strategy: thresholdStrategy(), traceDigest: true }),
    ];
    // A short session ends while the long ones still play, then another starts (caches by event are shared while any plays).
    const short = scenario({
      seed: 3,
      phase: { contextWindow: 6000 },
      turnInputs: [{ user: { kind: 'prose', size: 100 }, tools: [], response: { kind: 'prose', size: 50 } }],
    });
    const together = await Promise.all([
      runSession(realistic(7), { strategy: thresholdStrategy(), traceDigest: true }),
      runSession(short, { strategy: thresholdStrategy() }).then(() =>
        runSession(short, { strategy: thresholdStrategy() }),
      ),
      runSession(realistic(8), { strategy: thresholdStrategy(), traceDigest: true }),
    ]);
    expect(JSON.stringify(together[0])).toBe(JSON.stringify(alone[0]));
    expect(JSON.stringify(together[2])).toBe(JSON.stringify(alone[1]));
  });

  it('another seed with generated content: a different digest', async () => {
    const a = await runSession(realistic(7), { strategy: thresholdStrategy(), traceDigest: true });
    const b = await runSession(realistic(8), { strategy: thresholdStrategy(), traceDigest: true });
    expect(b.traceDigest).not.toBe(a.traceDigest);
  });

  it('the digest covers what the strategy sends: another strategy, another digest', async () => {
    const a = await runSession(realistic(7), { strategy: thresholdStrategy(), traceDigest: true });
    const b = await runSession(realistic(7), { strategy: { name: 'noop', compact() {} }, traceDigest: true });
    expect(b.traceDigest).not.toBe(a.traceDigest);
  });

  it('the digest is computed only when asked for, and asking changes nothing else', async () => {
    const plain = await runSession(realistic(7), { strategy: thresholdStrategy() });
    const digested = await runSession(realistic(7), { strategy: thresholdStrategy(), traceDigest: true });
    expect(plain.traceDigest).toBeUndefined();
    expect(digested.traceDigest).toMatch(/^[0-9a-f]{64}$/);
    const { traceDigest: _digest, ...rest } = digested;
    expect(JSON.stringify(plain)).toBe(JSON.stringify(rest));
  });

  it('measure: false sends the model the same requests with the same prompt counts, and records no steps', async () => {
    const seen = (log: string[]): CompactionStrategy => {
      const inner = thresholdStrategy();
      return {
        name: inner.name,
        compact: (ctx, request) => inner.compact(ctx, request),
        afterModel: (ctx, response, usage) => {
          log.push(`${usage.promptTokens}:${JSON.stringify(response.content)}`);
          return inner.afterModel?.(ctx, response, usage);
        },
      };
    };
    const measured: string[] = [];
    const unmeasured: string[] = [];
    const full = await runSession(realistic(7), { strategy: seen(measured), recordTrace: true });
    const bare = await runSession(realistic(7), { strategy: seen(unmeasured), measure: false, traceDigest: true });
    expect(full.totals.summarizations).toBeGreaterThan(0);
    expect(unmeasured).toEqual(measured);
    expect(measured.map((line) => Number(line.split(':')[0]))).toEqual(
      full.steps.filter((s) => !s.shortCircuited).map((s) => s.realAfter),
    );
    expect(bare.steps).toEqual([]);
    expect(bare.totals.llmSteps).toBe(0);
    expect(bare.traceDigest).toBeUndefined();
  });

  it('steps carry a strictly increasing logical clock', async () => {
    const r = await runSession(realistic(3), { strategy: thresholdStrategy(), recordTrace: true });
    const clocks = r.steps.map((s) => s.clock);
    expect(clocks.every((c, i) => i === 0 || c > clocks[i - 1]!)).toBe(true);
    const stamps = r.trace!.events.map((e) => e.timestamp);
    expect(stamps.every((t, i) => i === 0 || t > stamps[i - 1]!)).toBe(true);
  });
});
