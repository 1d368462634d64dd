/**
 * A strategy cannot move the ruler by patching a global (issue 26, item 2): the ruler measures
 * with built-ins captured before any strategy loads, and a strategy that replaced one fails with
 * `strategy-tampered`. Before this, `Buffer.byteLength = () => 0` at import hid every overflow
 * (8k-alternating-huge-and-tiny peaked at 0.4 % instead of far above 100 %).
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../../src/engine/strategies/threshold.ts';
import type { CompactionStrategy } from '../../../src/engine/types.ts';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import { tamperedGlobals } from '../../../src/world/ruler/tampered-globals.ts';
import { runSession } from '../../../src/world/run-session.ts';
import { ROOT } from '../../cli/run-cli.ts';
import { scenario, tool } from '../helpers/world-fixtures.ts';

describe('a strategy that patches a global', () => {
  it('fails its scenario as strategy-tampered, and its overflows are still measured (in the harness)', async () => {
    const run = await runSuite({
      paths: ['scenarios/brutal/8k-alternating-huge-and-tiny.yaml'],
      strategy: 'test/fixtures/strategies/patches-byte-length.ts',
      jobs: 1,
      timeoutMs: 120_000,
      cwd: ROOT,
    });
    const outcome = run.outcomes[0]!;
    expect(outcome.failures.map((failure) => failure.expectation)).toContain('strategy-tampered');
    expect(outcome.failures.find((failure) => failure.expectation === 'strategy-tampered')!.message).toContain(
      'Buffer.byteLength',
    );
    expect(outcome.result!.totals.peakPercent).toBeGreaterThan(100);
    expect(outcome.result!.totals.overflowSteps).toBeGreaterThan(5);
  }, 180_000);

  it('fails as strategy-tampered in this thread too, measured by the captured built-ins', async () => {
    const original = Buffer.byteLength;
    const patching: CompactionStrategy = {
      name: 'patches-while-compacting',
      compact(ctx, request) {
        Buffer.byteLength = (() => 0) as typeof Buffer.byteLength;
      },
    };
    try {
      const big = scenario({
        phase: { contextWindow: 4000 },
        turnInputs: Array.from({ length: 6 }, () => ({ tools: [tool('read', 6000)] })),
      });
      const outcome = await runSession(big, { strategy: patching });
      expect(outcome.failure?.kind).toBe('strategy-tampered');
      expect(outcome.failure?.message).toContain('Buffer.byteLength');
      expect(outcome.totals.overflowSteps).toBeGreaterThan(3);
      expect(outcome.totals.peakPercent).toBeGreaterThan(200);
    } finally {
      Buffer.byteLength = original;
    }
    expect(tamperedGlobals()).toEqual([]);
  });

  it('a well-behaved strategy leaves every watched global as it was', async () => {
    const outcome = await runSession(scenario({ turnInputs: [{ tools: [tool('read', 500)] }] }), {
      strategy: thresholdStrategy(),
    });
    expect(outcome.failure).toBeNull();
    expect(tamperedGlobals()).toEqual([]);
  });

  it('names a patched prototype method and a toJSON added to Object.prototype', () => {
    const charCodeAt = String.prototype.charCodeAt;
    try {
      String.prototype.charCodeAt = () => 0;
      Object.defineProperty(Object.prototype, 'toJSON', { value: () => ({}), configurable: true, writable: true });
      expect(tamperedGlobals()).toEqual(['String.prototype.charCodeAt', 'Object.prototype.toJSON']);
    } finally {
      String.prototype.charCodeAt = charCodeAt;
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
    }
  });
});
