import { describe, expect, it } from 'vitest';
import type { Content } from '@google/genai';
import type { SessionEvent } from '../../src/engine/hook-types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import {
  APPROX_TOKEN_SAFETY_MARGIN,
  CLIP_CHARS,
  lettaStrategy,
  MAX_SUMMARIZER_RETRIES,
  packageSummary,
  pyRound,
  simpleFormatter,
  SLIDING_WINDOW_PERCENTAGE,
  slidingWindowCutoff,
  SUMMARIZATION_TRIGGER_MULTIPLIER,
  TOOL_RETURN_TRUNCATION_CHARS,
} from '../../src/zoo/letta.ts';
import { call, fakeContext, model, response, textOf, user } from './helpers/zoo-fixtures.ts';

const text = (role: 'user' | 'model'): Content => ({ role, parts: [{ text: 'x' }] });

/** `pairs` turns of a user and an assistant message of `chars` characters each. */
function turns(pairs: number, chars: number): SessionEvent[] {
  return Array.from({ length: pairs }, (_, k) => [
    user(`u${k}`, 'u'.repeat(chars), `inv-${k}`),
    model(`m${k}`, 'a'.repeat(chars), `inv-${k}`),
  ]).flat();
}

describe('letta', () => {
  it('constants of @56ba9c25: trigger 0.9 of the window, evict 30 %, summary clipped at 50,000, tool returns 5,000, 3 retries, bytes/4 × 1.3', () => {
    expect([
      SUMMARIZATION_TRIGGER_MULTIPLIER,
      SLIDING_WINDOW_PERCENTAGE,
      CLIP_CHARS,
      TOOL_RETURN_TRUNCATION_CHARS,
      MAX_SUMMARIZER_RETRIES,
      APPROX_TOKEN_SAFETY_MARGIN,
    ]).toEqual([0.9, 0.3, 50_000, 5_000, 3, 1.3]);
  });

  it("Python's round: halves to even", () => {
    expect([pyRound(0.5), pyRound(1.5), pyRound(2.5), pyRound(2.4), pyRound(2.6)]).toEqual([0, 2, 2, 2, 3]);
  });

  it('the cutoff: the eviction share grows from 0.3 in steps of 0.1 until the kept part is under 70 % of the window, cut at the last assistant message', () => {
    // 9 messages (+ system = 10), each counted 10: the kept part must be under 0.7 × 100 = 70 tokens.
    const messages = Array.from({ length: 9 }, (_, i) => text(i % 2 === 0 ? 'user' : 'model'));
    const count = (kept: readonly Content[]) => kept.length * 10;
    // 0.4 × 10 = 4: in-context index 4 is messages[3] (model): kept 6 messages = 60 < 70.
    expect(slidingWindowCutoff(messages, 0.3, 100, count)).toBe(4);
    // A goal no cut reaches: the share passes 1.0 and it is a ValueError (summarize_all then).
    expect(() => slidingWindowCutoff(messages, 0.3, 10, count)).toThrow(/No assistant message/);
    // Only user messages: no assistant to cut at.
    expect(() => slidingWindowCutoff([text('user'), text('user')], 0.3, 100, count)).toThrow(/No assistant message/);
  });

  it('the post-step check: the last total over int(0.9 × W) compacts before the next call; the tail from the cut stays behind the summary', async () => {
    const strategy = lettaStrategy();
    const events = turns(5, 400);
    const ctx = fakeContext({ window: 1_000, events });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 890, outputTokens: 10 }));
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 891, outputTokens: 10 }));
    const record = (await strategy.compactSession!(ctx))!.append![0]!;
    // 10 messages of 130 tokens (400 bytes / 4 × 1.3): kept must be under 700 → at most 5 messages; share 0.4 → round(4.4) = 4 → m1 (index 4); kept 7 → no; 0.5 → round(5.5) = 6 → m2; kept 5 × 130 = 650 < 700.
    expect(record.endEventId).toBe('u2');
    expect(textOf(record.contents[0])).toBe(packageSummary('SUMMARY', 'sliding_window'));
    expect(textOf(ctx.summarizerRequests[0]!.contents[0])).toMatch(
      /^<start_transcript>\n\[user\] u+\n\[assistant\] a+/,
    );
    // The check ran; it does not run again before another model response.
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
  });

  it('trigger "full-window" (PR #9869): a total of 0.95 × W does not compact', async () => {
    const strategy = lettaStrategy({ trigger: 'full-window' });
    const ctx = fakeContext({ window: 1_000, events: turns(5, 400) });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 940, outputTokens: 10 }));
    expect(await strategy.afterInvocation!(ctx)).toBeUndefined();
    const current = lettaStrategy();
    current.afterModel!(ctx, {}, modelUsage({ inputTokens: 940, outputTokens: 10 }));
    expect(await current.afterInvocation!(ctx)).toBeDefined();
  });

  it('the summarizer overflowing: retried with tool returns cut to 5,000 characters, then with the transcript cut in the middle', async () => {
    const events = [
      user('u0', 'go'),
      model('m0', 'ok'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'z'.repeat(20_000)),
      model('m1', 'done'),
      user('u1', 'next'),
      model('m2', 'fine'),
    ];
    const overflow = new ContextWindowExceededError(9, 8);
    const ctx = fakeContext({ window: 4_000, events, summarize: (_r, n) => (n < 3 ? overflow : 'S') });
    const outcome = await lettaStrategy().onModelError!(ctx, overflow, { contents: [] });
    expect(outcome!.retry).toBe(true);
    const sizes = ctx.summarizerRequests.map((r) => textOf(r.contents[0]).length);
    expect(sizes[0]).toBeGreaterThan(20_000);
    expect(sizes[1]).toBeLessThan(TOOL_RETURN_TRUNCATION_CHARS + 1_000);
    expect(sizes[2]).toBeLessThanOrEqual(sizes[1]!);
  });

  it('three overflow retries in a step, then the error stands', async () => {
    const strategy = lettaStrategy();
    const overflow = new ContextWindowExceededError(9, 8);
    const ctx = fakeContext({ window: 1_000, events: turns(5, 400) });
    for (let i = 0; i < 3; i += 1)
      expect((await strategy.onModelError!(ctx, overflow, { contents: [] }))!.retry).toBe(true);
    expect(await strategy.onModelError!(ctx, overflow, { contents: [] })).toBeUndefined();
  });

  it('the transcript: "[role] text", calls as "-> name(args)"', () => {
    const t = simpleFormatter([
      { role: 'model', parts: [{ text: 'let me look' }, { functionCall: { name: 'read', args: { p: 1 } } }] },
    ]);
    expect(t).toBe(
      '<start_transcript>\n[assistant] let me look -> read({"p":1})\n<end_transcript>\n. Generate the summary.',
    );
  });
});
