import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/engine/types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import {
  DEFAULT_PRESERVE_RECENT_MESSAGES,
  DEFAULT_SUMMARY_RATIO,
  SUMMARIZE_REQUEST,
  SUMMARY_RATIO_RANGE,
  strandsSummarizingStrategy,
  summarizeCount,
} from '../../src/zoo/strands-summarizing.ts';
import { DEFAULT_COMPRESSION_THRESHOLD } from '../../src/zoo/_shared/strands.ts';
import { call, fakeContext, model, response, textOf, user } from './helpers/zoo-fixtures.ts';

const turns = (n: number, size = 1) =>
  Array.from({ length: n }, (_, i) => [user(`u${i}`, `q${i}${'x'.repeat(size)}`), model(`m${i}`, `a${i}`)]).flat();
const text = (role: string): Content => ({ role, parts: [{ text: 't' }] });
const use: Content = { role: 'model', parts: [{ functionCall: { name: 'read', args: {} } }] };
const result: Content = { role: 'user', parts: [{ functionResponse: { name: 'read', response: { result: 'r' } } }] };
const overflow = new ContextWindowExceededError(9, 8);
const settings = { summaryRatio: DEFAULT_SUMMARY_RATIO, preserveRecent: DEFAULT_PRESERVE_RECENT_MESSAGES };

describe('strands SummarizingConversationManager', () => {
  it('constants at @1232230d: summarize 30 %, keep 10 recent messages, proactive compression at 70 %; ratio clamped to 0.1–0.8', () => {
    // Before: 0.8 of max_context_tokens, from PR #2147, which was closed unmerged.
    expect([DEFAULT_SUMMARY_RATIO, DEFAULT_PRESERVE_RECENT_MESSAGES, DEFAULT_COMPRESSION_THRESHOLD]).toEqual([
      0.3, 10, 0.7,
    ]);
    expect(SUMMARY_RATIO_RANGE).toEqual([0.1, 0.8]);
    expect(SUMMARIZE_REQUEST).toBe('Please summarize this conversation.');
  });

  it('how many: max(1, int(len × 0.3)), at most len − 10; none left to summarize is an error', () => {
    const messages = (n: number) => Array.from({ length: n }, (_, i) => text(i % 2 === 0 ? 'user' : 'model'));
    expect(summarizeCount(messages(20), settings)).toEqual({ ok: true, count: 6 });
    expect(summarizeCount(messages(12), settings)).toEqual({ ok: true, count: 2 });
    expect(summarizeCount(messages(10), settings)).toEqual({
      ok: false,
      error: 'Cannot summarize: insufficient messages for summarization',
    });
  });

  it('the split moves forwards past a tool result and past a tool use whose result does not follow; off the end is an error', () => {
    // index 6 is a tool result: the kept part would start with an orphan result.
    const list = [
      text('user'),
      text('model'),
      text('user'),
      text('model'),
      text('user'),
      use,
      result,
      text('model'),
      ...Array.from({ length: 12 }, () => text('user')),
    ];
    expect(summarizeCount(list, settings)).toEqual({ ok: true, count: 7 });
    const dangling = [
      text('user'),
      text('model'),
      text('user'),
      text('model'),
      text('user'),
      text('model'),
      use,
      text('model'),
      ...Array.from({ length: 12 }, () => text('user')),
    ];
    expect(summarizeCount(dangling, settings)).toEqual({ ok: true, count: 7 });
    expect(summarizeCount([text('user'), result, result, result], { summaryRatio: 0.3, preserveRecent: 0 })).toEqual({
      ok: false,
      error: 'Unable to trim conversation context!',
    });
  });

  it('on an overflow: the oldest 30 % go to the model with the request, the summary (a user message) replaces them, and the call is retried', async () => {
    const ctx = fakeContext({ events: turns(10) });
    const outcome = await strandsSummarizingStrategy().onModelError!(ctx, overflow, { contents: [] });
    // 20 messages: int(20 × 0.3) = 6 summarized, through m2.
    expect(outcome).toEqual({
      append: [{ endEventId: 'm2', contents: [{ role: 'user', parts: [{ text: 'SUMMARY' }] }] }],
      retry: true,
    });
    const sent = ctx.summarizerRequests[0]!;
    expect(sent.contents.map(textOf)).toEqual(['q0x', 'a0', 'q1x', 'a1', 'q2x', 'a2', SUMMARIZE_REQUEST]);
    expect(String(sent.config!.systemInstruction)).toMatch(/summar/i);
  });

  it('reactive only by default: no proactive check before a model call or after an invocation, however large', async () => {
    const ctx = fakeContext({ events: turns(20, 40_000) });
    expect(await strandsSummarizingStrategy().compactSession!(ctx)).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it('proactive_compression: before a model call at 70 % of the window (projected from the last usage), never after an invocation', async () => {
    const strategy = strandsSummarizingStrategy({ proactive_compression: true });
    const events = [...turns(10, 40), model('m10', 'a10', 'inv-1', 6_990), user('u11', 'y'.repeat(40))];
    // 6,990 + ceil(40 / 4) = 7,000 of 10,000: 0.7 reached; of 10,001 not.
    expect(await strategy.compactSession!(fakeContext({ window: 10_001, events }))).toBeUndefined();
    const ctx = fakeContext({ window: 10_000, events });
    const outcome = await strategy.compactSession!(ctx);
    // 22 messages: int(22 × 0.3) = 6 summarized, through m2.
    expect(outcome!.append![0]!.endEventId).toBe('m2');
    // apply_management is a no-op upstream (before: PR #2147's code checked again after each invocation).
    expect(strategy.afterInvocation).toBeUndefined();
    expect(() => strandsSummarizingStrategy({ max_context_tokens: 1_000 })).toThrow();
  });

  it('a failed summary: reactively the refused call stands; proactively it is logged and nothing changes', async () => {
    const events = [user('u0', 'go'), call('c0', 'read'), response('r0', 'c0', 'read', 'x'), ...turns(10, 400)];
    const failing = fakeContext({ events, summarize: () => new Error('model down') });
    expect(await strandsSummarizingStrategy().onModelError!(failing, overflow, { contents: [] })).toBeUndefined();
    const proactive = strandsSummarizingStrategy({ proactive_compression: { compression_threshold: 0.01 } });
    expect(await proactive.compactSession!(failing)).toBeUndefined();
    expect(failing.warnings).toHaveLength(2);
  });
});
