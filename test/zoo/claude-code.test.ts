import { describe, expect, it } from 'vitest';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import {
  apiRounds,
  AUTOCOMPACT_BUFFER_TOKENS,
  autoCompactThreshold,
  claudeCodeStrategy,
  CLEARED_TOOL_RESULT,
  CONTINUATION_PREFIX,
  KEEP_RECENT_TOOL_RESULTS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_OUTPUT_TOKENS_FOR_SUMMARY,
  POST_COMPACT_MAX_FILES,
  POST_COMPACT_MAX_TOKENS_PER_FILE,
  THRASH_MESSAGE,
} from '../../src/zoo/claude-code.ts';
import { call, fakeContext, model, response, textOf, user } from './helpers/zoo-fixtures.ts';

const defaults = { maxOutputTokens: 32_000, pctOverride: undefined };
/** A turn of `n` reads of `size` characters each. */
const reads = (n: number, size: number, inv = 'inv-1') => [
  user('u', 'refactor the parser', inv),
  ...Array.from({ length: n }, (_, i) => [
    call(`c${i}`, `read_${i}`, inv),
    response(`r${i}`, `c${i}`, `read_${i}`, String(i).repeat(size), inv),
  ]).flat(),
];
const overflow = new ContextWindowExceededError(9, 8);

describe('claude code (as documented)', () => {
  it('the trigger: W − min(max output, 20,000) − 13,000 (200k → 167k); the percent override can only lower it', () => {
    expect([MAX_OUTPUT_TOKENS_FOR_SUMMARY, AUTOCOMPACT_BUFFER_TOKENS]).toEqual([20_000, 13_000]);
    expect(autoCompactThreshold(200_000, defaults)).toBe(167_000);
    expect(autoCompactThreshold(200_000, { maxOutputTokens: 8_000, pctOverride: undefined })).toBe(179_000);
    expect(autoCompactThreshold(200_000, { ...defaults, pctOverride: 50 })).toBe(90_000);
    expect(autoCompactThreshold(200_000, { ...defaults, pctOverride: 99 })).toBe(167_000);
  });

  it('under the trigger nothing happens; over it, older tool outputs are cleared first (the 5 most recent kept) when that is enough', async () => {
    const ctx = fakeContext({ window: 100_000, events: reads(8, 12_000) });
    const strategy = claudeCodeStrategy();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 60_000, outputTokens: 100 }));
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 70_000, outputTokens: 100 }));
    const outcome = await strategy.compactSession!(ctx);
    expect(KEEP_RECENT_TOOL_RESULTS).toBe(5);
    expect(outcome!.append!.map((r) => r.endEventId)).toEqual(['r0', 'r1', 'r2']);
    expect(outcome!.append![0]!.contents[0]!.parts![0]!.functionResponse!.response).toEqual({
      result: CLEARED_TOOL_RESULT,
    });
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it('when clearing is not enough: the whole conversation is summarized; the summary, then up to 5 recent files (one over 5k tokens as its path) replace it', async () => {
    const events = [
      ...reads(3, 1_000),
      call('big', 'read_big'),
      response('rb', 'big', 'read_big', 'B'.repeat(40_000)),
      ...reads(3, 1_000)
        .slice(1)
        .map((e) => ({ ...e, id: `${e.id}'` })),
    ];
    const ctx = fakeContext({ window: 100_000, events });
    const strategy = claudeCodeStrategy();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 90_000 }));
    const outcome = await strategy.compactSession!(ctx);
    const record = outcome!.append![0]!;
    expect(record.endEventId).toBe(events.at(-1)!.id);
    expect(textOf(record.contents[0])).toBe(`${CONTINUATION_PREFIX}\n\nSUMMARY`);
    expect([POST_COMPACT_MAX_FILES, POST_COMPACT_MAX_TOKENS_PER_FILE]).toEqual([5, 5_000]);
    const files = record.contents.slice(1).map(textOf);
    expect(files).toHaveLength(5);
    expect(files[1]).toMatch(/^Note: read_big was read before/);
    expect(files[4]).toMatch(/^Called the Read tool for read_2\. Result:\n2{1000}$/);
    expect(ctx.summarizerRequests[0]!.contents).toHaveLength(events.length + 1);
  });

  it('a prompt too long for the summarizer drops the oldest API round and retries; one round left fails; 3 failures switch it off', async () => {
    const events = reads(3, 50_000);
    const summarize = () => overflow;
    const ctx = fakeContext({ window: 100_000, events, summarize });
    const strategy = claudeCodeStrategy();
    expect(apiRounds(events.map((e) => e.content!)).map((g) => g.length)).toEqual([1, 2, 2, 2]);
    for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i += 1) {
      strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 90_000 }));
      expect(await strategy.compactSession!(ctx)).toBeUndefined();
    }
    expect(ctx.summarizerRequests.map((r) => r.contents.length)).toEqual([8, 7, 5, 3, 8, 7, 5, 3, 8, 7, 5, 3]);
    expect(ctx.warnings.filter((w) => w.endsWith('too_few_groups'))).toHaveLength(3);
    await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(12);
  });

  it('the thrash breaker: a compaction needed within 3 model calls of the previous one, the 3rd time in a row, ends the turn instead', async () => {
    const run = async (options?: Record<string, unknown>) => {
      const ctx = fakeContext({ window: 100_000, events: reads(6, 40_000) });
      const strategy = claudeCodeStrategy(options);
      const outcomes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 95_000 }));
        const outcome = await strategy.compactSession!(ctx);
        outcomes.push(
          outcome?.endInvocation ? 'stop' : outcome?.append?.[0]?.startEventId === undefined ? 'compact' : 'clear',
        );
      }
      return { outcomes, warnings: ctx.warnings };
    };
    const on = await run();
    // The 2nd, 3rd and 4th compactions each come one call after the previous: the 4th is the 3rd refill in a row.
    // After the breaker the streak starts again.
    expect(on.outcomes).toEqual(['compact', 'compact', 'compact', 'stop', 'compact']);
    expect(on.warnings).toContain(`claude-code: ${THRASH_MESSAGE}`);
    expect((await run({ thrash_breaker: false })).outcomes).toEqual([
      'compact',
      'compact',
      'compact',
      'compact',
      'compact',
    ]);
  });

  it('on "prompt too long": compact and retry, once per request', async () => {
    const ctx = fakeContext({ window: 100_000, events: reads(2, 1_000) });
    const strategy = claudeCodeStrategy();
    expect((await strategy.onModelError!(ctx, overflow, { contents: [] }))!.retry).toBe(true);
    expect(await strategy.onModelError!(ctx, overflow, { contents: [] })).toBeUndefined();
  });
});
