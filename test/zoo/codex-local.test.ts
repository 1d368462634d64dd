import { describe, expect, it } from 'vitest';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  buildCompactedHistory,
  codexLimit,
  codexLocalStrategy,
  CODEX_COMPACT_PROMPT,
  CODEX_SUMMARY_PREFIX,
  CODEX_TRUNCATION_MARKER,
} from '../../src/zoo/codex-local.ts';
import { call, fakeContext, model, response, user } from './helpers/zoo-fixtures.ts';

describe('codex (local)', () => {
  it('limit = min(configured, 90 % of the window) (CX-1: 272k → 244.8k)', () => {
    expect(codexLimit(272_000, undefined)).toBe(244_800);
    expect(codexLimit(272_000, 200_000)).toBe(200_000);
    expect(codexLimit(272_000, 300_000)).toBe(244_800);
  });

  it('trigger: last total + ceil(bytes/4) of the items since the last model item ≥ limit', async () => {
    const strategy = codexLocalStrategy();
    const events = [
      user('u1', 'goal', 'inv-0'),
      call('c1', 'read', 'inv-1'),
      response('r1', 'c1', 'read', 'x'.repeat(400), 'inv-1'),
    ];
    const below = fakeContext({ window: 1_000, events, invocationId: 'inv-1' });
    strategy.afterModel!(below, {}, modelUsage({ inputTokens: 700, outputTokens: 0 }));
    // 700 + ceil(len('{"name":"read","response":{"result":"x…"}}')/4) = 700 + 110 < 900
    expect(await strategy.compactSession!(below)).toBeUndefined();
    const at = fakeContext({ window: 1_000, events, invocationId: 'inv-1' });
    strategy.afterModel!(at, {}, modelUsage({ inputTokens: 790, outputTokens: 0 }));
    const outcome = await strategy.compactSession!(at);
    expect(at.summarizerRequests[0]!.contents.at(-1)!.parts![0]!.text).toBe(CODEX_COMPACT_PROMPT);
    expect(outcome).toEqual({
      append: [
        {
          endEventId: 'r1',
          contents: [
            { role: 'user', parts: [{ text: 'goal' }] },
            { role: 'user', parts: [{ text: `${CODEX_SUMMARY_PREFIX}\nSUMMARY` }] },
          ],
        },
      ],
    });
  });

  it('pre-turn: the incoming user message is neither counted nor compacted: it follows the result', async () => {
    const events = [user('u1', 'first', 'inv-0'), model('m1', 'done', 'inv-0'), user('u2', 'second', 'inv-1')];
    const ctx = fakeContext({ window: 1_000, events, invocationId: 'inv-1', state: { 'codex:lastTotalTokens': 950 } });
    const outcome = await codexLocalStrategy().compactSession!(ctx);
    expect(outcome!.append![0]!.endEventId).toBe('m1');
    expect(JSON.stringify(ctx.summarizerRequests[0])).not.toContain('second');
  });

  it('after a compaction the usage is the estimate of the new history plus the base instructions (recompute_token_usage)', async () => {
    const events = [user('u1', 'first', 'inv-0'), model('m1', 'done', 'inv-0'), user('u2', 'second', 'inv-1')];
    const ctx = {
      ...fakeContext({ window: 1_000, events, invocationId: 'inv-1', state: { 'codex:lastTotalTokens': 950 } }),
      requestOverhead: { systemInstructionTokens: 300, toolDeclarationTokens: 40 },
    };
    const outcome = await codexLocalStrategy().compactSession!(ctx);
    const replacement = outcome!.append![0]!.contents;
    const estimate = replacement.reduce(
      (sum, c) => sum + Math.ceil(Buffer.byteLength(c.parts!.map((p) => p.text).join('\n'), 'utf8') / 4),
      0,
    );
    expect(ctx.values.get('codex:lastTotalTokens')).toBe(estimate + 300);
  });

  it('new history: real user messages newest first within 20,000 approx tokens (the oldest cut with a marker), then the summary', () => {
    const long = 'a'.repeat(60_000); // 15,000 tokens
    const h = projectedHistory(
      fakeContext({
        events: [user('u1', long), model('m1', 'x'), user('u2', long), user('u3', `${CODEX_SUMMARY_PREFIX} old`)],
      }),
    );
    const contents = buildCompactedHistory(h, 'S');
    expect(contents.map((c) => c.parts![0]!.text!.length)).toEqual([
      20_000 + CODEX_TRUNCATION_MARKER.length + 1,
      60_000,
      1,
    ]);
    expect(contents[0]!.parts![0]!.text!.endsWith(CODEX_TRUNCATION_MARKER)).toBe(true);
  });

  it('summarizer overflow: drops the oldest item (with its counterpart) and retries; an empty summary leaves the prefix (#36642)', async () => {
    const events = [user('u1', 'goal'), call('c1', 'read'), response('r1', 'c1', 'read', 'big'), model('m1', 'x')];
    const overflow = Object.assign(new Error('too long'), { code: 'CONTEXT_WINDOW_EXCEEDED' });
    const ctx = fakeContext({
      window: 1_000,
      events,
      invocationId: 'inv-2',
      state: { 'codex:lastTotalTokens': 950 },
      summarize: (_r, n) => (n <= 2 ? overflow : ''),
    });
    const outcome = await codexLocalStrategy().compactSession!(ctx);
    expect(ctx.summarizerRequests.map((r) => r.contents.length)).toEqual([5, 4, 2]);
    expect(outcome!.append![0]!.contents.at(-1)).toEqual({
      role: 'user',
      parts: [{ text: `${CODEX_SUMMARY_PREFIX}\n` }],
    });
  });

  it('a summarizer that keeps failing aborts the turn', async () => {
    const ctx = fakeContext({
      window: 1_000,
      events: [user('u1', 'goal'), model('m1', 'x')],
      invocationId: 'inv-2',
      state: { 'codex:lastTotalTokens': 950 },
      summarize: () => new Error('503'),
    });
    expect(await codexLocalStrategy().compactSession!(ctx)).toEqual({ endInvocation: true });
    expect(ctx.summarizerRequests).toHaveLength(6);
  });
});
