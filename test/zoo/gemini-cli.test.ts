import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/engine/types.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import {
  estimateText,
  findCompressSplitPoint,
  GEMINI_ACK_TEXT,
  geminiCli2026_01Strategy,
  geminiCliStrategy,
  truncateHistoryToBudget,
} from '../../src/zoo/gemini-cli.ts';
import { call, fakeContext, model, response, user } from './helpers/zoo-fixtures.ts';

const human = (text: string): Content => ({ role: 'user', parts: [{ text }] });

describe('gemini-cli', () => {
  it('estimates ASCII at 0.25 and other characters at 1.5 tokens each', () => {
    expect(estimateText('abcd')).toBe(1);
    expect(estimateText('你好')).toBe(3);
  });

  it('split: the first user message (no function response) with 70 % of the characters before it; never a function response', () => {
    const history: Content[] = [
      human('a'.repeat(100)),
      { role: 'model', parts: [{ text: 'b'.repeat(100) }] },
      human('c'.repeat(10)),
      { role: 'model', parts: [{ text: 'd' }] },
    ];
    expect(findCompressSplitPoint(history, 0.7)).toBe(2);
    // A single-prompt tool loop: the only candidates are at the start (GM-1).
    const loop: Content[] = [
      human('go'),
      ...Array.from(
        { length: 10 },
        () =>
          [
            { role: 'model', parts: [{ functionCall: { name: 't' } }] },
            { role: 'user', parts: [{ functionResponse: { name: 't', response: { r: 'x'.repeat(100) } } }] },
          ] as Content[],
      ).flat(),
    ];
    expect(findCompressSplitPoint(loop, 0.7)).toBe(0);
  });

  it('current: function responses past the newest 50,000 tokens keep their first 20 % and last 80 % of 40,000 characters; shorter ones stay whole', () => {
    const big = 'h'.repeat(10_000) + 'm'.repeat(200_000) + 't'.repeat(40_000); // ~62k tokens
    const tool = (text: string): Content => ({
      role: 'user',
      parts: [{ functionResponse: { name: 't', response: { output: text } } }],
    });
    const truncated = truncateHistoryToBudget([tool(big), tool('s'.repeat(30_000)), tool(big)]);
    // The newest is over the budget on its own: truncated too; its placeholder counts towards the budget.
    const kept = (truncated[2]!.parts![0]!.functionResponse!.response as { output: string }).output;
    expect(kept).toContain(`${'h'.repeat(8_000)}\n`);
    expect(kept).toContain(`\n${'t'.repeat(32_000)}`);
    expect(kept).not.toContain('m'.repeat(10));
    // 30,000 characters (7,500 tokens) are under 40,000 characters: untouched even past the budget.
    expect(truncated[1]).toEqual(tool('s'.repeat(30_000)));
  });

  it('2026-01: truncated function responses keep their last 30 lines', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${'y'.repeat(900)}`).join('\n');
    const tool = (text: string): Content => ({
      role: 'user',
      parts: [{ functionResponse: { name: 't', response: { output: text } } }],
    });
    const many = Array.from({ length: 7 }, () => tool(lines)); // ~9k tokens each
    const truncated = truncateHistoryToBudget(many, { kind: 'last-lines' });
    expect(JSON.stringify(truncated[6])).toBe(JSON.stringify(tool(lines)));
    const kept = (truncated[0]!.parts![0]!.functionResponse!.response as { output: string }).output.split('\n');
    expect(kept[0]).toBe('Output too large. Showing the last 30 of 40 lines. For full output see: <saved file>');
    expect(kept.slice(2)).toEqual(lines.split('\n').slice(-30));
  });

  it('the inflation check leaves out the system prompt and tools; the overflow check uses the count reset to the new history', async () => {
    const strategy = geminiCliStrategy();
    const events = [
      user('u1', 'a'.repeat(1_600)),
      model('m1', 'b'.repeat(1_600)),
      user('u2', 'q2'),
      model('m2', 'done'),
      user('u3', 'c'.repeat(1_800)),
    ];
    const ctx = {
      ...fakeContext({ window: 1_000, events }),
      requestOverhead: { systemInstructionTokens: 500, toolDeclarationTokens: 0 },
    };
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 600 }));
    const outcome = await strategy.compactSession!(ctx);
    // New history ~462 estimated tokens < 600: compressed (with the overhead added it would be "inflated").
    expect(outcome!.append![0]!.contents.map((c) => c.parts![0]!.text!.slice(0, 4))).toEqual(['SUMM', 'Got ', 'cccc']);
    expect(ctx.values.get('gemini-cli:hasFailedCompressionAttempt')).toBeUndefined();
    // The new request (450) fits 1,000 − 462, though not 1,000 − 600: the turn goes on.
    expect(outcome!.endInvocation).toBeUndefined();
  });

  it('current: tool-output masking past the newest 50,000 tool tokens once 30,000 are prunable (the latest message skipped)', async () => {
    const events = [
      user('u1', 'go'),
      ...[1, 2, 3].flatMap((k) => [call(`c${k}`, 'read'), response(`r${k}`, `c${k}`, 'read', 'z'.repeat(120_000))]),
      model('m', 'done'),
    ];
    const ctx = fakeContext({ window: 1_000_000, events });
    const outcome = await geminiCliStrategy().compactSession!(ctx);
    const outputs = outcome!
      .append![0]!.contents.filter((c) => c.parts![0]!.functionResponse)
      .map((c) => JSON.stringify(c.parts![0]!.functionResponse!.response));
    expect(outputs.map((o) => o.includes('<tool_output_masked>'))).toEqual([true, true, false]);
    expect(ctx.summarizerRequests).toHaveLength(0);
    // The January generation has no masking.
    expect(await geminiCli2026_01Strategy().compactSession!(fakeContext({ window: 1_000_000, events }))).toEqual({});
  });

  it('the probe sees the snapshot as a model turn without the instruction; an empty first answer still gets its probe', async () => {
    const strategy = geminiCliStrategy();
    const events = [user('u1', 'a'.repeat(800)), model('m1', 'b'.repeat(800)), user('u2', 'q2'), model('m2', 'done')];
    const ctx = fakeContext({ window: 1_000, events, summarize: (_r, n) => (n === 1 ? '' : 'SNAP2') });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 500 }));
    const outcome = await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(2);
    expect(ctx.summarizerRequests[1]!.contents.slice(-2).map((c) => c.role)).toEqual(['model', 'user']);
    expect(ctx.summarizerRequests[1]!.contents.length).toBe(ctx.summarizerRequests[0]!.contents.length + 1);
    expect(outcome!.append![0]!.contents[0]).toEqual(human('SNAP2'));
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
    expect(outcome!.append![0]!.contents).toEqual([
      human('SNAP2'),
      { role: 'model', parts: [{ text: GEMINI_ACK_TEXT }] },
      human('q2'),
      { role: 'model', parts: [{ text: 'done' }] },
    ]);
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

  it('2026-01: after a failed (inflated) attempt auto-compression stays off, not even truncation', async () => {
    const strategy = geminiCli2026_01Strategy();
    const big = 'x'.repeat(400_000);
    const events = [
      user('u1', 'a'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', big),
      call('c2', 'read'),
      response('r2', 'c2', 'read', big),
      model('m1', 'b'),
      user('u2', 'q2'),
      model('m2', 'done'),
    ];
    const ctx = fakeContext({ window: 1_000_000, events, state: { 'gemini-cli:hasFailedCompressionAttempt': true } });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 600_000 }));
    expect(await strategy.compactSession!(ctx)).toEqual({});
    // The current generation truncates instead (CONTENT_TRUNCATED).
    const now = geminiCliStrategy();
    const ctx2 = fakeContext({ window: 1_000_000, events, state: { 'gemini-cli:hasFailedCompressionAttempt': true } });
    now.afterModel!(ctx2, {}, modelUsage({ inputTokens: 600_000 }));
    expect((await now.compactSession!(ctx2))!.append).toHaveLength(1);
  });

  it('ends the turn when the new request would overflow what is left (ContextWindowWillOverflow)', async () => {
    const strategy = geminiCliStrategy({ compressionThreshold: 1 });
    const ctx = fakeContext({
      window: 1_000,
      events: [user('u1', 'q'), call('c1', 'read'), response('r1', 'c1', 'read', 'x'.repeat(4_000))],
    });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 200 }));
    expect(await strategy.compactSession!(ctx)).toEqual({ endInvocation: true });
  });
});
