import { describe, expect, it } from 'vitest';
import type { Content } from '@google/genai';
import type { LlmRequest } from '../../src/engine/types.ts';
import { approximateTokens } from '../../src/zoo/langchain-summarization.ts';
import {
  DEFAULT_MAX_SUMMARY_TOKENS,
  EXISTING_SUMMARY_REQUEST,
  FINAL_SUMMARY_PREFIX,
  INITIAL_SUMMARY_REQUEST,
  langmemSummarizeStrategy,
  preprocess,
} from '../../src/zoo/langmem-summarize.ts';
import { StrategyOptionsError } from '../../src/engine/strategies/strategy-options.ts';
import { fakeContext, textOf } from './helpers/zoo-fixtures.ts';

const msg = (role: 'user' | 'model', chars: number, tag: string): Content => ({
  role,
  parts: [{ text: tag.padEnd(chars, '.') }],
});
/**
 * Messages of 100 characters (count_tokens_approximately counts the role's name too): a user
 * message ceil(104 / 4) + 3 = 29 tokens, a model one ('assistant') ceil(109 / 4) + 3 = 31.
 */
const history = (n: number): Content[] =>
  Array.from({ length: n }, (_, i) => msg(i % 2 === 0 ? 'user' : 'model', 100, `m${i}`));

describe('langmem-summarize', () => {
  it('constants of @b5dbe4aa: max_summary_tokens 256, the three prompts', () => {
    expect(DEFAULT_MAX_SUMMARY_TOKENS).toBe(256);
    expect(INITIAL_SUMMARY_REQUEST).toBe('Create a summary of the conversation above:');
    expect(EXISTING_SUMMARY_REQUEST('S')).toBe(
      'This is summary of the conversation so far: S\n\nExtend this summary by taking into account the new messages above:',
    );
    expect(FINAL_SUMMARY_PREFIX).toBe('Summary of the conversation so far: ');
    expect(approximateTokens(history(1))).toBe(29);
    expect(approximateTokens(history(2))).toBe(29 + 31);
  });

  it('the cutoff: the first message where the count reaches max_tokens_before_summary while the rest fits max_tokens − max_summary_tokens', () => {
    const budget = { maxTokens: 300, maxTokensBeforeSummary: 100, maxSummaryTokens: 100 };
    // 20 messages = 600 tokens. Reach 100 at index 3 (120), but 480 left > 200; the rest fits 200 from index 13 (420 summarized, 180 left).
    const { toSummarize, from } = preprocess(history(20), undefined, budget);
    expect(from).toBe(0);
    expect(toSummarize.length).toBe(14);
    // Not reached yet: nothing summarized.
    expect(preprocess(history(3), undefined, budget).toSummarize).toEqual([]);
  });

  it('summarizes into a running summary and sends [summary, the rest]; the next call extends it from where it stopped', async () => {
    const strategy = langmemSummarizeStrategy({
      max_tokens: 300,
      max_tokens_before_summary: 100,
      max_summary_tokens: 100,
    });
    const ctx = fakeContext({ summarize: (_r, n) => `S${n}` });
    const first: LlmRequest = { contents: history(20) };
    await strategy.compact(ctx, first);
    expect(first.contents.map(textOf)[0]).toBe(`${FINAL_SUMMARY_PREFIX}S1`);
    expect(first.contents.length).toBe(1 + 6);
    expect(textOf(ctx.summarizerRequests[0]!.contents.at(-1))).toBe(INITIAL_SUMMARY_REQUEST);
    // One message past the summarized ones (14: 29 tokens < 100): nothing new to summarize, the running summary applied as it is.
    const quiet: LlmRequest = { contents: history(15) };
    await strategy.compact(ctx, quiet);
    expect(ctx.summarizerRequests).toHaveLength(1);
    expect(quiet.contents.map(textOf)).toEqual([`${FINAL_SUMMARY_PREFIX}S1`, textOf(history(15)[14])]);
    // Eight unsummarized (240 tokens): 100 reached at index 17 (120) with 120 left ≤ 200: 14..17 folded into the summary.
    const second: LlmRequest = { contents: history(22) };
    await strategy.compact(ctx, second);
    expect(textOf(ctx.summarizerRequests[1]!.contents.at(-1))).toBe(EXISTING_SUMMARY_REQUEST('S1'));
    expect(textOf(ctx.summarizerRequests[1]!.contents[0])).toMatch(/^m14/);
    expect(ctx.summarizerRequests[1]!.contents.length).toBe(4 + 1);
    expect(second.contents.map(textOf)[0]).toBe(`${FINAL_SUMMARY_PREFIX}S2`);
    expect(second.contents.length).toBe(1 + 4);
  });

  it('the cutoff may fall on the newest message: everything is summarized, the live request with it; one message over max_tokens goes to the summarizer untrimmed', async () => {
    const strategy = langmemSummarizeStrategy({ max_tokens: 300, max_summary_tokens: 100 });
    const ctx = fakeContext();
    const request: LlmRequest = { contents: [...history(6), msg('user', 4_000, 'huge')] };
    await strategy.compact(ctx, request);
    expect(request.contents.map(textOf)).toEqual([`${FINAL_SUMMARY_PREFIX}SUMMARY`]);
    // trim_messages keeps nothing (the newest message alone is over 300): the untrimmed list is sent.
    expect(ctx.summarizerRequests[0]!.contents.length).toBe(7 + 1);
  });

  it('max_summary_tokens must be under max_tokens', async () => {
    await expect(
      langmemSummarizeStrategy({ max_tokens: 100, max_summary_tokens: 100 }).compact(fakeContext(), { contents: [] }),
    ).rejects.toThrow(StrategyOptionsError);
  });
});
