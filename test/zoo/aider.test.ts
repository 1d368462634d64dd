import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/engine/hook-types.ts';
import {
  aiderStrategy,
  MAX_DEPTH,
  maxChatHistoryTokens,
  MIN_SPLIT,
  OK,
  SUMMARIZER_INPUT_RESERVE,
  SUMMARY_PREFIX,
} from '../../src/zoo/aider.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import { fakeContext, model, recordEvent, textOf, user } from './helpers/zoo-fixtures.ts';

/** `pairs` finished turns of a user and an assistant message, each of `chars` characters. */
function turns(pairs: number, chars: number): SessionEvent[] {
  return Array.from({ length: pairs }, (_, k) => [
    user(`u${k}`, `${k}`.padEnd(chars, 'u'), `inv-${k}`),
    model(`m${k}`, `${k}`.padEnd(chars, 'a'), `inv-${k}`),
  ]).flat();
}

describe('aider', () => {
  it('constants of @5dc9490b: min(max(max_input / 16, 1,024), 8,192); min_split 4, depth limit 3, 512 reserved; the summary prefix', () => {
    expect(maxChatHistoryTokens(8_000)).toBe(1_024);
    expect(maxChatHistoryTokens(32_000)).toBe(2_000);
    expect(maxChatHistoryTokens(200_000)).toBe(8_192);
    expect([MIN_SPLIT, MAX_DEPTH, SUMMARIZER_INPUT_RESERVE]).toEqual([4, 3, 512]);
    expect(SUMMARY_PREFIX).toBe('I spoke to you previously about a number of things.\n');
  });

  it('finished turns within the limit are left alone (too_big is a strict >)', async () => {
    // 4 messages of 1,024 characters = 4 × 256 tokens = 1,024 = the limit for W = 16,384.
    const ctx = fakeContext({ window: 16_384, events: turns(2, 1_024) });
    expect(await aiderStrategy().afterInvocation!(ctx)).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it('over the limit: the tail under half of it stays, the head (ending on an assistant message) becomes one user summary', async () => {
    // 10 messages of 120 tokens (1,200 > 1,024): the tail is the last 4 (480 < 512; 5 would be 600),
    // the split (6) already follows an assistant message (m2).
    const events = turns(5, 480);
    const ctx = fakeContext({ window: 16_384, events });
    const record = (await aiderStrategy().afterInvocation!(ctx))!.append![0]!;
    expect(record.endEventId).toBe('m2');
    expect(record.contents.map(textOf)).toEqual([`${SUMMARY_PREFIX}SUMMARY`]);
    // The summarizer saw the head as # USER / # ASSISTANT blocks.
    const sent = textOf(ctx.summarizerRequests[0]!.contents[0]);
    expect(sent.startsWith('# USER\n0')).toBe(true);
    expect(sent.match(/# ASSISTANT/g)!.length).toBe(3);
    const after = projectedHistory({ events: [...events, recordEvent('r', record)] });
    expect(after.map((m) => m.content.role)).toEqual(['user', 'user', 'model', 'user', 'model']);
  });

  it('four messages or fewer: everything summarized, then "Ok." from the assistant', async () => {
    const ctx = fakeContext({ window: 16_384, events: turns(2, 4_000) });
    const record = (await aiderStrategy().afterInvocation!(ctx))!.append![0]!;
    expect(record.endEventId).toBe('m1');
    expect(record.contents.map(textOf)).toEqual([`${SUMMARY_PREFIX}SUMMARY`, OK]);
  });

  it('both models failing: a warning, the history unchanged; an empty answer is kept as an empty summary', async () => {
    const failing = fakeContext({ window: 16_384, events: turns(2, 4_000), summarize: () => new Error('down') });
    expect(await aiderStrategy().afterInvocation!(failing)).toBeUndefined();
    expect(failing.summarizerRequests).toHaveLength(2);
    expect(failing.warnings[0]).toMatch(/failed for all models/);
    const empty = fakeContext({ window: 16_384, events: turns(2, 4_000), summarize: () => '' });
    expect((await aiderStrategy().afterInvocation!(empty))!.append![0]!.contents.map(textOf)).toEqual([
      SUMMARY_PREFIX,
      OK,
    ]);
  });

  it('a head longer than the summarizer input loses what does not fit: neither summarized nor kept', async () => {
    // W = 2,048: input limit 1,536 tokens; the head is 8 messages of 400 tokens, 3 fit.
    const events = turns(6, 1_600);
    const ctx = fakeContext({ window: 2_048, events, summarize: () => 's' });
    await aiderStrategy({ max_chat_history_tokens: 1_000 }).afterInvocation!(ctx);
    expect(textOf(ctx.summarizerRequests[0]!.contents[0]).match(/# (USER|ASSISTANT)/g)!.length).toBe(3);
  });
});
