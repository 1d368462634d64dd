import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/engine/types.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import { estimateText, findCompressSplitPoint, GEMINI_ACK_TEXT, geminiCliStrategy, truncateHistoryToBudget } from '../../src/zoo/gemini-cli.ts';
import { call, fakeContext, model, response, user } from './helpers/zoo-fixtures.ts';

const human = (text: string): Content => ({ role: 'user', parts: [{ text }] });

describe('gemini-cli', () => {
  it('estimates ASCII at 0.25 and other characters at 1.5 tokens each', () => {
    expect(estimateText('abcd')).toBe(1);
    expect(estimateText('你好')).toBe(3);
  });

  it('split: the first user message (no function response) with 70 % of the characters before it; never a function response', () => {
    const history: Content[] = [human('a'.repeat(100)), { role: 'model', parts: [{ text: 'b'.repeat(100) }] }, human('c'.repeat(10)), { role: 'model', parts: [{ text: 'd' }] }];
    expect(findCompressSplitPoint(history, 0.7)).toBe(2);
    // A single-prompt tool loop: the only candidates are at the start (GM-1).
    const loop: Content[] = [human('go'), ...Array.from({ length: 10 }, () => [{ role: 'model', parts: [{ functionCall: { name: 't' } }] }, { role: 'user', parts: [{ functionResponse: { name: 't', response: { r: 'x'.repeat(100) } } }] }] as Content[]).flat()];
    expect(findCompressSplitPoint(loop, 0.7)).toBe(0);
  });

  it('keeps function responses within the newest 50,000 tokens, cuts older ones to 30 lines', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${'y'.repeat(4_000)}`).join('\n'); // ~40k tokens each
    const tool = (text: string): Content => ({ role: 'user', parts: [{ functionResponse: { name: 't', response: { r: text } } }] });
    const truncated = truncateHistoryToBudget([tool(lines), tool(lines)]);
    expect(JSON.stringify(truncated[1])).toBe(JSON.stringify(tool(lines)));
    const kept = (truncated[0]!.parts![0]!.functionResponse!.response as { output: string }).output;
    expect(kept.split('\n').slice(1)).toEqual(lines.split('\n').slice(-30));
  });

  it('trigger at 50 % of the limit; two calls (snapshot, probe); the new chat is [snapshot, ack, kept]', async () => {
    const strategy = geminiCliStrategy();
    const events = [user('u1', 'a'.repeat(800)), model('m1', 'b'.repeat(800)), user('u2', 'q2'), model('m2', 'done')];
    const below = fakeContext({ window: 1_000, events });
    strategy.afterModel!(below, {}, modelUsage({ inputTokens: 499 }));
    expect(await strategy.compactSession!(below)).toEqual({});
    const ctx = fakeContext({ window: 1_000, events, summarize: (_r, n) => (n === 1 ? 'SNAP' : 'SNAP2') });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 500 }));
    const outcome = await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(2);
    expect(outcome!.append![0]!.contents).toEqual([human('SNAP2'), { role: 'model', parts: [{ text: GEMINI_ACK_TEXT }] }, human('q2'), { role: 'model', parts: [{ text: 'done' }] }]);
  });

  it('an inflated result sets the failure flag: later compressions only truncate', async () => {
    const strategy = geminiCliStrategy();
    const events = [user('u1', 'a'), model('m1', 'b'), user('u2', 'q2'), model('m2', 'done')];
    const ctx = fakeContext({ window: 100, events, summarize: () => 'z'.repeat(4_000) });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 60 }));
    expect(await strategy.compactSession!(ctx)).toEqual({});
    expect(ctx.values.get('gemini-cli:hasFailedCompressionAttempt')).toBe(true);
    ctx.summarizerRequests.length = 0;
    await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it('ends the turn when the new request would overflow what is left (ContextWindowWillOverflow)', async () => {
    const strategy = geminiCliStrategy({ compressionThreshold: 1 });
    const ctx = fakeContext({ window: 1_000, events: [user('u1', 'q'), call('c1', 'read'), response('r1', 'c1', 'read', 'x'.repeat(4_000))] });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 200 }));
    expect(await strategy.compactSession!(ctx)).toEqual({ endInvocation: true });
  });
});
