import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/engine/types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import {
  CONVERSATION_CONTINUATION_TEXT,
  DEFAULT_COMPACTION_THRESHOLD,
  filterToolResponses,
  gooseStrategy,
  REMOVAL_PERCENTAGES,
  TOOL_LOOP_CONTINUATION_TEXT,
} from '../../src/zoo/goose.ts';
import { call, fakeContext, model, recordEvent, response, user } from './helpers/zoo-fixtures.ts';

const toolMsg = (k: number): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name: `t${k}`, response: { result: `r${k}` } } }],
});

describe('goose', () => {
  it('constants: compact above 0.8 of the context limit; tool responses removed 0/10/20/50/100 %', () => {
    expect(DEFAULT_COMPACTION_THRESHOLD).toBe(0.8);
    expect(REMOVAL_PERCENTAGES).toEqual([0, 10, 20, 50, 100]);
  });

  it('middle out: 10 % of 10 tool responses is the one just before the middle; 50 % alternates outwards from there', () => {
    const messages = Array.from({ length: 10 }, (_, k) => toolMsg(k));
    const names = (list: Content[]) => list.map((m) => m.parts![0]!.functionResponse!.name);
    expect(names(filterToolResponses(messages, 10))).toEqual(['t0', 't1', 't2', 't3', 't5', 't6', 't7', 't8', 't9']);
    expect(names(filterToolResponses(messages, 50))).toEqual(['t0', 't1', 't7', 't8', 't9']);
    expect(filterToolResponses(messages, 100)).toEqual([]);
  });

  it('at the start of a reply, over 80 %: everything summarized, then the continuation and the user message again', async () => {
    const strategy = gooseStrategy();
    const events = [user('u1', 'first', 'inv-0'), model('m1', 'done', 'inv-0'), user('u2', 'second', 'inv-1')];
    const ctx = fakeContext({ window: 1_000, events, invocationId: 'inv-1' });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 790, outputTokens: 10 }));
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 790, outputTokens: 11 }));
    const outcome = await strategy.compactSession!(ctx);
    expect(outcome!.append![0]).toEqual({
      endEventId: 'u2',
      contents: [
        { role: 'user', parts: [{ text: 'SUMMARY' }] },
        { role: 'model', parts: [{ text: CONVERSATION_CONTINUATION_TEXT }] },
        { role: 'user', parts: [{ text: 'second' }] },
      ],
    });
    // The whole history, the new message included, went to the summarizer.
    expect(String(ctx.summarizerRequests[0]!.config!.systemInstruction)).toContain('[user]: second');
  });

  it('overflow mid-reply: compact (tool-loop continuation, the user text re-appended) and retry; a second overflow stops', async () => {
    const strategy = gooseStrategy();
    const events = [user('u1', 'go'), call('c1', 'read'), response('r1', 'c1', 'read', 'x'.repeat(100))];
    const ctx = fakeContext({ events });
    const overflow = new ContextWindowExceededError(9, 8);
    const first = await strategy.onModelError!(ctx, overflow, { contents: [] });
    expect(first!.retry).toBe(true);
    expect(first!.append![0]!.contents.map((c) => c.parts![0]!.text)).toEqual([
      'SUMMARY',
      TOOL_LOOP_CONTINUATION_TEXT,
      'go',
    ]);
    expect(await strategy.onModelError!(ctx, overflow, { contents: [] })).toBeUndefined();
  });

  it('the summarizer overflowing: retried with tool responses removed middle out', async () => {
    const events = [
      user('u1', 'go'),
      ...[1, 2, 3, 4].flatMap((k) => [call(`c${k}`, 'read'), response(`r${k}`, `c${k}`, 'read', `out${k}`)]),
    ];
    const overflow = new ContextWindowExceededError(9, 8);
    const ctx = fakeContext({ events, summarize: (_r, n) => (n < 3 ? overflow : 'S') });
    await gooseStrategy().onModelError!(ctx, overflow, { contents: [] });
    const sent = ctx.summarizerRequests.map(
      (r) => (String(r.config!.systemInstruction).match(/tool_response/g) ?? []).length,
    );
    expect(sent).toEqual([4, 3, 3]);
  });

  it('a successful response resets compaction_attempts (agent.rs L1231): overflow, answer, overflow compacts again', async () => {
    const strategy = gooseStrategy();
    const events = [user('u1', 'go'), call('c1', 'read'), response('r1', 'c1', 'read', 'x'.repeat(100))];
    const ctx = fakeContext({ events });
    const overflow = new ContextWindowExceededError(9, 8);
    expect((await strategy.onModelError!(ctx, overflow, { contents: [] }))!.retry).toBe(true);
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 5, outputTokens: 1 }));
    expect((await strategy.onModelError!(ctx, overflow, { contents: [] }))!.retry).toBe(true);
    // Two in a row (no answer between) still stop the reply.
    expect(await strategy.onModelError!(ctx, overflow, { contents: [] })).toBeUndefined();
  });

  it('the preserved message: text beside an image counts, its text parts joined by newlines (has_text_only, extract_text)', async () => {
    const events = [
      {
        ...user('u1', 'x'),
        content: {
          role: 'user',
          parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'AA==' } }, { text: 'at this' }],
        },
      },
    ];
    const outcome = await gooseStrategy().onModelError!(fakeContext({ events }), new ContextWindowExceededError(9, 8), {
      contents: [],
    });
    const contents = outcome!.append![0]!.contents;
    expect(contents[1]!.parts![0]!.text).toBe(CONVERSATION_CONTINUATION_TEXT);
    expect(contents[2]).toEqual({ role: 'user', parts: [{ text: 'look\nat this' }] });
  });

  it("after a compaction the session's count is the summary's output tokens, not an estimate (reply_parts.rs update_session_metrics)", async () => {
    const strategy = gooseStrategy();
    const first = [
      user('u1', 'y'.repeat(4_000), 'inv-0'),
      model('m1', 'ok', 'inv-0'),
      user('u2', 'z'.repeat(4_000), 'inv-1'),
    ];
    const ctx1 = fakeContext({ window: 1_000, events: first, invocationId: 'inv-1' });
    strategy.afterModel!(ctx1, {}, modelUsage({ inputTokens: 900, outputTokens: 1 }));
    const compacted = await strategy.compactSession!(ctx1);
    const record = compacted!.append![0]!;
    // The reply then ends without a model answer; the next reply starts over the compacted history,
    // whose preserved 4,000-character message alone would estimate at 1,000 tokens.
    const second = [...first, recordEvent('rec1', record, 'inv-1'), user('u3', 'next', 'inv-2')];
    const ctx2 = fakeContext({
      window: 1_000,
      events: second,
      invocationId: 'inv-2',
      state: Object.fromEntries(ctx1.values),
    });
    expect(ctx2.values.get('goose:totalTokens')).toBe(11);
    expect(await strategy.compactSession!(ctx2)).toBeUndefined();
  });
});
