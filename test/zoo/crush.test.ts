import { describe, expect, it } from 'vitest';
import { modelUsage, MISSING_USAGE } from '../../src/engine/usage/model-usage.ts';
import { crushBuffer, crushRequeueText, crushStrategy, CRUSH_SUMMARY_PROMPT } from '../../src/zoo/crush.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { fakeContext, model, play, sentAt, user } from './helpers/zoo-fixtures.ts';

describe('crush', () => {
  it('buffer: 20 % of the window up to 200,000, then a flat 20,000 (thresholds 160k, 102.4k, 980k)', () => {
    expect(200_000 - crushBuffer(200_000)).toBe(160_000);
    expect(128_000 - crushBuffer(128_000)).toBe(102_400);
    expect(1_000_000 - crushBuffer(1_000_000)).toBe(980_000);
    expect(crushBuffer(200_001)).toBe(20_000);
  });

  it('trigger: prompt = input + cache read (cache writes not counted), completion = output; stops at remaining ≤ buffer', () => {
    const strategy = crushStrategy();
    const ctx = fakeContext({ window: 200_000 });
    // CR-3: input 3k, cache read 90k, cache write 60k: the real prompt is 153k, Crush sees 93k + output.
    expect(
      strategy.afterModel!(
        ctx,
        {},
        modelUsage({ inputTokens: 3_000, cacheReadTokens: 90_000, cacheWriteTokens: 60_000, outputTokens: 1_000 }),
      ),
    ).toBeUndefined();
    expect([ctx.values.get('crush:promptTokens'), ctx.values.get('crush:completionTokens')]).toEqual([93_000, 1_000]);
    expect(strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 159_000, outputTokens: 1_000 }))).toEqual({
      endInvocation: true,
    });
    expect(
      crushStrategy({ disable_auto_summarize: true }).afterModel!(
        fakeContext({ window: 200_000 }),
        {},
        modelUsage({ inputTokens: 199_000 }),
      ),
    ).toBeUndefined();
    expect(strategy.afterModel!(fakeContext({ window: 0 }), {}, modelUsage({ inputTokens: 5 }))).toBeUndefined();
  });

  it('count_cache_writes (open PR #3841): cache-creation tokens join the prompt counter, so the same step stops', () => {
    const usage = modelUsage({
      inputTokens: 3_000,
      cacheReadTokens: 90_000,
      cacheWriteTokens: 70_000,
      outputTokens: 1_000,
    });
    expect(crushStrategy().afterModel!(fakeContext({ window: 200_000 }), {}, usage)).toBeUndefined();
    expect(
      crushStrategy({ count_cache_writes: true }).afterModel!(fakeContext({ window: 200_000 }), {}, usage),
    ).toEqual({ endInvocation: true });
  });

  it("zero usage: ceil(bytes/4) of the step's messages; a zero field never overwrites a counter", () => {
    const strategy = crushStrategy();
    const ctx = fakeContext({
      window: 1_000_000,
      events: [user('u', 'x'.repeat(400))],
      state: { 'crush:completionTokens': 7 },
    });
    strategy.afterModel!(ctx, { content: { role: 'model', parts: [{ text: 'y'.repeat(40) }] } }, MISSING_USAGE);
    expect([ctx.values.get('crush:promptTokens'), ctx.values.get('crush:completionTokens')]).toEqual([100, 10]);
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 50 }));
    expect(ctx.values.get('crush:completionTokens')).toBe(10);
  });

  it('after the loop: the whole history to the summarizer, the summary (as user) replaces it, the interrupted prompt is re-queued', async () => {
    const strategy = crushStrategy();
    const events = [user('u1', 'port module X'), model('m1', 'ok')];
    const ctx = fakeContext({
      events,
      state: { 'crush:shouldSummarize': true, 'crush:interruptedWithToolCalls': true },
      userContent: { role: 'user', parts: [{ text: 'port module X' }] },
    });
    const outcome = await strategy.afterInvocation!(ctx);
    expect(ctx.summarizerRequests[0]!.contents.map((c) => c.parts?.[0]?.text)).toEqual([
      'port module X',
      'ok',
      CRUSH_SUMMARY_PROMPT,
    ]);
    expect(outcome).toEqual({
      append: [{ endEventId: 'm1', contents: [{ role: 'user', parts: [{ text: 'SUMMARY' }] }] }],
      followUp: { role: 'user', parts: [{ text: crushRequeueText('port module X') }] },
    });
    expect([ctx.values.get('crush:promptTokens'), ctx.values.get('crush:completionTokens')]).toEqual([0, 11]);
  });

  it('a failed summary changes nothing (no fallback, no re-queue)', async () => {
    const ctx = fakeContext({
      events: [user('u1', 'q')],
      summarize: () => new Error('prompt is too long'),
      state: { 'crush:shouldSummarize': true, 'crush:interruptedWithToolCalls': true },
    });
    expect(await crushStrategy().afterInvocation!(ctx)).toBeUndefined();
  });

  it('in the world: stop after the step, summary, then the turn continues in a re-queued invocation', async () => {
    const world = scenario({
      phase: { contextWindow: 1_000, tokenModel: { kind: 'ratio', ratio: 1 } },
      turnInputs: [{ user: 'port module X', sequential: true, tools: [tool('read', 3_000), tool('edit', 10)] }],
    });
    const r = await play(world, crushStrategy());
    expect(r.failure).toBeNull();
    const steps = r.steps.map((s) => s.label);
    expect(steps).toEqual(['user', 'tool-chain-0', 'tool-chain-1']);
    // Step 1 (after read's 750-token result) crossed 800 = 1000 − 200: the loop stopped, the summary replaced the history.
    expect(sentAt(r, 2)).toEqual(['user:SUMMARY', `user:${crushRequeueText('port module X')}`]);
    expect(r.steps[2]!.summarizerCalls).toHaveLength(1);
  });
});
